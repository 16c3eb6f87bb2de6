/**
 * The supplier editor end to end in Chromium against the sandbox API (issue 14 part B):
 * a supplier opened from search, a field of each kind changed (text, the DDEX party id
 * with its live §5 messages, a switch, a select), saved and seen after a reload; its
 * contacts (the phone check and "Please select a valid option from the list" under the
 * fields, a contact added, the last one refused with "Supplier needs at least one contact
 * and one contract"); the ingester key shown once; every new tab through axe at 1440 and
 * 390 px; a chart: its fields, the §9 title limit, its tracks reordered with the keyboard.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { CHART_IMAGE_SIDE, EXCLUSIVE_PERIODS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { SUB_GENRE_TAKEN_MSG } from '../../shared/api/endpoints';
import { PHONE_MSG } from '../../shared/records';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { browseTo } from './helpers/folder-browser';
import { bothWidths, choose, chooseBySearch, getObject, moveFirstTrackToThird, openFromSearch, openTab } from './helpers/records';

let admin: OtherClient;
let supplierId = 0;
test.beforeAll(async ({ consoleHost }) => {
  admin = await signInElsewhere(consoleHost, 'admin', 'sandbox-admin');
  const created = await admin.call('POST', '/v4/catalog/suppliers/', {
    body: {
      name: 'E2E Editors Supplier',
      default_exclusive_period: 0,
      contacts: [{ contact_type_id: 1, first_name: 'Only', last_name: 'Contact', country_id: 1, phone: '+1 303 555 0100' }],
      contracts: [{ contract_type_id: 1, start_date: '2026-01-01' }],
    },
  });
  expect(created.status).toBe(201);
  supplierId = (created.body as { id: number }).id;
});
test.afterAll(async () => {
  await admin?.end();
});

test('a supplier opened from search: a field of each kind, the DDEX party id said as it is typed, saved and seen after a reload', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  const period = EXCLUSIVE_PERIODS.find((p) => p.days === 28)!;
  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!,
  );
  await openFromSearch(page, gotoConsole, 'suppliers', supplierId);

  const ddex = page.locator('#field-ddex_party_id');
  await ddex.fill('PADPIDA123');
  await expect(page.getByTestId('live-ddex_party_id')).toHaveText(MSG.invalidDdexPartyId);
  await ddex.fill('');
  await expect(page.getByTestId('live-ddex_party_id')).toHaveText(MSG.emptyEntry);
  await ddex.fill('PADPIDA2014040101U');
  await expect(page.getByTestId('live-ddex_party_id')).toHaveText(MSG.validDdexPartyId);
  await page.locator('#field-vendor_code').fill('E2E-V1');
  await page.locator('#field-pposp_enrolled').click();
  await choose(page, 'field-default_exclusive_period', period.label);
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');

  await page.reload();
  await expect(page.locator('#field-vendor_code')).toHaveValue('E2E-V1');
  await expect(ddex).toHaveValue('PADPIDA2014040101U');
  await expect(page.locator('#field-pposp_enrolled')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('field-default_exclusive_period')).toContainText(period.label);
  expect((await getObject(admin, `/v4/catalog/suppliers/${supplierId}/`)).row).toMatchObject({
    vendor_code: 'E2E-V1',
    ddex_party_id: 'PADPIDA2014040101U',
    pposp_enrolled: true,
    default_exclusive_period: 28,
  });
  // An empty entry is valid: saved as none.
  await ddex.fill('');
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');
  expect((await getObject(admin, `/v4/catalog/suppliers/${supplierId}/`)).row.ddex_party_id).toBeNull();
  await bothWidths(page, 'supplier details');
});

test('contacts: the phone and the lists checked under the fields; a contact added; the last one cannot go', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'contentops')!,
    `/catalog/suppliers/${supplierId}`,
  );
  await openTab(page, 'Contacts');
  const tab = page.getByTestId('supplier-contacts');
  await expect(tab).toContainText('Only Contact');

  // The only contact: removing it is refused with the §5 message.
  await tab.getByRole('button', { name: /^Remove contact/ }).click();
  await expect(page.getByTestId('items-error')).toHaveText(MSG.supplierNeedsContactAndContract);

  await tab.getByRole('button', { name: 'Add contact' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#item-first_name').fill('Grace');
  await dialog.locator('#item-last_name').fill('Hopper');
  await dialog.locator('#item-phone').fill('12345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('item-error-phone')).toHaveText(PHONE_MSG);
  await expect(dialog.getByTestId('item-error-country_id')).toHaveText(MSG.selectFromList);
  await expect(dialog.getByTestId('item-error-contact_type_id')).toHaveText(MSG.selectFromList);
  await bothWidths(page, 'contact form');
  await dialog.locator('#item-phone').fill('(303) 555-0199');
  await choose(page, 'item-contact_type_id', 'Billing');
  await chooseBySearch(page, 'item-country_id', 'United States');
  await choose(page, 'item-state_id', 'Colorado');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tab).toContainText('Grace Hopper');
  await expect(tab).toContainText('Colorado');

  await page.reload();
  await expect(page.getByTestId('supplier-contacts')).toContainText('Grace Hopper');
  await bothWidths(page, 'contacts tab');
  for (const name of ['Contracts', 'Banking', 'Genre Mappings', 'Label Mappings', 'Labels', 'Subscribers']) {
    await openTab(page, name);
    await bothWidths(page, `${name} tab`);
  }
});

test('content ops creates a supplier on /create: without a contact and a contract §5 refuses it on the screen; with both it is created and opens', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  const name = `E2E Created Supplier ${Date.now()}`;
  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'contentops')!,
    '/create?type=suppliers',
  );
  await page.locator('#field-name').fill(name);
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('supplier-items-rule')).toHaveText(MSG.supplierNeedsContactAndContract);
  await bothWidths(page, 'supplier create refused');
  const contact = page.getByTestId('supplier-first-contact');
  await contact.locator('#item-first_name').fill('Ada');
  await contact.locator('#item-last_name').fill('Lovelace');
  await page.getByTestId('create-submit').click();
  await expect(contact.getByTestId('item-error-country_id')).toHaveText(MSG.selectFromList);
  await expect(page.getByTestId('supplier-items-rule')).toHaveText(MSG.supplierNeedsContactAndContract);
  await choose(page, 'item-contact_type_id', 'Billing');
  await chooseBySearch(page, 'item-country_id', 'United States');
  await choose(page, 'item-contract_type_id', 'Distribution');
  const start = page.locator('#item-start_date');
  await start.click();
  await start.fill('01/01/2026');
  // Enter in the last field submits the form, as in any form.
  await start.press('Enter');
  await expect(page).toHaveURL(/\/catalog\/suppliers\/\d+$/);
  await expect(page.locator('#field-name')).toHaveValue(name);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  const contacts = (await admin.call('GET', `/v4/catalog/suppliers/${id}/contacts/`)).body as { results: { first_name: string }[] };
  const contracts = (await admin.call('GET', `/v4/catalog/suppliers/${id}/contracts/`)).body as { results: { start_date: string }[] };
  expect([contacts.results.map((c) => c.first_name), contracts.results.map((c) => c.start_date)]).toEqual([['Ada'], ['2026-01-01']]);
});

test('the ingester key is generated and shown once', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!,
    `/catalog/suppliers/${supplierId}`,
  );
  await openTab(page, 'Ingester Key');
  await page.getByRole('button', { name: 'Generate key' }).click();
  const key = await page.getByTestId('ingester-key').textContent();
  expect(key?.length ?? 0).toBeGreaterThan(40);
  await expect(page.getByTestId('ingester-key-hint')).toHaveText(`ends in ${key!.slice(-4)}`);
  await bothWidths(page, 'ingester key tab');
  await page.reload();
  await expect(page.getByTestId('ingester-key')).toHaveCount(0);
  await expect(page.getByTestId('ingester-key-hint')).toHaveText(`ends in ${key!.slice(-4)}`);
});

test('a chart opened from search: its fields saved and seen after a reload; its tracks reordered with the keyboard, one removed, saved in one request', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  const created = await admin.call('POST', '/v4/catalog/charts/', {
    body: { title: 'E2E Chart', genre_id: 1 },
    headers: { 'x-brand': 'brand:dance' },
  });
  expect(created.status).toBe(201);
  const chart = (created.body as { id: number }).id;
  const tracks = (
    (await admin.call('GET', '/v4/catalog/tracks/?per_page=4&order_by=id')).body as { results: { id: number }[] }
  ).results.map((t) => t.id);
  expect(
    (await admin.call('PUT', `/v4/catalog/charts/${chart}/tracks/`, { body: { track_ids: tracks }, headers: { 'x-brand': 'brand:dance' } }))
      .status,
  ).toBe(200);

  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!,
  );
  await openFromSearch(page, gotoConsole, 'charts', chart);
  await page.locator('#field-title').fill('E2E Chart Renamed');
  await page.locator('#field-description').fill('The best of the week');
  await page.locator('#field-partner_exclusive').click();
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');
  await page.reload();
  await expect(page.locator('#field-title')).toHaveValue('E2E Chart Renamed');
  await expect(page.locator('#field-description')).toHaveValue('The best of the week');
  await expect(page.locator('#field-partner_exclusive')).toHaveAttribute('aria-checked', 'true');
  // §9: the title is at most 45 characters.
  await page.locator('#field-title').fill('x'.repeat(46));
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('error-title')).toHaveText('Ensure this field has no more than 45 characters.');
  await page.reload();

  await openTab(page, 'Tracks');
  const handles = page.getByTestId('reorder-handle');
  await expect(handles).toHaveCount(tracks.length);
  await moveFirstTrackToThird(page);
  const expected = [tracks[1], tracks[2], tracks[0], ...tracks.slice(3)];
  const titles = page.getByTestId('track-title');
  await expect
    .poll(() => titles.evaluateAll((els) => els.map((e) => e.getAttribute('href'))))
    .toEqual(expected.map((id) => `/catalog/tracks/${id}`));
  await expect(page.getByTestId('track-position')).toHaveText(expected.map((_, i) => String(i + 1)));
  await page
    .getByTestId('chart-tracks')
    .getByRole('button', { name: /^Remove / })
    .last()
    .click();
  await bothWidths(page, 'chart tracks');
  await page.getByTestId('save-order').click();
  await expect(page.getByTestId('save-order')).toBeDisabled();
  const after = (
    (await admin.call('GET', `/v4/catalog/charts/${chart}/tracks/`, { headers: { 'x-brand': 'brand:dance' } })).body as {
      results: { id: number; position: number }[];
    }
  ).results;
  expect(after.map((t) => [t.id, t.position])).toEqual(expected.slice(0, -1).map((id, i) => [id, i + 1]));
  await page.reload();
  await openTab(page, 'Tracks');
  await expect(page.getByTestId('track-position')).toHaveText(expected.slice(0, -1).map((_, i) => String(i + 1)));
});

test("a chart writer uploads a chart's image on its Image tab: any JPEG or PNG, its centre stored as a square", async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(join(homedir(), 'chart-e2e-'));
  try {
    writeFileSync(
      join(folder, 'wide.png'),
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 10, g: 140, b: 90 } } })
        .png()
        .toBuffer(),
    );
    const chart = (
      (await admin.call('POST', '/v4/catalog/charts/', { body: { title: 'E2E Image Chart' }, headers: { 'x-brand': 'brand:dance' } }))
        .body as { id: number }
    ).id;
    await signIn(
      page,
      gotoConsole,
      SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!,
      `/catalog/charts/${chart}?tab=image`,
    );
    await page.getByRole('button', { name: 'Upload image…' }).click();
    await browseTo(page, [basename(folder), 'wide.png']);
    const img = page.getByTestId('record-image');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(CHART_IMAGE_SIDE);
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalHeight)).toBe(CHART_IMAGE_SIDE);
    const { row } = await getObject(admin, `/v4/catalog/charts/${chart}/`);
    expect(row.image_url).toBe(`/v4/catalog/charts/${chart}/image/`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a chart mapped to a curated playlist on its Curated Playlist tab, remapped and unmapped; the playlist shows its tracks and the chart', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  const dance = { headers: { 'x-brand': 'brand:dance' } };
  const chart = (
    (await admin.call('POST', '/v4/catalog/charts/', { body: { title: 'E2E Mapped Chart' }, ...dance })).body as { id: number }
  ).id;
  const playlists: number[] = [];
  for (const name of ['E2E Mapped Playlist', 'E2E Other Playlist']) {
    playlists.push(
      ((await admin.call('POST', '/v4/catalog/playlists/', { body: { name, is_curated: true }, ...dance })).body as { id: number }).id,
    );
  }
  const tracks = (
    (await admin.call('GET', '/v4/catalog/tracks/?per_page=3&order_by=id')).body as { results: { id: number }[] }
  ).results.map((t) => t.id);
  expect(
    (await admin.call('PUT', `/v4/catalog/playlists/${playlists[0]}/tracks/bulk/`, { body: { track_ids: tracks }, ...dance })).status,
  ).toBe(200);

  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!,
    `/catalog/charts/${chart}`,
  );
  await openTab(page, 'Curated Playlist');
  await expect(page.getByText('This chart has no mapped curated playlist')).toBeVisible();
  await chooseBySearch(page, 'chart-playlist-choice', 'E2E Mapped Playlist');
  await page.getByTestId('save-mapping').click();
  await expect(page.getByTestId('mapped-playlist')).toHaveText('E2E Mapped Playlist');
  await bothWidths(page, 'chart curated playlist tab');
  await page.reload();
  await expect(page.getByTestId('mapped-playlist')).toHaveText('E2E Mapped Playlist');
  await chooseBySearch(page, 'chart-playlist-choice', 'E2E Other Playlist');
  await page.getByTestId('save-mapping').click();
  await expect(page.getByTestId('mapped-playlist')).toHaveText('E2E Other Playlist');
  await page.getByTestId('unmap-playlist').click();
  await expect(page.getByText('This chart has no mapped curated playlist')).toBeVisible();
  expect(
    ((await admin.call('GET', `/v4/catalog/charts/${chart}/playlist-mappings/`, dance)).body as { results: unknown[] }).results,
  ).toEqual([]);
  await chooseBySearch(page, 'chart-playlist-choice', 'E2E Mapped Playlist');
  await page.getByTestId('save-mapping').click();
  await page.getByTestId('mapped-playlist').click();

  await expect(page).toHaveURL(new RegExp(`/catalog/playlists/${playlists[0]}$`));
  // The chart's page (which has a Tracks tab too) may still show while the playlist's loads.
  await expect(page.getByTestId('record-playlists')).toBeVisible();
  await openTab(page, 'Tracks');
  await expect(page.getByTestId('track-position')).toHaveText(tracks.map((_, i) => String(i + 1)));
  await moveFirstTrackToThird(page);
  await page.getByTestId('save-order').click();
  await expect(page.getByTestId('save-order')).toBeDisabled();
  const after = ((await admin.call('GET', `/v4/catalog/playlists/${playlists[0]}/tracks/`, dance)).body as { results: { id: number }[] })
    .results;
  expect(after.map((t) => t.id)).toEqual([tracks[1], tracks[2], tracks[0]]);
  await bothWidths(page, 'playlist tracks tab');
  await openTab(page, 'Mapped Charts');
  await expect(page.getByTestId('mapped-charts')).toContainText('E2E Mapped Chart');
  await bothWidths(page, 'playlist mapped charts tab');
});

test('a genre and a link partner open from search and are edited by admin: saved and seen after a reload', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!,
  );
  for (const [type, field, value] of [
    ['genres', 'name', 'E2E Genre'],
    ['link_partners', 'url', 'https://partner.example/e2e'],
  ] as const) {
    const path = type === 'genres' ? '/v4/catalog/genres/' : '/v4/catalog/link-partners/';
    const list = await admin.call('GET', `${path}?per_page=1&order_by=-id`);
    expect(list.status, path).toBe(200);
    const row = (list.body as { results: { id: number }[] }).results[0];
    await openFromSearch(page, gotoConsole, type, row.id);
    await page.locator(`#field-${field}`).fill(value);
    await page.getByTestId('save-record').click();
    await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');
    await page.reload();
    await expect(page.locator(`#field-${field}`)).toHaveValue(value);
    await bothWidths(page, `${type} record`);
  }
});

test("a genre's sub-genres on its Sub-genres tab: admin adds one, a taken name refused with its message, renamed, removed", async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  const genre = ((await admin.call('GET', '/v4/catalog/genres/?per_page=1&order_by=-id')).body as { results: { id: number }[] }).results[0]
    .id;
  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!,
    `/catalog/genres/${genre}`,
  );
  await openTab(page, 'Sub-genres');
  await page.locator('#sub-genre-name').fill('E2E Sub');
  await page.getByTestId('add-sub-genre').click();
  await expect(page.getByTestId('sub-genre-name').filter({ hasText: /^E2E Sub$/ })).toBeVisible();
  await page.locator('#sub-genre-name').fill('e2e sub');
  await page.getByTestId('add-sub-genre').click();
  await expect(page.getByTestId('sub-genre-error')).toContainText(SUB_GENRE_TAKEN_MSG);
  await bothWidths(page, 'genre sub-genres tab');
  await page.getByRole('button', { name: 'Rename E2E Sub' }).click();
  await page.getByLabel('New name for E2E Sub').fill('E2E Sub Renamed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.reload();
  await expect(page.getByTestId('sub-genre-name').filter({ hasText: 'E2E Sub Renamed' })).toBeVisible();
  const subs = ((await admin.call('GET', `/v4/catalog/genres/${genre}/sub-genres/`)).body as { results: { name: string }[] }).results;
  expect(subs.map((s) => s.name)).toContain('E2E Sub Renamed');
  await page.getByRole('button', { name: 'Remove E2E Sub Renamed' }).click();
  await expect(page.getByTestId('sub-genre-name').filter({ hasText: 'E2E Sub Renamed' })).toHaveCount(0);
});

test("a playlist's link partners on its Partners tab: one added by search, saved, seen after a reload, removed", async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  const dance = { headers: { 'x-brand': 'brand:dance' } };
  const playlist = (
    (await admin.call('POST', '/v4/catalog/playlists/', { body: { name: 'E2E Partnered Playlist', is_curated: true }, ...dance })).body as {
      id: number;
    }
  ).id;
  const partner = (
    (await admin.call('GET', '/v4/catalog/link-partners/?per_page=1&order_by=id')).body as { results: { id: number; name: string }[] }
  ).results[0];
  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!,
    `/catalog/playlists/${playlist}`,
  );
  await openTab(page, 'Partners');
  await chooseBySearch(page, 'playlist-add-partner', partner.name);
  await page.getByTestId('save-partners').click();
  await expect(page.getByTestId('save-partners')).toBeDisabled();
  await bothWidths(page, 'playlist partners tab');
  await page.reload();
  await expect(page.getByTestId('partner-name')).toHaveText([partner.name]);
  const saved = ((await admin.call('GET', `/v4/catalog/playlists/${playlist}/partners/`, dance)).body as { results: { id: number }[] })
    .results;
  expect(saved.map((p) => p.id)).toEqual([partner.id]);
  await page.getByRole('button', { name: `Remove ${partner.name}` }).click();
  await page.getByTestId('save-partners').click();
  await expect(page.getByText('This playlist has no link partners')).toBeVisible();
});
