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
  { name: 'legacy deliveries', route: '/old-deliveries', user: 'admin' },
  { name: 'curation', route: '/curation', user: 'curation' },
  { name: 'live streams', route: '/live', user: 'curation' },
  { name: 'support', route: '/support', user: 'support' },
  { name: 'coupon record (minimum order per currency)', route: '/support/coupons/:id', user: 'support', open: (page, ctx) => openCoupon(page, ctx, '') },
  { name: 'coupon record: users', route: '/support/coupons/:id?tab=users', user: 'support', open: (page, ctx) => openCoupon(page, ctx, 'users') },
  { name: 'account', route: '/account', user: 'admin' },
  { name: 'account (user)', route: '/account', user: 'supplier' },
  { name: 'resources', route: '/resources', user: 'supplier' },
  { name: 'help', route: '/help', user: 'admin' },
  { name: 'not found', route: '/no-such-screen', user: 'admin' },
];

/**
 * TEMPORARY (the lead removes it once the `search` branch is merged): axe rules and
 * sideways scroll that fail on the search screens only because of their own content
 * (filter card, results table, type tabs), which the search half of issue 12 reshapes.
 * Keyed by screen name: the axe rule ids let through there, and the widths at which the
 * page may still scroll sideways. Shell and theme faults are never listed here.
 */
export const SEARCH_BRANCH_PENDING: Readonly<Record<string, { axe?: readonly string[]; sidewaysAt?: readonly number[] }>> = {};
