/**
 * `{area}/{segment}/{id}`: the record page of the type the route names, for every type
 * with a record declaration; the 404 page for a route that names no record.
 */
import { useParams } from 'react-router-dom';
import type { AreaRoute } from '../../../shared/access';
import { recordDecl } from '../../../shared/records';
import { NotFoundPage } from '../../ui/pages';
import { ownPageOf } from './extensions';
import { RecordPage } from './RecordPage';
import { routeId, typeAtRoute } from './route';

export default function RecordRoute({ area }: { area: AreaRoute }) {
  const { segment = '', id } = useParams();
  const type = typeAtRoute(area, segment);
  const n = routeId(id);
  if (!type || n === null) return <NotFoundPage />;
  // An order or a delivery opens its feature's page (registered from renderer/app/record-extensions.tsx).
  const own = ownPageOf(type, n);
  if (own) return own;
  // Every type a route can name has its page (tests/renderer/placeholders.test.tsx): none is a placeholder.
  const decl = recordDecl(type);
  if (!decl) return <NotFoundPage />;
  return <RecordPage key={`${type}:${n}`} decl={decl} id={n} />;
}
