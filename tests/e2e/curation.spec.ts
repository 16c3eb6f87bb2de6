/**
 * Curation end to end in Chromium against the sandbox API (issue 17): pages created,
 * edited and deleted from the console; a marketing user on the dance-music brand is
 * offered only Landing Page (§6); the URL slug checked as typed; the §5 date words; a
 * page's slots with the modules placed in each and their §9 item counts; a landing page
 * built with a module in each slot; live streams created across the March daylight-saving
 * change (MST then MDT, the API's instants), visible now (§4), deleted; a vendor created,
 * renamed and deleted; every new screen through axe and without sideways scroll at 1440 and 390 px.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { MSG } from '../../shared/messages';
import { CURATION_MSG } from '../../shared/api/endpoints';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { shot } from './helpers/shots';
import { signIn } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { browseTo } from './helpers/folder-browser';
import { IMAGE_CROPS } from '../../shared/constants';
import {
  choose,
  chooseBySearch,
  expectAccessible,
  getObject,
  keyboardSensorListening,
  listRows,
  resizeViewport,
  typeDate,
} from './helpers/records';
import { LIVE_NEXT_STEP, LIVE_VISIBLE_TAGS, PAGE_SLOT_LABELS, mountainDay, recordRoute } from '../../shared/records';
import { zonedWallClock } from '../../shared/api/zoned-time';
import { LIVE_TIME_ZONE } from '../../shared/constants';
import { OPEN_DROPDOWN } from './helpers/select';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

let curation: OtherClient;
test.beforeAll(async ({ consoleHost }) => {
  curation = await signInElsewhere(consoleHost, 'curation', 'sandbox-curation');
});
test.afterAll(async () => {
  await curation?.end();
});

test('a marketing user on the dance-music brand is offered only Landing Page', async ({ page, gotoConsole }) => {
  await signIn(page, gotoConsole, account('marketing'), '/create?type=pages');
  await expect(page.getByTestId('create-pages')).toBeVisible();
  await page.locator('#field-page_type_id').click();
  await expect(page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`)).toHaveText(['Landing Page']);
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'create page at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'create page at 390');
  await shot(page, `create-page-390.png`, { fullPage: true });
});

test('curation builds a page: slug checked as typed, dates in order, created, its slots shown, edited, deleted', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  // curation's first brand is the DJ store, whose seed has page-1.
  const [taken] = await listRows(curation, '/v4/curation/pages/?per_page=1&order_by=id');
  const slug = `e2e-page-${Date.now()}`;
  await signIn(page, gotoConsole, account('curation'), '/create?type=pages');
  // The dates first: Enter in a date field submits the form, refused here while the required fields are empty.
  await typeDate(page, 'field-start_date', '06/10/2026');
  await typeDate(page, 'field-end_date', '06/01/2026');
  await page.locator('#field-name').fill('E2E Landing');
  await page.locator('#field-slug').fill(String(taken.slug));
  await expect(page.getByTestId('error-slug')).toHaveText(CURATION_MSG.slugTaken);
  await page.locator('#field-slug').fill(slug);
  await expect(page.getByTestId('error-slug')).toHaveCount(0);
  await choose(page, 'field-page_type_id', 'Genre Page');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('error-start_date')).toHaveText(MSG.startBeforeEnd);
  // Enter in the corrected date submits the form, now valid.
  await typeDate(page, 'field-end_date', '06/30/2026');
  await expect(page).toHaveURL(/\/curation\/pages\/\d+$/);
  await expect(page.getByTestId('record-title')).toHaveText('E2E Landing');
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  expect((await getObject(curation, `/v4/curation/pages/${id}/`)).row).toMatchObject({
    slug,
    page_type: { name: 'Genre Page' },
    start_date: '2026-06-10',
    end_date: '2026-06-30',
  });

  // Editing: another page's slug is refused as typed, the page's own is not.
  await page.locator('#field-slug').fill(String(taken.slug));
  await expect(page.getByTestId('error-slug')).toHaveText(CURATION_MSG.slugTaken);
  await page.locator('#field-slug').fill(slug);
  await expect(page.getByTestId('error-slug')).toHaveCount(0);
  await page.locator('#field-name').fill('E2E Landing (edited)');
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');

  // The page's slots: a new page has none placed; the counts of §9 per viewport class.
  await page.getByRole('tab', { name: 'Slots' }).click();
  await expect(page.getByTestId('slot-header')).toContainText('No modules in this slot');
  await expect(page.getByTestId('slot-left-shows')).toContainText('Phone (portrait) 4');
  await expect(page.getByTestId('slot-left-shows')).toContainText('Large desktop 9');

  // Deleting asks first (the delete theme), then the page is gone.
  await page.getByTestId('delete-record').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('E2E Landing (edited)');
  await expectAccessible(page, 'delete page dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('record-pages')).toBeVisible();
  await page.getByTestId('delete-record').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/curation\?type=pages/);
  expect((await curation.call('GET', `/v4/curation/pages/${id}/`)).status).toBe(404);
});

test('curation builds a landing page through the console: a module created in each slot, each shown in its slot', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(240_000);
  const pageName = `E2E landing ${Date.now()}`;
  await signIn(page, gotoConsole, account('curation'), '/create?type=pages');
  await page.locator('#field-name').fill(pageName);
  await page.locator('#field-slug').fill(`e2e-landing-${Date.now()}`);
  await choose(page, 'field-page_type_id', 'Landing Page');
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/\/curation\/pages\/\d+$/);
  const pageId = Number(new URL(page.url()).pathname.split('/').pop());

  const placed = {
    header: ['Slideshow', 'E2E header slideshow'],
    left: ['Track List', 'E2E left tracks'],
    right: ['Banner', 'E2E right banner'],
  } as const;
  for (const [slot, [type, name]] of Object.entries(placed)) {
    await gotoConsole(page, '/create?type=page_modules');
    await expect(page.getByTestId('create-page_modules')).toBeVisible();
    await chooseBySearch(page, 'field-page_id', pageName);
    await page.locator('#field-name').fill(name);
    await choose(page, 'field-module_type_id', type);
    await choose(page, 'field-slot', PAGE_SLOT_LABELS[slot as keyof typeof PAGE_SLOT_LABELS]);
    await page.getByTestId('create-submit').click();
    await expect(page).toHaveURL(/\/curation\/page-modules\/\d+$/);
    await expect(page.getByTestId('record-title')).toHaveText(name);
  }

  await gotoConsole(page, `/curation/pages/${pageId}?tab=slots`);
  for (const [slot, [, name]] of Object.entries(placed)) {
    await expect(page.getByTestId(`slot-${slot}`)).toContainText(name);
    for (const other of Object.values(placed).filter(([, n]) => n !== name))
      await expect(page.getByTestId(`slot-${slot}`)).not.toContainText(other[1]);
  }
  const modules = await listRows(curation, `/v4/curation/page-modules/?page_id=${pageId}&per_page=50`);
  expect(modules.map((m) => [m.slot, m.name]).sort()).toEqual(
    Object.entries(placed)
      .map(([slot, [, name]]) => [slot, name])
      .sort(),
  );
  await expectAccessible(page, 'built landing page slots at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'built landing page slots at 390');
});

test("a seeded page's slots list the modules placed in each, with their items", async ({ page, gotoConsole }) => {
  const [pg] = await listRows(curation, '/v4/curation/pages/?per_page=1&order_by=id');
  const modules = await listRows(curation, `/v4/curation/page-modules/?page_id=${pg.id}&per_page=50`);
  await signIn(page, gotoConsole, account('curation'), `/curation/pages/${pg.id}?tab=slots`);
  for (const slot of ['header', 'left', 'right']) {
    for (const m of modules.filter((x) => x.slot === slot)) {
      await expect(page.getByTestId(`slot-${slot}`)).toContainText(String(m.name));
    }
  }
  await expectAccessible(page, 'page slots at 1440');
  await shot(page, `page-slots-1440.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'page slots at 390');
  await shot(page, `page-slots-390.png`, { fullPage: true });
});

/** MM/DD/YYYY of the Mountain-time day `n` days from today (the store's day, §9). */
function storeDay(n: number): { shown: string; wire: string } {
  const [y, m, d] = mountainDay(new Date()).split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  const wire = t.toISOString().slice(0, 10);
  return { wire, shown: `${wire.slice(5, 7)}/${wire.slice(8, 10)}/${wire.slice(0, 4)}` };
}

test("a module's items: catalogue and image items added, each one's status, reordered by drag and saved in one request, the 251st refused", async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(240_000);
  const pg = await curation.call('POST', '/v4/curation/pages/', {
    body: { name: 'E2E items page', slug: `e2e-items-${Date.now()}`, page_type_id: 1 },
  });
  expect(pg.status).toBe(201);
  const mod = await curation.call('POST', '/v4/curation/page-modules/', {
    body: { page_id: (pg.body as { id: number }).id, name: 'E2E picks', module_type_id: 2, slot: 'left' },
  });
  expect(mod.status).toBe(201);
  const moduleId = (mod.body as { id: number }).id;
  const [first] = await listRows(curation, '/v4/catalog/tracks/?per_page=1&order_by=id');
  const track = { id: first.id, name: String(first.title) };

  await signIn(page, gotoConsole, account('curation'), `${recordRoute('page_modules', moduleId)}?tab=items`);
  await expect(page.getByTestId('add-item')).toBeVisible();
  // A catalogue item chosen by search, expiring tomorrow.
  await choose(page, 'item-item_type_id', 'Track');
  await chooseBySearch(page, 'item-item_id', track.name);
  await typeDate(page, 'item-end_date', storeDay(1).shown);
  await page.getByTestId('add-item-submit').click();
  await expect(page.getByTestId('item-label')).toHaveText([track.name]);
  // A YouTube item needs an image and a URL (spec §5).
  await choose(page, 'item-item_type_id', 'YouTube Video');
  await page.getByTestId('add-item-submit').click();
  await expect(page.getByTestId('item-error-image_url')).toHaveText(CURATION_MSG.imageRequired);
  await expect(page.getByTestId('item-error-url')).toHaveText(CURATION_MSG.urlRequired);
  await page.locator('#item-image_url').fill('https://img.example/e2e.jpg');
  await page.locator('#item-url').fill('https://www.youtube.com/watch?v=e2e');
  await typeDate(page, 'item-start_date', storeDay(3).shown);
  await page.getByTestId('add-item-submit').click();
  await expect(page.getByTestId('item-label')).toHaveCount(2);
  await expect(page.getByTestId('item-status')).toHaveText(['expires tomorrow', 'enables in 3 days']);
  await expect(page.locator('.ant-btn-loading')).toHaveCount(0);
  // The pointer still rests on the button just clicked (its hover colour is not what is checked).
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'module items at 1440');
  await shot(page, `module-items-1440.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'module items at 390');
  await resizeViewport(page, { width: 1280, height: 800 });

  // Drag the second item above the first with the keyboard (Space, arrow, Space), then save (one PUT of track-position items).
  const handle = page.getByTestId('reorder-handle').nth(1);
  const live = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText('is over position 2');
  await keyboardSensorListening(page);
  await page.keyboard.press('ArrowUp');
  await expect(live).toContainText('is over position 1');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('item-label').first()).toHaveText('https://www.youtube.com/watch?v=e2e');
  await page.getByTestId('save-order').click();
  await expect(page.getByTestId('save-order')).toBeDisabled();
  const items = (await curation.call('GET', `/v4/curation/page-modules/${moduleId}/items/`)).body as {
    results: { url: string | null; position: number }[];
  };
  expect(items.results.map((i) => [i.position, i.url])).toEqual([
    [1, 'https://www.youtube.com/watch?v=e2e'],
    [2, null],
  ]);

  // And back by the mouse: the first item's handle pressed and dragged below the second row (the pointer drag renders nothing while it moves).
  const firstHandle = await page.getByTestId('reorder-handle').first().boundingBox();
  const second = await page.locator('[data-testid="module-items"] tbody tr').nth(1).boundingBox();
  await page.mouse.move(firstHandle!.x + firstHandle!.width / 2, firstHandle!.y + firstHandle!.height / 2);
  await page.mouse.down();
  await page.mouse.move(firstHandle!.x + firstHandle!.width / 2, second!.y + second!.height * 0.75, { steps: 8 });
  await expect(page.getByTestId('drop-marker')).toBeVisible();
  await page.mouse.up();
  await expect(page.getByTestId('pointer-drag-live')).toHaveText('https://www.youtube.com/watch?v=e2e dropped at position 2.');
  await expect(page.getByTestId('drop-marker')).toBeHidden();
  await expect(page.getByTestId('item-label').last()).toHaveText('https://www.youtube.com/watch?v=e2e');
  await page.getByTestId('save-order').click();
  await expect(page.getByTestId('save-order')).toBeDisabled();
  const back = (await curation.call('GET', `/v4/curation/page-modules/${moduleId}/items/`)).body as {
    results: { url: string | null; position: number }[];
  };
  expect(back.results.map((i) => [i.position, i.url])).toEqual([
    [1, null],
    [2, 'https://www.youtube.com/watch?v=e2e'],
  ]);

  // Filled to 250 through the API, the 251st is refused with the spec's text.
  for (let i = items.results.length; i < 250; i++) {
    const r = await curation.call('POST', `/v4/curation/page-modules/${moduleId}/items/`, { body: { item_type_id: 1, item_id: track.id } });
    expect(r.status).toBe(201);
  }
  await page.reload();
  await expect(page.getByTestId('item-count')).toHaveText('250 of 250 items');
  await choose(page, 'item-item_type_id', 'Track');
  await chooseBySearch(page, 'item-item_id', track.name);
  await page.getByTestId('add-item-submit').click();
  await expect(page.getByTestId('item-limit')).toHaveText(MSG.itemLimitExceeded);
  const over = await curation.call('POST', `/v4/curation/page-modules/${moduleId}/items/`, {
    body: { item_type_id: 1, item_id: track.id },
  });
  expect([over.status, over.body]).toEqual([400, { items: [MSG.itemLimitExceeded] }]);
});

test("an image item: an image uploaded through main, cropped to the module's §9 crop (landing left 620×321) on the server, added", async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  // The image lives under the home folder, where the host's folder browser lists.
  const folder = mkdtempSync(join(homedir(), 'module-image-e2e-'));
  try {
    writeFileSync(
      join(folder, 'photo.png'),
      await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 120, b: 200 } } })
        .png()
        .toBuffer(),
    );
    const pg = await curation.call('POST', '/v4/curation/pages/', {
      body: { name: 'E2E image page', slug: `e2e-image-${Date.now()}`, page_type_id: 1 },
    });
    const mod = await curation.call('POST', '/v4/curation/page-modules/', {
      body: { page_id: (pg.body as { id: number }).id, name: 'E2E images', module_type_id: 2, slot: 'left' },
    });
    expect(mod.status).toBe(201);
    const moduleId = (mod.body as { id: number }).id;
    const [w, h] = IMAGE_CROPS.landingLeft;

    await signIn(page, gotoConsole, account('curation'), `${recordRoute('page_modules', moduleId)}?tab=items`);
    await choose(page, 'item-item_type_id', 'External Link');
    await page.getByTestId('module-image-upload').click();
    await browseTo(page, [basename(folder), 'photo.png']);
    const dialog = page.getByRole('dialog', { name: `Crop to Landing Left (${w}×${h})` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('module-image-source')).toHaveText('Uploaded 1600×1000');
    await expect(dialog.locator('.reactEasyCrop_CropArea')).toBeVisible();
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'image cropper at 1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'image cropper at 390');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Zoom in with the keyboard, then crop.
    await dialog.getByRole('slider', { name: 'Zoom' }).focus();
    await page.keyboard.press('ArrowRight');
    await dialog.getByTestId('module-image-crop').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('module-image-size')).toHaveText(`Cropped to ${w}×${h}`);
    await expect.poll(() => page.getByTestId('module-image-preview').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(w);
    await expect(page.locator('#item-image_url')).toHaveValue(
      new RegExp(`^/v4/curation/page-modules/${moduleId}/images/crop-[0-9a-f-]{36}-jpg/$`),
    );
    await page.getByTestId('add-item-submit').click();
    await expect(page.getByTestId('item-label')).toHaveCount(1);
    const items = (await curation.call('GET', `/v4/curation/page-modules/${moduleId}/items/`)).body as {
      results: { image_url: string | null }[];
    };
    expect(items.results[0]!.image_url).toMatch(/\/images\/crop-/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("a live stream's stages: a sixth is refused with the spec's text; five are saved", async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const [ls] = await listRows(curation, '/v4/catalog/live-streams/?per_page=1&order_by=id');
  await signIn(page, gotoConsole, account('curation'), `${recordRoute('live_streams', ls.id)}?tab=stages`);
  await expect(page.getByTestId('live-stages')).toBeVisible();
  const names = page.getByTestId('stage-name');
  while ((await names.count()) < 5) await page.getByTestId('add-stage').click();
  for (let i = 0; i < 5; i++) await names.nth(i).fill(`E2E stage ${i + 1}`);
  await page.getByTestId('add-stage').click();
  await expect(page.getByTestId('stages-error')).toHaveText(MSG.liveStages);
  await expect(names).toHaveCount(5);
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'live stream stages at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'live stream stages at 390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('save-stages').click();
  await expect(page.getByTestId('save-stages')).toBeDisabled();
  const saved = (await curation.call('GET', `/v4/catalog/live-streams/${ls.id}/stages/`)).body as { results: { name: string }[] };
  expect(saved.results.map((s) => s.name)).toEqual([1, 2, 3, 4, 5].map((n) => `E2E stage ${n}`));
});

test('a stream scheduled across the March change shows MST then MDT; visible now once auto enabled over now; deleted', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  await signIn(page, gotoConsole, account('curation'), '/create?type=live_streams');
  await expect(page.getByTestId('create-live_streams')).toBeVisible();
  // Enabled is not offered on create: a new stream has no stage yet (§5).
  await expect(page.getByTestId('create-live_streams').getByTestId('field-enabled')).toHaveCount(0);
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
  expect([row.start_at, row.end_at].map((v) => new Date(v as string).toISOString())).toEqual([
    '2026-03-08T05:00:00.000Z',
    '2026-03-08T10:00:00.000Z',
  ]);
  // Created disabled, and its page says the next step.
  expect(row.enabled).toBe(false);
  await expect(page.getByTestId('live-next-step')).toHaveText(LIVE_NEXT_STEP);

  // The page shows them back as typed, with the abbreviation in force at each.
  await expect(page.locator('#field-start_at')).toHaveValue('2026-03-07 22:00');
  await expect(page.locator('#field-start_at-shown')).toHaveText('03/07/2026 10:00 PM MST');
  await expect(page.locator('#field-end_at-shown')).toHaveText('03/08/2026 04:00 AM MDT');
  await expect(page.getByTestId('status-tag')).toHaveText(LIVE_VISIBLE_TAGS.hidden.text);
  await expectAccessible(page, 'live stream record at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'live stream record at 390');
  await shot(page, `live-stream-390.png`, { fullPage: true });
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
  await signIn(page, gotoConsole, account('curation'), '/create?type=host_vendors');
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
