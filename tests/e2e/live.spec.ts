/**
 * Live streams and their vendors end to end in Chromium against the sandbox API (issue 17):
 * a stream created from the console with start and end typed as the Denver wall clock across
 * the March daylight-saving change shows MST before it and MDT after it, and the API holds the
 * right instants (five hours apart, not six); whether it is visible now (§4) on the page;
 * a vendor created and deleted; every new screen through axe at 1440 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { zonedWallClock } from '../../shared/api/zoned-time';
import { LIVE_TIME_ZONE } from '../../shared/constants';
import { LIVE_VISIBLE_TAGS } from '../../shared/records';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { expectAccessible, getObject } from './helpers/records';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });
const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

test.describe.configure({ mode: 'serial' });

let curation: OtherClient;
test.beforeAll(async ({ consoleHost }) => {
  curation = await signInElsewhere(consoleHost, 'curation', 'sandbox-curation');
});
test.afterAll(async () => {
  await curation?.end();
});

test('a stream scheduled across the March change shows MST then MDT; visible now once auto enabled over now; deleted', async ({ page, gotoConsole }) => {
  test.setTimeout(180_000);
  await signIn(page, gotoConsole, account('curation'));
  await gotoConsole(page, '/create?type=live_streams');
  await expect(page.getByTestId('create-live_streams')).toBeVisible();
  await page.locator('#field-name').fill('E2E overnight stream');
  // Saturday 7 March 2026 22:00 to Sunday 8 March 04:00 in Denver: the clocks skip 02:00 → 03:00 in between.
  await page.locator('#field-start_at').fill('2026-03-07T22:00');
  await expect(page.getByTestId('field-start_at-zone')).toHaveText('MST');
  await page.locator('#field-end_at').fill('2026-03-08T02:30');
  // The skipped hour says so as it is typed.
  await expect(page.locator('#field-end_at-shown')).toContainText('does not exist in America/Denver');
  await page.locator('#field-end_at').fill('2026-03-08T04:00');
  await expect(page.getByTestId('field-end_at-zone')).toHaveText('MDT');
  await expect(page.locator('#field-end_at-shown')).toHaveText('03/08/2026 04:00 AM MDT');
  await expectAccessible(page, 'create live stream at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'create live stream at 390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/\/live\/streams\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const { row } = await getObject(curation, `/v4/catalog/live-streams/${id}/`);
  expect([row.start_at, row.end_at].map((v) => new Date(v as string).toISOString())).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-08T10:00:00.000Z']);

  // The page shows them back as typed, with the abbreviation in force at each.
  await expect(page.locator('#field-start_at')).toHaveValue('2026-03-07T22:00');
  await expect(page.locator('#field-start_at-shown')).toHaveText('03/07/2026 10:00 PM MST');
  await expect(page.locator('#field-end_at-shown')).toHaveText('03/08/2026 04:00 AM MDT');
  await expect(page.getByTestId('status-tag')).toHaveText(LIVE_VISIBLE_TAGS.hidden.text);
  await expectAccessible(page, 'live stream record at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'live stream record at 390');
  await page.screenshot({ path: `${SHOTS}/live-stream-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Auto enabled from an hour ago to an hour from now: visible now (§4).
  const hour = 3_600_000;
  await page.locator('#field-start_at').fill(zonedWallClock(new Date(Date.now() - hour), LIVE_TIME_ZONE));
  await page.locator('#field-end_at').fill(zonedWallClock(new Date(Date.now() + hour), LIVE_TIME_ZONE));
  await page.locator('#field-is_auto_enabled').click();
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');
  await expect(page.getByTestId('status-tag')).toHaveText(LIVE_VISIBLE_TAGS.visible.text);

  await page.getByTestId('delete-record').click();
  await expect(page.getByRole('dialog')).toContainText('Its stages are deleted too.');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/live\?type=live_streams/);
  expect((await curation.call('GET', `/v4/catalog/live-streams/${id}/`)).status).toBe(404);
});

test('a host vendor created, renamed and deleted from the console', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  await signIn(page, gotoConsole, account('curation'));
  await gotoConsole(page, '/create?type=host_vendors');
  await page.locator('#field-name').fill('E2E host vendor');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('record-title')).toHaveText('E2E host vendor');
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await page.locator('#field-name').fill('E2E host vendor (renamed)');
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');
  expect((await getObject(curation, `/v4/catalog/host-vendors/${id}/`)).row.name).toBe('E2E host vendor (renamed)');
  await page.getByTestId('delete-record').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/live\?type=host_vendors/);
  expect((await curation.call('GET', `/v4/catalog/host-vendors/${id}/`)).status).toBe(404);
});
