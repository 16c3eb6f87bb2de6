/**
 * The route table of spec §2, every route loaded on demand with an error boundary and
 * a scope guard. Shell children come from RESOURCES (resources.tsx).
 */
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { TOP_ROUTES } from '../../shared/access';
import { Loading } from '../ui/Loading';
import { AgreementGuard, Guard } from './guards';
import { HOME_PATH } from '../lib/areas';
import { RESOURCES } from './resources';
import { RouteError } from './RouteError';

const SignInPage = lazy(() => import('../features/auth/SignInPage'));
const VerifyPage = lazy(() => import('../features/auth/VerifyPage'));
const LogoutPage = lazy(() => import('../features/auth/LogoutPage'));
const ServiceAgreementPage = lazy(() => import('../features/service-agreement/ServiceAgreementPage'));
const ShellLayout = lazy(() => import('./layout/ShellLayout'));
const UiRoot = lazy(() => import('./UiRoot'));
const NotFound = lazy(() => import('../ui/pages').then((m) => ({ default: m.NotFoundPage })));

function Screen({ component: Component }: { component: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

const errorElement = <RouteError />;

const appRoutes: RouteObject[] = [
  {
    path: '/auth',
    element: (
      <Guard rule={TOP_ROUTES['/auth']}>
        <Screen component={SignInPage} />
      </Guard>
    ),
    errorElement,
  },
  {
    path: '/auth/verify',
    element: (
      <Guard rule={TOP_ROUTES['/auth/verify']}>
        <Screen component={VerifyPage} />
      </Guard>
    ),
    errorElement,
  },
  {
    path: '/logout',
    element: (
      <Guard rule={TOP_ROUTES['/logout']}>
        <Screen component={LogoutPage} />
      </Guard>
    ),
    errorElement,
  },
  {
    path: '/service-agreement',
    element: (
      <Guard rule={TOP_ROUTES['/service-agreement']}>
        <Screen component={ServiceAgreementPage} />
      </Guard>
    ),
    errorElement,
  },
  {
    path: '/',
    element: (
      <Guard rule={TOP_ROUTES.shell}>
        <AgreementGuard>
          <Screen component={ShellLayout} />
        </AgreementGuard>
      </Guard>
    ),
    errorElement,
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace />, errorElement },
      ...RESOURCES.map<RouteObject>((r) => ({
        path: `${r.path.slice(1)}/*`,
        element: (
          <Guard rule={r.access}>
            <Screen component={r.component} />
          </Guard>
        ),
        errorElement,
      })),
      { path: '*', element: <Screen component={NotFound} />, errorElement },
    ],
  },
];

/** Every route sits under UiRoot (antd theme, App context, confirm host). */
export const routes: RouteObject[] = [{ element: <Screen component={UiRoot} />, errorElement, children: appRoutes }];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
