/**
 * THE list of built screens the site-wide e2e tests walk (tests/e2e/site-wide.spec.ts:
 * axe at desktop and phone widths, no sideways page scroll at 390, 768 and 1440 px,
 * one h1). A new screen joins by one line here: its route, who signs in, and when the
 * route alone does not reach it, the steps that do (an open record, a wizard's step).
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Goto } from './sign-in';
import type { OtherClient } from './other-client';
import { listRows } from './records';
import { browseTo } from './folder-browser';
import { fillReleaseInfo } from './packaging';
import { listEndpoints } from '../../../shared/api/endpoints/lists';
import { recordLink } from '../../../shared/search/columns';

export interface ScreenContext {
  gotoConsole: Goto;
  /** The sandbox admin as a second client, to find records to open. */
  admin: OtherClient;
  /** A folder under the home folder with a few generated audio files (for packaging). */
  audioFolder: string;
}

export interface Screen {
  /** How failures name it. */
  name: string;
  /** The route the screen lives at (documentation, and where the test goes unless `open` is given). */
  route: string;
  /** The sandbox username who signs in; null for a screen shown signed out. */
  user: string | null;
  /** Reaches the screen when the route alone does not (the default opens `route`). */
  open?: (page: Page, ctx: ScreenContext) => Promise<void>;
  /** What else must hold at each width (a layout the page-wide checks cannot see). */
  expectAt?: (page: Page, width: number) => Promise<void>;
}

async function openRecord(page: Page, ctx: ScreenContext, type: 'tracks' | 'releases') {
  const [row] = await listRows(ctx.admin, `/v4/catalog/${type}/?per_page=1&order_by=id&encode_status=CONVERTED`);
  await ctx.gotoConsole(page, `/catalog/${type}/${row.id}`);
  await expect(page.getByTestId(`record-${type}`)).toBeVisible();
}

/**
 * Opens the first record of a type that the admin client lists (its list endpoint, `query`
 * narrowing it), on one of its tabs, as the signed-in user of the screen.
 */
function recordScreen(name: string, type: string, tab?: string, user = 'admin', query = ''): Screen {
  return {
    name,
    route: `${recordLink(type, 0)!.replace(/0$/, ':id')}${tab ? `?tab=${tab}` : ''}`,
    user,
    open: async (page, ctx) => {
      const [row] = await listRows(ctx.admin, `${listEndpoints(type).list.path}?per_page=1&order_by=id${query}`);
      await ctx.gotoConsole(page, `${recordLink(type, row.id)}${tab ? `?tab=${tab}` : ''}`);
      await expect(page.locator('h1')).toBeVisible();
    },
  };
}

/** Opens the first record of a type on one of its tabs (the tab by its name). */
async function openTabOf(page: Page, ctx: ScreenContext, type: 'charts' | 'playlists' | 'genres' | 'labels', tab: string) {
  const [row] = await listRows(ctx.admin, `/v4/catalog/${type}/?per_page=1&order_by=id`);
  await ctx.gotoConsole(page, `/catalog/${type}/${row.id}`);
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
}

/** The first coupon of the seed (dance-music brand), on a tab ('' for Details). */
async function openCoupon(page: Page, ctx: ScreenContext, tab: string) {
  const [row] = await listRows(ctx.admin, '/v4/content-ops/coupons/?per_page=1&order_by=id');
  await ctx.gotoConsole(page, `/support/coupons/${String(row.id)}${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByTestId(tab ? `coupon-${tab}-tab` : 'record-coupons')).toBeVisible();
}

export const SCREENS: readonly Screen[] = [
  { name: 'sign-in', route: '/auth', user: null },
  { name: 'search (all types)', route: '/search', user: 'admin' },
  { name: 'catalogue: tracks', route: '/catalog?type=tracks', user: 'admin' },
  { name: 'catalogue: releases', route: '/catalog?type=releases', user: 'admin' },
  { name: 'track record', route: '/catalog/tracks/:id', user: 'admin', open: (page, ctx) => openRecord(page, ctx, 'tracks') },
  { name: 'release record', route: '/catalog/releases/:id', user: 'admin', open: (page, ctx) => openRecord(page, ctx, 'releases') },
  { name: 'create', route: '/create', user: 'contentops' },
  { name: 'packaging: release info', route: '/packaging', user: 'supplier' },
  {
    name: 'packaging: track details',
    route: '/packaging (step 2, with tracks)',
    user: 'supplier',
    open: async (page, ctx) => {
      await ctx.gotoConsole(page, '/packaging');
      await fillReleaseInfo(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Add audio folder…' }).click();
      const dialog = await browseTo(page, ctx.audioFolder.split('/').slice(-2));
      await dialog.getByRole('button', { name: 'Choose this folder' }).click();
      await expect(page.getByTestId('track-row-2')).toBeVisible({ timeout: 30_000 });
    },
    // The track list's headers never wrap one letter per line (their buttons took the row on phones).
    expectAt: async (page, width) => {
      for (const row of await page.getByTestId('track-list').locator('.ant-collapse-title').all()) {
        expect((await row.boundingBox())!.width, `a track title's width at ${width} px`).toBeGreaterThan(200);
      }
    },
  },
  {
    name: 'chart record: curated playlist',
    route: '/catalog/charts/:id (Curated Playlist tab)',
    user: 'admin',
    open: (page, ctx) => openTabOf(page, ctx, 'charts', 'Curated Playlist'),
  },
  {
    name: 'playlist record: tracks',
    route: '/catalog/playlists/:id (Tracks tab)',
    user: 'admin',
    open: (page, ctx) => openTabOf(page, ctx, 'playlists', 'Tracks'),
  },
  {
    name: 'playlist record: partners',
    route: '/catalog/playlists/:id (Partners tab)',
    user: 'admin',
    open: (page, ctx) => openTabOf(page, ctx, 'playlists', 'Partners'),
  },
  {
    name: 'playlist record: mapped charts',
    route: '/catalog/playlists/:id (Mapped Charts tab)',
    user: 'admin',
    open: (page, ctx) => openTabOf(page, ctx, 'playlists', 'Mapped Charts'),
  },
  {
    name: 'genre record: sub-genres',
    route: '/catalog/genres/:id (Sub-genres tab)',
    user: 'admin',
    open: (page, ctx) => openTabOf(page, ctx, 'genres', 'Sub-genres'),
  },
  {
    name: 'chart record: image',
    route: '/catalog/charts/:id (Image tab)',
    user: 'admin',
    open: (page, ctx) => openTabOf(page, ctx, 'charts', 'Image'),
  },
  ...(['Contracts', 'Mappings', 'Image', 'Account'] as const).map((tab) => ({
    name: `label record: ${tab.toLowerCase()}`,
    route: `/catalog/labels/:id (${tab} tab)`,
    user: 'admin',
    open: (page: Page, ctx: ScreenContext) => openTabOf(page, ctx, 'labels', tab),
  })),
  { name: 'legacy deliveries', route: '/old-deliveries', user: 'admin' },
  { name: 'deliveries', route: '/deliveries', user: 'contentops' },
  {
    name: 'delivery page',
    route: '/deliveries/:id',
    user: 'contentops',
    open: async (page, ctx) => {
      const r = await ctx.admin.call('GET', '/v4/delivery-inspector/deliveries/');
      const [d] = (r.body as { results: { id: number }[] }).results;
      await ctx.gotoConsole(page, `/deliveries/${d.id}`);
      await expect(page.getByTestId('delivery-page')).toBeVisible();
    },
  },
  { name: 'curation', route: '/curation', user: 'curation' },
  { name: 'live streams', route: '/live', user: 'curation' },
  // The admin client lists its active brand's streams (the dance-music brand): the admin opens one (curation starts on the DJ brand).
  {
    name: 'live stream record',
    route: '/live/streams/:id',
    user: 'admin',
    open: async (page, ctx) => {
      const [row] = await listRows(ctx.admin, '/v4/catalog/live-streams/?per_page=1&order_by=id');
      await ctx.gotoConsole(page, `/live/streams/${row.id}`);
      await expect(page.getByTestId('record-live_streams')).toBeVisible();
    },
  },
  { name: 'support', route: '/support', user: 'support' },
  { name: 'bulk credits', route: '/support/bulk-credits', user: 'support' },
  {
    name: 'coupon record (minimum order per currency)',
    route: '/support/coupons/:id',
    user: 'support',
    open: (page, ctx) => openCoupon(page, ctx, ''),
  },
  {
    name: 'coupon record: users',
    route: '/support/coupons/:id?tab=users',
    user: 'support',
    open: (page, ctx) => openCoupon(page, ctx, 'users'),
  },
  recordScreen('user record: sign-in & billing', 'users', 'account', 'support'),
  { name: 'account', route: '/account', user: 'admin' },
  { name: 'account (user)', route: '/account', user: 'supplier' },
  { name: 'resources', route: '/resources', user: 'supplier' },
  { name: 'help', route: '/help', user: 'admin' },
  { name: 'not found', route: '/no-such-screen', user: 'admin' },
  { name: 'label managers', route: '/label-manager', user: 'admin' },
  { name: 'new-user export', route: '/new-user-export', user: 'support' },
  { name: 'hype offers and purchases', route: '/hype', user: 'marketing' },
  { name: 'hype subscriptions', route: '/hype/subscriptions', user: 'support' },
  { name: 'create a hype offer', route: '/create?type=hype_offers', user: 'marketing' },
  recordScreen('hype offer record', 'hype_offers', undefined, 'marketing'),
  recordScreen('hype purchase record', 'hype_purchases', undefined, 'support'),
  { name: 'statements', route: '/statements', user: 'supplier' },
  { name: 'sales', route: '/sales', user: 'finance' },
  { name: 'dashboard', route: '/dashboard', user: 'finance' },
  { name: 'create a label', route: '/create?type=labels', user: 'contentops' },
  { name: 'create a page', route: '/create?type=pages', user: 'curation' },
  recordScreen('release cover art', 'releases', 'cover-art', 'admin', '&encode_status=CONVERTED'),
  recordScreen('track audio files', 'tracks', 'audio-files', 'admin', '&encode_status=CONVERTED'),
  recordScreen('track DJ edits', 'tracks', 'dj-edits'),
  recordScreen('track support downloads', 'tracks', 'support-downloads'),
  recordScreen('artist Muzooka', 'artists', 'muzooka'),
  recordScreen('label record', 'labels'),
  recordScreen('supplier contacts', 'suppliers', 'contacts'),
  recordScreen('supplier contracts', 'suppliers', 'contracts'),
  recordScreen('supplier banking', 'suppliers', 'banking'),
  recordScreen('supplier ingester key', 'suppliers', 'ingestion'),
  recordScreen('supplier genre mappings', 'suppliers', 'genre-mappings'),
  recordScreen('supplier SFTP users', 'suppliers', 'sftp-users', 'contentops'),
  recordScreen('chart tracks', 'charts', 'tracks'),
  recordScreen('genre record', 'genres'),
  recordScreen('link partner record', 'link_partners'),
  recordScreen('order', 'orders'),
  recordScreen('user credits', 'users', 'credits'),
  recordScreen('user orders', 'users', 'orders'),
  recordScreen('user coupons', 'users', 'coupons'),
  recordScreen('page slots', 'pages', 'slots'),
  recordScreen('page module items', 'page_modules', 'items'),
  recordScreen('live stream stages', 'live_streams', 'stages'),
  { name: 'service agreement (accepted)', route: '/service-agreement', user: 'supplier' },
  {
    name: 'supplier record: service agreement',
    route: '/catalog/suppliers/1 (Service Agreement tab)',
    user: 'contentops',
    open: async (page, ctx) => {
      await ctx.gotoConsole(page, '/catalog/suppliers/1');
      await page.getByRole('tab', { name: 'Service Agreement' }).click();
      await expect(page.getByTestId('supplier-agreement')).toBeVisible();
    },
  },
  {
    name: 'downloads panel (open)',
    route: '/search (header Downloads button → drawer)',
    user: 'admin',
    open: async (page, ctx) => {
      await ctx.gotoConsole(page, '/search');
      await page.getByTestId('downloads-button').click();
      await expect(page.getByRole('dialog', { name: 'Downloads' })).toBeVisible();
    },
  },
  {
    name: 'command palette (open)',
    route: '/dashboard (Ctrl+K)',
    user: 'admin',
    open: async (page, ctx) => {
      await ctx.gotoConsole(page, '/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    },
  },
];

/**
 * TEMPORARY (the lead removes it once the `search` branch is merged): axe rules and
 * sideways scroll that fail on the search screens only because of their own content
 * (filter card, results table, type tabs), which the search half of issue 12 reshapes.
 * Keyed by screen name: the axe rule ids let through there, and the widths at which the
 * page may still scroll sideways. Shell and theme faults are never listed here.
 */
export const SEARCH_BRANCH_PENDING: Readonly<Record<string, { axe?: readonly string[]; sidewaysAt?: readonly number[] }>> = {};
