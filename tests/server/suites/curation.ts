/**
 * Curation on PGlite and on a PostgreSQL server: creating pages on the active brand
 * (spec §6: on the dance-music brand only Landing Page), URL slugs unique per brand and
 * checked as typed, the §5 date messages, the §9 name length, deleting a page with its
 * modules and items (history row "delete"). Each test works on pages it creates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAGE_TYPES } from '../../../shared/access';
import sharp from 'sharp';
import { pathOf } from '../../../shared/api/endpoint';
import { CURATION_MSG, moduleImageEndpoints } from '../../../shared/api/endpoints';
import { IMAGE_CROPS, LIMITS, MAX_LEN } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import { api, signIn, type RunningServer } from '../helpers';

const typeId = (name: string) => ALL_PAGE_TYPES.indexOf(name) + 1;
const LANDING = typeId('Landing Page');
const GENRE_PAGE = typeId('Genre Page');
/** The item type of a plain link item (an image required). */
const ITEM_LINK = 8;

export function curationSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(get(), a.username, a.password)).access_token);
  });
  const as =
    (username: string, brand: string) =>
    (path: string, init: Parameters<typeof api>[3] = {}) =>
      api(get(), tokens.get(username)!, path, { ...init, headers: { 'x-brand': brand, ...init.headers } });
  let n = 0;
  const slug = () => `curation-suite-${Date.now().toString(36)}-${++n}`;
  const create = (who: string, brand: string, body: Record<string, unknown>) =>
    as(who, brand)('/v4/curation/pages/', { method: 'POST', body });

  describe('create a page', () => {
    it('is created on the active brand with a history row, and answers as GET by id with its ETag', async () => {
      const s = slug();
      const r = await create('curation', 'brand:dj', { name: 'Genre Week', slug: s, page_type_id: GENRE_PAGE, show_primary_nav: false });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({
        name: 'Genre Week',
        slug: s,
        page_type: { id: GENRE_PAGE, name: 'Genre Page' },
        show_primary_nav: false,
      });
      expect(r.headers.get('etag')).toBe(`"v${r.body.version as number}"`);
      const [row] = await get().db.query<{ brand: string }>('select brand from pages where id = $1', [r.body.id]);
      expect(row.brand).toBe('brand:dj');
      const h = await get().db.query<{ action: string; changes: Record<string, { new: unknown }> }>(
        "select action, changes from record_history where entity = 'pages' and entity_id = $1",
        [r.body.id],
      );
      expect(h.map((x) => [x.action, x.changes.slug?.new])).toEqual([['create', s]]);
      // The other brand does not see it.
      expect((await as('curation', 'brand:dance')(`/v4/curation/pages/${r.body.id as number}/`)).status).toBe(404);
    });

    it('on the dance-music brand only Landing Page (spec §6), at creation and by PATCH', async () => {
      const refused = await create('marketing', 'brand:dance', { name: 'Home', slug: slug(), page_type_id: typeId('Home Page') });
      expect([refused.status, refused.body]).toEqual([400, { page_type_id: [MSG.selectFromList] }]);
      const ok = await create('marketing', 'brand:dance', { name: 'Landing', slug: slug(), page_type_id: LANDING });
      expect(ok.status).toBe(201);
      const p = await as('marketing', 'brand:dance')(`/v4/curation/pages/${ok.body.id as number}/`, {
        method: 'PATCH',
        body: { page_type_id: GENRE_PAGE },
        headers: { 'if-match': ok.headers.get('etag')! },
      });
      expect([p.status, p.body]).toEqual([400, { page_type_id: [MSG.selectFromList] }]);
      // A type that is not in the list at all is refused the same way.
      const none = await create('curation', 'brand:dj', { name: 'X', slug: slug(), page_type_id: 99 });
      expect([none.status, none.body]).toEqual([400, { page_type_id: [MSG.selectFromList] }]);
    });

    it('needs a name (at most 255), a slug and a page type; dates in order with the §5 words', async () => {
      const missing = await create('curation', 'brand:dj', { name: 'No slug', page_type_id: LANDING });
      expect([missing.status, Object.keys(missing.body)]).toEqual([400, ['slug']]);
      const long = await create('curation', 'brand:dj', { name: 'x'.repeat(MAX_LEN.pageName + 1), slug: slug(), page_type_id: LANDING });
      expect([long.status, Object.keys(long.body)]).toEqual([400, ['name']]);
      const bad = await create('curation', 'brand:dj', { name: 'Bad slug', slug: 'Not A Slug', page_type_id: LANDING });
      expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['slug']]);
      const dates = await create('curation', 'brand:dj', {
        name: 'Dates',
        slug: slug(),
        page_type_id: LANDING,
        start_date: '2026-05-02',
        end_date: '2026-05-01',
      });
      expect([dates.status, dates.body]).toEqual([400, { start_date: [MSG.startBeforeEnd] }]);
      const open = await create('curation', 'brand:dj', {
        name: 'Open ended',
        slug: slug(),
        page_type_id: LANDING,
        start_date: '2026-05-02',
      });
      expect(open.status).toBe(201);
    });

    it('a URL slug is unique per brand: a second one is a 409 naming it; the check answers as typed', async () => {
      const s = slug();
      const first = await create('curation', 'brand:dj', { name: 'First', slug: s, page_type_id: LANDING });
      expect(first.status).toBe(201);
      const again = await create('curation', 'brand:dj', { name: 'Second', slug: s, page_type_id: LANDING });
      expect([again.status, Object.keys(again.body)]).toEqual([409, ['slug']]);
      // The other brand may use it.
      expect((await create('curation', 'brand:dance', { name: 'Other brand', slug: s, page_type_id: LANDING })).status).toBe(201);
      const check = (q: string, brand = 'brand:dj') => as('curation', brand)(`/v4/curation/pages/slug-check/?${q}`);
      expect((await check(`slug=${s}`)).body).toEqual({ slug: s, available: false });
      expect((await check(`slug=${s}&exclude=${first.body.id as number}`)).body).toEqual({ slug: s, available: true });
      expect((await check(`slug=${s}-free`)).body).toEqual({ slug: `${s}-free`, available: true });
      const malformed = await check('slug=Not%20A%20Slug');
      expect([malformed.status, Object.keys(malformed.body)]).toEqual([400, ['slug']]);
    });
  });

  describe('delete a page', () => {
    it('removes the page with its modules and items in one go, keeps a history row "delete"; then 404', async () => {
      const r = await create('curation', 'brand:dj', { name: 'To delete', slug: slug(), page_type_id: LANDING });
      const id = r.body.id as number;
      const [m] = await get().db.query<{ id: number }>(
        "insert into page_modules (page_id, name, module_type_id, slot) values ($1, 'm', 1, 'left') returning id",
        [id],
      );
      await get().db.query('insert into page_module_items (module_id, position, item_type_id, item_id) values ($1, 1, 1, 1)', [m.id]);
      const del = await as('curation', 'brand:dj')(`/v4/curation/pages/${id}/`, { method: 'DELETE' });
      expect(del.status).toBe(204);
      const left = await get().db.query(
        'select 1 from pages where id = $1 union all select 1 from page_modules where id = $2 union all select 1 from page_module_items where module_id = $2',
        [id, m.id],
      );
      expect(left).toEqual([]);
      const [h] = await get().db.query<{ action: string; changes: Record<string, { old: unknown; new: unknown }> }>(
        "select action, changes from record_history where entity = 'pages' and entity_id = $1 order by id desc limit 1",
        [id],
      );
      expect([h.action, h.changes.name]).toEqual(['delete', { old: 'To delete', new: null }]);
      expect((await as('curation', 'brand:dj')(`/v4/curation/pages/${id}/`, { method: 'DELETE' })).status).toBe(404);
    });

    it('a page of another brand is 404 and nothing is deleted; staff outside the §6 list (content ops) are 403', async () => {
      const r = await create('curation', 'brand:dj', { name: 'Kept', slug: slug(), page_type_id: LANDING });
      const id = r.body.id as number;
      expect((await as('marketing', 'brand:dance')(`/v4/curation/pages/${id}/`, { method: 'DELETE' })).status).toBe(404);
      expect((await as('contentops', 'brand:dj')(`/v4/curation/pages/${id}/`, { method: 'DELETE' })).status).toBe(403);
      expect(await get().db.query('select 1 from pages where id = $1', [id])).toHaveLength(1);
    });
  });

  describe('page modules and their items', () => {
    const ITEM = { Track: 1, Release: 2, Artist: 5, Label: 6, YouTube: 7, Link: 8 } as const;
    async function newModule(brand = 'brand:dj') {
      const pg = await create('curation', brand, { name: 'Module page', slug: slug(), page_type_id: LANDING });
      const m = await as('curation', brand)('/v4/curation/page-modules/', {
        method: 'POST',
        body: { page_id: pg.body.id, name: 'Picks', module_type_id: 2, slot: 'left', sponsored_item: 'Sponsor', guest_pick: 'DJ Dana' },
      });
      expect(m.status, JSON.stringify(m.body)).toBe(201);
      return m.body as { id: number; version: number; page: { id: number } };
    }
    const items = (id: number) => as('curation', 'brand:dj')(`/v4/curation/page-modules/${id}/items/`);
    const add = (id: number, body: Record<string, unknown>) =>
      as('curation', 'brand:dj')(`/v4/curation/page-modules/${id}/items/`, { method: 'POST', body });

    it('a module is created on a page the caller sees, with every field; a page of another brand is refused', async () => {
      const m = await newModule();
      expect(m).toMatchObject({
        name: 'Picks',
        slot: 'left',
        module_type: { id: 2 },
        sponsored_item: 'Sponsor',
        guest_pick: 'DJ Dana',
        item_count: 0,
      });
      const other = await create('curation', 'brand:dance', { name: 'Dance page', slug: slug(), page_type_id: LANDING });
      const r = await as('curation', 'brand:dj')('/v4/curation/page-modules/', {
        method: 'POST',
        body: { page_id: other.body.id, name: 'x', module_type_id: 1, slot: 'left' },
      });
      expect([r.status, r.body]).toEqual([400, { page_id: [MSG.selectFromList] }]);
      const badType = await as('curation', 'brand:dj')('/v4/curation/page-modules/', {
        method: 'POST',
        body: { page_id: m.page.id, name: 'x', module_type_id: 99, slot: 'left' },
      });
      expect([badType.status, badType.body]).toEqual([400, { module_type_id: [MSG.selectFromList] }]);
      const badSlot = await as('curation', 'brand:dj')('/v4/curation/page-modules/', {
        method: 'POST',
        body: { page_id: m.page.id, name: 'x', module_type_id: 1, slot: 'footer' },
      });
      expect([badSlot.status, Object.keys(badSlot.body)]).toEqual([400, ['slot']]);
    });

    it('catalogue items need a visible object; the others an image, a YouTube video a URL too (spec §5)', async () => {
      const m = await newModule();
      expect((await add(m.id, { item_type_id: ITEM.Track })).body).toEqual({ item_id: [CURATION_MSG.itemRequired] });
      expect((await add(m.id, { item_type_id: ITEM.Track, item_id: 999_999_999 })).body).toEqual({ item_id: [MSG.selectFromList] });
      expect((await add(m.id, { item_type_id: ITEM.Link })).body).toEqual({ image_url: [CURATION_MSG.imageRequired] });
      expect((await add(m.id, { item_type_id: ITEM.YouTube, image_url: 'https://img.example/a.jpg' })).body).toEqual({
        url: [CURATION_MSG.urlRequired],
      });
      const t = await add(m.id, { item_type_id: ITEM.Track, item_id: 1, end_date: '2030-01-01' });
      expect(t.status, JSON.stringify(t.body)).toBe(201);
      expect(t.body).toMatchObject({ position: 1, item_type: { id: ITEM.Track, name: 'Track' }, item: { id: 1 }, end_date: '2030-01-01' });
      expect(typeof (t.body.item as { name: unknown }).name).toBe('string');
      const y = await add(m.id, {
        item_type_id: ITEM.YouTube,
        image_url: 'https://img.example/a.jpg',
        url: 'https://youtube.com/watch?v=x',
      });
      expect([y.status, y.body.position, y.body.item]).toEqual([201, 2, null]);
      const dates = await add(m.id, {
        item_type_id: ITEM.Link,
        image_url: 'https://img.example/b.jpg',
        start_date: '2030-02-02',
        end_date: '2030-02-01',
      });
      expect([dates.status, dates.body]).toEqual([400, { start_date: [MSG.startBeforeEnd] }]);
      expect((await items(m.id)).body.results?.map((i) => i.position)).toEqual([1, 2]);
    });

    it('an Artist item names an artist and a Label item a label: saved by item_id, answered with the name, no image needed', async () => {
      const m = await newModule();
      const artists = await as('curation', 'brand:dj')('/v4/catalog/artists/?per_page=1');
      const labels = await as('curation', 'brand:dj')('/v4/catalog/labels/?per_page=1');
      const artist = (artists.body.results as { id: number; name: string }[])[0]!;
      const label = (labels.body.results as { id: number; name: string }[])[0]!;
      expect((await add(m.id, { item_type_id: ITEM.Artist })).body).toEqual({ item_id: [CURATION_MSG.itemRequired] });
      expect((await add(m.id, { item_type_id: ITEM.Label, item_id: 999_999_999 })).body).toEqual({ item_id: [MSG.selectFromList] });
      const a = await add(m.id, { item_type_id: ITEM.Artist, item_id: artist.id });
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      expect(a.body).toMatchObject({ item_type: { id: ITEM.Artist, name: 'Artist' }, item: { id: artist.id, name: artist.name } });
      const l = await add(m.id, { item_type_id: ITEM.Label, item_id: label.id });
      expect(l.status, JSON.stringify(l.body)).toBe(201);
      expect(l.body).toMatchObject({ item_type: { id: ITEM.Label, name: 'Label' }, item: { id: label.id, name: label.name } });
      expect((await items(m.id)).body.results?.map((i) => (i.item as { name: string }).name)).toEqual([artist.name, label.name]);
    });

    it(`at most ${LIMITS.pageModuleItems} items: the next is refused with the spec's text, and nothing is added`, async () => {
      const m = await newModule();
      await get().db.query(
        'insert into page_module_items (module_id, position, item_type_id, item_id) select $1, g, 1, 1 from generate_series(1, $2::int) g',
        [m.id, LIMITS.pageModuleItems - 1],
      );
      expect((await add(m.id, { item_type_id: ITEM.Track, item_id: 2 })).status).toBe(201);
      const over = await add(m.id, { item_type_id: ITEM.Track, item_id: 3 });
      expect([over.status, over.body]).toEqual([400, { items: [MSG.itemLimitExceeded] }]);
      expect((await items(m.id)).body.count).toBe(LIMITS.pageModuleItems);
    });

    it('the new order is saved in one request of track-position items; anything but the full order 1..N is refused', async () => {
      const m = await newModule();
      for (const id of [1, 2, 3]) await add(m.id, { item_type_id: ITEM.Track, item_id: id });
      const before = (await items(m.id)).body.results!.map((i) => i.id as number);
      const order = (ids: number[], moduleId = m.id) => ids.map((id, i) => ({ id, track_position: { id: moduleId, position: i + 1 } }));
      const put = (body: unknown) => as('curation', 'brand:dj')(`/v4/curation/page-modules/${m.id}/items/order/`, { method: 'PUT', body });
      const moved = [before[2]!, before[0]!, before[1]!];
      const r = await put(order(moved));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results!.map((i) => i.id)).toEqual(moved);
      expect((await put(order(moved.slice(0, 2)))).body).toEqual({ items: [CURATION_MSG.order] });
      expect((await put(order(moved, m.id + 1))).body).toEqual({ track_position: [CURATION_MSG.orderModule] });
      expect((await put(order([moved[0]!, moved[0]!, moved[1]!]))).status).toBe(400);
      // Removing an item renumbers the rest.
      expect((await as('curation', 'brand:dj')(`/v4/curation/page-modules/${m.id}/items/${moved[0]!}/`, { method: 'DELETE' })).status).toBe(
        204,
      );
      expect((await items(m.id)).body.results!.map((i) => [i.id, i.position])).toEqual([
        [moved[1], 1],
        [moved[2], 2],
      ]);
    });

    it("deleting a module takes its items; another brand's module is 404; staff outside §6 are 403", async () => {
      const m = await newModule();
      await add(m.id, { item_type_id: ITEM.Track, item_id: 1 });
      expect((await as('marketing', 'brand:dance')(`/v4/curation/page-modules/${m.id}/`, { method: 'DELETE' })).status).toBe(404);
      expect((await as('contentops', 'brand:dj')(`/v4/curation/page-modules/${m.id}/items/`)).status).toBe(403);
      expect((await as('curation', 'brand:dj')(`/v4/curation/page-modules/${m.id}/`, { method: 'DELETE' })).status).toBe(204);
      expect(await get().db.query('select 1 from page_module_items where module_id = $1', [m.id])).toEqual([]);
      expect((await items(m.id)).status).toBe(404);
    });
  });

  describe('page module images: uploaded, then cropped to the §9 crop of the module (moduleImageCrop)', () => {
    const MODULE_TYPE = { Slideshow: 1, TrackList: 2, Banner: 5 } as const;
    const png = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 90 } } })
        .png()
        .toBuffer();
    async function moduleOn(pageType: string, moduleType: number, slot: string) {
      const pg = await create('curation', 'brand:dj', { name: 'Image page', slug: slug(), page_type_id: typeId(pageType) });
      const m = await as('curation', 'brand:dj')('/v4/curation/page-modules/', {
        method: 'POST',
        body: { page_id: pg.body.id, name: 'Images', module_type_id: moduleType, slot },
      });
      expect(m.status, JSON.stringify(m.body)).toBe(201);
      return m.body.id as number;
    }
    const upload = (id: number, body: Buffer | string, type = 'image/png', who = 'curation', brand = 'brand:dj') =>
      fetch(`${get().api}${pathOf(moduleImageEndpoints.upload, { id })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.get(who)!}`, 'content-type': type, 'x-brand': brand },
        body: typeof body === 'string' ? body : new Uint8Array(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    const crop = (id: number, name: string, rect: unknown) =>
      as('curation', 'brand:dj')(`/v4/curation/page-modules/${id}/images/${name}/crop/`, { method: 'POST', body: rect });

    const CASES: [string, number, string, keyof typeof IMAGE_CROPS][] = [
      ['Landing Page', MODULE_TYPE.TrackList, 'header', 'landingHeader'],
      ['Landing Page', MODULE_TYPE.TrackList, 'left', 'landingLeft'],
      ['Landing Page', MODULE_TYPE.TrackList, 'right', 'iabRectangle'],
      ['Home Page', MODULE_TYPE.TrackList, 'header', 'homeLarge'],
      ['Home Page', MODULE_TYPE.TrackList, 'left', 'homeSmall'],
      ['Genre Page', MODULE_TYPE.TrackList, 'header', 'chartsGenreLarge'],
      ['Genre Page', MODULE_TYPE.TrackList, 'left', 'crossMerchandising'],
      ['Genre Page', MODULE_TYPE.Slideshow, 'header', 'largeSlideshow'],
      ['Home Page', MODULE_TYPE.Banner, 'right', 'unrestrictedHeight'],
      ['Artist Page', MODULE_TYPE.TrackList, 'header', 'default'],
    ];
    it.each(CASES)('%s, module type %i in the %s slot: the crop is %s, at its pixel size', async (pageType, moduleType, slot, key) => {
      const id = await moduleOn(pageType, moduleType, slot);
      const up = await upload(id, await png(2400, 1500));
      const [w, h] = IMAGE_CROPS[key];
      expect([up.status, up.body.width, up.body.height, up.body.crop]).toEqual([201, 2400, 1500, { key, width: w, height: h }]);
      const c = await crop(id, up.body.name as string, { x: 100, y: 50, width: 1200, height: Math.round((1200 * h) / w) });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      expect([c.body.width, c.body.height]).toEqual([w, h]);
      // The stored file is a JPEG of the crop's size, served by the URL an item is added with.
      const file = await fetch(`${get().api}${c.body.image_url as string}`, {
        headers: { authorization: `Bearer ${tokens.get('curation')!}`, 'x-brand': 'brand:dj' },
      });
      expect(file.status).toBe(200);
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', w, h]);
      const item = await as('curation', 'brand:dj')(`/v4/curation/page-modules/${id}/items/`, {
        method: 'POST',
        body: { item_type_id: ITEM_LINK, image_url: c.body.image_url },
      });
      expect([item.status, item.body.image_url]).toEqual([201, c.body.image_url]);
    });

    it('a rectangle outside the image, or not whole pixels, is a 400 naming its field; nothing is stored', async () => {
      const id = await moduleOn('Landing Page', MODULE_TYPE.TrackList, 'left');
      const up = await upload(id, await png(800, 600));
      const name = up.body.name as string;
      const cases: [unknown, string][] = [
        [{ x: 800, y: 0, width: 10, height: 10 }, 'x'],
        [{ x: 0, y: 600, width: 10, height: 10 }, 'y'],
        [{ x: 100, y: 0, width: 701, height: 10 }, 'width'],
        [{ x: 0, y: 100, width: 10, height: 501 }, 'height'],
        [{ x: -1, y: 0, width: 10, height: 10 }, 'x'],
        [{ x: 0, y: 0, width: 0, height: 10 }, 'width'],
        [{ x: 0, y: 0, width: 10.5, height: 10 }, 'width'],
        [{ x: 0, y: 0, width: 10 }, 'height'],
      ];
      for (const [rect, field] of cases) {
        const r = await crop(id, name, rect);
        expect([r.status, Object.keys(r.body)], JSON.stringify(rect)).toEqual([400, [field]]);
      }
      expect((await crop(id, name, { x: 0, y: 0, width: 10, height: 10, z: 1 })).status).toBe(400);
      expect((await crop(id, 'crop-00000000-0000-0000-0000-000000000000-jpg', { x: 0, y: 0, width: 10, height: 10 })).status).toBe(400);
      expect((await crop(id, 'upload-00000000-0000-0000-0000-000000000000-png', { x: 0, y: 0, width: 10, height: 10 })).status).toBe(404);
      // A name that is not an image's is no path of this API (404, as malformed path parameters are).
      expect((await crop(id, 'upload-not-a-uuid-png', { x: 0, y: 0, width: 10, height: 10 })).status).toBe(404);
    });

    it("uploads: not an image is 400 naming image, another content type 400 or 415; another brand's module 404; staff outside §6 403", async () => {
      const id = await moduleOn('Landing Page', MODULE_TYPE.TrackList, 'left');
      const bad = await upload(id, 'not an image');
      expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['image']]);
      expect((await upload(id, 'x', 'text/plain')).status).toBe(400);
      expect((await upload(id, 'x', 'application/octet-stream')).status).toBe(415);
      expect((await upload(id, await png(10, 10), 'image/png', 'marketing', 'brand:dance')).status).toBe(404);
      expect((await upload(id, await png(10, 10), 'image/png', 'contentops', 'brand:dj')).status).toBe(403);
      expect(
        (await as('curation', 'brand:dj')(`/v4/curation/page-modules/${id}/images/upload-00000000-0000-0000-0000-000000000000-png/`))
          .status,
      ).toBe(404);
    });
  });

  describe('live stream stages', () => {
    async function stream(enabled: boolean, stages: number) {
      const [ls] = await get().db.query<{ id: number; version: number }>(
        "insert into live_streams (brand, name, enabled) values ('brand:dj', 'Suite stream', $1) returning id, version",
        [enabled],
      );
      if (stages)
        await get().db.query(
          "insert into live_stream_stages (live_stream_id, name, number) select $1, 'S' || g, g from generate_series(1, $2::int) g",
          [ls!.id, stages],
        );
      return ls!;
    }
    const put = (id: number, stages: unknown[], who = 'curation') =>
      as(who, 'brand:dj')(`/v4/catalog/live-streams/${id}/stages/`, { method: 'PUT', body: { stages } });
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `Stage ${i + 1}`, number: i + 1 }));

    it("at most five stages, with the spec's text; replaced whole, by number, with a history row", async () => {
      const ls = await stream(false, 0);
      expect([(await put(ls.id, six)).status, (await put(ls.id, six)).body]).toEqual([400, { stages: [MSG.liveStages] }]);
      const ok = await put(ls.id, [
        { name: 'Main', number: 2 },
        { name: 'Second', number: 1 },
      ]);
      expect([ok.status, ok.body.results?.map((s) => [s.number, s.name])]).toEqual([
        200,
        [
          [1, 'Second'],
          [2, 'Main'],
        ],
      ]);
      expect(
        (
          await put(ls.id, [
            { name: 'a', number: 1 },
            { name: 'b', number: 1 },
          ])
        ).status,
      ).toBe(400);
      expect((await as('curation', 'brand:dj')(`/v4/catalog/live-streams/${ls.id}/stages/`)).body.count).toBe(2);
      const [h] = await get().db.query<{ changes: Record<string, unknown> }>(
        "select changes from record_history where entity = 'live_streams' and entity_id = $1",
        [ls.id],
      );
      expect(Object.keys(h!.changes)).toEqual(['stages']);
    });

    it('an enabled stream needs at least one stage (spec §5): enabling without one, or removing the last, is refused', async () => {
      const bare = await stream(false, 0);
      const r = await as('curation', 'brand:dj')(`/v4/catalog/live-streams/${bare.id}/`, {
        method: 'PATCH',
        body: { enabled: true },
        headers: { 'if-match': `"v${bare.version}"` },
      });
      expect([r.status, r.body]).toEqual([400, { enabled: [CURATION_MSG.stageRequired] }]);
      const on = await stream(true, 1);
      expect([(await put(on.id, [])).status, (await put(on.id, [])).body]).toEqual([400, { stages: [CURATION_MSG.stageRequired] }]);
      const staged = await stream(false, 1);
      const ok = await as('curation', 'brand:dj')(`/v4/catalog/live-streams/${staged.id}/`, {
        method: 'PATCH',
        body: { enabled: true },
        headers: { 'if-match': `"v${staged.version}"` },
      });
      expect(ok.status).toBe(200);
      expect((await put(on.id, [{ name: 'x', number: 1 }], 'marketing')).status).toBe(403);
    });
  });
}
