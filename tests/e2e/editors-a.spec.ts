/**
 * The artist editor end to end in Chromium against the sandbox API and its Muzooka
 * stand-in (issue 14 part A): an artist opened from search, a field of each kind changed
 * (text, long text, reference chosen by search), saved and seen after a reload; the §5
 * Muzooka rule with its messages; Muzooka sync, pull-image and mappings through the
 * stand-in; the Muzooka tab through axe at 1440 and 390 px.
 */
import type { Page } from '@playwright/test';
import { RECORD_MSG } from '../../shared/records/checks';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn, type Goto } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { chooseBySearch, expectAccessible, getObject } from './helpers/records';

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

async function openArtistFromSearch(page: Page, gotoConsole: Goto, id: number) {
  await gotoConsole(page, `/catalog?type=artists&id=${id}`);
  await page.getByTestId('search-results').locator(`a[href="/catalog/artists/${id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/catalog/artists/${id}$`));
  await expect(page.getByTestId('record-artists')).toBeVisible();
}

async function saveAndWait(page: Page) {
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');
  await expect(page.getByTestId('save-error')).toHaveCount(0);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test('curation edits an artist opened from search: name, bio, Muzooka ID and associated user, saved and seen after a reload', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const id = await newArtist({ name: `E2E Artist ${Date.now()}` });
  await signIn(page, gotoConsole, account('curation'));
  await openArtistFromSearch(page, gotoConsole, id);
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
