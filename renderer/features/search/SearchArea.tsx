/**
 * The search screens of each area root (spec §2), registered in app/resources.tsx.
 * /<area>?type=… is the search; {area}/{segment}/{id} is a record's page (loaded on demand).
 */
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AreaRoute } from '../../../shared/access';
import { Loading } from '../../ui/Loading';
import { SearchScreen } from './SearchScreen';

const RecordRoute = lazy(() => import('../records/RecordRoute'));

function Area({ area, title }: { area: AreaRoute; title: string }) {
  return (
    <Routes>
      <Route index element={<SearchScreen area={area} title={title} />} />
      <Route path=":segment/:id" element={<Suspense fallback={<Loading />}><RecordRoute area={area} /></Suspense>} />
      <Route path="*" element={<SearchScreen area={area} title={title} />} />
    </Routes>
  );
}

export const CatalogSearch = () => <Area area="/catalog" title="Catalogue" />;
export const SupportSearch = () => <Area area="/support" title="Support" />;
export const OldDeliveriesSearch = () => <Area area="/old-deliveries" title="Legacy Deliveries" />;
export const CurationSearch = () => <Area area="/curation" title="Curation" />;
export const LiveSearch = () => <Area area="/live" title="Live Streams" />;
/** /search: every type the user may use, picked from a list, on the same machinery. */
export const AllSearch = () => <SearchScreen area={null} title="Search" />;
