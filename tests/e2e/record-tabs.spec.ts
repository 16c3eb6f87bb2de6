/**
 * The track and release sub-resource tabs end to end in Chromium against the sandbox API:
 * content ops adds and removes a songwriter, replaces a track's publishers, re-encodes a
 * release and sees the job finish (main's job poller) and a track's audio files, sets a
 * publish time across the daylight-saving change and sees it back, allows a region; a
 * supplier sees them read-only. Cover art is uploaded through main (picked in main's
 * folder browser, as the browser host has no native dialog): a 400x400 image is refused
 * with the §5 rule, a 1600x1600 one becomes the shown cover; a track's preview loads in
 * an <audio> element from main's media URL. On the DJ brand, a DJ edit whose parent is
 * hidden says "Cannot show DJ track: …" word for word, and content ops makes a DJ edit;
 * support staff's downloads come through main; a supplier gets neither.
 * Every new tab through axe.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { BRAND_DJ, BRAND_NAMES } from '../../shared/access';
import { MEDIA_PATH } from '../../shared/bridge/transport';
import { MSG } from '../../shared/messages';
import { UI_TEXT } from '../../shared/ui-texts';
import { PKG_MSG } from '../../shared/packaging/messages';
import { formatFileSize } from '../../shared/search/format';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { signInElsewhere } from './helpers/other-client';
import { browseTo } from './helpers/folder-browser';
import { account, adminElsewhere, choose, chooseBySearch, expectAccessible, getObject, listRows, openTab } from './helpers/records';
import { chooseOption, switchBrand } from './helpers/select';

const admin = adminElsewhere();

const names = async (path: string) => (await listRows(admin, path)).map((r) => r.name);

test("content ops adds and removes a songwriter and replaces a track's publishers", async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const [track] = await listRows(admin, '/v4/catalog/releases/1/tracks/');
  const songwriters = `/v4/catalog/tracks/${track.id}/songwriters/`;
  const before = await names(songwriters);

  await signIn(page, gotoConsole, account('contentops'), `/catalog/tracks/${track.id}`);
  await expect(page.getByTestId('record-tracks')).toBeVisible();
  await openTab(page, 'Songwriters');
  await expect(page.getByTestId('add-songwriter')).toBeVisible();
  await expectAccessible(page, 'songwriters tab');

  // Nothing chosen: the §5 words, nothing sent.
  await page.getByLabel('Songwriter name').fill('E2E Writer');
  await page.getByTestId('add-songwriter').click();
  await expect(page.getByText('Please select a valid option from the list')).toBeVisible();
  await chooseOption(page, page.locator('#songwriter-type'), 'Lyricist');
  await page.getByTestId('add-songwriter').click();
  await expect(page.getByTestId('songwriter-name').filter({ hasText: 'E2E Writer' })).toBeVisible();
  await expect(page.getByLabel('Songwriter name')).toHaveValue('');
  const added = (await listRows(admin, songwriters)).find((s) => s.name === 'E2E Writer');
  expect(added).toMatchObject({ songwriter_type: { name: 'Lyricist' } });

  await page.getByRole('button', { name: 'Remove songwriter E2E Writer' }).click();
  await expect(page.getByTestId('songwriter-name').filter({ hasText: 'E2E Writer' })).toHaveCount(0);
  expect(await names(songwriters)).toEqual(before);

  await openTab(page, 'Publishers');
  await expect(page.getByTestId('publishers-editor')).toBeVisible();
  await expectAccessible(page, 'publishers tab');
  while (await page.getByRole('button', { name: /^Remove publisher/ }).count()) {
    await page
      .getByRole('button', { name: /^Remove publisher/ })
      .first()
      .click();
  }
  for (const name of ['E2E North', 'E2E South']) {
    await page.getByTestId('add-publisher').click();
    await page
      .getByRole('textbox', { name: /^Publisher \d+$/ })
      .last()
      .fill(name);
  }
  await page.getByRole('button', { name: 'Move publisher 2 up' }).click();
  await page.getByTestId('save-publishers').click();
  await expect(page.getByTestId('save-publishers')).toBeDisabled();
  await expect(page.getByTestId('publishers-error')).toHaveCount(0);
  expect(await names(`/v4/catalog/tracks/${track.id}/publishers/`)).toEqual(['E2E South', 'E2E North']);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Publisher 1', exact: true })).toHaveValue('E2E South');
  await expect(page.getByRole('textbox', { name: 'Publisher 2', exact: true })).toHaveValue('E2E North');
});

test('content ops re-encodes a release and sees the job finish', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  await signIn(page, gotoConsole, account('contentops'), '/catalog/releases/1');
  await expect(page.getByTestId('record-releases')).toBeVisible();
  await page.getByTestId('reencode-button').click();
  await expect(page.getByTestId('reencode-progress')).toBeVisible();
  await expect(page.getByTestId('reencode-progress')).toContainText(/Re-encoded \d+ tracks?/, { timeout: 60_000 });
  await expect(page.getByTestId('reencode-error')).toHaveCount(0);
  await expect(page.getByTestId('reencode-button')).toBeEnabled();
  // expectAccessible moves the pointer off the button and waits for antd's colour fade to end before axe reads the colours.
  await expectAccessible(page, 're-encode finished');
  const release = (await admin.call('GET', '/v4/catalog/releases/1/')).body as { encode_status: string };
  expect(release.encode_status).toBe('CONVERTED');
  await expect(page.getByTestId('status-tag').first()).toHaveText('CONVERTED');

  // A track of it: its audio files with their §9 format names and sizes.
  const [track] = await listRows(admin, '/v4/catalog/releases/1/tracks/');
  const files = (await admin.call('GET', `/v4/catalog/tracks/${track.id}/audio-files/`)).body as {
    results: { format: string; size_bytes: number }[];
  };
  expect(files.results.length).toBeGreaterThan(0);
  await gotoConsole(page, `/catalog/tracks/${track.id}?tab=audio-files`);
  await expect(page.getByTestId('audio-format')).toHaveCount(files.results.length);
  await expect(page.getByTestId('audio-size').first()).toHaveText(formatFileSize(files.results[0].size_bytes));
  await expect(page.getByTestId('audio-files')).toContainText('Stored');
  await expectAccessible(page, 'audio files tab');
});

test('content ops sets a publish time across the daylight-saving change, sees it back, and allows a region', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  const tracks = await listRows(admin, '/v4/catalog/releases/1/tracks/');
  const track = tracks[tracks.length > 1 ? 1 : 0];
  const [country] = await listRows(admin, '/v4/auxiliary/countries/');
  await signIn(page, gotoConsole, account('contentops'), `/catalog/tracks/${track.id}?tab=territories`);
  await expect(page.getByTestId('territories-summary')).toBeVisible();
  await expect(page.getByTestId('publish-times-form')).toBeVisible();
  await expectAccessible(page, 'territories tab');

  await chooseBySearch(page, 'times-countries', String(country.name));
  await page.keyboard.press('Escape');
  await choose(page, 'times-model', 'Download');
  // 02:30 on 9 March 2025 does not exist in Denver (clocks skip from 02:00 to 03:00).
  await page.getByTestId('time-publish').fill('2025-03-09T02:30');
  await page.getByTestId('save-times').click();
  await expect(page.getByText('2025-03-09T02:30 does not exist in America/Denver', { exact: false })).toBeVisible();
  // Publish just after the change (MDT, -06:00), pre-order the day before (MST, -07:00).
  await page.getByTestId('time-publish').fill('2025-03-09T03:30');
  await page.getByTestId('time-pre_order').fill('2025-03-08T01:30');
  await page.getByTestId('save-times').click();
  const row = page
    .getByTestId('publish-dates')
    .locator('tr', { hasText: String(country.name) })
    .filter({ hasText: 'Download' });
  await expect(row).toContainText('03/09/2025 03:30 (UTC-06:00)');
  await expect(row).toContainText('03/08/2025 01:30 (UTC-07:00)');
  await expect(page.getByTestId('times-error')).toHaveCount(0);
  const stored = (await admin.call('GET', `/v4/catalog/tracks/${track.id}/countries-publish-date/`)).body as {
    results: { country: { id: number }; commercial_model_type: { name: string }; publish_at: string; pre_order_at: string }[];
  };
  const saved = stored.results.find((r) => r.country.id === country.id && r.commercial_model_type.name === 'Download')!;
  expect(new Date(saved.publish_at).toISOString()).toBe('2025-03-09T09:30:00.000Z');
  expect(new Date(saved.pre_order_at).toISOString()).toBe('2025-03-08T08:30:00.000Z');
  await page.reload();
  await expect(
    page
      .getByTestId('publish-dates')
      .locator('tr', { hasText: String(country.name) })
      .filter({ hasText: 'Download' }),
  ).toContainText('03/09/2025 03:30 (UTC-06:00)');

  await page.getByTestId('allowed-regions').getByLabel('Europe').check();
  await page.getByTestId('save-countries').click();
  await expect(page.getByTestId('territories-summary')).toContainText(/^Sold in \d+ of \d+ countries\.$/);
  const summary = (await admin.call('GET', `/v4/catalog/tracks/${track.id}/countries-allowed/regional-summary/`)).body as {
    restricted: boolean;
    results: { region: string; allowed: number; total: number }[];
  };
  expect(summary.restricted).toBe(true);
  const europe = summary.results.find((r) => r.region === 'Europe')!;
  expect(europe.allowed).toBe(europe.total);

  // The same tabs on a phone: axe, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['Territories & Publish Dates', 'Songwriters', 'Publishers', 'Audio Files']) {
    await openTab(page, tab);
    await expect(page.locator('.loading-view, .list-skeleton')).toHaveCount(0);
    await expectAccessible(page, `${tab} at 390`);
  }
});

test('a supplier sees songwriters and publishers read-only, and no re-encode', async ({ page, gotoConsole, consoleHost }) => {
  test.setTimeout(120_000);
  const supplier = account('supplier');
  const own = await signInElsewhere(consoleHost, supplier.username, supplier.password);
  try {
    const [mine] = await listRows(own, '/v4/catalog/tracks/?per_page=1&order_by=id');
    await admin.call('PUT', `/v4/catalog/tracks/${mine.id}/publishers/`, { body: { names: ['Supplier Pub'] } });
    await signIn(page, gotoConsole, supplier, `/catalog/tracks/${mine.id}?tab=publishers`);
    await expect(page.getByTestId('publisher-name')).toHaveText(['Supplier Pub']);
    await expect(page.getByTestId('record-tracks').getByRole('textbox')).toHaveCount(0);
    await expect(page.getByTestId('reencode-button')).toHaveCount(0);
    await expectAccessible(page, 'supplier publishers');
    await openTab(page, 'Songwriters');
    await expect(page.getByTestId('track-songwriters')).toBeVisible();
    await expect(page.getByTestId('add-songwriter')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove songwriter/ })).toHaveCount(0);
    await expectAccessible(page, 'supplier songwriters');
    await openTab(page, 'Audio Files');
    await expect(page.getByTestId('audio-files').or(page.getByText('This track has no audio files yet'))).toBeVisible();
    await expectAccessible(page, 'supplier audio files');
    await openTab(page, 'Territories & Publish Dates');
    await expect(page.getByTestId('territories-summary')).toBeVisible();
    await expect(page.getByTestId('save-times')).toHaveCount(0);
    await expect(page.getByTestId('save-countries')).toHaveCount(0);
    await expectAccessible(page, 'supplier territories');
    await openTab(page, 'DJ Edits');
    await expect(page.getByTestId('dj-edits-tab')).toBeVisible();
    await expect(page.getByTestId('make-dj-edit')).toHaveCount(0);
    await expectAccessible(page, 'supplier DJ edits');
    await openTab(page, 'Support Downloads');
    await expect(page.getByText(UI_TEXT.supportDownloadsStaffOnly)).toBeVisible();
    await expect(page.getByTestId('support-downloads')).toHaveCount(0);
  } finally {
    await own.end();
  }
});

test.describe('cover art and the preview player', () => {
  // The images live under the home folder, where the host's folder browser lists.
  let folder: string;
  test.beforeAll(async () => {
    folder = mkdtempSync(join(homedir(), 'cover-e2e-'));
    const square = (side: number) =>
      sharp({ create: { width: side, height: side, channels: 3, background: { r: 30, g: 120, b: 200 } } })
        .png()
        .toBuffer();
    writeFileSync(join(folder, 'small.png'), await square(400));
    writeFileSync(join(folder, 'big.png'), await square(1600));
  });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('content ops uploads cover art: 400x400 is refused with the §5 rule, 1600x1600 shows as the new cover', async ({
    page,
    gotoConsole,
  }) => {
    test.setTimeout(120_000);
    const release = 2;
    await signIn(page, gotoConsole, account('contentops'), `/catalog/releases/${release}?tab=cover-art`);
    await expect(page.getByTestId('cover-art-tab')).toBeVisible();

    await page.getByRole('button', { name: 'Upload cover art…' }).click();
    await browseTo(page, [basename(folder), 'small.png']);
    await expect(page.getByTestId('cover-art-error')).toHaveText(PKG_MSG.coverArtTooSmall);
    await expectAccessible(page, 'cover art refused');

    await page.getByRole('button', { name: 'Upload cover art…' }).click();
    await browseTo(page, [basename(folder), 'big.png']);
    await expect(page.getByTestId('cover-art-default')).toHaveText('1400×1400');
    await expect(page.getByTestId('cover-art-original')).toHaveText('1600×1600');
    await expect(page.getByTestId('cover-art-error')).toHaveCount(0);
    const img = page.getByTestId('cover-art-image');
    // The image comes from main's media route on the console's own origin, decoded at the §9 crop's size.
    await expect(img).toHaveAttribute('src', new RegExp(`^${MEDIA_PATH}[A-Za-z0-9_-]{43}$`));
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1400);
    const images = (await admin.call('GET', `/v4/catalog/releases/${release}/images/`)).body as {
      results: { variant: string; width: number }[];
    };
    expect(images.results.map((i) => [i.variant, i.width])).toEqual([
      ['original', 1600],
      ['default', 1400],
    ]);
    // Without a ticket main serves nothing.
    expect(await page.evaluate(async (p) => (await fetch(`${p}not-a-ticket`)).status, MEDIA_PATH)).toBe(404);
    await expectAccessible(page, 'cover art at 1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'cover art at 390');
  });

  test("a track's preview loads in the Audio Files tab from main, without the token in the page", async ({ page, gotoConsole }) => {
    test.setTimeout(120_000);
    const [track] = await listRows(admin, '/v4/catalog/releases/1/tracks/');
    await signIn(page, gotoConsole, account('contentops'), `/catalog/tracks/${track.id}?tab=audio-files`);
    const audio = page.getByTestId('audio-preview');
    await expect(audio).toHaveAttribute('src', new RegExp(`^${MEDIA_PATH}`));
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 20_000 }).toBeGreaterThan(0);
    // Nothing the page holds carries a bearer token: it stays in main.
    const held = await page.evaluate(() =>
      [
        document.documentElement.outerHTML,
        JSON.stringify({ ...sessionStorage }),
        JSON.stringify({ ...localStorage }),
        document.cookie,
      ].join('\n'),
    );
    expect(held).not.toMatch(/bearer|access_token|eyJ[\w-]+\.[\w-]+\./i);
    await expectAccessible(page, 'audio preview at 1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'audio preview at 390');
  });
});

test('on the DJ brand, a DJ edit of a hidden track says so word for word, and content ops makes a DJ edit', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  // The seed makes every 101st track a DJ edit of the track three before it.
  const edit = (await getObject(admin, '/v4/catalog/tracks/101/')).row;
  expect(edit.is_dj_edit).toBe(true);
  const parent = (await admin.call('GET', '/v4/catalog/tracks/101/dj-edit-source/')).body as { id: number };
  const { etag } = await getObject(admin, `/v4/catalog/tracks/${parent.id}/`);
  expect(
    (await admin.call('PATCH', `/v4/catalog/tracks/${parent.id}/`, { body: { hidden: true }, headers: { 'if-match': etag } })).status,
  ).toBe(200);

  await signIn(page, gotoConsole, account('contentops'));
  await switchBrand(page, BRAND_NAMES[BRAND_DJ]);
  await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[BRAND_DJ]);
  await gotoConsole(page, '/catalog/tracks/101?tab=dj-edits');
  await expect(page.getByTestId('dj-edit-source')).toBeVisible();
  await expect(page.getByTestId('dj-parent-hidden')).toHaveText(MSG.djTrackParentHidden);
  await expect(page.getByTestId('make-dj-edit')).toHaveCount(0);
  await expectAccessible(page, 'DJ edit of a hidden track');

  // The parent lists its DJ edits; content ops makes another and lands on it.
  await page.getByTestId('dj-edit-source').click();
  await expect(page).toHaveURL(new RegExp(`/catalog/tracks/${parent.id}`));
  await openTab(page, 'DJ Edits');
  await expect(page.getByTestId('dj-edits')).toContainText(String(edit.title));
  await page.getByLabel('DJ Edit Mix Name').fill('E2E Edit');
  await expectAccessible(page, 'make a DJ edit');
  await page.getByRole('button', { name: 'Make DJ Edit' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/catalog/tracks/${parent.id}(\\?|$)`));
  const made = await listRows(admin, `/v4/catalog/tracks/${parent.id}/dj-edit/`);
  const fresh = made.find((r) => r.mix_name === 'E2E Edit');
  expect(fresh).toMatchObject({ is_dj_edit: true, hidden: true, enabled: false });
  await expect(page).toHaveURL(new RegExp(`/catalog/tracks/${fresh!.id}`));
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoConsole(page, `/catalog/tracks/${parent.id}?tab=dj-edits`);
  await expect(page.getByTestId('dj-edits')).toContainText('E2E Edit');
  await expectAccessible(page, 'DJ edits at 390');
});

test("content ops downloads a track's file from the Support Downloads tab through main", async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const [track] = await listRows(admin, '/v4/catalog/releases/1/tracks/');
  const files = (await admin.call('GET', `/v4/catalog/tracks/${track.id}/support-downloads/`)).body as {
    results: { file_name: string; size_bytes: number }[];
  };
  expect(files.results.length).toBeGreaterThan(0);
  await signIn(page, gotoConsole, account('contentops'), `/catalog/tracks/${track.id}?tab=support-downloads`);
  await expect(page.getByTestId('support-download-name')).toHaveText(files.results.map((f) => f.file_name));
  await expectAccessible(page, 'support downloads at 1440');
  const [file] = files.results;
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${file.file_name}` }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(file.file_name);
  expect(new URL(download.url()).pathname).toMatch(new RegExp(`^${MEDIA_PATH}`));
  const path = await download.path();
  expect(statSync(path).size).toBe(file.size_bytes);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'support downloads at 390');
});
