/**
 * The route table's screens: the lazily loaded screen of every area of
 * renderer/lib/areas.tsx (path, label, icon, group, access). The routes and guards
 * derive from RESOURCES; an area without a screen here fails `tsc -b`.
 *
 * To register a screen for an area, replace its entry:
 *
 *   '/catalog': screen(() => import('../features/search/CatalogArea')),
 *
 * The module's default export is rendered at `<path>/*`, inside the shell, behind the
 * area's guard and an error boundary; use nested <Routes> (or useParams on '*') for
 * sub-paths such as /catalog/tracks/:id.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { AREAS, type Area, type AreaPath } from '../lib/areas';

type Screen = LazyExoticComponent<ComponentType>;

/** A screen loaded together with the features' registrations (./registrations.ts), which its pages read on their first render. */
const screen = (load: () => Promise<{ default: ComponentType }>): Screen =>
  lazy(async () => (await Promise.all([load(), import('./registrations')]))[0]);

export interface Resource extends Area {
  component: Screen;
}

const SCREENS: Readonly<Record<AreaPath, Screen>> = {
  '/dashboard': screen(() => import('../features/dashboard/DashboardPage')),
  '/search': screen(() => import('./search-areas').then((m) => ({ default: m.AllSearch }))),
  '/catalog': screen(() => import('./search-areas').then((m) => ({ default: m.CatalogSearch }))),
  '/create': screen(() => import('../features/records/CreatePage')),
  '/packaging': screen(() => import('../features/packaging/PackagingPage')),
  '/label-manager': screen(() => import('../features/label-managers/LabelManagersPage')),
  '/deliveries': screen(() => import('../features/deliveries/DeliveriesPage')),
  '/old-deliveries': screen(() => import('./search-areas').then((m) => ({ default: m.OldDeliveriesSearch }))),
  '/curation': screen(() => import('./search-areas').then((m) => ({ default: m.CurationSearch }))),
  '/live': screen(() => import('./search-areas').then((m) => ({ default: m.LiveSearch }))),
  '/hype': screen(() => import('../features/hype/HypeArea')),
  '/support': screen(() => import('./search-areas').then((m) => ({ default: m.SupportSearch }))),
  '/new-user-export': screen(() => import('../features/support/NewUserExportPage')),
  '/sales': screen(() => import('../features/sales/SalesPage')),
  '/statements': screen(() => import('../features/statements/StatementsPage')),
  '/account': screen(() => import('../features/account/AccountPage')),
  '/resources': screen(() => import('../features/resources/ResourcesPage')),
  '/help': screen(() => import('../features/help/HelpPage')),
};

export const RESOURCES: readonly Resource[] = AREAS.map((area) => ({ ...area, component: SCREENS[area.path] }));
