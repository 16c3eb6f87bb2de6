/**
 * Resources as data (style.md §4): every route root of the shell, with its path,
 * label, icon, navigation group, required access rule (shared/access, spec §6) and
 * lazily loaded screen. The side navigation, the routes and the guards all derive
 * from this list, so each role sees only what §6 allows.
 *
 * To register a screen for an area, edit its one entry and replace `component`:
 *
 *   component: lazy(() => import('../features/search/CatalogArea')),
 *
 * The module's default export is rendered at `<path>/*`, inside the shell, behind the
 * entry's guard and an error boundary; use nested <Routes> (or useParams on '*') for
 * sub-paths such as /catalog/tracks/:id. Keep `access` pointing at AREA_RULES so
 * the server, the menu and the guard agree. Set `nav: false` to route without a menu
 * item. Anything not listed here is the 404 page.
 */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CloudUploadOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DownloadOutlined,
  FileTextOutlined,
  FireOutlined,
  HistoryOutlined,
  InboxOutlined,
  LayoutOutlined,
  PlusSquareOutlined,
  QuestionCircleOutlined,
  SearchOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { AREA_RULES, type AreaRoot, type Rule } from '../../shared/access';
import { PLACEHOLDER_TEXT } from '../../shared/ui-texts';

export type NavGroup = 'Overview' | 'Catalogue' | 'Deliveries' | 'Storefront' | 'Customers' | 'Finance' | 'You';
export const NAV_GROUPS: readonly NavGroup[] = ['Overview', 'Catalogue', 'Deliveries', 'Storefront', 'Customers', 'Finance', 'You'];

export interface Resource {
  name: string;
  path: Exclude<AreaRoot, '/'>;
  label: string;
  icon: ReactNode;
  group: NavGroup;
  access: Rule;
  component: LazyExoticComponent<ComponentType>;
  /** Shown in the side navigation (default true). */
  nav?: boolean;
}

/** A lazily loaded placeholder for an area whose screens come later, saying what will appear there. */
function notBuilt(title: string, detail: string): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    import('../ui/NotBuiltYet').then(({ NotBuiltYet }) => ({ default: () => <NotBuiltYet title={title} detail={detail} /> })),
  );
}

export const RESOURCES: readonly Resource[] = [
  { name: 'dashboard', path: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined />, group: 'Overview', access: AREA_RULES['/dashboard'],
    component: notBuilt('Dashboard', PLACEHOLDER_TEXT.dashboard) },
  { name: 'search', path: '/search', label: 'Search', icon: <SearchOutlined />, group: 'Overview', access: AREA_RULES['/search'],
    component: lazy(() => import('../features/search/SearchArea').then((m) => ({ default: m.AllSearch }))) },
  { name: 'catalog', path: '/catalog', label: 'Catalogue', icon: <AppstoreOutlined />, group: 'Catalogue', access: AREA_RULES['/catalog'],
    component: lazy(() => import('../features/search/SearchArea').then((m) => ({ default: m.CatalogSearch }))) },
  { name: 'create', path: '/create', label: 'Create', icon: <PlusSquareOutlined />, group: 'Catalogue', access: AREA_RULES['/create'],
    component: notBuilt('Create', PLACEHOLDER_TEXT.create) },
  { name: 'packaging', path: '/packaging', label: 'Packaging', icon: <InboxOutlined />, group: 'Catalogue', access: AREA_RULES['/packaging'],
    component: lazy(() => import('../features/packaging/PackagingPage')) },
  { name: 'label-manager', path: '/label-manager', label: 'Label Managers', icon: <TeamOutlined />, group: 'Catalogue', access: AREA_RULES['/label-manager'],
    component: notBuilt('Label Managers', PLACEHOLDER_TEXT['label-manager']) },
  { name: 'deliveries', path: '/deliveries', label: 'Deliveries', icon: <CloudUploadOutlined />, group: 'Deliveries', access: AREA_RULES['/deliveries'],
    component: notBuilt('Deliveries', PLACEHOLDER_TEXT.deliveries) },
  { name: 'old-deliveries', path: '/old-deliveries', label: 'Legacy Deliveries', icon: <HistoryOutlined />, group: 'Deliveries', access: AREA_RULES['/old-deliveries'],
    component: lazy(() => import('../features/search/SearchArea').then((m) => ({ default: m.OldDeliveriesSearch }))) },
  { name: 'curation', path: '/curation', label: 'Curation', icon: <LayoutOutlined />, group: 'Storefront', access: AREA_RULES['/curation'],
    component: lazy(() => import('../features/search/SearchArea').then((m) => ({ default: m.CurationSearch }))) },
  { name: 'live', path: '/live', label: 'Live Streams', icon: <VideoCameraOutlined />, group: 'Storefront', access: AREA_RULES['/live'],
    component: lazy(() => import('../features/search/SearchArea').then((m) => ({ default: m.LiveSearch }))) },
  { name: 'hype', path: '/hype', label: 'Hype', icon: <FireOutlined />, group: 'Storefront', access: AREA_RULES['/hype'],
    component: notBuilt('Hype', PLACEHOLDER_TEXT.hype) },
  { name: 'support', path: '/support', label: 'Support', icon: <CustomerServiceOutlined />, group: 'Customers', access: AREA_RULES['/support'],
    component: lazy(() => import('../features/search/SearchArea').then((m) => ({ default: m.SupportSearch }))) },
  { name: 'new-user-export', path: '/new-user-export', label: 'New-User Export', icon: <DownloadOutlined />, group: 'Customers', access: AREA_RULES['/new-user-export'],
    component: notBuilt('New-User Export', PLACEHOLDER_TEXT['new-user-export']) },
  { name: 'sales', path: '/sales', label: 'Sales', icon: <BarChartOutlined />, group: 'Finance', access: AREA_RULES['/sales'],
    component: notBuilt('Sales', PLACEHOLDER_TEXT.sales) },
  { name: 'statements', path: '/statements', label: 'Statements', icon: <FileTextOutlined />, group: 'Finance', access: AREA_RULES['/statements'],
    component: notBuilt('Statements', PLACEHOLDER_TEXT.statements) },
  { name: 'account', path: '/account', label: 'Account', icon: <UserOutlined />, group: 'You', access: AREA_RULES['/account'],
    component: lazy(() => import('../features/account/AccountPage')) },
  { name: 'resources', path: '/resources', label: 'Resources', icon: <BookOutlined />, group: 'You', access: AREA_RULES['/resources'],
    component: lazy(() => import('../features/resources/ResourcesPage')) },
  { name: 'help', path: '/help', label: 'Help', icon: <QuestionCircleOutlined />, group: 'You', access: AREA_RULES['/help'],
    component: lazy(() => import('../features/help/HelpPage')) },
];

/** Where the index route (/) lands. */
export const HOME_PATH = '/dashboard';
