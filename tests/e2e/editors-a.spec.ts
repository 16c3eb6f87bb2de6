/**
 * The artist editor end to end in Chromium against the sandbox API and its Muzooka
 * stand-in (issue 14 part A): an artist opened from search, a field of each kind changed
 * (text, long text, reference chosen by search), saved and seen after a reload; the §5
 * Muzooka rule with its messages; Muzooka sync, pull-image and mappings through the
 * stand-in; the Muzooka tab through axe at 1440 and 390 px. A label opened from search and
 * edited (long text, boolean, select, dates), the §5 hype-trial messages, and §8's
 * similar-name warning on /create with its continue option.
 */
import type { Page } from '@playwright/test';
import { MSG } from '../../shared/messages';
import { RECORD_MSG } from '../../shared/records/checks';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { choose, chooseBySearch, expectAccessible, getObject, openFromSearch, saveAndWait, typeDate } from './helpers/records';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

test.describe.configure({ mode: 'serial' });

let admin: OtherClient;
test.beforeAll(async ({ consoleHost }) => {
  admin = await signInElsewhere(consoleHost, 'admin', 'sandbox-admin');
});
test.afterAll(async () => {
  await admin?.end();
});

/** A new artist of this test run. */
async function newArtist(body: Record<string, unknown>): Promise<number> {
  const r = await admin.call('POST', '/v4/catalog/artists/', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body as { id: number }).id;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test('curation edits an artist opened from search: name, bio, Muzooka ID and associated user, saved and seen after a reload', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const id = await newArtist({ name: `E2E Artist ${Date.now()}` });
  await signIn(page, gotoConsole, account('curation'));
  await openFromSearch(page, gotoConsole, 'artists', id);
  await page.locator('#field-name').fill('E2E Edited Artist');
  await page.locator('#field-bio').fill('A bio written in the editor.');
  await page.locator('#field-muzooka_id').fill('mz-120');
  await chooseBySearch(page, 'field-user_id', 'artist');
  await expect(page.getByTestId('unsaved-count')).toHaveText('4 unsaved changes');
  await saveAndWait(page);

  await page.reload();
  await expect(page.locator('#field-name')).toHaveValue('E2E Edited Artist');
  await expect(page.locator('#field-bio')).toHaveValue('A bio written in the editor.');
  await expect(page.locator('#field-muzooka_id')).toHaveValue('mz-120');
  await expect(page.getByTestId('field-user_id')).toContainText('artist');
  const { row } = await getObject(admin, `/v4/catalog/artists/${id}/`);
  expect(row).toMatchObject({ name: 'E2E Edited Artist', bio: 'A bio written in the editor.', muzooka_id: 'mz-120', user: { name: 'artist' } });
});

test('§5: enabling Muzooka sync needs a Muzooka ID; the ID cannot change while sync is on', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const id = await newArtist({ name: `E2E Rule Artist ${Date.now()}` });
  await signIn(page, gotoConsole, account('contentops'));
  await gotoConsole(page, `/catalog/artists/${id}`);
  await expect(page.getByTestId('record-artists')).toBeVisible();
  await page.locator('#field-muzooka_sync').click();
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('error-muzooka_id')).toHaveText(RECORD_MSG.muzookaIdRequired);

  await page.locator('#field-muzooka_id').fill('mz-135');
  await saveAndWait(page);
  await page.locator('#field-muzooka_id').fill('mz-150');
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('error-muzooka_id')).toHaveText(RECORD_MSG.muzookaIdLocked);
  const { row } = await getObject(admin, `/v4/catalog/artists/${id}/`);
  expect(row).toMatchObject({ muzooka_id: 'mz-135', muzooka_sync: true });
});

test('Muzooka through the stand-in: sync, pull the image, map a profile; an unknown profile is a clear error; axe at 1440 and 390', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const id = await newArtist({ name: `E2E Muzooka Artist ${Date.now()}`, muzooka_id: 'mz-165' });
  const unknown = await newArtist({ name: `E2E Unknown Profile ${Date.now()}`, muzooka_id: 'nobody-here' });
  await signIn(page, gotoConsole, account('curation'));

  await gotoConsole(page, `/catalog/artists/${unknown}`);
  await openTab(page, 'Muzooka');
  await page.getByTestId('muzooka-sync').click();
  await expect(page.getByTestId('muzooka-error')).toContainText('Muzooka has no profile with this ID.');

  await gotoConsole(page, `/catalog/artists/${id}`);
  await openTab(page, 'Muzooka');
  await page.getByTestId('muzooka-sync').click();
  await expect(page.getByTestId('muzooka-sync-state')).toHaveText('Enabled');
  await page.getByTestId('muzooka-pull-image').click();
  await expect(page.getByTestId('artist-muzooka')).toContainText(`/v4/catalog/artists/${id}/image/`);
  await page.getByTestId('muzooka-mapping-id').fill('mz-166');
  await page.getByTestId('muzooka-mapping-add').click();
  await expect(page.getByTestId('muzooka-mappings')).toContainText('mz-166');
  const { row } = await getObject(admin, `/v4/catalog/artists/${id}/`);
  expect(row).toMatchObject({ muzooka_sync: true, bio: 'Muzooka profile 165: producer and DJ.', image_url: `/v4/catalog/artists/${id}/image/` });

  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(page, 'artist Muzooka tab at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'artist Muzooka tab at 390');
  await page.getByTestId('muzooka-unsync').click();
  await expect(page.getByTestId('muzooka-sync-state')).toHaveText('Disabled');
});

/** A new label of this test run (admin, supplier 2), past any similar-name warning. */
async function newLabel(name: string): Promise<number> {
  const r = await admin.call('POST', '/v4/catalog/labels/', { body: { name, supplier_id: 2, confirm_similar: true } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body as { id: number }).id;
}

test('admin edits a label opened from search: bio, pre-order, pre-order weeks and hype trial dates; §5 hype messages', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const id = await newLabel(`E2E Label ${Date.now()}`);
  await signIn(page, gotoConsole, account('admin'));
  await openFromSearch(page, gotoConsole, 'labels', id);
  await page.locator('#field-bio').fill('A label bio from the editor.');
  await page.locator('#field-is_available_for_pre_order').click();
  await choose(page, 'field-default_pre_order_weeks', '3');
  await typeDate(page, 'field-hype_trial_end', '03/01/2026');
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('error-hype_trial_start')).toHaveText(RECORD_MSG.hypeStartRequired);
  await typeDate(page, 'field-hype_trial_start', '03/05/2026');
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('error-hype_trial_start')).toHaveText(RECORD_MSG.hypeStartAfterEnd);
  await typeDate(page, 'field-hype_trial_start', '02/01/2026');
  await saveAndWait(page);

  await page.reload();
  await expect(page.locator('#field-bio')).toHaveValue('A label bio from the editor.');
  await expect(page.getByTestId('field-default_pre_order_weeks')).toContainText('3');
  await expect(page.locator('#field-hype_trial_start')).toHaveValue('02/01/2026');
  const { row } = await getObject(admin, `/v4/catalog/labels/${id}/`);
  expect(row).toMatchObject({
    bio: 'A label bio from the editor.', is_available_for_pre_order: true, default_pre_order_weeks: 3,
    hype_trial_start: '2026-02-01', hype_trial_end: '2026-03-01',
  });
});

test('§8: creating a label of a similar name warns with the matches; continue creates it', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const base = `Nebula Forty Sound ${Date.now() % 100000}`;
  const existing = await newLabel(base);
  const supplier = (await getObject(admin, '/v4/catalog/suppliers/3/')).row;
  await signIn(page, gotoConsole, account('contentops'));
  await gotoConsole(page, '/create?type=labels');
  await page.locator('#field-name').fill(`${base.toUpperCase()}!`);
  await chooseBySearch(page, 'field-supplier_id', String(supplier.name));
  await page.getByTestId('create-submit').click();
  const warning = page.getByTestId('similar-labels');
  await expect(warning).toContainText(MSG.labelExists);
  await expect(warning.locator(`a[href="/catalog/labels/${existing}"]`)).toHaveText(base);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(page, 'similar-label warning at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'similar-label warning at 390');
  await page.getByTestId('similar-labels-continue').click();
  await expect(page).toHaveURL(/\/catalog\/labels\/\d+$/);
  await expect(page.locator('#field-name')).toHaveValue(`${base.toUpperCase()}!`);
});

test('label management lists label managers with their labels, adds one, renames it and disables it; axe at 1440 and 390', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const name = `E2E Manager ${Date.now()}`;
  await signIn(page, gotoConsole, account('labelmgmt'));
  await gotoConsole(page, '/label-manager');
  await expect(page.getByTestId('label-managers')).toBeVisible();
  await expect(page.getByTestId('label-managers').locator('summary').first()).toContainText('label');
  await page.getByTestId('label-manager-name').fill(name);
  await page.getByTestId('label-manager-add').click();
  const row = page.getByTestId('label-managers').locator('tr', { hasText: name });
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Rename ${name}` }).click();
  await page.getByTestId('label-manager-rename').fill(`${name} B`);
  await page.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByTestId('label-managers').locator('tr', { hasText: `${name} B` });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('switch', { name: `${name} B enabled` }).click();
  await expect(renamed.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  const list = (await admin.call('GET', '/v4/content-ops/label-managers/')).body as { results: { name: string; enabled: boolean }[] };
  expect(list.results.find((m) => m.name === `${name} B`)).toMatchObject({ enabled: false });

  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(page, 'label managers at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'label managers at 390');
});
