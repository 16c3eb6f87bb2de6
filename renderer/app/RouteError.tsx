/**
 * errorElement of every route: render errors and failed loads are caught here,
 * reported through the bridge and shown on the error screen (spec §4, §8). A 401
 * ends the session instead (spec §7).
 */
import { Suspense, lazy, useEffect } from 'react';
import { Navigate, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { endsSession, statusOf } from '../lib/http-errors';
import { reportError } from '../lib/report-error';
import { Loading } from '../ui/Loading';

const GenericErrorPage = lazy(() => import('../ui/pages').then((m) => ({ default: m.GenericErrorPage })));

const reported = new WeakSet<object>();

export function RouteError() {
  const error = useRouteError();
  const routeResponse = isRouteErrorResponse(error);
  useEffect(() => {
    if (!error || typeof error !== 'object' || reported.has(error) || endsSession(error)) return;
    reported.add(error);
    const e = error as Error;
    reportError({ message: routeResponse ? `${error.status} ${error.statusText}` : e.message ?? String(error), stack: e.stack, status: routeResponse ? error.status : statusOf(error) });
  }, [error, routeResponse]);

  if (endsSession(error)) return <Navigate to="/logout" replace />;
  const shown = routeResponse ? Object.assign(new Error(error.statusText || String(error.data)), { status: error.status }) : error;
  return (
    <Suspense fallback={<Loading />}>
      <GenericErrorPage error={shown} />
    </Suspense>
  );
}
