/**
 * The search screens of each area root (spec §2), registered in app/resources.tsx.
 * /<area>?type=… is the search; /catalog/{segment}/{id} belongs to the editors.
 */
import { Route, Routes } from 'react-router-dom';
import type { AreaRoute } from '../../../shared/access';
import { PLACEHOLDER_TEXT } from '../../../shared/ui-texts';
import { NotBuiltYet } from '../../ui/NotBuiltYet';
import { SearchScreen } from './SearchScreen';

function Area({ area, title }: { area: AreaRoute; title: string }) {
  return (
    <Routes>
      <Route index element={<SearchScreen area={area} title={title} />} />
      <Route path=":segment/:id" element={<NotBuiltYet title="Editor" detail={PLACEHOLDER_TEXT.editor} />} />
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
