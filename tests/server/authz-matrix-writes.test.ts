/**
 * Authorization matrix, writes: PATCH/PUT per type and sensitive field, creates, pages, coupons, hype, page modules, live streams, bulk edit.
 * The accounts, the server and the helpers: ./authz/matrix.ts (its comment says how the
 * matrix is split).
 */
import {
  AREA_RULES,
  FIELD_WRITE_REFUSED,
  FIELD_WRITE_RULES,
  TYPE_WRITE_RULES,
  can,
  notesRule,
  searchType,
  writeRouteRule,
} from '../../shared/access';
import { NOTE_TYPES } from '../../shared/api/endpoints';
import { SIMPLE_RECORD_PATHS, type SimpleRecordType } from '../../shared/api';
import { isRecordKey, mayCreate, mayDelete, mayEdit, recordDecl } from '../../shared/records';
import { api } from './helpers';
import { describe, expect, it } from 'vitest';
import { EDITABLE, onRow, ordinaryField, rowInfo, rowOf, server, tokens, useMatrixServer, WHO, writeBack } from './authz/matrix';

useMatrixServer();

describe('write rules on the server', () => {
  it('every type with a PATCH route has a write rule, and every write rule has its PATCH and PUT routes', () => {
    expect(EDITABLE.filter((k) => !TYPE_WRITE_RULES[k])).toEqual([]);
    expect(Object.keys(TYPE_WRITE_RULES).filter((k) => !isRecordKey(k))).toEqual([]);
  });
  it('every sensitive field is an editable field of its type', () => {
    for (const [type, fields] of Object.entries(FIELD_WRITE_RULES)) {
      for (const f of Object.keys(fields))
        expect([type, f, (recordDecl(type)!.editable as readonly string[]).includes(f)]).toEqual([type, f, true]);
    }
  });
  it("a track's encode status is read-only (spec §4: set by encode jobs only): a 400 naming it, even for admin", async () => {
    const [tr] = await server.db.query<{ id: number; version: number }>('select id, version from tracks order by id limit 1');
    const r = await api(server, tokens.get('admin')!, `/v4/catalog/tracks/${tr.id}/`, {
      method: 'PATCH',
      body: { encode_status: 'CONVERTED' },
      headers: { 'if-match': `"v${tr.version}"` },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toContain('encode_status');
  });
  it('a refused field is a 403 naming only the refused fields, and nothing is written', async () => {
    const id = await rowOf('labels', 'brand:dance');
    const r = await onRow(`labels:${id}`, async () => {
      const [row] = await server.db.query<{ name: string; version: number }>('select name, version from labels where id = $1', [id]);
      const res = await api(server, tokens.get('contentops')!, `/v4/catalog/labels/${id}/`, {
        method: 'PATCH',
        body: { name: `${row.name} x`, label_manager_id: null, hype_active: true },
        headers: { 'if-match': `"v${row.version}"`, 'x-brand': 'brand:dance' },
      });
      const [after] = await server.db.query<{ name: string; version: number }>('select name, version from labels where id = $1', [id]);
      expect(after).toEqual(row);
      return res;
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ label_manager_id: [FIELD_WRITE_REFUSED], hype_active: [FIELD_WRITE_REFUSED] });
  });
});

describe.concurrent('write: type × account (PATCH and PUT)', () => {
  const cells = WHO.flatMap((w) =>
    EDITABLE.flatMap((type) =>
      (['PATCH', 'PUT'] as const).map(
        (method) => [w.username, w.brand, type, method, mayEdit(w.principal, type, ordinaryField(type))] as const,
      ),
    ),
  );
  it.each(cells)('%s on %s × %s %s → allowed %s', async (username, brand, type, method, allowed) => {
    const r = await writeBack(username, brand, type, ordinaryField(type), method);
    expect(r.status, JSON.stringify(r.body)).toBe(!allowed ? 403 : (await rowInfo(type, brand)).visible ? 200 : 404);
  });
});

describe.concurrent('write: sensitive field × account', () => {
  const cells = WHO.flatMap((w) =>
    Object.entries(FIELD_WRITE_RULES).flatMap(([type, fields]) =>
      Object.keys(fields).map((field) => [w.username, w.brand, type, field, mayEdit(w.principal, type, field)] as const),
    ),
  );
  it.each(cells)('%s on %s × %s.%s → allowed %s', async (username, brand, type, field, allowed) => {
    const r = await writeBack(username, brand, type, field, 'PATCH');
    expect(r.status, JSON.stringify(r.body)).toBe(!allowed ? 403 : (await rowInfo(type, brand)).visible ? 200 : 404);
  });
});

describe.concurrent('create (write) × account', () => {
  // Each cell names a release or label that does not exist: allowed callers get the 400 naming it (nothing is created), others 403.
  const bodies = {
    tracks: { release_id: 2_000_000_000, title: 'x' },
    releases: { label_id: 2_000_000_000, title: 'x' },
    artists: { name: '' },
    labels: { name: '', supplier_id: 1 },
  } as const;
  const cells = WHO.flatMap((w) =>
    (['tracks', 'releases', 'artists', 'labels'] as const).map(
      (type) => [w.username, w.brand, type, mayCreate(w.principal, type)] as const,
    ),
  );
  it.each(cells)('%s on %s × POST %s → allowed %s', async (username, brand, type, allowed) => {
    const r = await api(server, tokens.get(username)!, `/v4/catalog/${type}/`, {
      method: 'POST',
      body: bodies[type],
      headers: { 'x-brand': brand },
    });
    expect([r.status, Object.keys(r.body)]).toEqual(allowed ? [400, Object.keys(bodies[type]).slice(0, 1)] : [403, ['detail']]);
  });
});

describe.concurrent('pages: create, delete (write) and the slug check (read) × account', () => {
  // A page type that does not exist and a page that does not exist: allowed callers get the 400 naming the type / the 404, nothing changes.
  const cells = WHO.map(
    (w) =>
      [
        w.username,
        w.brand,
        mayCreate(w.principal, 'pages'),
        mayDelete(w.principal, 'pages'),
        can(w.principal, searchType('pages')!.rule),
      ] as const,
  );
  it.each(cells)('%s on %s × POST pages → %s, DELETE → %s, slug check → %s', async (username, brand, create, del, read) => {
    const headers = { 'x-brand': brand };
    const c = await api(server, tokens.get(username)!, '/v4/curation/pages/', {
      method: 'POST',
      body: { name: 'x', slug: 'matrix-x', page_type_id: 2_000_000_000 },
      headers,
    });
    const d = await api(server, tokens.get(username)!, '/v4/curation/pages/999999999/', { method: 'DELETE', headers });
    const s = await api(server, tokens.get(username)!, '/v4/curation/pages/slug-check/?slug=matrix-x', { headers });
    expect([c.status, Object.keys(c.body), d.status, s.status]).toEqual([
      create ? 400 : 403,
      create ? ['page_type_id'] : ['detail'],
      del ? 404 : 403,
      read ? 200 : 403,
    ]);
  });
});

describe.concurrent('coupons: create (write) × account', () => {
  // A discount type that does not exist: allowed callers get the 400 naming it (nothing is created), others 403.
  const cells = WHO.map((w) => [w.username, w.brand, mayCreate(w.principal, 'coupons')] as const);
  it.each(cells)('%s on %s × POST coupons → %s', async (username, brand, create) => {
    const c = await api(server, tokens.get(username)!, '/v4/content-ops/coupons/', {
      method: 'POST',
      body: { code: 'MATRIX', discount_type_id: 2_000_000_000 },
      headers: { 'x-brand': brand },
    });
    expect([c.status, Object.keys(c.body)]).toEqual(create ? [400, ['discount_type_id']] : [403, ['detail']]);
  });
  // A coupon that does not exist: writers get the 404, others 403; nothing is read past the heading.
  const upload = WHO.map((w) => [w.username, w.brand, can(w.principal, writeRouteRule('coupons'))] as const);
  it.each(upload)('%s on %s × POST coupons/{id}/users/upload/ → %s', async (username, brand, write) => {
    const r = await fetch(`${server.api}/v4/content-ops/coupons/999999999/users/upload/`, {
      method: 'POST',
      body: 'user_id\n1\n',
      headers: { authorization: `Bearer ${tokens.get(username)!}`, 'x-brand': brand, 'content-type': 'text/csv' },
    });
    expect(r.status).toBe(write ? 404 : 403);
  });
});

describe.concurrent('hype: offers create (write) and subscriptions (read) × account', () => {
  // A label that does not exist: allowed callers get the 400 naming it (nothing is created), others 403.
  const cells = WHO.map(
    (w) => [w.username, w.brand, mayCreate(w.principal, 'hype_offers'), can(w.principal, AREA_RULES['/hype'])] as const,
  );
  it.each(cells)('%s on %s × POST hype-offers → %s, GET hype-subscriptions → %s', async (username, brand, create, read) => {
    const body = { label_id: 2_000_000_000, name: 'MATRIX', price: 1, start_date: '2026-01-01', end_date: '2026-01-02' };
    const c = await api(server, tokens.get(username)!, '/v4/content-ops/hype-offers/', {
      method: 'POST',
      body,
      headers: { 'x-brand': brand },
    });
    expect([c.status, Object.keys(c.body)]).toEqual(create ? [400, ['label_id']] : [403, ['detail']]);
    const r = await api(server, tokens.get(username)!, '/v4/hype-subscriptions/?per_page=1', { headers: { 'x-brand': brand } });
    expect(r.status).toBe(read ? 200 : 403);
  });
  it("the one hype rule: whoever reads the hype search types of /support reads /hype's subscriptions, on the dance-music brand only", () => {
    for (const w of WHO) {
      expect(can(w.principal, AREA_RULES['/hype'])).toBe(can(w.principal, searchType('hype_purchases')!.rule));
      if (w.brand !== 'brand:dance') expect(can(w.principal, AREA_RULES['/hype'])).toBe(false);
    }
  });
});

describe.concurrent('page modules: create, delete, items (write) and items (read) × account', () => {
  // Nothing exists at these ids: allowed callers get the 400 naming the page / the 404, others 403; nothing changes.
  const cells = WHO.map(
    (w) =>
      [
        w.username,
        w.brand,
        mayCreate(w.principal, 'page_modules'),
        mayDelete(w.principal, 'page_modules'),
        mayEdit(w.principal, 'page_modules', 'name'),
        can(w.principal, searchType('page_modules')!.rule),
      ] as const,
  );
  it.each(cells)(
    '%s on %s × POST modules → %s, DELETE → %s, item writes → %s, items → %s',
    async (username, brand, create, del, write, read) => {
      const call = (path: string, method = 'GET', body?: unknown) =>
        api(server, tokens.get(username)!, `/v4/curation/page-modules/${path}`, { method, body, headers: { 'x-brand': brand } });
      const c = await call('', 'POST', { page_id: 999_999_999, name: 'x', module_type_id: 1, slot: 'left' });
      const statuses = [
        (await call('999999999/', 'DELETE')).status,
        (await call('999999999/items/', 'POST', { item_type_id: 1, item_id: 1 })).status,
        (await call('999999999/items/1/', 'DELETE')).status,
        (await call('999999999/items/order/', 'PUT', [{ id: 1, track_position: { id: 999_999_999, position: 1 } }])).status,
        (await call('999999999/items/')).status,
      ];
      expect([c.status, Object.keys(c.body), ...statuses]).toEqual([
        create ? 400 : 403,
        create ? ['page_id'] : ['detail'],
        del ? 404 : 403,
        write ? 404 : 403,
        write ? 404 : 403,
        write ? 404 : 403,
        read ? 404 : 403,
      ]);
    },
  );
});

describe.concurrent('page module images: upload and crop (write), GET (read) × account', () => {
  // A module that does not exist: allowed callers get the 404, others 403; nothing is stored.
  const cells = WHO.map(
    (w) => [w.username, w.brand, mayEdit(w.principal, 'page_modules', 'name'), can(w.principal, searchType('page_modules')!.rule)] as const,
  );
  const name = 'upload-00000000-0000-0000-0000-000000000000-png';
  it.each(cells)('%s on %s × POST images, POST crop → %s, GET image → %s', async (username, brand, write, read) => {
    const headers = { 'x-brand': brand };
    const u = await fetch(`${server.api}/v4/curation/page-modules/999999999/images/`, {
      method: 'POST',
      body: 'x',
      headers: { authorization: `Bearer ${tokens.get(username)!}`, ...headers, 'content-type': 'image/png' },
    });
    const c = await api(server, tokens.get(username)!, `/v4/curation/page-modules/999999999/images/${name}/crop/`, {
      method: 'POST',
      body: { x: 0, y: 0, width: 1, height: 1 },
      headers,
    });
    const g = await api(server, tokens.get(username)!, `/v4/curation/page-modules/999999999/images/${name}/`, { headers });
    expect([u.status, c.status, g.status]).toEqual([write ? 404 : 403, write ? 404 : 403, read ? 404 : 403]);
  });
});

describe.concurrent('live stream stages: GET (read) and PUT (write) × account', () => {
  // A stream that does not exist: allowed callers get the 404, others 403; nothing changes.
  const cells = WHO.map(
    (w) => [w.username, w.brand, can(w.principal, searchType('live_streams')!.rule), mayEdit(w.principal, 'live_streams', 'name')] as const,
  );
  it.each(cells)('%s on %s × GET stages → %s, PUT stages → %s', async (username, brand, read, write) => {
    const headers = { 'x-brand': brand };
    const g = await api(server, tokens.get(username)!, '/v4/catalog/live-streams/999999999/stages/', { headers });
    const p = await api(server, tokens.get(username)!, '/v4/catalog/live-streams/999999999/stages/', {
      method: 'PUT',
      body: { stages: [{ name: 'x', number: 1 }] },
      headers,
    });
    expect([g.status, p.status]).toEqual([read ? 404 : 403, write ? 404 : 403]);
  });
});

describe.concurrent('live streams, vendors, link partners: create and delete (write) × account', () => {
  // A blank name and an id that does not exist: allowed callers get the 400 naming the name / the 404, others 403; nothing changes.
  const cells = WHO.flatMap((w) =>
    (Object.keys(SIMPLE_RECORD_PATHS) as SimpleRecordType[]).map(
      (type) => [w.username, w.brand, type, mayCreate(w.principal, type), mayDelete(w.principal, type)] as const,
    ),
  );
  it.each(cells)('%s on %s × POST/DELETE %s → %s, %s', async (username, brand, type, create, del) => {
    const base = `/v4/catalog/${SIMPLE_RECORD_PATHS[type]}/`;
    const c = await api(server, tokens.get(username)!, base, { method: 'POST', body: { name: '' }, headers: { 'x-brand': brand } });
    const d = await api(server, tokens.get(username)!, `${base}999999999/`, { method: 'DELETE', headers: { 'x-brand': brand } });
    expect([c.status, Object.keys(c.body), d.status]).toEqual([create ? 400 : 403, create ? ['name'] : ['detail'], del ? 404 : 403]);
  });
});

describe.concurrent('bulk edit (write) × account', () => {
  const cells = WHO.flatMap((w) =>
    (['tracks/bulk', 'releases/{id}/tracks/bulk'] as const).map(
      (route) => [w.username, w.brand, route, mayEdit(w.principal, 'tracks', 'bpm')] as const,
    ),
  );
  it.each(cells)('%s on %s × PATCH %s (preview) → allowed %s', async (username, brand, route, allowed) => {
    const releaseId = await rowOf('releases', brand);
    const [track] = await server.db.query<{ id: number; version: number }>(
      'select id, version from tracks where release_id = $1 order by position limit 1',
      [releaseId],
    );
    const path = route === 'tracks/bulk' ? '/v4/catalog/tracks/bulk/' : `/v4/catalog/releases/${releaseId}/tracks/bulk/`;
    const r = await api(server, tokens.get(username)!, path, {
      method: 'PATCH',
      body: { rows: [{ id: track.id, version: track.version }], changes: { bpm: 120 }, preview: true },
      headers: { 'x-brand': brand },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(allowed ? 200 : 403);
  });
});

/**
 * Notes (server/api/routes/notes.ts; docs/decisions.md "Who may write"): staff on Control who read
 * the type read and write them (notesRule); suppliers, labels, artists, DJs and a
 * supplier token with app:control are refused, on their own records too. A cell's note
 * is removed again.
 */
describe.concurrent('notes × account (GET and POST)', () => {
  it('staff on both sides, and no Baseware user on the allowed side', () => {
    for (const type of NOTE_TYPES) {
      expect(new Set(WHO.map((w) => can(w.principal, notesRule(type))))).toEqual(new Set([true, false]));
      expect(WHO.filter((w) => can(w.principal, notesRule(type)) && !w.principal.scopes.includes('app:control'))).toEqual([]);
      expect(WHO.filter((w) => can(w.principal, notesRule(type)) && w.principal.scopes.includes('user:supplier'))).toEqual([]);
    }
  });
  const cells = WHO.flatMap((w) =>
    NOTE_TYPES.flatMap((type) =>
      (['GET', 'POST'] as const).map((method) => [w.username, w.brand, type, method, can(w.principal, notesRule(type))] as const),
    ),
  );
  it.each(cells)('%s on %s × %s notes %s → allowed %s', async (username, brand, type, method, allowed) => {
    const t = searchType(type)!;
    const { id, visible } = await rowInfo(type, brand);
    const r = await api(server, tokens.get(username)!, `/v4/${t.category}/${t.path}/${id}/notes/`, {
      method,
      headers: { 'x-brand': brand },
      ...(method === 'POST' ? { body: { body: `Matrix note by ${username}` } } : {}),
    });
    if (r.status === 201) await server.db.query('delete from notes where id = $1', [r.body.id]);
    expect(r.status, JSON.stringify(r.body)).toBe(!allowed ? 403 : !visible ? 404 : method === 'POST' ? 201 : 200);
  });
});
