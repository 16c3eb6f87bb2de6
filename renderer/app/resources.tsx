/**
 * The route table's screens: the lazily loaded screen of every area of
 * renderer/lib/areas.tsx (path, label, icon, group, access). The routes and guards
 * derive from RESOURCES; an area without a screen here fails `tsc -b`.
 *
 * To register a screen for an area, replace its entry:
 *
 *   '/catalog': lazy(() => import('../features/search/CatalogArea')),
 *
 * The module's default export is rendered at `<path>/*`, inside the shell, behind the
 * area's guard and an error boundary; use nested <Routes> (or useParams on '*') for
 * sub-paths such as /catalog/tracks/:id.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { AREAS, type Area, type AreaPath } from '../lib/areas';

type Screen = LazyExoticComponent<ComponentType>;

export interface Resource extends Area {
  component: Screen;
}

const SCREENS: Readonly<Record<AreaPath, Screen>> = {
  '/dashboard': lazy(() => import('../features/dashboard/DashboardPage')),
  '/search': lazy(() => import('./search-areas').then((m) => ({ default: m.AllSearch }))),
  '/catalog': lazy(() => import('./search-areas').then((m) => ({ default: m.CatalogSearch }))),
  '/create': lazy(() => import('../features/records/CreatePage')),
  '/packaging': lazy(() => import('../features/packaging/PackagingPage')),
  '/label-manager': lazy(() => import('../features/label-managers/LabelManagersPage')),
  '/deliveries': lazy(() => import('../features/deliveries/DeliveriesPage')),
  '/old-deliveries': lazy(() => import('./search-areas').then((m) => ({ default: m.OldDeliveriesSearch }))),
  '/curation': lazy(() => import('./search-areas').then((m) => ({ default: m.CurationSearch }))),
  '/live': lazy(() => import('./search-areas').then((m) => ({ default: m.LiveSearch }))),
  '/hype': lazy(() => import('../features/hype/HypeArea')),
  '/support': lazy(() => import('./search-areas').then((m) => ({ default: m.SupportSearch }))),
  '/new-user-export': lazy(() => import('../features/support/NewUserExportPage')),
  '/sales': lazy(() => import('../features/sales/SalesPage')),
  '/statements': lazy(() => import('../features/statements/StatementsPage')),
  '/account': lazy(() => import('../features/account/AccountPage')),
  '/resources': lazy(() => import('../features/resources/ResourcesPage')),
  '/help': lazy(() => import('../features/help/HelpPage')),
};

export const RESOURCES: readonly Resource[] = AREAS.map((area) => ({ ...area, component: SCREENS[area.path] }));
