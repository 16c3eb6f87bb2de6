/**
 * The calls of spec §7 built for issue 27 item 10, on PGlite and on a PostgreSQL server:
 * an order's downloads (GET …/orders/{id}/downloads/), the signed-in user's own billing
 * (GET/PATCH /v4/my/billing/), billing records (GET /v4/billing/), the file classes
 * (GET /v4/fileclasses/), the generic image upload (POST /v4/media/images/ and its GET) and
 * the pipeline status (GET /v4/pipeline/): success, refusal, and 400 on malformed input.
 */
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { FIELD_WRITE_REFUSED } from '../../../shared/access';
import { BILLING_RANGE_MSG, JOB_KINDS, MEDIA_IMAGE_MSG } from '../../../shared/api';
import { ENCODE_STATUSES, RELEASE_STATUSES } from '../../../shared/vocabularies';
import { api, signIn, type RunningServer } from '../helpers';

export function accountsCallsSuite(get: () => RunningServer) {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const u of ['admin', 'support', 'marketing', 'finance', 'contentops', 'labelmgmt', 'curation', 'artist', 'dj']) {
      tokens[u] = (await signIn(get(), u, `sandbox-${u}`)).access_token;
    }
  });

  it('GET …/orders/{id}/downloads/: per item availability, downloadable, times downloaded by format; 403 for non-readers, 404 for none', async () => {
    const db = get().db;
    const [o] = await db.query<{ id: number }>(
      `insert into orders (brand, store, user_id, status, currency) values ('brand:dance', 'music', (select min(id) from users where app is null), 'Complete', 'USD') returning id`,
    );
    const items = (
      await db.query<{ id: number }>(
        'insert into order_items (order_id, track_id, price) select $1, 1, 1.99 from generate_series(1, 3) returning id',
        [o.id],
      )
    )
      .map((i) => i.id)
      .sort((a, b) => a - b);
    await db.query('update order_items set availability = 2 where id = $1', [items[1]]);
    await db.query('update order_items set downloads_enabled = false where id = $1', [items[2]]);
    await db.query(
      `insert into order_item_downloads (order_item_id, format, downloaded_at) values
       ($1, 'mp3', '2026-01-02T10:00:00Z'), ($1, 'mp3', '2026-01-03T10:00:00Z'), ($1, 'flac', '2026-01-01T09:00:00Z'), ($2, 'wav', '2026-01-05T00:00:00Z')`,
      [items[0], items[1]],
    );
    const r = await api(get(), tokens.support, `/v4/accounts/orders/${o.id}/downloads/`, { headers: { 'x-brand': 'brand:dance' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ order_id: o.id, times_downloaded: 4 });
    const got = r.body.items as Record<string, unknown>[];
    expect(got.map((i) => i.id)).toEqual(items);
    expect(got[0]).toMatchObject({
      availability: 1,
      availability_label: 'Available',
      downloads_enabled: true,
      refunded: false,
      downloadable: true,
      times_downloaded: 3,
      last_downloaded_at: '2026-01-03T10:00:00.000Z',
      // §9 order of formats: flac before mp3.
      formats: [
        { format: 'flac', times_downloaded: 1, last_downloaded_at: '2026-01-01T09:00:00.000Z' },
        { format: 'mp3', times_downloaded: 2, last_downloaded_at: '2026-01-03T10:00:00.000Z' },
      ],
    });
    expect(got[1]).toMatchObject({
      availability: 2,
      availability_label: 'Dissociated',
      downloadable: false,
      times_downloaded: 1,
      formats: [{ format: 'wav', times_downloaded: 1 }],
    });
    expect(got[2]).toMatchObject({
      availability: 1,
      downloads_enabled: false,
      downloadable: false,
      times_downloaded: 0,
      last_downloaded_at: null,
      formats: [],
    });
    // A refunded item is not downloadable.
    await db.query('insert into refunds (order_item_id, amount) values ($1, 1.99)', [items[0]]);
    const after = await api(get(), tokens.support, `/v4/accounts/orders/${o.id}/downloads/`, { headers: { 'x-brand': 'brand:dance' } });
    expect((after.body.items as Record<string, unknown>[])[0]).toMatchObject({ refunded: true, downloadable: false });
    // Marketing reads no orders (§6); another brand's order and a missing one are 404.
    expect((await api(get(), tokens.marketing, `/v4/accounts/orders/${o.id}/downloads/`)).status).toBe(403);
    expect(
      (await api(get(), tokens.support, `/v4/accounts/orders/${o.id}/downloads/`, { headers: { 'x-brand': 'brand:dj' } })).status,
    ).toBe(404);
    expect((await api(get(), tokens.support, '/v4/accounts/orders/999999999/downloads/')).status).toBe(404);
    expect((await api(get(), tokens.support, '/v4/accounts/orders/abc/downloads/')).status).toBe(404);
  });

  it("GET/PATCH /v4/my/billing/: one's own billing with ETag; disabling it is anyone's, re-enabling admin's and support's; bad bodies are 400", async () => {
    const db = get().db;
    const [artist] = await db.query<{ id: number }>("select id from users where username = 'artist'");
    const read = await api(get(), tokens.artist, '/v4/my/billing/');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ user_id: artist.id, billing_disabled: false });
    const v = read.body.version as number;
    expect(read.headers.get('etag')).toBe(`"v${v}"`);
    // No If-Match: 428; a stale one: 412.
    expect((await api(get(), tokens.artist, '/v4/my/billing/', { method: 'PATCH', body: { billing_disabled: true } })).status).toBe(428);
    expect(
      (
        await api(get(), tokens.artist, '/v4/my/billing/', {
          method: 'PATCH',
          body: { billing_disabled: true },
          headers: { 'if-match': `"v${v + 5}"` },
        })
      ).status,
    ).toBe(412);
    // Malformed bodies.
    const bad = await api(get(), tokens.artist, '/v4/my/billing/', {
      method: 'PATCH',
      body: { billing_disabled: 'yes' },
      headers: { 'if-match': `"v${v}"` },
    });
    expect(bad).toMatchObject({ status: 400, body: { billing_disabled: ['Enter true or false.'] } });
    expect(
      (
        await api(get(), tokens.artist, '/v4/my/billing/', {
          method: 'PATCH',
          body: { billing_disabled: true, user_id: 1 },
          headers: { 'if-match': `"v${v}"` },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api(get(), tokens.artist, '/v4/my/billing/', { method: 'PATCH', body: [true], headers: { 'if-match': `"v${v}"` } })).status,
    ).toBe(400);
    // Disabling: allowed, and recorded on the user's history.
    const off = await api(get(), tokens.artist, '/v4/my/billing/', {
      method: 'PATCH',
      body: { billing_disabled: true },
      headers: { 'if-match': `"v${v}"` },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ user_id: artist.id, billing_disabled: true, version: v + 1 });
    expect(
      (await db.query<{ billing_disabled: boolean }>('select billing_disabled from users where id = $1', [artist.id]))[0].billing_disabled,
    ).toBe(true);
    // Lifting it from oneself: 403 naming the field, nothing changed.
    const on = await api(get(), tokens.artist, '/v4/my/billing/', {
      method: 'PATCH',
      body: { billing_disabled: false },
      headers: { 'if-match': `"v${v + 1}"` },
    });
    expect(on).toMatchObject({ status: 403, body: { billing_disabled: [FIELD_WRITE_REFUSED] } });
    expect(
      (await db.query<{ billing_disabled: boolean }>('select billing_disabled from users where id = $1', [artist.id]))[0].billing_disabled,
    ).toBe(true);
    await db.query('update users set billing_disabled = false, version = version + 1 where id = $1', [artist.id]);
    // Support may switch their own back on.
    const [sup] = await db.query<{ id: number; version: number }>(
      "update users set billing_disabled = true, version = version + 1 where username = 'support' returning id, version",
    );
    const back = await api(get(), tokens.support, '/v4/my/billing/', {
      method: 'PATCH',
      body: { billing_disabled: false },
      headers: { 'if-match': `"v${sup.version}"` },
    });
    expect(back).toMatchObject({ status: 200, body: { user_id: sup.id, billing_disabled: false, version: sup.version + 1 } });
    // No token: 401.
    expect((await api(get(), null, '/v4/my/billing/')).status).toBe(401);
  });

  it("GET /v4/billing/: the active brand's charges and refunds, newest first, with totals and filters; finance and admin only; bad filters are 400", async () => {
    const db = get().db;
    const [o] = await db.query<{ id: number; user_id: number }>(
      `insert into orders (brand, store, user_id, status, currency, total) values ('brand:dj', 'music', (select min(id) from users where app is null), 'Complete', 'GBP', 9.99) returning id, user_id`,
    );
    await db.query(
      `insert into transactions (order_id, kind, amount, created_at) values ($1, 'charge', 9.99, '2031-03-04T12:00:00Z'), ($1, 'refund', -1.99, '2031-03-05T12:00:00Z')`,
      [o.id],
    );
    const r = await api(get(), tokens.finance, '/v4/billing/?per_page=200', { headers: { 'x-brand': 'brand:dj' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = r.body.results!;
    expect(rows.every((x) => x.brand === 'brand:dj')).toBe(true);
    // Newest first: the refund of 2031, then its charge.
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({
        order_id: o.id,
        user_id: o.user_id,
        kind: 'refund',
        amount: '-1.99',
        currency: 'GBP',
        created_at: '2031-03-05T12:00:00.000Z',
      }),
      expect.objectContaining({ order_id: o.id, kind: 'charge', amount: '9.99', currency: 'GBP' }),
    ]);
    const [{ n }] = await db.query<{ n: number }>(
      "select count(*)::int as n from transactions t join orders o on o.id = t.order_id where o.brand = 'brand:dj'",
    );
    expect(r.body.count).toBe(n);
    // Filters: one order, a day range, a kind; totals follow the filter.
    const one = await api(get(), tokens.admin, `/v4/billing/?order_id=${o.id}&from=2031-03-05&to=2031-03-05`, {
      headers: { 'x-brand': 'brand:dj' },
    });
    expect(one.body).toMatchObject({ count: 1, totals: [{ kind: 'refund', currency: 'GBP', amount: '-1.99', count: 1 }] });
    const charges = await api(get(), tokens.admin, `/v4/billing/?order_id=${o.id}&kind=charge&currency=GBP`, {
      headers: { 'x-brand': 'brand:dj' },
    });
    expect(charges.body).toMatchObject({ count: 1, totals: [{ kind: 'charge', amount: '9.99' }] });
    // The dance store does not list the DJ store's order.
    expect((await api(get(), tokens.admin, `/v4/billing/?order_id=${o.id}`, { headers: { 'x-brand': 'brand:dance' } })).body.count).toBe(0);
    // Paging: next and previous links.
    const p1 = await api(get(), tokens.finance, `/v4/billing/?order_id=${o.id}&per_page=1`, { headers: { 'x-brand': 'brand:dj' } });
    expect(p1.body).toMatchObject({ count: 2, page: '1/2', previous: null });
    expect(String(p1.body.next)).toContain('page=2');
    // Malformed filters: 400 naming the field (the §5 words for a reversed range).
    const reversed = await api(get(), tokens.finance, '/v4/billing/?from=2031-03-06&to=2031-03-05', { headers: { 'x-brand': 'brand:dj' } });
    expect(reversed).toMatchObject({ status: 400, body: { from: [BILLING_RANGE_MSG.from], to: [BILLING_RANGE_MSG.to] } });
    for (const q of ['kind=gift', 'currency=XYZ', 'from=2031-02-30', 'order_id=abc', 'per_page=0', 'nope=1']) {
      expect([q, (await api(get(), tokens.finance, `/v4/billing/?${q}`, { headers: { 'x-brand': 'brand:dj' } })).status]).toEqual([q, 400]);
    }
    // Support reads single orders, not the ledger; suppliers and labels neither.
    expect((await api(get(), tokens.support, '/v4/billing/')).status).toBe(403);
    expect((await api(get(), tokens.artist, '/v4/billing/')).status).toBe(403);
  });

  it('GET /v4/fileclasses/: the §9 audio formats and the image types with their rules, for any signed-in user; kind filters; a bad kind is 400', async () => {
    const r = await api(get(), tokens.dj, '/v4/fileclasses/');
    expect(r.status).toBe(200);
    const all = r.body.results!;
    expect(all.find((c) => c.key === 'audio:flac')).toMatchObject({
      kind: 'audio',
      name: 'FLAC',
      suffixes: ['flac'],
      mime_types: ['audio/flac'],
      lossless: true,
      preview: false,
    });
    expect(all.find((c) => c.key === 'audio:preview-mp3')).toMatchObject({ lossless: false, preview: true });
    expect(all.find((c) => c.key === 'image:cover-art')).toMatchObject({
      kind: 'image',
      min_side: 500,
      square: true,
      stored_size: [1400, 1400],
      mime_types: ['image/jpeg', 'image/png'],
    });
    expect(all.find((c) => c.key === 'image:label-logo')).toMatchObject({ min_side: 500, square: true, stored_size: [500, 500] });
    expect(all.find((c) => c.key === 'image:page-banner')).toMatchObject({ min_side: null, stored_size: null });
    const [types] = await get().db.query<{ n: number }>("select count(*)::int as n from reference_items where list = 'image-types'");
    expect(all.filter((c) => c.kind === 'image')).toHaveLength(types.n);
    const images = await api(get(), tokens.dj, '/v4/fileclasses/?kind=image');
    expect(images.body.results!.every((c) => c.kind === 'image')).toBe(true);
    expect((await api(get(), tokens.dj, '/v4/fileclasses/?kind=audio')).body.results!.every((c) => c.kind === 'audio')).toBe(true);
    expect((await api(get(), tokens.dj, '/v4/fileclasses/?kind=video')).status).toBe(400);
    expect((await api(get(), null, '/v4/fileclasses/')).status).toBe(401);
  });

  it('POST /v4/media/images/: stores a JPEG or PNG and serves it; empty, unreadable and oversized bodies are 400 naming image; support is 403', async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const post = (token: string, body: Buffer | string, type: string) =>
      fetch(`${get().api}/v4/media/images/`, {
        method: 'POST',
        body: typeof body === 'string' ? body : new Uint8Array(body),
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
      });
    const r = await post(tokens.curation, png, 'image/png');
    expect(r.status).toBe(201);
    const made = (await r.json()) as Record<string, unknown>;
    expect(made).toMatchObject({
      content_type: 'image/png',
      width: 320,
      height: 200,
      size_bytes: png.length,
      url: `/v4/media/images/${made.id}/`,
    });
    const back = await fetch(`${get().api}${made.url}`, { headers: { authorization: `Bearer ${tokens.dj}` } });
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toContain('image/png');
    expect(Buffer.from(await back.arrayBuffer()).equals(png)).toBe(true);
    // Empty: its own clear message; broken or not an image: the format message; too big a side.
    const empty = await post(tokens.curation, Buffer.alloc(0), 'image/jpeg');
    expect([empty.status, await empty.json()]).toEqual([400, { image: [MEDIA_IMAGE_MSG.empty] }]);
    const cut = await post(tokens.curation, png.subarray(0, png.length >> 1), 'image/png');
    expect([cut.status, await cut.json()]).toEqual([400, { image: [MEDIA_IMAGE_MSG.format] }]);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect((await post(tokens.curation, gif, 'image/png')).status).toBe(400);
    const huge = await sharp({ create: { width: 10001, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const big = await post(tokens.curation, huge, 'image/png');
    expect([big.status, await big.json()]).toEqual([400, { image: [MEDIA_IMAGE_MSG.tooLarge] }]);
    // A JSON body is not image bytes.
    expect((await api(get(), tokens.curation, '/v4/media/images/', { method: 'POST', body: { image: 'x' } })).status).toBe(400);
    // Nothing was stored for the refused ones.
    const [{ n }] = await get().db.query<{ n: number }>('select count(*)::int as n from media_images where id > $1', [made.id]);
    expect(n).toBe(0);
    // Support and finance write no images; a missing image is 404.
    expect((await post(tokens.support, png, 'image/png')).status).toBe(403);
    expect((await post(tokens.finance, png, 'image/png')).status).toBe(403);
    expect((await api(get(), tokens.dj, '/v4/media/images/999999999/')).status).toBe(404);
  });

  it('GET /v4/pipeline/: deliveries by status, tracks by encode status, jobs by kind and state; admin and content ops only; a bad since is 400', async () => {
    const db = get().db;
    const r = await api(get(), tokens.contentops, '/v4/pipeline/');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const body = r.body as unknown as {
      since: null;
      deliveries: { total: number; ingested: number; by_status: { release_status: string; count: number }[] };
      encodes: { encode_status: string; count: number }[];
      jobs: { kind: string; pending: number; running: number; done: number; failed: number }[];
    };
    expect(body.since).toBeNull();
    const [d] = await db.query<{ n: number; ingested: number }>(
      'select count(*)::int as n, count(*) filter (where ingested)::int as ingested from deliveries',
    );
    expect(body.deliveries).toMatchObject({ total: d.n, ingested: d.ingested });
    expect(body.deliveries.by_status.slice(0, RELEASE_STATUSES.length).map((s) => s.release_status)).toEqual([...RELEASE_STATUSES]);
    expect(body.deliveries.by_status.reduce((a, s) => a + s.count, 0)).toBe(d.n);
    const [t] = await db.query<{ n: number }>("select count(*)::int as n from tracks where encode_status = 'CONVERTED'");
    expect(body.encodes.map((e) => e.encode_status).slice(0, ENCODE_STATUSES.length)).toEqual([...ENCODE_STATUSES]);
    expect(body.encodes.find((e) => e.encode_status === 'CONVERTED')!.count).toBe(t.n);
    expect(body.jobs.map((j) => j.kind)).toEqual([...JOB_KINDS]);
    // A failed job of a kind is counted as failed.
    await db.query("insert into jobs (kind, state, payload, created_at) values ('statements', 'ERROR', '{}', '2040-01-01T00:00:00Z')");
    const later = await api(get(), tokens.admin, '/v4/pipeline/?since=2040-01-01');
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ since: '2040-01-01', deliveries: { total: 0 } });
    expect((later.body.jobs as { kind: string; failed: number }[]).find((j) => j.kind === 'statements')!.failed).toBe(1);
    for (const q of ['since=2040-13-01', 'since=yesterday', 'status=1']) {
      expect([q, (await api(get(), tokens.contentops, `/v4/pipeline/?${q}`)).status]).toEqual([q, 400]);
    }
    expect((await api(get(), tokens.labelmgmt, '/v4/pipeline/')).status).toBe(403);
    expect((await api(get(), tokens.dj, '/v4/pipeline/')).status).toBe(403);
  });
}
