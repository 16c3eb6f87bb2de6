/**
 * Authorization matrix, routes: track and release sub-resources, orders, credits, media, artists, label managers, deliveries,
 * the identity provider's public metadata.
 * The accounts, the server and the helpers: ./authz/matrix.ts (its comment says how the
 * matrix is split).
 */
import sharp from 'sharp';
import {
  AREA_RULES,
  BILLING_RECORDS_RULE,
  CREDIT_WRITE,
  FILE_CLASSES_RULE,
  MEDIA_IMAGE_READ_RULE,
  MEDIA_IMAGE_WRITE,
  MY_BILLING_ENABLE,
  MY_BILLING_READ_RULE,
  MY_BILLING_WRITE,
  ORDER_WRITE,
  PIPELINE_RULE,
  SEARCH_RULES,
  SUPPORT_DOWNLOADS_RULE,
  WRITE_RULES,
  allOf,
  can,
  searchType,
  writeRule,
  type Principal,
  type Rule,
} from '../../shared/access';
import { REGIONS } from '../../shared/vocabularies';
import { artistEndpoints, mediaEndpoints, pathOf } from '../../shared/api';
import { AUTH_PATHS } from '../../shared/api/endpoints/auth';
import { api, fetchFor } from './helpers';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXTRA, onRow, server, tokens, useMatrixServer, WHO } from './authz/matrix';

useMatrixServer();

/**
 * The track and release sub-resources of spec §7 (songwriters, publishers, DJ edits,
 * countries allowed, publish dates): reads under the tracks read rule, writes under the
 * type's write rule as well (tracks, releases), a DJ edit under WRITE_RULES.djEdits. Every
 * cell acts on a track of supplier 1 and label 1, which every account that may read
 * tracks can see; writes put back what is there (or clean up what they made).
 */
describe.concurrent('sub-resources × account', () => {
  const READ = searchType('tracks')!.rule;
  const WRITE = allOf(READ, writeRule('tracks')!);
  const RELEASE_WRITE = allOf(searchType('releases')!.rule, writeRule('releases')!);
  const DJ_WRITE = allOf(READ, WRITE_RULES.djEdits);
  const times = { time_zone: 'America/Denver', country_ids: [1], publish: '2025-11-02T01:30', pre_order: '2025-10-01T00:00' };

  /** A track of supplier 1 and label 1 (not a DJ edit), a DJ edit of it, and its release, found once. */
  let shared: Promise<{ track: number; djEdit: number; release: number }> | undefined;
  const ids = () =>
    (shared ??= (async () => {
      const [t] = await server.db.query<{ id: number; release_id: number }>(
        'select id, release_id from tracks where supplier_id = 1 and label_id = 1 and not is_dj_edit order by id limit 1',
      );
      const [dj] = await server.db.query<{ id: number }>(
        `insert into tracks (release_id, label_id, supplier_id, title, is_dj_edit, parent_track_id, enabled, hidden)
       select release_id, label_id, supplier_id, title, true, id, false, true from tracks where id = $1 returning id`,
        [t.id],
      );
      return { track: t.id, djEdit: dj.id, release: t.release_id };
    })());

  type Ids = Awaited<ReturnType<typeof ids>>;
  type Send = (path: string, init?: { method?: string; body?: unknown }) => Promise<{ status: number; body: Record<string, unknown> }>;
  const ROUTES: { name: string; rule: Rule; ok: number; run: (send: Send, x: Ids) => Promise<number> }[] = [
    {
      name: 'GET songwriters',
      rule: READ,
      ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/songwriters/`)).status,
    },
    {
      name: 'POST songwriters',
      rule: WRITE,
      ok: 201,
      run: async (send, x) => {
        const r = await send(`/v4/catalog/tracks/${x.track}/songwriters/`, {
          method: 'POST',
          body: { name: 'Matrix Writer', songwriter_type_id: 1 },
        });
        if (r.status === 201) await server.db.query('delete from track_songwriters where id = $1', [r.body.id]);
        return r.status;
      },
    },
    {
      name: 'DELETE songwriters/{sid}',
      rule: WRITE,
      ok: 204,
      run: async (send, x) => {
        const [sw] = await server.db.query<{ id: number }>(
          "insert into track_songwriters (track_id, name, songwriter_type_id) values ($1, 'Matrix Gone', 1) returning id",
          [x.track],
        );
        const r = await send(`/v4/catalog/tracks/${x.track}/songwriters/${sw.id}/`, { method: 'DELETE' });
        await server.db.query('delete from track_songwriters where id = $1', [sw.id]);
        return r.status;
      },
    },
    {
      name: 'GET publishers',
      rule: READ,
      ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/publishers/`)).status,
    },
    {
      name: 'PUT publishers',
      rule: WRITE,
      ok: 200,
      run: async (send, x) => {
        const names = (
          await server.db.query<{ name: string }>('select name from track_publishers where track_id = $1 order by id', [x.track])
        ).map((p) => p.name);
        return (await send(`/v4/catalog/tracks/${x.track}/publishers/`, { method: 'PUT', body: { names } })).status;
      },
    },
    { name: 'GET dj-edit', rule: READ, ok: 200, run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/dj-edit/`)).status },
    {
      name: 'POST dj-edit',
      rule: DJ_WRITE,
      ok: 201,
      run: async (send, x) => {
        const r = await send(`/v4/catalog/tracks/${x.track}/dj-edit/`, { method: 'POST', body: {} });
        if (r.status === 201) {
          await server.db.query('delete from track_artists where track_id = $1', [r.body.id]);
          await server.db.query('delete from tracks where id = $1', [r.body.id]);
        }
        return r.status;
      },
    },
    {
      name: 'GET dj-edit-source',
      rule: READ,
      ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.djEdit}/dj-edit-source/`)).status,
    },
    {
      name: 'GET countries-allowed',
      rule: READ,
      ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-allowed/`)).status,
    },
    {
      name: 'PUT countries-allowed',
      rule: WRITE,
      ok: 200,
      run: async (send, x) =>
        (await send(`/v4/catalog/tracks/${x.track}/countries-allowed/`, { method: 'PUT', body: { regions: REGIONS } })).status,
    },
    {
      name: 'POST countries-allowed',
      rule: WRITE,
      ok: 200,
      run: async (send, x) =>
        (await send(`/v4/catalog/tracks/${x.track}/countries-allowed/`, { method: 'POST', body: { regions: ['Europe'] } })).status,
    },
    {
      name: 'GET countries-allowed/regional-summary',
      rule: READ,
      ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-allowed/regional-summary/`)).status,
    },
    {
      name: 'GET countries-publish-date',
      rule: READ,
      ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-publish-date/?commercial_model_type=1`)).status,
    },
    {
      name: 'PUT countries-publish-date',
      rule: WRITE,
      ok: 200,
      run: async (send, x) =>
        (await send(`/v4/catalog/tracks/${x.track}/countries-publish-date/?commercial_model_type=1`, { method: 'PUT', body: times }))
          .status,
    },
    {
      name: 'PUT tracks countries-times/update',
      rule: WRITE,
      ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-times/update/`, { method: 'PUT', body: times })).status,
    },
    {
      name: 'PUT releases countries-times/update',
      rule: RELEASE_WRITE,
      ok: 200,
      run: async (send, x) =>
        (await send(`/v4/catalog/releases/${x.release}/countries-times/update/`, { method: 'PUT', body: times })).status,
    },
  ];

  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const send: Send = (path, init = {}) => api(server, tokens.get(username)!, path, { ...init, headers: { 'x-brand': brand } });
    expect(await route.run(send, await ids())).toBe(allowed ? route.ok : 403);
  });

  it('both sides of every route are represented, and the DJ edit needs the DJ store', () => {
    for (const r of ROUTES) {
      const answers = new Set(WHO.map((w) => can(w.principal, r.rule)));
      expect([r.name, answers]).toEqual([r.name, new Set([true, false])]);
    }
    const admin = WHO.filter((w) => w.username === 'admin').map((w) => [w.brand, can(w.principal, DJ_WRITE)]);
    expect(new Map(admin as [string, boolean][])).toEqual(
      new Map([
        ['brand:dance', false],
        ['brand:dj', true],
      ]),
    );
  });
});

/**
 * The order routes of support (shared/api/endpoints/orders.ts): reads under the orders read
 * rule, refunds and downloads under ORDER_WRITE (WRITE_RULES.orders: admin, support).
 * Each cell acts on an order of its own, on the cell's brand, so an allowed caller sees it.
 */
describe.concurrent('order route × account', () => {
  const READ = searchType('orders')!.rule;
  const newOrder = async (brand: string) => {
    const [o] = await server.db.query<{ id: number }>(
      `insert into orders (brand, store, user_id, status, currency) values ($1, 'music', (select min(id) from users where app is null), 'Complete', 'USD') returning id`,
      [brand],
    );
    const [i] = await server.db.query<{ id: number }>(
      'insert into order_items (order_id, track_id, price) values ($1, 1, 1.29) returning id',
      [o.id],
    );
    return { order: o.id, item: i.id };
  };
  const key = { 'idempotency-key': 'authz-key' };
  const ROUTES = [
    {
      name: 'GET items',
      rule: READ,
      ok: 200,
      call: (x: { order: number; item: number }) => ['GET', `/v4/accounts/orders/${x.order}/items/`] as const,
    },
    {
      name: 'GET items/download',
      rule: READ,
      ok: 200,
      call: (x: { order: number; item: number }) => ['GET', `/v4/accounts/orders/${x.order}/items/download/`] as const,
    },
    {
      name: 'POST items/refund',
      rule: ORDER_WRITE,
      ok: 201,
      call: (x: { order: number; item: number }) =>
        ['POST', `/v4/accounts/orders/${x.order}/items/refund/`, { item_ids: [x.item] }, key] as const,
    },
    {
      name: 'POST refund-items',
      rule: ORDER_WRITE,
      ok: 201,
      call: (x: { order: number; item: number }) => ['POST', '/v4/accounts/refund-items/', { item_ids: [x.item] }, key] as const,
    },
    {
      name: 'GET downloads',
      rule: READ,
      ok: 200,
      call: (x: { order: number; item: number }) => ['GET', `/v4/accounts/orders/${x.order}/downloads/`] as const,
    },
    {
      name: 'PATCH downloads',
      rule: ORDER_WRITE,
      ok: 200,
      call: (x: { order: number; item: number }) =>
        ['PATCH', `/v4/accounts/orders/${x.order}/downloads/`, { item_ids: [x.item], availability: 2 }] as const,
    },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const [method, path, body, headers] = route.call(await newOrder(brand));
    // Keys are per user: give each cell its own so cells of one user do not replay each other.
    const h: Record<string, string> = headers
      ? { 'idempotency-key': `${headers['idempotency-key']}-${brand}-${name}`.replace(/[^\w:-]/g, '_') }
      : {};
    const r = await api(server, tokens.get(username)!, path, { method, body, headers: { 'x-brand': brand, ...h } });
    expect(r.status, JSON.stringify(r.body)).toBe(allowed ? route.ok : 403);
  });
  it('both sides of every route are represented', () => {
    for (const r of ROUTES) expect([r.name, new Set(WHO.map((w) => can(w.principal, r.rule)))]).toEqual([r.name, new Set([true, false])]);
  });
});

/**
 * A user's credits (shared/api/endpoints/credits.ts): the list under the users read rule,
 * adding one or many under CREDIT_WRITE (admin, support), on a customer of the seed.
 */
describe.concurrent('credit route × account', () => {
  const body = { amount: 1, currency: 'USD', reason_id: 1 };
  const customer = async () => (await server.db.query<{ id: number }>('select min(id) as id from users where app is null'))[0].id;
  const ROUTES = [
    {
      name: 'GET credits',
      rule: searchType('users')!.rule,
      ok: 200,
      call: (u: number) => ['GET', `/v4/accounts/users/${u}/credits/`, undefined] as const,
    },
    { name: 'POST credits', rule: CREDIT_WRITE, ok: 201, call: (u: number) => ['POST', `/v4/accounts/users/${u}/credits/`, body] as const },
    {
      name: 'POST credits/bulk',
      rule: CREDIT_WRITE,
      ok: 201,
      call: (u: number) => ['POST', '/v4/accounts/credits/bulk/', { ...body, user_ids: [u] }] as const,
    },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const [method, path, b] = route.call(await customer());
    const key = `authz-credit-${brand}-${name}`.replace(/[^\w:-]/g, '_');
    const r = await api(server, tokens.get(username)!, path, { method, body: b, headers: { 'x-brand': brand, 'idempotency-key': key } });
    expect(r.status, JSON.stringify(r.body)).toBe(allowed ? route.ok : 403);
  });
  it('both sides of every route are represented', () => {
    for (const r of ROUTES) expect([r.name, new Set(WHO.map((w) => can(w.principal, r.rule)))]).toEqual([r.name, new Set([true, false])]);
  });
  // The CSV upload of bulk credits: a file naming no user, so writers get the 400 listing its row (nothing credited), others 403.
  const upload = WHO.map((w) => [w.username, w.brand, can(w.principal, CREDIT_WRITE)] as const);
  it.each(upload)('%s on %s × POST credits/bulk/upload/ → allowed %s', async (username, brand, allowed) => {
    const r = await fetch(`${server.api}/v4/accounts/credits/bulk/upload/?amount=1&currency=USD&reason_id=1`, {
      method: 'POST',
      body: 'user_id\n2000000000\n',
      headers: {
        authorization: `Bearer ${tokens.get(username)!}`,
        'x-brand': brand,
        'content-type': 'text/csv',
        'idempotency-key': `authz-upload-${brand}`.replace(/[^\w:-]/g, '_'),
      },
    });
    expect(r.status).toBe(allowed ? 400 : 403);
  });
});

/**
 * The media routes (shared/api/endpoints/media.ts) on the sandbox label's first release and
 * its first track, which every account that reads the catalogue may see (label 1 belongs to
 * supplier 1) and whose audio the seed stored: reads follow the type's read rule, support
 * downloads SUPPORT_DOWNLOADS_RULE, writes the catalogue write rule.
 */
describe.concurrent('media route × account', () => {
  const media = { release: 0, track: 0, png: Buffer.alloc(0) };
  beforeAll(async () => {
    [{ id: media.release }] = await server.db.query<{ id: number }>('select min(id) as id from releases where label_id = 1');
    [{ id: media.track }] = await server.db.query<{ id: number }>('select min(id) as id from tracks where release_id = $1', [
      media.release,
    ]);
    media.png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const first = await fetch(`${server.api}${pathOf(mediaEndpoints.uploadImage, { id: media.release })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get('admin')}`, 'content-type': 'image/png' },
      body: new Uint8Array(media.png),
    });
    if (first.status !== 201) throw new Error(`cover art upload gave ${first.status}`);
  });
  const read = (type: string) => (p: Principal) => can(p, searchType(type)!.rule);
  const write = (type: string) => (p: Principal) => read(type)(p) && can(p, WRITE_RULES.catalogue);
  const ROUTES = [
    {
      name: 'GET audio-files',
      allowed: read('tracks'),
      ok: [200],
      call: () => ['GET', pathOf(mediaEndpoints.audioFiles, { id: media.track })],
    },
    { name: 'GET stream', allowed: read('tracks'), ok: [200], call: () => ['GET', pathOf(mediaEndpoints.stream, { id: media.track })] },
    {
      name: 'GET support-downloads',
      allowed: (p: Principal) => can(p, SUPPORT_DOWNLOADS_RULE),
      ok: [200],
      call: () => ['GET', pathOf(mediaEndpoints.supportDownloads, { id: media.track })],
    },
    {
      name: 'GET support-downloads/wav',
      allowed: (p: Principal) => can(p, SUPPORT_DOWNLOADS_RULE),
      ok: [200],
      call: () => ['GET', pathOf(mediaEndpoints.supportDownload, { id: media.track, format: 'wav' })],
    },
    { name: 'GET images', allowed: read('releases'), ok: [200], call: () => ['GET', pathOf(mediaEndpoints.images, { id: media.release })] },
    {
      name: 'GET images/default',
      allowed: read('releases'),
      ok: [200],
      call: () => ['GET', pathOf(mediaEndpoints.image, { id: media.release, variant: 'default' })],
    },
    {
      name: 'POST images',
      allowed: write('releases'),
      ok: [201],
      call: () => ['POST', pathOf(mediaEndpoints.uploadImage, { id: media.release })],
    },
    // Allowed encodes of one release may find another's job still running: refused as the spec says, not as a 403.
    {
      name: 'POST release reencode',
      allowed: write('releases'),
      ok: [202, 409],
      call: () => ['POST', pathOf(mediaEndpoints.reencodeRelease, { id: media.release })],
    },
    {
      name: 'POST track reencode',
      allowed: write('tracks'),
      ok: [202, 409],
      call: () => ['POST', pathOf(mediaEndpoints.reencodeTrack, { id: media.track })],
    },
  ] as const;
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, r.allowed(w.principal)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const [method, path] = route.call();
    const upload = name === 'POST images';
    const res = await fetch(`${server.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens.get(username)}`, 'x-brand': brand, ...(upload && { 'content-type': 'image/png' }) },
      body: upload ? new Uint8Array(media.png) : undefined,
    });
    await res.arrayBuffer();
    if (allowed) expect(route.ok).toContain(res.status);
    else expect(res.status).toBe(403);
  });
});

/**
 * The artist routes of spec §7 Artists (shared/api/endpoints/artists.ts) on one artist made
 * for the matrix, with a Muzooka ID the stand-in knows: reads under the artists read rule
 * (§6: all staff plus supplier and label), writes under the artists write rule as well
 * (admin, content ops, curation).
 */
describe.concurrent('artist route × account', () => {
  const READ = searchType('artists')!.rule;
  const WRITE = allOf(READ, writeRule('artists')!);
  let shared: Promise<{ artist: number; png: Buffer }> | undefined;
  const ids = () =>
    (shared ??= (async () => {
      const [a] = await server.db.query<{ id: number }>(
        "insert into artists (name, muzooka_id) values ('Matrix Artist', 'mz-15') returning id",
      );
      const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#663399' } })
        .png()
        .toBuffer();
      // An image to read back.
      const up = await fetch(`${server.api}${pathOf(artistEndpoints.uploadImage, { id: a.id })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.get('admin')}`, 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
      if (up.status !== 201) throw new Error(`artist image upload gave ${up.status}`);
      return { artist: a.id, png };
    })());
  type Call = { method: string; path: string; body?: unknown; raw?: Buffer };
  // Each cell its own Muzooka ID from a counter: (artist, muzooka_id) is unique, and random IDs
  // collided once in a CI run.
  let made = 0;
  const nextMuzookaId = () => `mz-matrix-${++made}`;
  const mapping = async (artist: number) =>
    (
      await server.db.query<{ id: number }>('insert into artist_muzooka_mappings (artist_id, muzooka_id) values ($1, $2) returning id', [
        artist,
        nextMuzookaId(),
      ])
    )[0].id;
  const ROUTES: { name: string; rule: Rule; ok: number[]; call: (x: { artist: number; png: Buffer }) => Promise<Call> }[] = [
    {
      name: 'GET muzooka-mappings',
      rule: READ,
      ok: [200],
      call: async (x) => ({ method: 'GET', path: pathOf(artistEndpoints.mappings, { id: x.artist }) }),
    },
    {
      name: 'POST muzooka-mappings',
      rule: WRITE,
      ok: [201],
      call: async (x) => ({
        method: 'POST',
        path: pathOf(artistEndpoints.addMapping, { id: x.artist }),
        body: { muzooka_id: nextMuzookaId() },
      }),
    },
    {
      name: 'PATCH muzooka-mappings/{mid}',
      rule: WRITE,
      ok: [200],
      call: async (x) => ({
        method: 'PATCH',
        path: pathOf(artistEndpoints.patchMapping, { id: x.artist, mid: await mapping(x.artist) }),
        body: { enabled: false },
      }),
    },
    {
      name: 'DELETE muzooka-mappings/{mid}',
      rule: WRITE,
      ok: [204],
      call: async (x) => ({
        method: 'DELETE',
        path: pathOf(artistEndpoints.deleteMapping, { id: x.artist, mid: await mapping(x.artist) }),
      }),
    },
    {
      name: 'POST sync',
      rule: WRITE,
      ok: [200],
      call: async (x) => ({ method: 'POST', path: pathOf(artistEndpoints.sync, { id: x.artist }) }),
    },
    {
      name: 'DELETE sync',
      rule: WRITE,
      ok: [200],
      call: async (x) => ({ method: 'DELETE', path: pathOf(artistEndpoints.unsync, { id: x.artist }) }),
    },
    {
      name: 'POST pull-image',
      rule: WRITE,
      ok: [200],
      call: async (x) => ({ method: 'POST', path: pathOf(artistEndpoints.pullImage, { id: x.artist }) }),
    },
    {
      name: 'POST images',
      rule: WRITE,
      ok: [201],
      call: async (x) => ({ method: 'POST', path: pathOf(artistEndpoints.uploadImage, { id: x.artist }), raw: x.png }),
    },
    {
      name: 'GET image',
      rule: READ,
      ok: [200],
      call: async (x) => ({ method: 'GET', path: pathOf(artistEndpoints.image, { id: x.artist }) }),
    },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const c = await route.call(await ids());
    const headers: Record<string, string> = { authorization: `Bearer ${tokens.get(username)}`, 'x-brand': brand };
    if (c.raw) headers['content-type'] = 'image/png';
    else if (c.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.api}${c.path}`, {
      method: c.method,
      headers,
      body: c.raw ? new Uint8Array(c.raw) : c.body === undefined ? undefined : JSON.stringify(c.body),
    });
    const text = await res.text();
    if (allowed) expect(route.ok, text).toContain(res.status);
    else expect(res.status).toBe(403);
  });
  it('both sides of every artist route are represented', () => {
    for (const r of ROUTES) expect([r.name, new Set(WHO.map((w) => can(w.principal, r.rule)))]).toEqual([r.name, new Set([true, false])]);
  });
});

/** The content-ops label-managers calls (§7) under WRITE_RULES.labelManagers (admin, label management). */
describe.concurrent('label managers × account', () => {
  const ROUTES = [
    {
      name: 'GET label-managers',
      ok: 200,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/content-ops/label-managers/', { headers: h }),
    },
    {
      name: 'POST label-managers',
      ok: 201,
      run: (t: string, h: Record<string, string>) =>
        api(server, t, '/v4/content-ops/label-managers/', {
          method: 'POST',
          body: { name: `Matrix Manager ${Math.random()}` },
          headers: h,
        }),
    },
    {
      name: 'PATCH label-managers/{id}',
      ok: 200,
      run: (t: string, h: Record<string, string>) =>
        api(server, t, '/v4/content-ops/label-managers/1/', { method: 'PATCH', body: { enabled: true }, headers: h }),
    },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, WRITE_RULES.labelManagers)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const r = await ROUTES.find((x) => x.name === name)!.run(tokens.get(username)!, { 'x-brand': brand });
    expect(r.status, JSON.stringify(r.body)).toBe(allowed ? ROUTES.find((x) => x.name === name)!.ok : 403);
  });
});

/**
 * The deliveries calls (§7 delivery inspector, content-ops deliveries, the genre XSD): reads under the §6
 * deliveries row, re-ingest/resubmit/PUT xml under WRITE_RULES.deliveries, the XSD under the /packaging area.
 * An allowed call answers as the seeded legacy delivery 1 lets it (no kept files: 409, no XML: 404, a bad XML: 400).
 */
describe.concurrent('deliveries × account', () => {
  const READ = SEARCH_RULES.deliveries;
  const ROUTES = [
    {
      name: 'GET inspector list',
      rule: READ,
      ok: 200,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/delivery-inspector/deliveries/', { headers: h }),
    },
    {
      name: 'GET inspector one',
      rule: READ,
      ok: 200,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/delivery-inspector/deliveries/1/', { headers: h }),
    },
    {
      name: 'GET inspector file',
      rule: READ,
      ok: 404,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/delivery-inspector/deliveries/1/file/?path=x.xml', { headers: h }),
    },
    {
      name: 'GET xml',
      rule: READ,
      ok: 404,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/content-ops/deliveries/1/xml/', { headers: h }),
    },
    {
      name: 'POST reingest',
      rule: WRITE_RULES.deliveries,
      ok: 409,
      run: (t: string, h: Record<string, string>) =>
        api(server, t, '/v4/delivery-inspector/deliveries/1/reingest/', { method: 'POST', body: {}, headers: h }),
    },
    {
      name: 'POST resubmit',
      rule: WRITE_RULES.deliveries,
      ok: 200,
      run: (t: string, h: Record<string, string>) =>
        api(server, t, '/v4/content-ops/deliveries/resubmit/', { method: 'POST', body: { ids: [1] }, headers: h }),
    },
    {
      name: 'PUT xml',
      rule: WRITE_RULES.deliveries,
      ok: 400,
      run: (t: string, h: Record<string, string>) =>
        api(server, t, '/v4/content-ops/deliveries/1/xml/', { method: 'PUT', body: { xml: '<x/>' }, headers: h }),
    },
    {
      name: 'GET genre XSD',
      rule: AREA_RULES['/packaging'],
      ok: 200,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/xsd_files/automated_ingestion/genre/', { headers: h }),
    },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((x) => x.name === name)!;
    const r = await route.run(tokens.get(username)!, { 'x-brand': brand });
    expect(r.status, JSON.stringify(r.body)).toBe(allowed ? route.ok : 403);
  });
  it('both sides of every deliveries route are represented', () => {
    for (const r of ROUTES) expect([r.name, new Set(WHO.map((w) => can(w.principal, r.rule)))]).toEqual([r.name, new Set([true, false])]);
  });
});

/**
 * The identity provider's public documents (rule '*', `public: true` as its authorize page and
 * token endpoint): the RFC 8414 metadata answers every account on every brand, and no token at all,
 * the same document (tests/server/oauth-standards.test.ts checks what it says).
 */
describe.concurrent('public identity-provider documents × account', () => {
  const metadata = (token: string | null, brand?: string) =>
    fetchFor(server)(`${server.idp}${AUTH_PATHS.metadata}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(brand ? { 'x-brand': brand } : {}) },
    }).then(async (r) => ({ status: r.status, issuer: ((await r.json()) as { issuer?: string }).issuer }));
  const cells = WHO.map((w) => [w.username, w.brand] as const);
  it.each(cells)('%s on %s × GET the RFC 8414 metadata → 200, the one document', async (username, brand) => {
    expect(await metadata(tokens.get(username)!, brand)).toEqual({ status: 200, issuer: server.idp });
  });
  it('no token → 200, the one document', async () => {
    expect(await metadata(null)).toEqual({ status: 200, issuer: server.idp });
  });
});

/**
 * The calls of issue 27 item 10 (server/api/routes/billing.ts, lookups-status.ts,
 * media-images.ts): billing records (BILLING_RECORDS_RULE: admin, finance), the pipeline status
 * (PIPELINE_RULE: admin, content ops) and the generic image upload (MEDIA_IMAGE_WRITE), each
 * with both sides; the file classes (FILE_CLASSES_RULE '*'), an uploaded image
 * (MEDIA_IMAGE_READ_RULE) and one's own billing (MY_BILLING_READ_RULE, MY_BILLING_WRITE: every
 * console user) answer every account; re-enabling one's own billing is MY_BILLING_ENABLE's
 * (admin, support), both sides.
 */
describe.concurrent('billing, pipeline, file classes, media images, own billing × account', () => {
  let image: Promise<number> | undefined;
  const anImage = () =>
    (image ??= (async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const r = await fetch(`${server.api}/v4/media/images/`, {
        method: 'POST',
        body: new Uint8Array(png),
        headers: { authorization: `Bearer ${tokens.get('admin')!}`, 'content-type': 'image/png' },
      });
      return ((await r.json()) as { id: number }).id;
    })());
  const ROUTES: {
    name: string;
    rule: Rule;
    ok: number;
    run: (token: string, h: Record<string, string>) => Promise<number>;
    bothSides: boolean;
  }[] = [
    {
      name: 'GET billing',
      rule: BILLING_RECORDS_RULE,
      ok: 200,
      bothSides: true,
      run: async (t, h) => (await api(server, t, '/v4/billing/', { headers: h })).status,
    },
    {
      name: 'GET pipeline',
      rule: PIPELINE_RULE,
      ok: 200,
      bothSides: true,
      run: async (t, h) => (await api(server, t, '/v4/pipeline/', { headers: h })).status,
    },
    {
      name: 'POST media/images',
      rule: MEDIA_IMAGE_WRITE,
      ok: 201,
      bothSides: true,
      run: async (t, h) => {
        const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#abcdef' } })
          .png()
          .toBuffer();
        return (
          await fetch(`${server.api}/v4/media/images/`, {
            method: 'POST',
            body: new Uint8Array(png),
            headers: { ...h, authorization: `Bearer ${t}`, 'content-type': 'image/png' },
          })
        ).status;
      },
    },
    {
      name: 'GET fileclasses',
      rule: FILE_CLASSES_RULE,
      ok: 200,
      bothSides: false,
      run: async (t, h) => (await api(server, t, '/v4/fileclasses/', { headers: h })).status,
    },
    {
      name: 'GET media/images/{id}',
      rule: MEDIA_IMAGE_READ_RULE,
      ok: 200,
      bothSides: false,
      run: async (t, h) => (await api(server, t, `/v4/media/images/${await anImage()}/`, { headers: h })).status,
    },
    {
      name: 'GET my/billing',
      rule: MY_BILLING_READ_RULE,
      ok: 200,
      bothSides: false,
      run: async (t, h) => (await api(server, t, '/v4/my/billing/', { headers: h })).status,
    },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((x) => x.name === name)!;
    expect(await route.run(tokens.get(username)!, { 'x-brand': brand })).toBe(allowed ? route.ok : 403);
  });

  // PATCH my/billing on the account's own row: the same value back (200 for MY_BILLING_WRITE), then lifting a disabled billing (MY_BILLING_ENABLE).
  const dbName = (username: string) => EXTRA.find((x) => x.key === username)?.username ?? username;
  const patchCells = WHO.map(
    (w) => [w.username, w.brand, can(w.principal, MY_BILLING_WRITE), can(w.principal, MY_BILLING_ENABLE)] as const,
  );
  it.each(patchCells)(
    '%s on %s × PATCH my/billing unchanged → allowed %s; re-enable → allowed %s',
    async (username, brand, write, enable) => {
      const name = dbName(username);
      const patch = (disabled: boolean, version: number) =>
        api(server, tokens.get(username)!, '/v4/my/billing/', {
          method: 'PATCH',
          body: { billing_disabled: disabled },
          headers: { 'x-brand': brand, 'if-match': `"v${version}"` },
        });
      const [same, lift] = await onRow(`users:${name}`, async () => {
        const [u] = await server.db.query<{ version: number }>(
          'update users set billing_disabled = false where username = $1 returning version',
          [name],
        );
        const a = (await patch(false, u.version)).status;
        const [d] = await server.db.query<{ version: number }>(
          'update users set billing_disabled = true, version = version + 1 where username = $1 returning version',
          [name],
        );
        const b = (await patch(false, d.version)).status;
        await server.db.query('update users set billing_disabled = false where username = $1', [name]);
        return [a, b];
      });
      expect([same, lift]).toEqual([write ? 200 : 403, enable ? 200 : 403]);
    },
  );

  it('both sides of the refusing routes are represented; the open ones allow every account', () => {
    for (const r of ROUTES) {
      const sides = new Set(WHO.map((w) => can(w.principal, r.rule)));
      expect([r.name, sides]).toEqual([r.name, r.bothSides ? new Set([true, false]) : new Set([true])]);
    }
    expect(new Set(WHO.map((w) => can(w.principal, MY_BILLING_ENABLE)))).toEqual(new Set([true, false]));
  });
});
