/**
 * The artist editor end to end in Chromium against the sandbox API and its Muzooka
 * stand-in (issue 14 part A): an artist opened from search, a field of each kind changed
 * (text, long text, reference chosen by search), saved and seen after a reload; the §5
 * Muzooka rule with its messages; Muzooka sync, pull-image and mappings through the
 * stand-in; the Muzooka tab through axe at 1440 and 390 px. A label opened from search and
 * edited (long text, boolean, select, dates), the §5 hype-trial messages, and §8's
 * similar-name warning on /create with its continue option.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { recordImageMsg } from '../../shared/api/endpoints/record-images';
import { MEDIA_PATH } from '../../shared/bridge/transport';
import { ARTIST_IMAGE_SIDE, COVER_ART_MAX_SIDE, LABEL_IMAGE_SIDE } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { RECORD_MSG } from '../../shared/records/checks';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { browseTo } from './helpers/folder-browser';
import {
  bothWidths,
  choose,
  chooseBySearch,
  expectAccessible,
  getObject,
  openFromSearch,
  openTab,
  saveAndWait,
  typeDate,
} from './helpers/records';
import { downloadedFile } from './helpers/downloads';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

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

test('curation edits an artist opened from search: name, bio, Muzooka ID and associated user, saved and seen after a reload', async ({
  page,
  gotoConsole,
}) => {
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
  expect(row).toMatchObject({
    name: 'E2E Edited Artist',
    bio: 'A bio written in the editor.',
    muzooka_id: 'mz-120',
    user: { name: 'artist' },
  });
});

test('§5: enabling Muzooka sync needs a Muzooka ID; the ID cannot change while sync is on', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const id = await newArtist({ name: `E2E Rule Artist ${Date.now()}` });
  await signIn(page, gotoConsole, account('contentops'), `/catalog/artists/${id}`);
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

test("Muzooka through the stand-in: sync, pull the image, map a profile; an unknown profile is a clear error; a profile image uploaded through main (a refusal in the API's words); axe at 1440 and 390", async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  const id = await newArtist({ name: `E2E Muzooka Artist ${Date.now()}`, muzooka_id: 'mz-165' });
  const unknown = await newArtist({ name: `E2E Unknown Profile ${Date.now()}`, muzooka_id: 'nobody-here' });
  await signIn(page, gotoConsole, account('curation'), `/catalog/artists/${unknown}`);
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
  expect(row).toMatchObject({
    muzooka_sync: true,
    bio: 'Muzooka profile 165: producer and DJ.',
    image_url: `/v4/catalog/artists/${id}/image/`,
  });

  // The pulled image shows beside the upload; an uploaded one (main reads the pick from its folder browser) replaces it.
  const img = page.getByTestId('record-image');
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(ARTIST_IMAGE_SIDE);
  const folder = mkdtempSync(join(homedir(), 'artist-e2e-'));
  try {
    const png = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: { r: 40, g: 160, b: 90 } } })
        .png()
        .toBuffer();
    writeFileSync(join(folder, 'too-wide.png'), await png(COVER_ART_MAX_SIDE + 1, 2));
    writeFileSync(join(folder, 'portrait.png'), await png(600, 900));
    await page.getByRole('button', { name: 'Upload image…' }).click();
    await browseTo(page, [basename(folder), 'too-wide.png']);
    await expect(page.getByTestId('record-image-error')).toHaveText(recordImageMsg('artists').tooLarge);
    const pulledSrc = await img.getAttribute('src');
    await page.getByRole('button', { name: 'Upload image…' }).click();
    await browseTo(page, [basename(folder), 'portrait.png']);
    await expect(img).not.toHaveAttribute('src', pulledSrc!);
    await expect(img).toHaveAttribute('src', new RegExp(`^${MEDIA_PATH}[A-Za-z0-9_-]{43}$`));
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(ARTIST_IMAGE_SIDE);
    await expect(page.getByTestId('record-image-error')).toHaveCount(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const uploaded = await getObject(admin, `/v4/catalog/artists/${id}/`);
  expect(uploaded.row.version).toBe((row.version as number) + 1);

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

test('admin edits a label opened from search: bio, pre-order, pre-order weeks and hype trial dates; §5 hype messages', async ({
  page,
  gotoConsole,
}) => {
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
    bio: 'A label bio from the editor.',
    is_available_for_pre_order: true,
    default_pre_order_weeks: 3,
    hype_trial_start: '2026-02-01',
    hype_trial_end: '2026-03-01',
  });
});

test('§8: creating a label of a similar name warns with the matches; continue creates it', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const base = `Nebula Forty Sound ${Date.now() % 100000}`;
  const existing = await newLabel(base);
  const supplier = (await getObject(admin, '/v4/catalog/suppliers/3/')).row;
  await signIn(page, gotoConsole, account('contentops'), '/create?type=labels');
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

test.describe("a label's contracts, mappings, image, account and CSV", () => {
  // The images live under the home folder, where the host's folder browser lists.
  let folder: string;
  test.beforeAll(async () => {
    folder = mkdtempSync(join(homedir(), 'label-e2e-'));
    const png = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 60, b: 90 } } })
        .png()
        .toBuffer();
    writeFileSync(join(folder, 'wide.png'), await png(800, 500));
    writeFileSync(join(folder, 'square.png'), await png(900, 900));
  });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test("content ops adds a contract (§5 select and date messages), sees the label's mappings, uploads its image (§5 rule) and downloads its CSV; axe at 1440 and 390", async ({
    page,
    gotoConsole,
  }) => {
    test.setTimeout(180_000);
    const id = await newLabel(`E2E Tabs Label ${Date.now()}`);
    const mapped = await admin.call('POST', '/v4/catalog/suppliers/2/label-mappings/', {
      body: { source_label: `E2E Delivered ${id}`, label_id: id },
    });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(201);
    await signIn(page, gotoConsole, account('contentops'));
    await openFromSearch(page, gotoConsole, 'labels', id);

    await openTab(page, 'Contracts');
    const contracts = page.getByTestId('label-contracts');
    await contracts.getByRole('button', { name: 'Add contract' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('item-error-contract_type_id')).toHaveText(MSG.selectFromList);
    await choose(page, 'item-contract_type_id', 'Licence');
    await typeDate(page, 'item-start_date', '01/01/2026');
    await typeDate(page, 'item-end_date', '12/31/2025');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('item-error-end_date')).toHaveText(MSG.endAfterStart);
    await typeDate(page, 'item-end_date', '12/31/2026');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(contracts).toContainText('Licence');
    await expect(contracts).toContainText('12/31/2026');
    await expect(contracts.getByRole('button', { name: /^Remove contract/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('label-contracts')).toContainText('Licence');
    await bothWidths(page, 'label contracts');

    await openTab(page, 'Mappings');
    await expect(page.getByTestId('label-mappings')).toContainText(`E2E Delivered ${id}`);
    await bothWidths(page, 'label mappings');

    await openTab(page, 'Image');
    await page.getByRole('button', { name: 'Upload image…' }).click();
    await browseTo(page, [basename(folder), 'wide.png']);
    await expect(page.getByTestId('record-image-error')).toHaveText(recordImageMsg('labels').notSquare);
    await page.getByRole('button', { name: 'Upload image…' }).click();
    await browseTo(page, [basename(folder), 'square.png']);
    const img = page.getByTestId('record-image');
    await expect(img).toHaveAttribute('src', new RegExp(`^${MEDIA_PATH}[A-Za-z0-9_-]{43}$`));
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(LABEL_IMAGE_SIDE);
    await bothWidths(page, 'label image');
    // The page's form took the new version: a field saved after the upload is no conflict.
    await openTab(page, 'Details');
    await page.locator('#field-bio').fill('Bio after the image.');
    await saveAndWait(page);

    await page.getByRole('button', { name: 'Download label CSV' }).click();
    const saved = page.getByText(new RegExp(`^Exported [\\d,]+ rows? to label-${id}-\\d{4}-\\d{2}-\\d{2}( \\(\\d+\\))?\\.csv$`));
    await expect(saved).toBeVisible({ timeout: 60_000 });
    const name = /to (label-.+\.csv)$/.exec((await saved.textContent()) ?? '')![1];
    const file = downloadedFile(name);
    const csv = readFileSync(file, 'utf8');
    rmSync(file, { force: true });
    expect(csv.split('\r\n')[0]).toBe(
      'Release ID,Release,Catalog Number,UPC,Street Date,Track ID,Track,Mix Name,Artists,ISRC,Genre,Encode Status',
    );
  });

  test('label management generates an unclaimed label\'s temporary username and password, shown once; a claimed label shows "Account claimed"', async ({
    page,
    gotoConsole,
  }) => {
    test.setTimeout(120_000);
    const unclaimed = (await admin.call('GET', '/v4/catalog/labels/?per_page=100&order_by=id')).body as {
      results: { id: number; claimed: boolean }[];
    };
    const label = unclaimed.results.find((l) => !l.claimed)!;
    await signIn(page, gotoConsole, account('labelmgmt'), `/catalog/labels/${label.id}?tab=account`);
    await expect(page.getByTestId('label-account-status')).toHaveText('Account not claimed');
    await page.getByRole('button', { name: 'Generate temporary username and password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByTestId('temp-password')).toBeVisible();
    const username = (await page.getByTestId('temp-username').textContent())!.trim();
    expect(username.length).toBeGreaterThan(0);
    await bothWidths(page, 'label account');
    // Shown once: after a reload the password is gone.
    await page.reload();
    await expect(page.getByTestId('label-account-status')).toHaveText('Account not claimed');
    await expect(page.getByTestId('temp-password')).toHaveCount(0);
    await gotoConsole(page, '/catalog/labels/1?tab=account');
    await expect(page.getByTestId('label-account-status')).toHaveText('Account claimed');
    await expect(page.getByRole('button', { name: 'Generate temporary username and password' })).toHaveCount(0);
  });
});

test('views shared with the team: a link opens a view shared with content ops, a filter it may not use dropped and named; content ops shares the current view with its role', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  const made = await admin.call('POST', '/v4/accounts/me/shared-views/', {
    body: { type: 'labels', name: `E2E linked ${Date.now()}`, filters: { name: 'records', label_manager: '1' }, role: 'staff:content_ops' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const linked = (made.body as { id: number }).id;
  const mine: number[] = [];
  try {
    await signIn(page, gotoConsole, account('contentops'), `/catalog?type=labels&view=${linked}`);
    await expect(page.getByTestId('team-view-note')).toContainText('filters label_manager');
    await expect(page.getByTestId('chip-name')).toBeVisible();
    await expect(page).toHaveURL(/[?&]name=records/);
    await expect(page).not.toHaveURL(/label_manager/);
    await bothWidths(page, 'team view opened by link');

    await page.getByTestId('share-view').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('team-view-name').fill('E2E content ops labels');
    // Content ops shares with its own role only.
    await expect(dialog.locator('#team-view-role')).toBeDisabled();
    await expectAccessible(page, 'share view dialog');
    await dialog.getByRole('button', { name: 'Share' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('team-views')).toContainText('E2E content ops labels');
    const list = (await admin.call('GET', '/v4/accounts/me/shared-views/?type=labels')).body as {
      results: { id: number; name: string; role: string; filters: Record<string, string> }[];
    };
    const shared = list.results.find((v) => v.name === 'E2E content ops labels')!;
    mine.push(shared.id);
    expect([shared.role, shared.filters]).toEqual(['staff:content_ops', { name: 'records' }]);
  } finally {
    for (const id of [linked, ...mine]) await admin.call('DELETE', `/v4/accounts/me/shared-views/${id}/`);
  }
});

test("a role's default team view opens on a bare search of its type", async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const made = await admin.call('POST', '/v4/accounts/me/shared-views/', {
    body: { type: 'artists', name: 'E2E default artists', filters: { name: 'dj' }, role: 'staff:content_ops', is_default: true },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  try {
    await signIn(page, gotoConsole, account('contentops'), '/catalog?type=artists');
    await expect(page).toHaveURL(/[?&]name=dj/);
    await expect(page.getByTestId('team-views')).toContainText('E2E default artists (default)');
  } finally {
    await admin.call('DELETE', `/v4/accounts/me/shared-views/${(made.body as { id: number }).id}/`);
  }
});

test('label management lists label managers with their labels, adds one, renames it and disables it; axe at 1440 and 390', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  const name = `E2E Manager ${Date.now()}`;
  await signIn(page, gotoConsole, account('labelmgmt'), '/label-manager');
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
