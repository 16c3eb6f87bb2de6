/**
 * `{area}/{segment}/{id}`: the record page of the type the route names, for every type
 * with a record declaration; the 404 page for a route that names no record.
 */
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import type { AreaRoute } from '../../../shared/access';
import { recordDecl } from '../../../shared/records';
import { NotFoundPage } from '../../ui/pages';
import { RecordPage } from './RecordPage';
import { routeId, typeAtRoute } from './route';

const OrderPage = lazy(() => import('../orders/OrderPage'));
const DeliveryPage = lazy(() => import('../deliveries/DeliveryPage'));

export default function RecordRoute({ area }: { area: AreaRoute }) {
  const { segment = '', id } = useParams();
  const type = typeAtRoute(area, segment);
  const n = routeId(id);
  if (!type || n === null) return <NotFoundPage />;
  if (type === 'orders') return <OrderPage key={n} id={n} />;
  if (type === 'deliveries') return <DeliveryPage key={n} id={n} />;
  // Every type a route can name has its page (tests/renderer/placeholders.test.tsx): none is a placeholder.
  const decl = recordDecl(type);
  if (!decl) return <NotFoundPage />;
  return <RecordPage key={`${type}:${n}`} decl={decl} id={n} />;
}
