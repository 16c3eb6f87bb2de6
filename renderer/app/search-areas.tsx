/**
 * The search screens of each area root (spec §2), registered in ./resources.tsx: each
 * composes the search screen, the record pages and an area's own pages (support's bulk credits).
 * /<area>?type=… is the search; {area}/{segment}/{id} is a record's page (loaded on demand).
 */
import { Suspense, lazy } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { CREDIT_WRITE, can, type AreaRoute } from '../../shared/access';
import { principalAtom } from '../lib/store';
import { Loading } from '../ui/Loading';
import { SearchScreen } from '../features/search/SearchScreen';

const RecordRoute = lazy(() => import('../features/records/RecordRoute'));
const BulkCreditsPage = lazy(() => import('../features/support/BulkCreditsPage'));

function Area({ area, title, extra, pages }: { area: AreaRoute; title: string; extra?: React.ReactNode; pages?: React.ReactNode }) {
  return (
    <Routes>
      <Route index element={<SearchScreen area={area} title={title} extra={extra} />} />
      {pages}
      <Route
        path=":segment/:id"
        element={
          <Suspense fallback={<Loading />}>
            <RecordRoute area={area} />
          </Suspense>
        }
      />
      <Route path="*" element={<SearchScreen area={area} title={title} extra={extra} />} />
    </Routes>
  );
}

export const CatalogSearch = () => <Area area="/catalog" title="Catalogue" />;
/** /support, with bulk credits (/support/bulk-credits) for those who may add credits. */
export function SupportSearch() {
  const mayCredit = can(useAtomValue(principalAtom), CREDIT_WRITE);
  return (
    <Area
      area="/support"
      title="Support"
      extra={
        mayCredit && (
          <Link to="/support/bulk-credits" data-testid="bulk-credits-link">
            Bulk credits
          </Link>
        )
      }
      pages={
        mayCredit && (
          <Route
            path="bulk-credits"
            element={
              <Suspense fallback={<Loading />}>
                <BulkCreditsPage />
              </Suspense>
            }
          />
        )
      }
    />
  );
}
export const OldDeliveriesSearch = () => <Area area="/old-deliveries" title="Legacy Deliveries" />;
export const CurationSearch = () => <Area area="/curation" title="Curation" />;
export const LiveSearch = () => <Area area="/live" title="Live Streams" />;
/** /search: every type the user may use, picked from a list, on the same machinery. */
export const AllSearch = () => <SearchScreen area={null} title="Search" />;
