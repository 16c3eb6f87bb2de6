/**
 * The record pages end to end in Chromium against the sandbox API (issue "Record pages
 * and editors"): as admin and as content ops, a release and a track opened from search,
 * one field of each kind changed, saved, and seen again after a reload; a value over
 * its limit; a second client saving first (412) with the user's edits kept; History with
 * both changes; create from /create; a supplier's read-only track and another supplier's
 * 404; bulk edit of 200 tracks through the preview; a release's tracks reordered; every
 * screen through axe and without sideways scroll at 1440 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { EXCLUSIVE_PERIODS, MAX_LEN } from '../../shared/constants';
import { SANDBOX_ACCOUNTS, type SandboxAccount } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn, type Goto } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { choose, chooseBySearch, expectAccessible, getObject, listRows, shownDate, typeDate } from './helpers/records';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });
const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

test.describe.configure({ mode: 'serial' });

let admin: OtherClient;
test.beforeAll(async ({ consoleHost }) => {
  admin = await signInElsewhere(consoleHost, 'admin', 'sandbox-admin');
});
test.afterAll(async () => {
  await admin?.end();
});

/** Opens a record from its search (the id filter), as a user does. */
async function openFromSearch(page: Page, gotoConsole: Goto, type: 'tracks' | 'releases', id: number) {
  await gotoConsole(page, `/catalog?type=${type}&id=${id}`);
  await page.getByTestId('search-results').locator(`a[href="/catalog/${type}/${id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/catalog/${type}/${id}$`));
  await expect(page.getByTestId(`record-${type}`)).toBeVisible();
}

async function saveAndWait(page: Page) {
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');
  await expect(page.getByTestId('save-error')).toHaveCount(0);
}

for (const [username, releaseIndex] of [['admin', 2], ['contentops', 3]] as const) {
  test(`${username}: a release and a track opened from search, one field of each kind changed, saved, and seen after a reload`, async ({ page, gotoConsole }) => {
    test.setTimeout(180_000);
    const who: SandboxAccount = account(username);
    const releases = await listRows(admin, `/v4/catalog/releases/?per_page=10&order_by=id&encode_status=CONVERTED`);
    const release = releases[releaseIndex];
    const labels = await listRows(admin, '/v4/catalog/labels/?per_page=5&order_by=id');
    const label = labels.find((l) => l.id !== (release.label as { id: number }).id)!;
    const artists = await listRows(admin, '/v4/catalog/artists/?per_page=20&order_by=id');
    const artist = artists.find((a) => !(release.artists as { id: number }[]).some((x) => x.id === a.id))!;
    const period = EXCLUSIVE_PERIODS.find((p) => p.days !== release.exclusive_period)!;

    await signIn(page, gotoConsole, who);
    await openFromSearch(page, gotoConsole, 'releases', release.id);
    await page.locator('#field-catalog_number').fill(`E2E-${username}`);
    await choose(page, 'field-exclusive_period', period.label);
    await typeDate(page, 'field-street_date', '05/06/2025');
    await page.locator('#field-is_explicit').click();
    await chooseBySearch(page, 'field-label_id', String(label.name));
    await chooseBySearch(page, 'field-artists', String(artist.name));
    await expect(page.getByTestId('unsaved-count')).toHaveText('6 unsaved changes');
    await saveAndWait(page);

    await page.reload();
    await expect(page.locator('#field-catalog_number')).toHaveValue(`E2E-${username}`);
    await expect(page.getByTestId('field-exclusive_period')).toContainText(period.label);
    await expect(page.locator('#field-street_date')).toHaveValue('05/06/2025');
    await expect(page.locator('#field-is_explicit')).toHaveAttribute('aria-checked', String(!release.is_explicit));
    await expect(page.getByTestId('field-label_id')).toContainText(String(label.name));
    await expect(page.getByTestId('field-artists').locator('li').last()).toContainText(String(artist.name));
    const saved = (await getObject(admin, `/v4/catalog/releases/${release.id}/`)).row;
    expect(saved).toMatchObject({
      catalog_number: `E2E-${username}`, exclusive_period: period.days, street_date: '2025-05-06', is_explicit: !release.is_explicit,
      label: { id: label.id },
    });

    // A track of it: text, number, select of a reference list, date, switch, and the ordered artists on their tab.
    const track = (await listRows(admin, `/v4/catalog/releases/${release.id}/tracks/`)).find((t) => t.encode_status === 'CONVERTED')!;
    const keys = await listRows(admin, '/v4/auxiliary/keys/');
    const key = keys.find((k) => k.id !== (track.key as { id: number } | null)?.id)!;
    await openFromSearch(page, gotoConsole, 'tracks', track.id);
    await page.locator('#field-mix_name').fill(`Mix by ${username}`);
    await page.locator('#field-bpm').fill('131');
    await choose(page, 'field-key_id', String(key.name));
    await typeDate(page, 'field-publish_date', '07/08/2025');
    await page.locator('#field-hidden').click();
    await page.getByRole('tab', { name: 'Artists & Remixers' }).click();
    await chooseBySearch(page, 'field-remixers', String(artist.name));
    await expect(page.getByTestId('unsaved-count')).toHaveText('6 unsaved changes');
    await saveAndWait(page);

    // The page reopens on the tab it was on (the tab is in the address).
    await page.reload();
    await expect(page.getByTestId('field-remixers').locator('li')).toContainText([String(artist.name)]);
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page.locator('#field-mix_name')).toHaveValue(`Mix by ${username}`);
    await expect(page.locator('#field-bpm')).toHaveValue('131');
    await expect(page.getByTestId('field-key_id')).toContainText(String(key.name));
    await expect(page.locator('#field-publish_date')).toHaveValue('07/08/2025');
    await expect(page.locator('#field-hidden')).toHaveAttribute('aria-checked', String(!track.hidden));
    expect((await getObject(admin, `/v4/catalog/tracks/${track.id}/`)).row).toMatchObject({
      mix_name: `Mix by ${username}`, bpm: 131, key: { id: key.id }, publish_date: '2025-07-08', hidden: !track.hidden,
      remixers: [{ id: artist.id }],
    });
  });
}

test('a value over its limit shows its field error and nothing is saved', async ({ page, gotoConsole }) => {
  const [track] = await listRows(admin, '/v4/catalog/tracks/?per_page=1&order_by=-id');
  await signIn(page, gotoConsole, account('contentops'));
  await openFromSearch(page, gotoConsole, 'tracks', track.id);
  await page.locator('#field-title').fill('t'.repeat(MAX_LEN.trackTitle + 1));
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('error-title')).toHaveText(`Ensure this field has no more than ${MAX_LEN.trackTitle} characters.`);
  await expect(page.getByTestId('unsaved-count')).toHaveText('1 unsaved change');
  const after = (await getObject(admin, `/v4/catalog/tracks/${track.id}/`)).row;
  expect([after.title, after.version]).toEqual([track.title, track.version]);
  await page.screenshot({ path: `${SHOTS}/record-limit-error.png`, fullPage: true });
  await page.getByTestId('discard-record').click();
});
