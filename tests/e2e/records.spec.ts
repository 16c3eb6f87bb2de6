/**
 * The record pages end to end in Chromium against the sandbox API (issue "Record pages
 * and editors"): as admin and as content ops, a release and a track opened from search,
 * one field of each kind changed, saved, and seen again after a reload; a value over
 * its limit; a second client saving first (412) with the user's edits kept; History with
 * both changes; create from /create; a supplier's read-only track and another supplier's
 * 404; bulk edit of 200 tracks through the preview; a release's tracks reordered; every
 * screen through axe and without sideways scroll at 1440 and 390 px.
 */
import { EXCLUSIVE_PERIODS, MAX_LEN } from '../../shared/constants';
import type { SandboxAccount } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { shot } from './helpers/shots';
import { signIn } from './helpers/sign-in';
import { signInElsewhere } from './helpers/other-client';
import {
  account,
  adminElsewhere,
  choose,
  chooseBySearch,
  expectAccessible,
  getObject,
  listRows,
  moveFirstTrackToThird,
  openFromSearch,
  saveAndWait,
  typeDate,
} from './helpers/records';

const admin = adminElsewhere();

for (const [username, releaseIndex] of [
  ['admin', 2],
  ['contentops', 3],
] as const) {
  test(`${username}: a release and a track opened from search, one field of each kind changed, saved, and seen after a reload`, async ({
    page,
    gotoConsole,
  }) => {
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
      catalog_number: `E2E-${username}`,
      exclusive_period: period.days,
      street_date: '2025-05-06',
      is_explicit: !release.is_explicit,
      label: { id: label.id },
    });
    // History names the reference it changed (the label), not its id.
    await page.getByRole('tab', { name: 'History' }).click();
    const labelChange = page.getByTestId('history-entry').first().locator('tr', { hasText: 'Label' });
    await expect(labelChange).toContainText(`${String((release.label as { name: string }).name)}${String(label.name)}`);
    await expect(page.getByTestId('history-entry').first().locator('tr', { hasText: 'Artists' })).toContainText(String(artist.name));

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
      mix_name: `Mix by ${username}`,
      bpm: 131,
      key: { id: key.id },
      publish_date: '2025-07-08',
      hidden: !track.hidden,
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
  await shot(page, `record-limit-error.png`, { fullPage: true });
  await page.getByTestId('discard-record').click();
});

test('a second client saves first: the 412 keeps the edits field by field, saves against the new version, and History shows both changes', async ({
  page,
  gotoConsole,
  consoleHost,
}) => {
  test.setTimeout(120_000);
  const [, track] = await listRows(admin, '/v4/catalog/tracks/?per_page=2&order_by=-id');
  await signIn(page, gotoConsole, account('contentops'));
  await openFromSearch(page, gotoConsole, 'tracks', track.id);
  await page.locator('#field-mix_name').fill('Mine');
  await page.locator('#field-bpm').fill('140');

  // Another device saves first (admin, elsewhere).
  const { etag } = await getObject(admin, `/v4/catalog/tracks/${track.id}/`);
  const other = await admin.call('PATCH', `/v4/catalog/tracks/${track.id}/`, {
    body: { mix_name: 'Theirs', label_track_id: 'LT-THEIRS' },
    headers: { 'if-match': etag },
  });
  expect(other.status).toBe(200);

  await page.getByTestId('save-record').click();
  const panel = page.getByTestId('stale-edits');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('mine-mix_name')).toHaveText('Mine');
  await expect(panel.getByTestId('theirs-mix_name')).toHaveText('Theirs');
  await expect(panel.getByTestId('mine-bpm')).toHaveCount(0);
  // Nothing typed is lost; what the other client changed alone is taken.
  await expect(page.locator('#field-mix_name')).toHaveValue('Mine');
  await expect(page.locator('#field-bpm')).toHaveValue('140');
  await expect(page.locator('#field-label_track_id')).toHaveValue('LT-THEIRS');
  await shot(page, `record-stale-edits-1440.png`, { fullPage: true });
  await expectAccessible(page, 'stale edits at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'stale edits at 390');
  await shot(page, `record-stale-edits-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Theirs, then mine again: the choice is the user's, field by field.
  await panel.getByTestId('choose-mix_name').getByText('Theirs').click();
  await expect(page.locator('#field-mix_name')).toHaveValue('Theirs');
  await panel.getByTestId('choose-mix_name').getByText('Mine').click();
  await saveAndWait(page);
  await expect(panel).toHaveCount(0);
  expect((await getObject(admin, `/v4/catalog/tracks/${track.id}/`)).row).toMatchObject({
    mix_name: 'Mine',
    bpm: 140,
    label_track_id: 'LT-THEIRS',
  });

  await page.getByRole('tab', { name: 'History' }).click();
  const entries = page.getByTestId('history-entry');
  await expect(entries.first()).toContainText('by contentops');
  await expect(entries.first()).toContainText('Mix Name');
  await expect(entries.first().locator('tr', { hasText: 'Mix Name' })).toContainText(['Theirs', 'Mine'].join(''));
  await expect(entries.first().locator('tr', { hasText: 'BPM' })).toContainText(`${track.bpm ?? '—'}140`);
  await expect(entries.nth(1)).toContainText('by admin');
  await expect(entries.nth(1).locator('tr', { hasText: 'Mix Name' })).toContainText(`${track.mix_name ?? '—'}Theirs`);
  await expect(entries.nth(1).locator('tr', { hasText: 'Label Track ID' })).toContainText('LT-THEIRS');
  await shot(page, `record-history.png`, { fullPage: true });
  await expectAccessible(page, 'history');
  void consoleHost;
});

test('create a release and a track from /create: each opens once created', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const [label] = await listRows(admin, '/v4/catalog/labels/?per_page=1&order_by=id');
  const title = `Created Release ${Date.now()}`;
  await signIn(page, gotoConsole, account('admin'), '/create');
  await page.getByTestId('create-type').getByText('New release').click();
  // The type is in the URL: the release form replaces the first type's once the navigation is
  // done (a submit before that, on a busy machine, went to the form being replaced).
  await expect(page).toHaveURL(/[?&]type=releases\b/);
  await expect(page.getByTestId('create-releases')).toBeVisible();
  // Required fields are checked before anything is sent.
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('error-title')).toHaveText('This field may not be blank.');
  await expectAccessible(page, 'create release');
  await shot(page, `create-release-1440.png`, { fullPage: true });
  await page.locator('#field-title').fill(title);
  await chooseBySearch(page, 'field-label_id', String(label.name));
  // The form starts from the declaration's defaults: Lifetime shown is Lifetime created.
  await expect(page.getByTestId('field-exclusive_period')).toContainText('Lifetime');
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/\/catalog\/releases\/\d+$/);
  await expect(page.getByTestId('record-title')).toHaveText(title);
  const releaseId = Number(new URL(page.url()).pathname.split('/').pop());
  expect((await getObject(admin, `/v4/catalog/releases/${releaseId}/`)).row).toMatchObject({
    title,
    label: { id: label.id },
    exclusive_period: null,
  });

  await gotoConsole(page, '/create?type=tracks');
  await expect(page.getByTestId('create-tracks')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'create track at 390');
  await shot(page, `create-track-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await chooseBySearch(page, 'field-release_id', title);
  await page.locator('#field-title').fill('Created Track');
  await page.locator('#field-mix_name').fill('Original Mix');
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/\/catalog\/tracks\/\d+$/);
  await expect(page.getByTestId('record-title')).toHaveText('Created Track');
  await expect(page.getByTestId('read-only-fields')).toContainText(title);
  const trackId = Number(new URL(page.url()).pathname.split('/').pop());
  // No audio yet (§4): created hidden and disabled, as the form showed.
  expect((await getObject(admin, `/v4/catalog/tracks/${trackId}/`)).row).toMatchObject({
    title: 'Created Track',
    mix_name: 'Original Mix',
    release: { id: releaseId },
    position: 1,
    hidden: true,
    enabled: false,
  });
});

test("a supplier opens its own track read-only and gets the 404 page for another supplier's", async ({
  page,
  gotoConsole,
  consoleHost,
}) => {
  const supplier = account('supplier');
  const own = await signInElsewhere(consoleHost, supplier.username, supplier.password);
  try {
    const [mine] = await listRows(own, '/v4/catalog/tracks/?per_page=1&order_by=id');
    const mineIds = new Set((await listRows(own, '/v4/catalog/tracks/?per_page=200&order_by=id')).map((t) => t.id));
    const theirs = (await listRows(admin, '/v4/catalog/tracks/?per_page=200&order_by=id')).find((t) => !mineIds.has(t.id))!;
    expect((await own.call('GET', `/v4/catalog/tracks/${theirs.id}/`)).status).toBe(404);

    await signIn(page, gotoConsole, supplier, `/catalog?type=tracks&title=${encodeURIComponent(String(mine.title))}`);
    await page.getByTestId('search-results').locator(`a[href="/catalog/tracks/${mine.id}"]`).first().click();
    await expect(page.getByTestId('record-title')).toHaveText(String(mine.title));
    await expect(page.getByTestId('read-only')).toBeVisible();
    await expect(page.getByTestId('save-record')).toHaveCount(0);
    await expect(page.getByTestId('record-tracks').getByRole('textbox')).toHaveCount(0);
    await expect(page.getByTestId('read-only-fields')).toContainText(String(mine.title));
    await expectAccessible(page, 'supplier read-only track');
    await shot(page, `record-supplier-read-only.png`, { fullPage: true });

    await gotoConsole(page, `/catalog/tracks/${theirs.id}`);
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByTestId('record-tracks')).toHaveCount(0);
  } finally {
    await own.end();
  }
});

test('bulk edit of 200 tracks: preview before → after, a refused row left out, then applied all at once', async ({ page, gotoConsole }) => {
  test.setTimeout(180_000);
  const rows = await listRows(admin, '/v4/catalog/tracks/?per_page=200&order_by=id');
  expect(rows).toHaveLength(200);
  await signIn(page, gotoConsole, account('contentops'), '/catalog?type=tracks&per_page=200&order_by=id');
  await expect(page.getByText(/^[\d,]+ results$/)).toBeVisible();
  await page.getByTestId('search-results').locator('thead .ant-checkbox-input').click();
  await expect(page.getByTestId('bulk-count')).toHaveText('200 selected');

  // Someone changes one of them after it was selected: that row is stale.
  const first = await getObject(admin, `/v4/catalog/tracks/${rows[0].id}/`);
  expect(
    (
      await admin.call('PATCH', `/v4/catalog/tracks/${rows[0].id}/`, {
        body: { label_track_id: 'LT-MOVED' },
        headers: { 'if-match': first.etag },
      })
    ).status,
  ).toBe(200);

  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Edit fields' }).click();
  await choose(page, 'bulk-fields', 'BPM');
  await page.locator('#field-bulk-bpm').fill('77');
  await page.getByTestId('bulk-preview').click();
  await expect(page.getByTestId('bulk-summary')).toContainText('199 of 200 tracks change; 1 would be refused.');
  await expect(page.getByTestId('bulk-refused').first()).toContainText('Changed since selected');
  await expect(page.getByTestId('bulk-change').first()).toContainText('→ 77');
  await expect(page.getByTestId('bulk-apply')).toBeDisabled();
  await shot(page, `bulk-preview-1440.png`);
  await expectAccessible(page, 'bulk preview');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'bulk preview at 390');
  await shot(page, `bulk-preview-390.png`);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('bulk-leave-out').click();
  await expect(page.getByTestId('bulk-summary')).toContainText('199 of 199 tracks change; 0 would be refused.');
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByText('199 tracks changed')).toBeVisible();
  await expect(page.getByTestId('bulk-edit')).toHaveCount(0);
  const after = await listRows(admin, '/v4/catalog/tracks/?per_page=200&order_by=id');
  expect(after.filter((r) => r.bpm === 77).map((r) => r.id)).toEqual(rows.slice(1).map((r) => r.id));
  expect(after[0].bpm).toBe(rows[0].bpm);
});

test("reorder a release's tracks with the keyboard: the moved track takes its place, the others renumbered, saved in one request", async ({
  page,
  gotoConsole,
}) => {
  const [release] = await listRows(admin, '/v4/catalog/releases/?per_page=1&order_by=-id&title=Aurora');
  const before = (await listRows(admin, `/v4/catalog/releases/${release.id}/tracks/`)).map((t) => t.id);
  expect(before.length).toBeGreaterThanOrEqual(3);
  await signIn(page, gotoConsole, account('admin'), `/catalog/releases/${release.id}?tab=tracks`);
  const handles = page.getByTestId('reorder-handle');
  await expect(handles).toHaveCount(before.length);
  await expectAccessible(page, 'release tracks');
  // Space picks the first track up, two arrows move it to position 3 (announced), Space drops it.
  await moveFirstTrackToThird(page);
  const expected = [before[1], before[2], before[0], ...before.slice(3)];
  const titles = page.getByTestId('track-title');
  await expect
    .poll(() => titles.evaluateAll((els) => els.map((e) => e.getAttribute('href'))))
    .toEqual(expected.map((id) => `/catalog/tracks/${id}`));
  await expect(page.getByTestId('track-position')).toHaveText(expected.map((_, i) => String(i + 1)));
  await shot(page, `release-tracks-reordered.png`, { fullPage: true });
  await page.getByTestId('save-order').click();
  await expect(page.getByTestId('save-order')).toBeDisabled();
  const after = await listRows(admin, `/v4/catalog/releases/${release.id}/tracks/`);
  expect(after.map((t) => [t.id, t.position])).toEqual(expected.map((id, i) => [id, i + 1]));
});

test('every record screen (each tab; a note added) passes axe and has no sideways scroll at 1440 and 390 px', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  const [release] = await listRows(admin, '/v4/catalog/releases/?per_page=1&order_by=id');
  const [track] = await listRows(admin, `/v4/catalog/releases/${release.id}/tracks/`);
  await signIn(page, gotoConsole, account('admin'));
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    for (const [name, path, tabs] of [
      ['release', `/catalog/releases/${release.id}`, ['Details', 'Tracks', 'Notes', 'History']],
      ['track', `/catalog/tracks/${track.id}`, ['Details', 'Artists & Remixers', 'Notes', 'History']],
    ] as const) {
      // One record after the other inside the signed-in console (no page load each time).
      await gotoConsole.within!(page, path);
      await expect(page.getByTestId('record-title')).toBeVisible();
      for (const tab of tabs) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expect(page.locator('.loading-view, .list-skeleton')).toHaveCount(0);
        if (tab === 'Notes' && name === 'release' && width === 1440) {
          await page.getByLabel('New note').fill('Cover art to follow from the label.');
          await page.getByRole('button', { name: 'Add note' }).click();
          await expect(page.getByTestId('note').first()).toContainText('Cover art to follow from the label.');
          await expect(page.getByTestId('note').first()).toContainText('admin');
        }
        await expectAccessible(page, `${name} ${tab} at ${width}`);
        await shot(page, `record-${name}-${tab.replace(/\W+/g, '-').toLowerCase()}-${width}.png`, { fullPage: true });
      }
    }
  }
});
