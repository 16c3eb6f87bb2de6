/**
 * The areas of the console as data (style.md §4): every route root of the shell, with
 * its path, label, icon, navigation group and required access rule (shared/access,
 * spec §6). The side navigation, the Resources page, the routes and the guards all
 * derive from this list, so each role sees only what §6 allows. The screen each area
 * shows is the route table's business (renderer/app/resources.tsx): features read
 * this list, never the route table.
 *
 * Keep `access` pointing at AREA_RULES so the server, the menu and the guard agree.
 * Set `nav: false` to route without a menu item. Anything not listed here is the
 * 404 page.
 */
import type { ReactNode } from 'react';
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

export type NavGroup = 'Overview' | 'Catalogue' | 'Deliveries' | 'Storefront' | 'Customers' | 'Finance' | 'You';
export const NAV_GROUPS: readonly NavGroup[] = ['Overview', 'Catalogue', 'Deliveries', 'Storefront', 'Customers', 'Finance', 'You'];

export type AreaPath = Exclude<AreaRoot, '/'>;

export interface Area {
  name: string;
  path: AreaPath;
  label: string;
  icon: ReactNode;
  group: NavGroup;
  access: Rule;
  /** Shown in the side navigation (default true). */
  nav?: boolean;
}

export const AREAS: readonly Area[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    label: 'Dashboard',
    icon: <DashboardOutlined />,
    group: 'Overview',
    access: AREA_RULES['/dashboard'],
  },
  { name: 'search', path: '/search', label: 'Search', icon: <SearchOutlined />, group: 'Overview', access: AREA_RULES['/search'] },
  { name: 'catalog', path: '/catalog', label: 'Catalogue', icon: <AppstoreOutlined />, group: 'Catalogue', access: AREA_RULES['/catalog'] },
  { name: 'create', path: '/create', label: 'Create', icon: <PlusSquareOutlined />, group: 'Catalogue', access: AREA_RULES['/create'] },
  {
    name: 'packaging',
    path: '/packaging',
    label: 'Packaging',
    icon: <InboxOutlined />,
    group: 'Catalogue',
    access: AREA_RULES['/packaging'],
  },
  {
    name: 'label-manager',
    path: '/label-manager',
    label: 'Label Managers',
    icon: <TeamOutlined />,
    group: 'Catalogue',
    access: AREA_RULES['/label-manager'],
  },
  {
    name: 'deliveries',
    path: '/deliveries',
    label: 'Deliveries',
    icon: <CloudUploadOutlined />,
    group: 'Deliveries',
    access: AREA_RULES['/deliveries'],
  },
  {
    name: 'old-deliveries',
    path: '/old-deliveries',
    label: 'Legacy Deliveries',
    icon: <HistoryOutlined />,
    group: 'Deliveries',
    access: AREA_RULES['/old-deliveries'],
  },
  {
    name: 'curation',
    path: '/curation',
    label: 'Curation',
    icon: <LayoutOutlined />,
    group: 'Storefront',
    access: AREA_RULES['/curation'],
  },
  { name: 'live', path: '/live', label: 'Live Streams', icon: <VideoCameraOutlined />, group: 'Storefront', access: AREA_RULES['/live'] },
  { name: 'hype', path: '/hype', label: 'Hype', icon: <FireOutlined />, group: 'Storefront', access: AREA_RULES['/hype'] },
  {
    name: 'support',
    path: '/support',
    label: 'Support',
    icon: <CustomerServiceOutlined />,
    group: 'Customers',
    access: AREA_RULES['/support'],
  },
  {
    name: 'new-user-export',
    path: '/new-user-export',
    label: 'New-User Export',
    icon: <DownloadOutlined />,
    group: 'Customers',
    access: AREA_RULES['/new-user-export'],
  },
  { name: 'sales', path: '/sales', label: 'Sales', icon: <BarChartOutlined />, group: 'Finance', access: AREA_RULES['/sales'] },
  {
    name: 'statements',
    path: '/statements',
    label: 'Statements',
    icon: <FileTextOutlined />,
    group: 'Finance',
    access: AREA_RULES['/statements'],
  },
  { name: 'account', path: '/account', label: 'Account', icon: <UserOutlined />, group: 'You', access: AREA_RULES['/account'] },
  { name: 'resources', path: '/resources', label: 'Resources', icon: <BookOutlined />, group: 'You', access: AREA_RULES['/resources'] },
  { name: 'help', path: '/help', label: 'Help', icon: <QuestionCircleOutlined />, group: 'You', access: AREA_RULES['/help'] },
];

/** Where the index route (/) lands. */
export const HOME_PATH: AreaPath = '/dashboard';
