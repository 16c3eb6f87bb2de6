/**
 * errorElement of every route: render errors and failed loads are caught here,
 * reported through the bridge and shown on the error screen (spec §4, §8). A 401 is
 * shown but not reported: it is the session's end, which main announces with the
 * sessionEnded event, the one route to /logout (app/session-ended.ts).
 */
import { Suspense, lazy, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { errorText, statusOf } from '../lib/http-errors';
import { reportError } from '../lib/report-error';
import { Loading } from '../ui/Loading';

const GenericErrorPage = lazy(() => import('../ui/pages').then((m) => ({ default: m.GenericErrorPage })));

const reported = new WeakSet<object>();

export function RouteError() {
  const error = useRouteError();
  const routeResponse = isRouteErrorResponse(error);
  const status = statusOf(error);
  useEffect(() => {
    if (!error || typeof error !== 'object' || reported.has(error) || status === 401) return;
    reported.add(error);
    reportError({
      message: routeResponse ? `${error.status} ${error.statusText}` : errorText(error),
      stack: (error as Error).stack,
      status,
    });
  }, [error, routeResponse, status]);

  const shown = routeResponse ? Object.assign(new Error(error.statusText || String(error.data)), { status: error.status }) : error;
  return (
    <Suspense fallback={<Loading />}>
      <GenericErrorPage error={shown} />
    </Suspense>
  );
}
