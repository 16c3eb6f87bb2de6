/**
 * Search end to end in Chromium through the browser host (issue 5): for every search
 * type a permitted sandbox account finds a seeded record by a filter and opens its
 * catalogue link; a forbidden account is not offered the type and gets 403 from the
 * server if it asks anyway; a column chooser change and a named saved view survive a
 * restart of the console.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { SEARCH_TYPES, can, type SearchType } from '../../shared/access';
import { columnsOf, visibleFilters } from '../../shared/search';
import { SANDBOX_ACCOUNTS, type SandboxAccount } from '../../server/seed/accounts';
import type { RunningHost, startHost as StartHost } from '../../main/host/index';
import { api, signIn as apiSignIn } from '../server/helpers';
import { test, expect } from './fixtures';
import { principalOf, signIn } from './helpers/sign-in';

const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });
const account = (username: string) => SANDBOX_ACCOUNTS.find((a) => a.username === username)!;
const routed = SEARCH_TYPES.filter((t) => t.area !== null);

test.describe.configure({ mode: 'serial' });

/** A token straight from the sandbox identity provider, for asking the API what the UI should show. */
async function tokenFor(host: { apiUrl: string; idpUrl: string }, a: SandboxAccount): Promise<string> {
  const server = { api: host.apiUrl, idp: host.idpUrl } as Parameters<typeof apiSignIn>[0];
  return (await apiSignIn(server, a.username, a.password)).access_token;
}

/** The filter the test types and the value that finds `row`: an id where allowed, else its main text. */
function findBy(a: SandboxAccount, t: SearchType, row: Record<string, unknown>): [string, string] {
  const filters = visibleFilters(principalOf(a), t.key);
  const idFilter = t.key === 'deliveries' ? 'id' : ['id', 'dj_id'].find((f) => filters.includes(f));
  if (idFilter) return [idFilter, String(row.id)];
  const text = ['title', 'name', 'dj_name', 'code', 'username'].find((f) => filters.includes(f) && typeof row[f] === 'string');
  if (!text) throw new Error(`no usable filter for ${t.key}`);
  return [text, String(row[text])];
}

async function applyFilter(page: Page, name: string, value: string) {
  const field = page.getByTestId(`filter-${name}`);
  if (!(await field.isVisible())) await page.getByTestId('more-filters').click();
  await field.fill(value);
  await page.getByTestId('search-submit').click();
}

test('every search type: a permitted account finds a seeded record by a filter and opens its link', async ({ page, gotoConsole, consoleHost }) => {
  test.setTimeout(240_000);
  // admin may use every type (§6); the supplier (Baseware) shows the restricted filters hidden.
  const admin = account('admin');
  const token = await tokenFor(consoleHost, admin);
  await signIn(page, gotoConsole, admin);
  for (const t of routed) {
    const list = await api({ api: consoleHost.apiUrl } as never, token, `/v4/${t.category}/${t.path}/?per_page=1&order_by=id`);
    expect(list.status, t.key).toBe(200);
    const row = list.body.results![0];
    expect(row, `${t.key} has seeded rows`).toBeTruthy();
    const [filter, value] = findBy(admin, t, row);
    await gotoConsole(page, `${t.area}?type=${t.key}`);
    await expect(page.getByTestId(`search-${t.key}`)).toBeVisible();
    await applyFilter(page, filter, value);
    await expect(page).toHaveURL(new RegExp(`[?&]${filter}=${encodeURIComponent(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const results = page.getByTestId('search-results');
    const idCell = results.locator('tbody tr.ant-table-row').first();
    await expect(idCell).toBeVisible();
    await expect(results.locator('.ant-spin-spinning')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/search-${t.key}.png` });
    const link = columnsOf(t.key).find((c) => c.link);
    if (t.linkSegment || link?.linkSegment) {
      const seg = link?.linkSegment ?? t.linkSegment;
      const id = link?.linkSegment ? row[link.field] : row.id;
      await results.locator(`a[href="/catalog/${seg}/${id}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`/catalog/${seg}/${id}$`));
    } else {
      await expect(results.locator('tbody tr.ant-table-row').first()).toContainText(String(row.name ?? row.dj_name ?? row.code ?? row.id));
    }
  }
});

test('a supplier finds its tracks by title, without the control-only filters', async ({ page, gotoConsole, consoleHost }) => {
  const supplier = account('supplier');
  const token = await tokenFor(consoleHost, supplier);
  const list = await api({ api: consoleHost.apiUrl } as never, token, '/v4/catalog/tracks/?per_page=1&order_by=id');
  const row = list.body.results![0];
  await signIn(page, gotoConsole, supplier);
  await gotoConsole(page, '/catalog?type=tracks');
  await expect(page.getByTestId('filter-title')).toBeVisible();
  await expect(page.getByTestId('filter-release_id')).toHaveCount(0);
  await expect(page.getByTestId('filter-id')).toHaveCount(0);
  await applyFilter(page, 'title', String(row.title));
  await page.getByTestId('search-results').locator(`a[href="/catalog/tracks/${row.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/catalog/tracks/${row.id}$`));
});

test('every search type: a forbidden account is not offered it, and the server answers 403', async ({ page, gotoConsole, consoleHost }) => {
  test.setTimeout(180_000);
  const tokens = new Map<string, string>();
  for (const t of routed) {
    const forbidden = SANDBOX_ACCOUNTS.filter((a) => !can(principalOf(a), t.rule));
    for (const a of forbidden) {
      if (!tokens.has(a.username)) tokens.set(a.username, await tokenFor(consoleHost, a));
      const r = await api({ api: consoleHost.apiUrl } as never, tokens.get(a.username)!, `/v4/${t.category}/${t.path}/`);
      expect(r.status, `${a.username} → ${t.key}`).toBe(403);
    }
  }
  // In the console: support has the catalogue but not labels; the label user has no charts.
  for (const [username, missing] of [['support', 'labels'], ['label', 'charts'], ['finance', 'deliveries']] as const) {
    const a = account(username);
    const t = SEARCH_TYPES.find((x) => x.key === missing)!;
    expect(can(principalOf(a), t.rule)).toBe(false);
    await signIn(page, gotoConsole, a);
    const allowedHere = routed.filter((x) => x.area === t.area && can(principalOf(a), x.rule));
    await gotoConsole(page, `${t.area}?type=${t.key}`);
    if (allowedHere.length === 0) {
      await expect(page).toHaveURL(/\/auth$/);
      continue;
    }
    // Asking for the type by URL falls back to one the user may use.
    await expect(page.getByTestId(`search-${allowedHere[0].key}`)).toBeVisible();
    await expect(page.getByTestId(`search-${t.key}`)).toHaveCount(0);
    if (allowedHere.length > 1) await expect(page.getByTestId('search-types')).not.toContainText(t.label);
  }
});

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
async function startOn(dataDir: string): Promise<RunningHost> {
  const mod = (await import(pathToFileURL(join(root, 'dist/host/index.mjs')).href)) as { startHost: typeof StartHost };
  return mod.startHost({ distDir: join(root, 'dist'), dataDir });
}

test('a column chooser change and a named saved view survive a restart of the console', async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'console-search-'));
  const admin = account('admin');
  let host = await startOn(dataDir);
  const goto = (p: Page, path = '/') => p.goto(`${host.origin}${path}#key=${host.key}`).then(() => undefined);
  try {
    await signIn(page, goto, admin);
    await goto(page, '/catalog?type=tracks');
    await expect(page.getByTestId('search-tracks')).toBeVisible();
    const header = page.getByTestId('search-results').locator('thead');
    await expect(header).not.toContainText('BPM');
    await page.getByTestId('column-chooser-button').click();
    await page.getByTestId('column-bpm').click();
    await expect(header).toContainText('BPM');
    await page.keyboard.press('Escape');

    await applyFilter(page, 'title', 'a');
    await expect(page).toHaveURL(/title=a/);
    await page.getByTestId('save-view').click();
    await page.getByTestId('save-view-name').fill('Titles with a');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('saved-views')).toContainText('Titles with a');
    // Give the settings writes a moment to reach the store, then restart.
    await page.waitForTimeout(500);

    await host.stop();
    host = await startOn(dataDir);
    await signIn(page, goto, admin);
    await goto(page, '/catalog?type=tracks&title=zzz-not-a-title');
    await expect(page.getByTestId('search-results').locator('thead')).toContainText('BPM');
    await page.getByTestId('saved-views').click();
    await page.getByTitle('Titles with a').click();
    await expect(page).toHaveURL(/title=a(&|$)/);
    await page.screenshot({ path: `${SHOTS}/search-saved-view.png`, fullPage: true });
  } finally {
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('export: every filtered result lands in a CSV file in the downloads folder', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'console-export-'));
  const downloads = mkdtempSync(join(tmpdir(), 'console-downloads-'));
  process.env.CONSOLE_DOWNLOADS_DIR = downloads;
  const admin = account('admin');
  const host = await startOn(dataDir);
  const goto = (p: Page, path = '/') => p.goto(`${host.origin}${path}#key=${host.key}`).then(() => undefined);
  try {
    const token = await tokenFor(host, admin);
    const list = await api({ api: host.apiUrl } as never, token, '/v4/catalog/releases/?title=a&per_page=1');
    const count = list.body.count as number;
    expect(count).toBeGreaterThan(1);
    await signIn(page, goto, admin);
    await goto(page, '/catalog?type=releases&title=a');
    await expect(page.getByTestId('search-results').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.getByTestId('export-button').click();
    await expect(page.getByText(/^Exported [\d,]+ rows to releases-\d{4}-\d{2}-\d{2}\.csv$/)).toBeVisible({ timeout: 60_000 });
    const files = readdirSync(downloads);
    expect(files).toHaveLength(1);
    const rows = parse(readFileSync(join(downloads, files[0]), 'utf8')) as string[][];
    expect(rows[0].slice(0, 3)).toEqual(['ID', 'Title', 'Label']);
    expect(rows).toHaveLength(count + 1);
  } finally {
    delete process.env.CONSOLE_DOWNLOADS_DIR;
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(downloads, { recursive: true, force: true });
  }
});

test('the header search box suggests from search/autocomplete and opens the catalogue page', async ({ page, gotoConsole, consoleHost }) => {
  const admin = account('admin');
  const token = await tokenFor(consoleHost, admin);
  const list = await api({ api: consoleHost.apiUrl } as never, token, '/v4/catalog/tracks/?per_page=1&order_by=id');
  const row = list.body.results![0] as { id: number; title: string };
  await signIn(page, gotoConsole, admin);
  await gotoConsole(page, '/dashboard');
  await page.getByLabel('Search text').fill(row.title);
  await page.locator('.ant-select-dropdown').getByText(row.title, { exact: true }).first().click();
  await expect(page).toHaveURL(/\/catalog\/tracks\/\d+$/);
  // Enter runs the text search (q, ranked by relevance) on the tracks screen.
  await gotoConsole(page, '/dashboard');
  await page.getByLabel('Search text').fill(row.title);
  await page.getByLabel('Search text').press('Enter');
  await expect(page).toHaveURL(/\/catalog\?type=tracks&q=/);
  await expect(page.getByTestId('filter-q')).toHaveValue(row.title);
  await expect(page.getByTestId('search-results')).toContainText(row.title);
});
