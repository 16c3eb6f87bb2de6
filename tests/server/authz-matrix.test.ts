/**
 * Authorization matrix: every sandbox account (one per staff role and user kind, each
 * brand it holds) × every search type (read; PATCH and PUT), × every filter that carries
 * a rule, × every sensitive field, and the record routes (history and the release's
 * tracks: read; POST create and the bulk edits: write), checked against the shared rules (shared/access)
 * through the real API; plus a supplier token
 * with app:control (the §6 "supplier only with control" group: DJ profiles, playlists);
 * every media route (cover art, audio files, stream, support downloads, re-encode);
 * ownership (another supplier's or label's objects are 404) and the rule-required route
 * registration.
 */
import { newSshKeyPair } from '../../shared/packaging/ssh-key';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  AREA_RULES, APP_BASEWARE, APP_CONTROL, CREDIT_WRITE, FIELD_RULES, FIELD_WRITE_REFUSED, FIELD_WRITE_RULES, ORDER_WRITE, RULED_FILTERS, SEARCH_TYPES, STAFF_ROLES, SEARCH_RULES, SUPPORT_DOWNLOADS_RULE,
  SALES_RULE, SERVICE_AGREEMENT_ACCEPT_RULE, SERVICE_AGREEMENT_READ_RULE, SHARED_VIEWS_RULE, TEMP_ACCOUNT_WRITE_RULE, SUPPLIER_STATEMENTS_RULE, LABEL_STATEMENTS_RULE, TYPE_WRITE_RULES, USER_ACCOUNT_READ, USER_ACCOUNT_WRITE, USER_KINDS, WRITE_RULES, allOf, can, filterAllowed, principalFrom, searchType, writeRouteRule, writeRule, type Principal,
  type Rule,
} from '../../shared/access';
import { REGIONS } from '../../shared/vocabularies';
import { SERVICE_AGREEMENT } from '../../shared/constants';
import { CONSOLE_CLIENT_ID, SIMPLE_RECORD_PATHS, artistEndpoints, dashboardEndpoints, jobEndpoints, mediaEndpoints, pathOf, type SimpleRecordType } from '../../shared/api';
import { issueTokens } from '../../server/auth/tokens';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { LIST_DEF_BY_KEY, checkListDefs } from '../../server/api/lists/types';
import type { FilterKind } from '../../server/api/lists/engine';
import { requireRules } from '../../server/api/route';

import { WRITES } from '../../server/api/records/defs';
import { createRule, isRecordKey, mayCreate, mayDelete, mayEdit, recordDecl } from '../../shared/records';
import { api, signIn, startTestServer, type RunningServer } from './helpers';

let server: RunningServer;
const tokens = new Map<string, string>();

/**
 * Principals no sandbox account signs in as, each a real user of the seed holding a
 * token with other scopes: the sandbox supplier with app:control instead of app:baseware.
 */
const EXTRA = [
  { key: 'supplier+control', username: 'supplier', scope: [APP_CONTROL, 'user:supplier', 'brand:dance', 'brand:dj'].join(' ') },
];

beforeAll(async () => {
  server = await startTestServer();
  for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(server, a.username, a.password)).access_token);
  for (const x of EXTRA) {
    const [u] = await server.db.query<{ id: number }>('select id from users where username = $1', [x.username]);
    const issued = await issueTokens(server.db, { accessTtl: 3600, refreshTtl: 3600 }, u.id, CONSOLE_CLIENT_ID, x.scope);
    tokens.set(x.key, issued.access_token);
  }
});
afterAll(async () => server?.close());

interface Who {
  username: string;
  brand: string;
  principal: Principal;
}
const WHO: Who[] = [
  ...SANDBOX_ACCOUNTS.flatMap((a) =>
    a.brands.map((brand) => ({
      username: a.username,
      brand,
      principal: principalFrom([a.app, a.role, ...a.brands].join(' '), [], brand),
    })),
  ),
  ...EXTRA.flatMap((x) =>
    principalFrom(x.scope).scopes.filter((s) => s.startsWith('brand:')).map((brand) => ({
      username: x.key,
      brand,
      principal: principalFrom(x.scope, [], brand),
    })),
  ),
];

describe('coverage', () => {
  it('a sandbox account for every staff role and every user kind, each able to sign in', () => {
    expect(new Set(SANDBOX_ACCOUNTS.map((a) => a.role))).toEqual(new Set([...STAFF_ROLES, ...USER_KINDS]));
    for (const a of SANDBOX_ACCOUNTS) expect([a.username, (tokens.get(a.username) ?? '').length > 0]).toEqual([a.username, true]);
  });
  it('the cells include both sides of "supplier only with control" (DJ profiles, playlists)', () => {
    for (const key of ['dj_profiles', 'playlists']) {
      const rule = SEARCH_TYPES.find((t) => t.key === key)!.rule;
      const answers = WHO.filter((w) => w.principal.scopes.includes('user:supplier')).map((w) => [
        w.principal.scopes.includes(APP_CONTROL) ? APP_CONTROL : APP_BASEWARE, can(w.principal, rule),
      ]);
      // From the shared table: the Baseware supplier is refused, the same supplier with control allowed.
      expect([key, new Set(answers.map((a) => a.join(' ')))]).toEqual([key, new Set([`${APP_BASEWARE} false`, `${APP_CONTROL} true`])]);
    }
  });
});

const SAMPLE: Record<FilterKind, string> = {
  text: 'a', ids: '1,2', int: '1', choice: 'CONVERTED', date: '2020-01-01:2020-12-31', bool: 'true', bool01: '1',
};

describe.concurrent('search type × account', () => {
  const cells = WHO.flatMap((w) => SEARCH_TYPES.map((t) => [w.username, w.brand, t.key, can(w.principal, t.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, type, allowed) => {
    const t = SEARCH_TYPES.find((x) => x.key === type)!;
    const headers = { 'x-brand': brand };
    const search = await api(server, tokens.get(username)!, `/v4/catalog/search/?type=${type}&per_page=1`, { headers });
    const list = await api(server, tokens.get(username)!, `/v4/${t.category}/${t.path}/?per_page=1`, { headers });
    expect([search.status, list.status]).toEqual(allowed ? [200, 200] : [403, 403]);
  });
});

describe.concurrent('ruled filter × account', () => {
  const cells = WHO.flatMap((w) =>
    RULED_FILTERS.flatMap((f) => {
      // Prefer a type this account may use, so the filter rule itself is what is tested.
      const types = SEARCH_TYPES.filter((t) => t.filters.includes(f));
      const t = types.find((x) => can(w.principal, x.rule)) ?? types[0];
      return t ? [[w.username, w.brand, f, t.key, filterAllowed(w.principal, t.key, f)] as const] : [];
    }),
  );
  it.each(cells)('%s on %s × filter %s (on %s) → allowed %s', async (username, brand, filter, type, allowed) => {
    const kind = LIST_DEF_BY_KEY.get(type)!.filters[filter].kind;
    const value = filter === 'release_status' ? 'encoded' : filter === 'album_action' ? 'insert' : SAMPLE[kind];
    const r = await api(server, tokens.get(username)!, `/v4/catalog/search/?type=${type}&${filter}=${encodeURIComponent(value)}&per_page=1`, {
      headers: { 'x-brand': brand },
    });
    expect(r.status).toBe(allowed ? 200 : 403);
  });
});


/** A date column read back from the database, in the API's YYYY-MM-DD form. */
function apiValue(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return v;
}

/**
 * Writes run concurrently with every other cell: each cell writes back the value the
 * row already holds, and cells on the same row take turns (read the version, write),
 * so no cell sees another's version bump between its read and its write.
 */
const rowTurns = new Map<string, Promise<unknown>>();
function onRow<T>(key: string, work: () => Promise<T>): Promise<T> {
  const prev = rowTurns.get(key) ?? Promise.resolve();
  const next = prev.then(work, work);
  rowTurns.set(key, next.catch(() => undefined));
  return next;
}

/**
 * A row of `type` in `brand` (staff see every row of their active brand), found through
 * the API as admin; where the brand has none (hype offers are dance-only), any row of the
 * type, which no one sees on that brand (`visible` false: an allowed caller gets 404).
 */
const rowIds = new Map<string, Promise<{ id: number; visible: boolean }>>();
function rowInfo(type: string, brand: string): Promise<{ id: number; visible: boolean }> {
  const key = `${type} ${brand}`;
  if (!rowIds.has(key)) {
    const t = SEARCH_TYPES.find((x) => x.key === type)!;
    rowIds.set(key, api(server, tokens.get('admin')!, `/v4/${t.category}/${t.path}/?per_page=1`, { headers: { 'x-brand': brand } }).then(async (r) => {
      const id = r.body.results?.[0]?.id;
      if (typeof id === 'number') return { id, visible: true };
      const table = isRecordKey(type) ? WRITES[type].table : type;
      const [any] = await server.db.query<{ id: number | null }>(`select min(id) as id from ${table}`);
      if (any.id === null) throw new Error(`no ${type} row at all`);
      return { id: any.id, visible: false };
    }));
  }
  return rowIds.get(key)!;
}
const rowOf = async (type: string, brand: string): Promise<number> => (await rowInfo(type, brand)).id;

/** The first editable field of a type without a rule of its own: what a type cell writes. */
function ordinaryField(type: string): string {
  return (recordDecl(type)!.editable as readonly string[]).find((f) => !(f in (FIELD_WRITE_RULES[type] ?? {})))!;
}

/** Writes `field`'s current value back to a visible row of `type`, by PATCH or by PUT; returns the response. */
async function writeBack(username: string, brand: string, type: string, field: string, method: 'PATCH' | 'PUT') {
  const t = SEARCH_TYPES.find((x) => x.key === type)!;
  const w = WRITES[type as keyof typeof WRITES];
  const table = w.table;
  const column = w.columns[field] ?? field;
  const id = await rowOf(type, brand);
  return onRow(`${table}:${id}`, async () => {
    const [row] = await server.db.query<Record<string, unknown>>(`select ${column} as value, version from ${table} where id = $1`, [id]);
    const value = apiValue(row.value);
    const version = row.version as number;
    const headers = { 'x-brand': brand, 'if-match': `"v${version}"` };
    return method === 'PATCH'
      ? api(server, tokens.get(username)!, `/v4/${t.category}/${t.path}/${id}/`, { method, body: { [field]: value }, headers })
      : api(server, tokens.get(username)!, `/v4/${t.category}/${t.path}/`, { method, body: [{ id, version, [field]: value }], headers });
  });
}

// Record types with an editable field (a hype purchase is a read-only record: no write routes).
const EDITABLE = SEARCH_TYPES.filter((t) => isRecordKey(t.key) && recordDecl(t.key)!.editable.length).map((t) => t.key);

describe('write rules on the server', () => {
  it('every type with a PATCH route has a write rule, and every write rule has its PATCH and PUT routes', () => {
    expect(EDITABLE.filter((k) => !TYPE_WRITE_RULES[k])).toEqual([]);
    expect(Object.keys(TYPE_WRITE_RULES).filter((k) => !isRecordKey(k))).toEqual([]);
  });
  it('every sensitive field is an editable field of its type', () => {
    for (const [type, fields] of Object.entries(FIELD_WRITE_RULES)) {
      for (const f of Object.keys(fields)) expect([type, f, (recordDecl(type)!.editable as readonly string[]).includes(f)]).toEqual([type, f, true]);
    }
  });
  it('a track\'s encode status is read-only (spec §4: set by encode jobs only): a 400 naming it, even for admin', async () => {
    const [tr] = await server.db.query<{ id: number; version: number }>('select id, version from tracks order by id limit 1');
    const r = await api(server, tokens.get('admin')!, `/v4/catalog/tracks/${tr.id}/`, {
      method: 'PATCH', body: { encode_status: 'CONVERTED' }, headers: { 'if-match': `"v${tr.version}"` },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toContain('encode_status');
  });
  it('a refused field is a 403 naming only the refused fields, and nothing is written', async () => {
    const id = await rowOf('labels', 'brand:dance');
    const r = await onRow(`labels:${id}`, async () => {
      const [row] = await server.db.query<{ name: string; version: number }>('select name, version from labels where id = $1', [id]);
      const res = await api(server, tokens.get('contentops')!, `/v4/catalog/labels/${id}/`, {
        method: 'PATCH', body: { name: `${row.name} x`, label_manager_id: null, hype_active: true },
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
      (['PATCH', 'PUT'] as const).map((method) => [w.username, w.brand, type, method, mayEdit(w.principal, type, ordinaryField(type))] as const),
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

/**
 * A row of `type` this account sees (its own for suppliers and labels), or null when its
 * list is refused or empty for it.
 */
async function ownRow(username: string, brand: string, type: string): Promise<number | null> {
  const t = SEARCH_TYPES.find((x) => x.key === type)!;
  const r = await api(server, tokens.get(username)!, `/v4/${t.category}/${t.path}/?per_page=1`, { headers: { 'x-brand': brand } });
  const id = r.status === 200 ? r.body.results?.[0]?.id : undefined;
  return typeof id === 'number' ? id : null;
}

describe.concurrent('record history (read) × account', () => {
  const cells = WHO.flatMap((w) => EDITABLE.map((type) => [w.username, w.brand, type, can(w.principal, SEARCH_TYPES.find((t) => t.key === type)!.rule)] as const));
  it.each(cells)('%s on %s × %s history → allowed %s', async (username, brand, type, allowed) => {
    const t = SEARCH_TYPES.find((x) => x.key === type)!;
    const own = allowed ? await ownRow(username, brand, type) : null;
    const id = own ?? (await rowOf(type, brand));
    const r = await api(server, tokens.get(username)!, `/v4/${t.category}/${t.path}/${id}/history/`, { headers: { 'x-brand': brand } });
    // Allowed readers see the history of a row they see; a reader whose list is empty has no row to ask for (404).
    expect(r.status, JSON.stringify(r.body)).toBe(!allowed ? 403 : own !== null ? 200 : 404);
  });
});

describe.concurrent('release tracks (read) × account', () => {
  const rule = SEARCH_TYPES.find((t) => t.key === 'releases')!.rule;
  const cells = WHO.map((w) => [w.username, w.brand, can(w.principal, rule)] as const);
  it.each(cells)('%s on %s × GET releases/{id}/tracks/ → allowed %s', async (username, brand, allowed) => {
    const own = allowed ? await ownRow(username, brand, 'releases') : null;
    const id = own ?? (await rowOf('releases', brand));
    const r = await api(server, tokens.get(username)!, `/v4/catalog/releases/${id}/tracks/`, { headers: { 'x-brand': brand } });
    expect(r.status).toBe(!allowed ? 403 : own !== null ? 200 : 404);
  });
});

describe.concurrent('create (write) × account', () => {
  // Each cell names a release or label that does not exist: allowed callers get the 400 naming it (nothing is created), others 403.
  const bodies = { tracks: { release_id: 2_000_000_000, title: 'x' }, releases: { label_id: 2_000_000_000, title: 'x' }, artists: { name: '' }, labels: { name: '', supplier_id: 1 } } as const;
  const cells = WHO.flatMap((w) => (['tracks', 'releases', 'artists', 'labels'] as const).map((type) => [w.username, w.brand, type, mayCreate(w.principal, type)] as const));
  it.each(cells)('%s on %s × POST %s → allowed %s', async (username, brand, type, allowed) => {
    const r = await api(server, tokens.get(username)!, `/v4/catalog/${type}/`, { method: 'POST', body: bodies[type], headers: { 'x-brand': brand } });
    expect([r.status, Object.keys(r.body)]).toEqual(allowed ? [400, Object.keys(bodies[type]).slice(0, 1)] : [403, ['detail']]);
  });
});

describe.concurrent('pages: create, delete (write) and the slug check (read) × account', () => {
  // A page type that does not exist and a page that does not exist: allowed callers get the 400 naming the type / the 404, nothing changes.
  const cells = WHO.map((w) => [w.username, w.brand, mayCreate(w.principal, 'pages'), mayDelete(w.principal, 'pages'), can(w.principal, searchType('pages')!.rule)] as const);
  it.each(cells)('%s on %s × POST pages → %s, DELETE → %s, slug check → %s', async (username, brand, create, del, read) => {
    const headers = { 'x-brand': brand };
    const c = await api(server, tokens.get(username)!, '/v4/curation/pages/', { method: 'POST', body: { name: 'x', slug: 'matrix-x', page_type_id: 2_000_000_000 }, headers });
    const d = await api(server, tokens.get(username)!, '/v4/curation/pages/999999999/', { method: 'DELETE', headers });
    const s = await api(server, tokens.get(username)!, '/v4/curation/pages/slug-check/?slug=matrix-x', { headers });
    expect([c.status, Object.keys(c.body), d.status, s.status]).toEqual([
      create ? 400 : 403, create ? ['page_type_id'] : ['detail'], del ? 404 : 403, read ? 200 : 403,
    ]);
  });
});

describe.concurrent('coupons: create (write) × account', () => {
  // A discount type that does not exist: allowed callers get the 400 naming it (nothing is created), others 403.
  const cells = WHO.map((w) => [w.username, w.brand, mayCreate(w.principal, 'coupons')] as const);
  it.each(cells)('%s on %s × POST coupons → %s', async (username, brand, create) => {
    const c = await api(server, tokens.get(username)!, '/v4/content-ops/coupons/', { method: 'POST', body: { code: 'MATRIX', discount_type_id: 2_000_000_000 }, headers: { 'x-brand': brand } });
    expect([c.status, Object.keys(c.body)]).toEqual(create ? [400, ['discount_type_id']] : [403, ['detail']]);
  });
  // A coupon that does not exist: writers get the 404, others 403; nothing is read past the heading.
  const upload = WHO.map((w) => [w.username, w.brand, can(w.principal, writeRouteRule('coupons'))] as const);
  it.each(upload)('%s on %s × POST coupons/{id}/users/upload/ → %s', async (username, brand, write) => {
    const r = await fetch(`${server.api}/v4/content-ops/coupons/999999999/users/upload/`, {
      method: 'POST', body: 'user_id\n1\n', headers: { authorization: `Bearer ${tokens.get(username)!}`, 'x-brand': brand, 'content-type': 'text/csv' },
    });
    expect(r.status).toBe(write ? 404 : 403);
  });
});

describe.concurrent('hype: offers create (write) and subscriptions (read) × account', () => {
  // A label that does not exist: allowed callers get the 400 naming it (nothing is created), others 403.
  const cells = WHO.map((w) => [w.username, w.brand, mayCreate(w.principal, 'hype_offers'), can(w.principal, AREA_RULES['/hype'])] as const);
  it.each(cells)('%s on %s × POST hype-offers → %s, GET hype-subscriptions → %s', async (username, brand, create, read) => {
    const body = { label_id: 2_000_000_000, name: 'MATRIX', price: 1, start_date: '2026-01-01', end_date: '2026-01-02' };
    const c = await api(server, tokens.get(username)!, '/v4/content-ops/hype-offers/', { method: 'POST', body, headers: { 'x-brand': brand } });
    expect([c.status, Object.keys(c.body)]).toEqual(create ? [400, ['label_id']] : [403, ['detail']]);
    const r = await api(server, tokens.get(username)!, '/v4/hype-subscriptions/?per_page=1', { headers: { 'x-brand': brand } });
    expect(r.status).toBe(read ? 200 : 403);
  });
  it('the one hype rule: whoever reads the hype search types of /support reads /hype\'s subscriptions, on the dance-music brand only', () => {
    for (const w of WHO) {
      expect(can(w.principal, AREA_RULES['/hype'])).toBe(can(w.principal, searchType('hype_purchases')!.rule));
      if (w.brand !== 'brand:dance') expect(can(w.principal, AREA_RULES['/hype'])).toBe(false);
    }
  });
});

describe.concurrent('new-user export (read) × account', () => {
  // A range the API refuses (3 days): allowed callers get the 400 naming `to`, others 403; nothing is streamed.
  const cells = WHO.map((w) => [w.username, w.brand, can(w.principal, AREA_RULES['/new-user-export'])] as const);
  it.each(cells)('%s on %s × GET new-users-csv/download/ → %s', async (username, brand, read) => {
    const r = await api(server, tokens.get(username)!, '/v4/accounts/new-users-csv/download/?from=2026-02-10&to=2026-02-12', { headers: { 'x-brand': brand } });
    expect([r.status, Object.keys(r.body)]).toEqual(read ? [400, ['to']] : [403, ['detail']]);
  });
});

describe.concurrent('a user\'s order items CSV (read) × account', () => {
  // A user that does not exist: readers of orders get the 404, others 403.
  const cells = WHO.map((w) => [w.username, w.brand, can(w.principal, searchType('orders')!.rule)] as const);
  it.each(cells)('%s on %s × GET users/{id}/order-items-csv/download/ → %s', async (username, brand, read) => {
    const r = await api(server, tokens.get(username)!, '/v4/accounts/users/999999999/order-items-csv/download/', { headers: { 'x-brand': brand } });
    expect(r.status).toBe(read ? 404 : 403);
  });
});

describe.concurrent('a user\'s coupons: list (read) and assign (write) × account', () => {
  // A user that does not exist: allowed callers get the 404, others 403.
  const cells = WHO.map((w) => [
    w.username, w.brand, can(w.principal, allOf(searchType('users')!.rule, searchType('coupons')!.rule)), can(w.principal, allOf(searchType('users')!.rule, writeRouteRule('coupons'))),
  ] as const);
  it.each(cells)('%s on %s × GET users/{id}/coupons/ → %s, POST → %s', async (username, brand, read, write) => {
    const r = await api(server, tokens.get(username)!, '/v4/accounts/users/999999999/coupons/', { headers: { 'x-brand': brand } });
    expect(r.status).toBe(read ? 404 : 403);
    const w = await api(server, tokens.get(username)!, '/v4/accounts/users/999999999/coupons/', { method: 'POST', body: { code: 'MATRIX' }, headers: { 'x-brand': brand } });
    expect(w.status).toBe(write ? 404 : 403);
  });
});

describe.concurrent('the users CSV, a user\'s identities and billing (read), reset link and billing change (write) × account', () => {
  // A user that does not exist (an unknown filter for the CSV): allowed callers get the 404 (400), others 403; nothing is issued or changed.
  const cells = WHO.map((w) => [w.username, w.brand, can(w.principal, USER_ACCOUNT_READ), can(w.principal, USER_ACCOUNT_WRITE)] as const);
  it.each(cells)('%s on %s × GET users-csv/download/, identities/, billing/ → %s; POST password-reset-link/, PATCH billing/ → %s', async (username, brand, read, write) => {
    const call = (path: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) =>
      api(server, tokens.get(username)!, `/v4/accounts/users/999999999/${path}`, { method, body, headers: { 'x-brand': brand, ...headers } });
    const csv = await api(server, tokens.get(username)!, '/v4/accounts/users-csv/download/?nope=1', { headers: { 'x-brand': brand } });
    expect(csv.status).toBe(read ? 400 : 403);
    const statuses = [
      (await call('identities/')).status, (await call('billing/')).status,
      (await call('password-reset-link/', 'POST')).status, (await call('billing/', 'PATCH', { billing_disabled: true }, { 'if-match': '"v1"' })).status,
    ];
    expect(statuses).toEqual([read ? 404 : 403, read ? 404 : 403, write ? 404 : 403, write ? 404 : 403]);
  });
});

describe.concurrent('page modules: create, delete, items (write) and items (read) × account', () => {
  // Nothing exists at these ids: allowed callers get the 400 naming the page / the 404, others 403; nothing changes.
  const cells = WHO.map((w) => [
    w.username, w.brand, mayCreate(w.principal, 'page_modules'), mayDelete(w.principal, 'page_modules'),
    mayEdit(w.principal, 'page_modules', 'name'), can(w.principal, searchType('page_modules')!.rule),
  ] as const);
  it.each(cells)('%s on %s × POST modules → %s, DELETE → %s, item writes → %s, items → %s', async (username, brand, create, del, write, read) => {
    const call = (path: string, method = 'GET', body?: unknown) => api(server, tokens.get(username)!, `/v4/curation/page-modules/${path}`, { method, body, headers: { 'x-brand': brand } });
    const c = await call('', 'POST', { page_id: 999_999_999, name: 'x', module_type_id: 1, slot: 'left' });
    const statuses = [
      (await call('999999999/', 'DELETE')).status,
      (await call('999999999/items/', 'POST', { item_type_id: 1, item_id: 1 })).status,
      (await call('999999999/items/1/', 'DELETE')).status,
      (await call('999999999/items/order/', 'PUT', [{ id: 1, track_position: { id: 999_999_999, position: 1 } }])).status,
      (await call('999999999/items/')).status,
    ];
    expect([c.status, Object.keys(c.body), ...statuses]).toEqual([
      create ? 400 : 403, create ? ['page_id'] : ['detail'], del ? 404 : 403, write ? 404 : 403, write ? 404 : 403, write ? 404 : 403, read ? 404 : 403,
    ]);
  });
});

describe.concurrent('page module images: upload and crop (write), GET (read) × account', () => {
  // A module that does not exist: allowed callers get the 404, others 403; nothing is stored.
  const cells = WHO.map((w) => [w.username, w.brand, mayEdit(w.principal, 'page_modules', 'name'), can(w.principal, searchType('page_modules')!.rule)] as const);
  const name = 'upload-00000000-0000-0000-0000-000000000000-png';
  it.each(cells)('%s on %s × POST images, POST crop → %s, GET image → %s', async (username, brand, write, read) => {
    const headers = { 'x-brand': brand };
    const u = await fetch(`${server.api}/v4/curation/page-modules/999999999/images/`, {
      method: 'POST', body: 'x', headers: { authorization: `Bearer ${tokens.get(username)!}`, ...headers, 'content-type': 'image/png' },
    });
    const c = await api(server, tokens.get(username)!, `/v4/curation/page-modules/999999999/images/${name}/crop/`, { method: 'POST', body: { x: 0, y: 0, width: 1, height: 1 }, headers });
    const g = await api(server, tokens.get(username)!, `/v4/curation/page-modules/999999999/images/${name}/`, { headers });
    expect([u.status, c.status, g.status]).toEqual([write ? 404 : 403, write ? 404 : 403, read ? 404 : 403]);
  });
});

describe.concurrent('live stream stages: GET (read) and PUT (write) × account', () => {
  // A stream that does not exist: allowed callers get the 404, others 403; nothing changes.
  const cells = WHO.map((w) => [w.username, w.brand, can(w.principal, searchType('live_streams')!.rule), mayEdit(w.principal, 'live_streams', 'name')] as const);
  it.each(cells)('%s on %s × GET stages → %s, PUT stages → %s', async (username, brand, read, write) => {
    const headers = { 'x-brand': brand };
    const g = await api(server, tokens.get(username)!, '/v4/catalog/live-streams/999999999/stages/', { headers });
    const p = await api(server, tokens.get(username)!, '/v4/catalog/live-streams/999999999/stages/', { method: 'PUT', body: { stages: [{ name: 'x', number: 1 }] }, headers });
    expect([g.status, p.status]).toEqual([read ? 404 : 403, write ? 404 : 403]);
  });
});

describe.concurrent('live streams, vendors, link partners: create and delete (write) × account', () => {
  // A blank name and an id that does not exist: allowed callers get the 400 naming the name / the 404, others 403; nothing changes.
  const cells = WHO.flatMap((w) => (Object.keys(SIMPLE_RECORD_PATHS) as SimpleRecordType[]).map((type) =>
    [w.username, w.brand, type, mayCreate(w.principal, type), mayDelete(w.principal, type)] as const));
  it.each(cells)('%s on %s × POST/DELETE %s → %s, %s', async (username, brand, type, create, del) => {
    const base = `/v4/catalog/${SIMPLE_RECORD_PATHS[type]}/`;
    const c = await api(server, tokens.get(username)!, base, { method: 'POST', body: { name: '' }, headers: { 'x-brand': brand } });
    const d = await api(server, tokens.get(username)!, `${base}999999999/`, { method: 'DELETE', headers: { 'x-brand': brand } });
    expect([c.status, Object.keys(c.body), d.status]).toEqual([create ? 400 : 403, create ? ['name'] : ['detail'], del ? 404 : 403]);
  });
});

describe.concurrent('bulk edit (write) × account', () => {
  const cells = WHO.flatMap((w) => (['tracks/bulk', 'releases/{id}/tracks/bulk'] as const).map((route) => [w.username, w.brand, route, mayEdit(w.principal, 'tracks', 'bpm')] as const));
  it.each(cells)('%s on %s × PATCH %s (preview) → allowed %s', async (username, brand, route, allowed) => {
    const releaseId = await rowOf('releases', brand);
    const [track] = await server.db.query<{ id: number; version: number }>('select id, version from tracks where release_id = $1 order by position limit 1', [releaseId]);
    const path = route === 'tracks/bulk' ? '/v4/catalog/tracks/bulk/' : `/v4/catalog/releases/${releaseId}/tracks/bulk/`;
    const r = await api(server, tokens.get(username)!, path, {
      method: 'PATCH', body: { rows: [{ id: track.id, version: track.version }], changes: { bpm: 120 }, preview: true }, headers: { 'x-brand': brand },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(allowed ? 200 : 403);
  });
});

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
  const ids = () => (shared ??= (async () => {
    const [t] = await server.db.query<{ id: number; release_id: number }>(
      'select id, release_id from tracks where supplier_id = 1 and label_id = 1 and not is_dj_edit order by id limit 1');
    const [dj] = await server.db.query<{ id: number }>(
      `insert into tracks (release_id, label_id, supplier_id, title, is_dj_edit, parent_track_id, enabled, hidden)
       select release_id, label_id, supplier_id, title, true, id, false, true from tracks where id = $1 returning id`, [t.id]);
    return { track: t.id, djEdit: dj.id, release: t.release_id };
  })());

  type Ids = Awaited<ReturnType<typeof ids>>;
  type Send = (path: string, init?: { method?: string; body?: unknown }) => Promise<{ status: number; body: Record<string, unknown> }>;
  const ROUTES: { name: string; rule: Rule; ok: number; run: (send: Send, x: Ids) => Promise<number> }[] = [
    { name: 'GET songwriters', rule: READ, ok: 200, run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/songwriters/`)).status },
    {
      name: 'POST songwriters', rule: WRITE, ok: 201, run: async (send, x) => {
        const r = await send(`/v4/catalog/tracks/${x.track}/songwriters/`, { method: 'POST', body: { name: 'Matrix Writer', songwriter_type_id: 1 } });
        if (r.status === 201) await server.db.query('delete from track_songwriters where id = $1', [r.body.id]);
        return r.status;
      },
    },
    {
      name: 'DELETE songwriters/{sid}', rule: WRITE, ok: 204, run: async (send, x) => {
        const [sw] = await server.db.query<{ id: number }>(
          "insert into track_songwriters (track_id, name, songwriter_type_id) values ($1, 'Matrix Gone', 1) returning id", [x.track]);
        const r = await send(`/v4/catalog/tracks/${x.track}/songwriters/${sw.id}/`, { method: 'DELETE' });
        await server.db.query('delete from track_songwriters where id = $1', [sw.id]);
        return r.status;
      },
    },
    { name: 'GET publishers', rule: READ, ok: 200, run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/publishers/`)).status },
    {
      name: 'PUT publishers', rule: WRITE, ok: 200, run: async (send, x) => {
        const names = (await server.db.query<{ name: string }>('select name from track_publishers where track_id = $1 order by id', [x.track])).map((p) => p.name);
        return (await send(`/v4/catalog/tracks/${x.track}/publishers/`, { method: 'PUT', body: { names } })).status;
      },
    },
    { name: 'GET dj-edit', rule: READ, ok: 200, run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/dj-edit/`)).status },
    {
      name: 'POST dj-edit', rule: DJ_WRITE, ok: 201, run: async (send, x) => {
        const r = await send(`/v4/catalog/tracks/${x.track}/dj-edit/`, { method: 'POST', body: {} });
        if (r.status === 201) {
          await server.db.query('delete from track_artists where track_id = $1', [r.body.id]);
          await server.db.query('delete from tracks where id = $1', [r.body.id]);
        }
        return r.status;
      },
    },
    { name: 'GET dj-edit-source', rule: READ, ok: 200, run: async (send, x) => (await send(`/v4/catalog/tracks/${x.djEdit}/dj-edit-source/`)).status },
    { name: 'GET countries-allowed', rule: READ, ok: 200, run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-allowed/`)).status },
    {
      name: 'PUT countries-allowed', rule: WRITE, ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-allowed/`, { method: 'PUT', body: { regions: REGIONS } })).status,
    },
    {
      name: 'POST countries-allowed', rule: WRITE, ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-allowed/`, { method: 'POST', body: { regions: ['Europe'] } })).status,
    },
    {
      name: 'GET countries-allowed/regional-summary', rule: READ, ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-allowed/regional-summary/`)).status,
    },
    {
      name: 'GET countries-publish-date', rule: READ, ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-publish-date/?commercial_model_type=1`)).status,
    },
    {
      name: 'PUT countries-publish-date', rule: WRITE, ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-publish-date/?commercial_model_type=1`, { method: 'PUT', body: times })).status,
    },
    {
      name: 'PUT tracks countries-times/update', rule: WRITE, ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/tracks/${x.track}/countries-times/update/`, { method: 'PUT', body: times })).status,
    },
    {
      name: 'PUT releases countries-times/update', rule: RELEASE_WRITE, ok: 200,
      run: async (send, x) => (await send(`/v4/catalog/releases/${x.release}/countries-times/update/`, { method: 'PUT', body: times })).status,
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
    expect(new Map(admin as [string, boolean][])).toEqual(new Map([['brand:dance', false], ['brand:dj', true]]));
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
      `insert into orders (brand, store, user_id, status, currency) values ($1, 'music', (select min(id) from users where app is null), 'Complete', 'USD') returning id`, [brand]);
    const [i] = await server.db.query<{ id: number }>('insert into order_items (order_id, track_id, price) values ($1, 1, 1.29) returning id', [o.id]);
    return { order: o.id, item: i.id };
  };
  const key = { 'idempotency-key': 'authz-key' };
  const ROUTES = [
    { name: 'GET items', rule: READ, ok: 200, call: (x: { order: number; item: number }) => ['GET', `/v4/accounts/orders/${x.order}/items/`] as const },
    { name: 'GET items/download', rule: READ, ok: 200, call: (x: { order: number; item: number }) => ['GET', `/v4/accounts/orders/${x.order}/items/download/`] as const },
    { name: 'POST items/refund', rule: ORDER_WRITE, ok: 201, call: (x: { order: number; item: number }) => ['POST', `/v4/accounts/orders/${x.order}/items/refund/`, { item_ids: [x.item] }, key] as const },
    { name: 'POST refund-items', rule: ORDER_WRITE, ok: 201, call: (x: { order: number; item: number }) => ['POST', '/v4/accounts/refund-items/', { item_ids: [x.item] }, key] as const },
    { name: 'PATCH downloads', rule: ORDER_WRITE, ok: 200, call: (x: { order: number; item: number }) => ['PATCH', `/v4/accounts/orders/${x.order}/downloads/`, { item_ids: [x.item], availability: 2 }] as const },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const [method, path, body, headers] = route.call(await newOrder(brand));
    // Keys are per user: give each cell its own so cells of one user do not replay each other.
    const h: Record<string, string> = headers ? { 'idempotency-key': `${headers['idempotency-key']}-${brand}-${name}`.replace(/[^\w:-]/g, '_') } : {};
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
    { name: 'GET credits', rule: searchType('users')!.rule, ok: 200, call: (u: number) => ['GET', `/v4/accounts/users/${u}/credits/`, undefined] as const },
    { name: 'POST credits', rule: CREDIT_WRITE, ok: 201, call: (u: number) => ['POST', `/v4/accounts/users/${u}/credits/`, body] as const },
    { name: 'POST credits/bulk', rule: CREDIT_WRITE, ok: 201, call: (u: number) => ['POST', '/v4/accounts/credits/bulk/', { ...body, user_ids: [u] }] as const },
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
      method: 'POST', body: 'user_id\n2000000000\n',
      headers: { authorization: `Bearer ${tokens.get(username)!}`, 'x-brand': brand, 'content-type': 'text/csv', 'idempotency-key': `authz-upload-${brand}`.replace(/[^\w:-]/g, '_') },
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
    [{ id: media.track }] = await server.db.query<{ id: number }>('select min(id) as id from tracks where release_id = $1', [media.release]);
    media.png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#336699' } }).png().toBuffer();
    const first = await fetch(`${server.api}${pathOf(mediaEndpoints.uploadImage, { id: media.release })}`, {
      method: 'POST', headers: { authorization: `Bearer ${tokens.get('admin')}`, 'content-type': 'image/png' }, body: new Uint8Array(media.png),
    });
    if (first.status !== 201) throw new Error(`cover art upload gave ${first.status}`);
  });
  const read = (type: string) => (p: Principal) => can(p, searchType(type)!.rule);
  const write = (type: string) => (p: Principal) => read(type)(p) && can(p, WRITE_RULES.catalogue);
  const ROUTES = [
    { name: 'GET audio-files', allowed: read('tracks'), ok: [200], call: () => ['GET', pathOf(mediaEndpoints.audioFiles, { id: media.track })] },
    { name: 'GET stream', allowed: read('tracks'), ok: [200], call: () => ['GET', pathOf(mediaEndpoints.stream, { id: media.track })] },
    { name: 'GET support-downloads', allowed: (p: Principal) => can(p, SUPPORT_DOWNLOADS_RULE), ok: [200], call: () => ['GET', pathOf(mediaEndpoints.supportDownloads, { id: media.track })] },
    { name: 'GET support-downloads/wav', allowed: (p: Principal) => can(p, SUPPORT_DOWNLOADS_RULE), ok: [200], call: () => ['GET', pathOf(mediaEndpoints.supportDownload, { id: media.track, format: 'wav' })] },
    { name: 'GET images', allowed: read('releases'), ok: [200], call: () => ['GET', pathOf(mediaEndpoints.images, { id: media.release })] },
    { name: 'GET images/default', allowed: read('releases'), ok: [200], call: () => ['GET', pathOf(mediaEndpoints.image, { id: media.release, variant: 'default' })] },
    { name: 'POST images', allowed: write('releases'), ok: [201], call: () => ['POST', pathOf(mediaEndpoints.uploadImage, { id: media.release })] },
    // Allowed encodes of one release may find another's job still running: refused as the spec says, not as a 403.
    { name: 'POST release reencode', allowed: write('releases'), ok: [202, 409], call: () => ['POST', pathOf(mediaEndpoints.reencodeRelease, { id: media.release })] },
    { name: 'POST track reencode', allowed: write('tracks'), ok: [202, 409], call: () => ['POST', pathOf(mediaEndpoints.reencodeTrack, { id: media.track })] },
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
  const ids = () => (shared ??= (async () => {
    const [a] = await server.db.query<{ id: number }>("insert into artists (name, muzooka_id) values ('Matrix Artist', 'mz-15') returning id");
    const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#663399' } }).png().toBuffer();
    // An image to read back.
    const up = await fetch(`${server.api}${pathOf(artistEndpoints.uploadImage, { id: a.id })}`, {
      method: 'POST', headers: { authorization: `Bearer ${tokens.get('admin')}`, 'content-type': 'image/png' }, body: new Uint8Array(png),
    });
    if (up.status !== 201) throw new Error(`artist image upload gave ${up.status}`);
    return { artist: a.id, png };
  })());
  type Call = { method: string; path: string; body?: unknown; raw?: Buffer };
  const mapping = async (artist: number) =>
    (await server.db.query<{ id: number }>('insert into artist_muzooka_mappings (artist_id, muzooka_id) values ($1, $2) returning id', [artist, `mz-${Math.floor(Math.random() * 900000) + 1000}`]))[0].id;
  const ROUTES: { name: string; rule: Rule; ok: number[]; call: (x: { artist: number; png: Buffer }) => Promise<Call> }[] = [
    { name: 'GET muzooka-mappings', rule: READ, ok: [200], call: async (x) => ({ method: 'GET', path: pathOf(artistEndpoints.mappings, { id: x.artist }) }) },
    {
      name: 'POST muzooka-mappings', rule: WRITE, ok: [201],
      call: async (x) => ({ method: 'POST', path: pathOf(artistEndpoints.addMapping, { id: x.artist }), body: { muzooka_id: `mz-m${Math.random().toString(36).slice(2, 10)}` } }),
    },
    {
      name: 'PATCH muzooka-mappings/{mid}', rule: WRITE, ok: [200],
      call: async (x) => ({ method: 'PATCH', path: pathOf(artistEndpoints.patchMapping, { id: x.artist, mid: await mapping(x.artist) }), body: { enabled: false } }),
    },
    {
      name: 'DELETE muzooka-mappings/{mid}', rule: WRITE, ok: [204],
      call: async (x) => ({ method: 'DELETE', path: pathOf(artistEndpoints.deleteMapping, { id: x.artist, mid: await mapping(x.artist) }) }),
    },
    { name: 'POST sync', rule: WRITE, ok: [200], call: async (x) => ({ method: 'POST', path: pathOf(artistEndpoints.sync, { id: x.artist }) }) },
    { name: 'DELETE sync', rule: WRITE, ok: [200], call: async (x) => ({ method: 'DELETE', path: pathOf(artistEndpoints.unsync, { id: x.artist }) }) },
    { name: 'POST pull-image', rule: WRITE, ok: [200], call: async (x) => ({ method: 'POST', path: pathOf(artistEndpoints.pullImage, { id: x.artist }) }) },
    { name: 'POST images', rule: WRITE, ok: [201], call: async (x) => ({ method: 'POST', path: pathOf(artistEndpoints.uploadImage, { id: x.artist }), raw: x.png }) },
    { name: 'GET image', rule: READ, ok: [200], call: async (x) => ({ method: 'GET', path: pathOf(artistEndpoints.image, { id: x.artist }) }) },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const c = await route.call(await ids());
    const headers: Record<string, string> = { authorization: `Bearer ${tokens.get(username)}`, 'x-brand': brand };
    if (c.raw) headers['content-type'] = 'image/png';
    else if (c.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.api}${c.path}`, {
      method: c.method, headers, body: c.raw ? new Uint8Array(c.raw) : c.body === undefined ? undefined : JSON.stringify(c.body),
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
    { name: 'GET label-managers', ok: 200, run: (t: string, h: Record<string, string>) => api(server, t, '/v4/content-ops/label-managers/', { headers: h }) },
    {
      name: 'POST label-managers', ok: 201,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/content-ops/label-managers/', { method: 'POST', body: { name: `Matrix Manager ${Math.random()}` }, headers: h }),
    },
    { name: 'PATCH label-managers/{id}', ok: 200, run: (t: string, h: Record<string, string>) => api(server, t, '/v4/content-ops/label-managers/1/', { method: 'PATCH', body: { enabled: true }, headers: h }) },
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
    { name: 'GET inspector list', rule: READ, ok: 200, run: (t: string, h: Record<string, string>) => api(server, t, '/v4/delivery-inspector/deliveries/', { headers: h }) },
    { name: 'GET inspector one', rule: READ, ok: 200, run: (t: string, h: Record<string, string>) => api(server, t, '/v4/delivery-inspector/deliveries/1/', { headers: h }) },
    { name: 'GET inspector file', rule: READ, ok: 404, run: (t: string, h: Record<string, string>) => api(server, t, '/v4/delivery-inspector/deliveries/1/file/?path=x.xml', { headers: h }) },
    { name: 'GET xml', rule: READ, ok: 404, run: (t: string, h: Record<string, string>) => api(server, t, '/v4/content-ops/deliveries/1/xml/', { headers: h }) },
    {
      name: 'POST reingest', rule: WRITE_RULES.deliveries, ok: 409,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/delivery-inspector/deliveries/1/reingest/', { method: 'POST', body: {}, headers: h }),
    },
    {
      name: 'POST resubmit', rule: WRITE_RULES.deliveries, ok: 200,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/content-ops/deliveries/resubmit/', { method: 'POST', body: { ids: [1] }, headers: h }),
    },
    {
      name: 'PUT xml', rule: WRITE_RULES.deliveries, ok: 400,
      run: (t: string, h: Record<string, string>) => api(server, t, '/v4/content-ops/deliveries/1/xml/', { method: 'PUT', body: { xml: '<x/>' }, headers: h }),
    },
    { name: 'GET genre XSD', rule: AREA_RULES['/packaging'], ok: 200, run: (t: string, h: Record<string, string>) => api(server, t, '/v4/xsd_files/automated_ingestion/genre/', { headers: h }) },
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

describe('ownership', () => {
  it('a supplier sees only its own releases and tracks; others are 404', async () => {
    const t = tokens.get('supplier')!;
    const supplierId = SANDBOX_ACCOUNTS.find((a) => a.username === 'supplier')!.supplierId!;
    const list = await api(server, t, '/v4/catalog/tracks/?per_page=200');
    expect(list.body.count).toBe((await server.db.query<{ n: number }>('select count(*)::int n from tracks where supplier_id = $1', [supplierId]))[0].n);
    const ids = list.body.results!.map((r) => r.id as number);
    const owners = await server.db.query<{ supplier_id: number }>('select distinct supplier_id from tracks where id = any($1::int[])', [ids]);
    expect(owners).toEqual([{ supplier_id: supplierId }]);
    const [own] = await server.db.query<{ id: number }>('select id from releases where supplier_id = $1 limit 1', [supplierId]);
    const [other] = await server.db.query<{ id: number }>('select id from releases where supplier_id <> $1 limit 1', [supplierId]);
    expect((await api(server, t, `/v4/catalog/releases/${own.id}/`)).status).toBe(200);
    expect((await api(server, t, `/v4/catalog/releases/${other.id}/`)).status).toBe(404);
    const g = await api(server, t, `/v4/catalog/tracks/${ids[0]}/`);
    expect(g.status).toBe(200);
    const [foreignTrack] = await server.db.query<{ id: number; version: number }>('select id, version from tracks where supplier_id <> $1 limit 1', [supplierId]);
    // Suppliers write nothing through the generic routes: their own track and another's are both refused.
    const [ownTrack] = await server.db.query<{ id: number; version: number }>('select id, version from tracks where supplier_id = $1 limit 1', [supplierId]);
    for (const tr of [ownTrack, foreignTrack]) {
      const p = await api(server, t, `/v4/catalog/tracks/${tr.id}/`, { method: 'PATCH', body: { bpm: 99 }, headers: { 'if-match': `"v${tr.version}"` } });
      expect(p.status).toBe(403);
    }
    expect((await api(server, t, `/v4/catalog/tracks/${foreignTrack.id}/notes/`)).status).toBe(404);
  });

  it('a label user sees only its own label; another label is 404', async () => {
    const t = tokens.get('label')!;
    const labelId = SANDBOX_ACCOUNTS.find((a) => a.username === 'label')!.labelId!;
    expect((await api(server, t, `/v4/catalog/tracks/?label_id=${labelId}`)).status).toBe(403); // label_id is control-only
    const list = await api(server, t, '/v4/catalog/releases/?per_page=200');
    expect(list.body.results!.every((r) => (r.label as { id: number }).id === labelId)).toBe(true);
    const [other] = await server.db.query<{ id: number }>('select id from tracks where label_id <> $1 limit 1', [labelId]);
    expect((await api(server, t, `/v4/catalog/tracks/${other.id}/`)).status).toBe(404);
  });

  it('a writer\'s PATCH and PUT on a row it cannot see (the other brand\'s page) are 404', async () => {
    const t = tokens.get('marketing')!; // writes pages, dance brand only
    const [dj] = await server.db.query<{ id: number; name: string; version: number }>("select id, name, version from pages where brand = 'brand:dj' limit 1");
    const headers = { 'if-match': `"v${dj.version}"`, 'x-brand': 'brand:dance' };
    expect((await api(server, t, `/v4/curation/pages/${dj.id}/`, { method: 'PATCH', body: { name: dj.name }, headers })).status).toBe(404);
    expect((await api(server, t, '/v4/curation/pages/', { method: 'PUT', body: [{ id: dj.id, version: dj.version, name: dj.name }], headers })).status).toBe(404);
  });

  it('brand-specific objects of the other brand are 404', async () => {
    const t = tokens.get('marketing')!; // dance brand only
    const [dj] = await server.db.query<{ id: number }>("select id from pages where brand = 'brand:dj' limit 1");
    expect((await api(server, t, `/v4/curation/pages/${dj.id}/`)).status).toBe(404);
    // Asking for a brand the token does not hold falls back to a held one.
    const r = await api(server, t, '/v4/curation/pages/?per_page=200', { headers: { 'x-brand': 'brand:dj' } });
    expect(r.body.results!.length).toBeGreaterThan(0);
    const brands = await server.db.query<{ brand: string }>('select distinct brand from pages where id = any($1::int[])', [r.body.results!.map((p) => p.id)]);
    expect(brands).toEqual([{ brand: 'brand:dance' }]);
  });
});

describe('route registration', () => {
  it('refuses a route without an access rule', async () => {
    const app = Fastify();
    requireRules(app);
    expect(() => app.get('/v4/x/', async () => ({}))).toThrow(/has no access rule/);
    await app.close();
  });
  it('every search type has SQL for every filter the shared table lists, and no more', () => {
    expect(checkListDefs()).toEqual([]);
  });
  it('page modules are managed by control users only', async () => {
    const [pm] = await server.db.query<{ id: number; version: number }>(
      "select m.id, m.version from page_modules m join pages p on p.id = m.page_id where p.brand = 'brand:dance' limit 1",
    );
    const r = await api(server, tokens.get('admin')!, `/v4/curation/page-modules/${pm.id}/`, {
      method: 'PATCH', body: { paginated: true }, headers: { 'if-match': `"v${pm.version}"`, 'x-brand': 'brand:dance' },
    });
    expect(r.status).toBe(200);
  });
});

/**
 * A supplier's sub-resources (spec §7 Suppliers; server/api/routes/suppliers.ts): reads
 * under the suppliers read rule, writes under its write rule (admin, content ops), the
 * ingester key under the ingestion field rule as well, POST create under the create rule.
 * Every cell acts on supplier 1, which every staff reader sees; writes put back what is
 * there or remove what they made.
 */
describe.concurrent('supplier sub-resources × account', () => {
  const READ = searchType('suppliers')!.rule;
  const WRITE = allOf(READ, writeRule('suppliers')!);
  const KEY = allOf(WRITE, FIELD_RULES.ingestion);
  type Send = (path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<{ status: number; body: Record<string, unknown> }>;
  const S = '/v4/catalog/suppliers/1/';
  const COLLECTIONS = [
    { path: 'contacts', table: 'contacts', body: { contact_type_id: 1, first_name: 'Matrix', last_name: 'Cell', country_id: 1 }, field: 'city' },
    { path: 'contracts', table: 'contracts', body: { contract_type_id: 1, start_date: '2026-01-01' }, field: 'active' },
    { path: 'genre-mappings', table: 'supplier_genre_mappings', body: { source_genre: 'Matrix genre' }, field: 'restricted' },
    { path: 'label-mappings', table: 'supplier_label_mappings', body: { source_label: 'Matrix label' }, field: 'blacklisted' },
  ] as const;
  /** A new item of supplier 1 made through the database (a cell's own, so cells never share one). */
  const newItem = async (c: (typeof COLLECTIONS)[number]): Promise<number> => {
    const cols = Object.keys(c.body);
    const values = Object.values(c.body).map((v) => (c.path.endsWith('mappings') ? `${v} ${Math.random()}` : v));
    const [row] = await server.db.query<{ id: number }>(
      `insert into ${c.table} (supplier_id, ${cols.join(', ')}) values (1, ${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`, values);
    return row.id;
  };
  const ROUTES: { name: string; rule: Rule; ok: number; run: (send: Send) => Promise<number> }[] = [
    ...['labels', 'subscribers', ...COLLECTIONS.map((c) => c.path)].map((p) => ({
      name: `GET ${p}`, rule: READ, ok: 200, run: async (send: Send) => (await send(`${S}${p}/`)).status,
    })),
    ...COLLECTIONS.flatMap((c) => [
      {
        name: `POST ${c.path}`, rule: WRITE, ok: 201, run: async (send: Send) => {
          const body = c.path.endsWith('mappings') ? Object.fromEntries(Object.entries(c.body).map(([k, v]) => [k, `${v} ${Math.random()}`])) : c.body;
          const r = await send(`${S}${c.path}/`, { method: 'POST', body });
          if (r.status === 201) await server.db.query(`delete from ${c.table} where id = $1`, [r.body.id]);
          return r.status;
        },
      },
      {
        name: `PATCH ${c.path}/{id}`, rule: WRITE, ok: 200, run: async (send: Send) => {
          const id = await newItem(c);
          const [row] = await server.db.query<Record<string, unknown>>(`select ${c.field} as value, version from ${c.table} where id = $1`, [id]);
          const r = await send(`${S}${c.path}/${id}/`, { method: 'PATCH', body: { [c.field]: row.value }, headers: { 'if-match': `"v${row.version}"` } });
          await server.db.query(`delete from ${c.table} where id = $1`, [id]);
          return r.status;
        },
      },
      {
        name: `DELETE ${c.path}/{id}`, rule: WRITE, ok: 204, run: async (send: Send) => {
          const id = await newItem(c);
          const r = await send(`${S}${c.path}/${id}/`, { method: 'DELETE' });
          await server.db.query(`delete from ${c.table} where id = $1`, [id]);
          return r.status;
        },
      },
    ]),
    { name: 'POST ingester-key', rule: KEY, ok: 201, run: async (send) => (await send(`${S}ingester-key/`, { method: 'POST' })).status },
    {
      // An allowed caller gets the §5 400 (no contacts), so nothing is created.
      name: 'POST suppliers', rule: createRule('suppliers'), ok: 400,
      run: async (send) => (await send('/v4/catalog/suppliers/', { method: 'POST', body: { name: 'Matrix', contacts: [], contracts: [] } })).status,
    },
  ];

  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const send: Send = (path, init = {}) => api(server, tokens.get(username)!, path, { ...init, headers: { 'x-brand': brand, ...init.headers } });
    expect(await route.run(send)).toBe(allowed ? route.ok : 403);
  });

  it('both sides of every route are represented', () => {
    for (const r of ROUTES) expect([r.name, new Set(WHO.map((w) => can(w.principal, r.rule)))]).toEqual([r.name, new Set([true, false])]);
  });
});

/**
 * A label's sub-resources (spec §7 Labels; server/api/routes/labels.ts), the label and
 * chart images (server/api/routes/record-images.ts) and the views shared with the team
 * (server/api/routes/shared-views.ts: SHARED_VIEWS_RULE): reads under the type's read rule,
 * writes under its write rule, the temporary account under TEMP_ACCOUNT_WRITE_RULE. Every
 * cell acts on label 1 (claimed, supplier 1's) or the brand's first chart; an allowed
 * writer gets the 400 of a bad body, the 404 of an item that is not there or the 409 of a
 * claimed label, so nothing changes.
 */
describe.concurrent('label sub-resources, images and shared views × account', () => {
  type Send = (path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<{ status: number }>;
  const L = '/v4/catalog/labels/1/';
  const LREAD = searchType('labels')!.rule;
  const LWRITE = allOf(LREAD, writeRule('labels')!);
  const CREAD = searchType('charts')!.rule;
  const ROUTES: { name: string; rule: Rule; ok: number; run: (send: Send, brand: string) => Promise<number> }[] = [
    ...['contracts', 'mappings', 'download-csv'].map((p) => ({ name: `GET labels/{id}/${p}`, rule: LREAD, ok: 200, run: async (send: Send) => (await send(`${L}${p}/`)).status })),
    { name: 'GET labels/{id}/image', rule: LREAD, ok: 404, run: async (send) => (await send(`${L}image/`)).status },
    { name: 'POST labels/{id}/contracts', rule: LWRITE, ok: 400, run: async (send) => (await send(`${L}contracts/`, { method: 'POST', body: { contract_type_id: 1 } })).status },
    {
      name: 'PATCH labels/{id}/contracts/{item}', rule: LWRITE, ok: 404,
      run: async (send) => (await send(`${L}contracts/2000000000/`, { method: 'PATCH', body: { active: true }, headers: { 'if-match': '"v1"' } })).status,
    },
    { name: 'POST labels/{id}/images', rule: LWRITE, ok: 400, run: async (send) => (await send(`${L}images/`, { method: 'POST', body: {} })).status },
    { name: 'POST labels/{id}/temp-account', rule: TEMP_ACCOUNT_WRITE_RULE, ok: 409, run: async (send) => (await send(`${L}temp-account/`, { method: 'POST' })).status },
    { name: 'GET charts/{id}/image', rule: CREAD, ok: 404, run: async (send, brand) => (await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/image/`)).status },
    // Views shared with the team: an allowed caller gets the list, the 404 of a view that is not there, the 400 of a bad body.
    { name: 'GET me/shared-views', rule: SHARED_VIEWS_RULE, ok: 200, run: async (send) => (await send('/v4/accounts/me/shared-views/')).status },
    { name: 'GET me/shared-views/{id}', rule: SHARED_VIEWS_RULE, ok: 404, run: async (send) => (await send('/v4/accounts/me/shared-views/2000000000/')).status },
    { name: 'POST me/shared-views', rule: SHARED_VIEWS_RULE, ok: 400, run: async (send) => (await send('/v4/accounts/me/shared-views/', { method: 'POST', body: {} })).status },
    { name: 'DELETE me/shared-views/{id}', rule: SHARED_VIEWS_RULE, ok: 404, run: async (send) => (await send('/v4/accounts/me/shared-views/2000000000/', { method: 'DELETE' })).status },
    {
      name: 'POST charts/{id}/images', rule: allOf(CREAD, writeRule('charts')!), ok: 400,
      run: async (send, brand) => (await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/images/`, { method: 'POST', body: {} })).status,
    },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const send: Send = (path, init = {}) => api(server, tokens.get(username)!, path, { ...init, headers: { 'x-brand': brand, ...init.headers } });
    expect(await route.run(send, brand)).toBe(allowed ? route.ok : 403);
  });

  it('both sides of every route are represented', () => {
    for (const r of ROUTES) expect([r.name, new Set(WHO.map((w) => can(w.principal, r.rule)))]).toEqual([r.name, new Set([true, false])]);
  });
});

/**
 * Charts and playlists (spec §7 Charts, Playlists; server/api/routes/charts.ts): GET
 * tracks under the type's read rule, PUT tracks (writing back the order there) under its
 * write rule, POST create under its create rule; a chart's playlist-mappings (GET under
 * the read rule, POST/PATCH under the write rule), a playlist's chart-mapping and partners (GET)
 * and partners-bulk (PUT, write rule), and a
 * genre's sub-genres (GET under the genres read rule, POST/PATCH/DELETE under its write rule).
 */
describe.concurrent('charts and playlists × account', () => {
  type Send = (path: string, init?: { method?: string; body?: unknown }) => Promise<{ status: number; body: Record<string, unknown> }>;
  const ROUTES: { name: string; rule: Rule; ok: number; run: (send: Send, brand: string) => Promise<number> }[] = (
    [['charts', 'chart_tracks', 'chart_id', 'tracks/', { title: 'x'.repeat(46) }], ['playlists', 'playlist_tracks', 'playlist_id', 'tracks/bulk/', {}]] as const
  ).flatMap(([type, table, owner, put, badBody]) => {
    const READ = searchType(type)!.rule;
    return [
      { name: `GET ${type}/{id}/tracks`, rule: READ, ok: 200, run: async (send: Send, brand: string) => (await send(`/v4/catalog/${type}/${await rowOf(type, brand)}/tracks/`)).status },
      {
        name: `PUT ${type}/{id}/${put}`, rule: allOf(READ, writeRule(type)!), ok: 200, run: async (send: Send, brand: string) => {
          const id = await rowOf(type, brand);
          return onRow(`${type}:${id}`, async () => {
            const ids = (await server.db.query<{ track_id: number }>(`select track_id from ${table} where ${owner} = $1 order by position`, [id])).map((r) => r.track_id);
            return (await send(`/v4/catalog/${type}/${id}/${put}`, { method: 'PUT', body: { track_ids: ids } })).status;
          });
        },
      },
      // An allowed caller gets the 400 of a bad body: nothing is created.
      { name: `POST ${type}`, rule: createRule(type), ok: 400, run: async (send: Send) => (await send(`/v4/catalog/${type}/`, { method: 'POST', body: badBody })).status },
    ];
  }).concat([
    // A chart's mapped curated playlist and a playlist's charts: an allowed writer gets the 400 of a bad body or the 404 of a mapping that is not the chart's.
    { name: 'GET charts/{id}/playlist-mappings', rule: searchType('charts')!.rule, ok: 200, run: async (send, brand) => (await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/playlist-mappings/`)).status },
    {
      name: 'POST charts/{id}/playlist-mappings', rule: allOf(searchType('charts')!.rule, writeRule('charts')!), ok: 400,
      run: async (send, brand) => (await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/playlist-mappings/`, { method: 'POST', body: { playlist_id: 0 } })).status,
    },
    {
      name: 'PATCH charts/{id}/playlist-mappings/{item}', rule: allOf(searchType('charts')!.rule, writeRule('charts')!), ok: 404,
      run: async (send, brand) => (await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/playlist-mappings/2000000000/`, { method: 'PATCH', body: { playlist_id: null } })).status,
    },
    { name: 'GET playlists/{id}/chart-mapping', rule: searchType('playlists')!.rule, ok: 200, run: async (send, brand) => (await send(`/v4/catalog/playlists/${await rowOf('playlists', brand)}/chart-mapping/`)).status },
    { name: 'GET playlists/{id}/partners', rule: searchType('playlists')!.rule, ok: 200, run: async (send, brand) => (await send(`/v4/catalog/playlists/${await rowOf('playlists', brand)}/partners/`)).status },
    {
      // An allowed writer gets the 400 of an unknown partner: nothing changes.
      name: 'PUT playlists/{id}/partners-bulk', rule: allOf(searchType('playlists')!.rule, writeRule('playlists')!), ok: 400,
      run: async (send, brand) => (await send(`/v4/catalog/playlists/${await rowOf('playlists', brand)}/partners-bulk/`, { method: 'PUT', body: { partner_ids: [2000000000] } })).status,
    },
    // A genre's sub-genres: an allowed writer gets the 400 of a blank name or the 404 of a sub-genre not the genre's.
    { name: 'GET genres/{id}/sub-genres', rule: searchType('genres')!.rule, ok: 200, run: async (send, brand) => (await send(`/v4/catalog/genres/${await rowOf('genres', brand)}/sub-genres/`)).status },
    ...(['POST', 'PATCH', 'DELETE'] as const).map((method) => ({
      name: `${method} genres/{id}/sub-genres`, rule: allOf(searchType('genres')!.rule, writeRule('genres')!), ok: method === 'POST' ? 400 : 404,
      run: async (send: Send, brand: string) => {
        const base = `/v4/catalog/genres/${await rowOf('genres', brand)}/sub-genres/`;
        return (await send(method === 'POST' ? base : `${base}2000000000/`, { method, body: method === 'DELETE' ? undefined : { name: '' } })).status;
      },
    })),
  ]);
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const send: Send = (path, init = {}) => api(server, tokens.get(username)!, path, { ...init, headers: { 'x-brand': brand } });
    expect(await route.run(send, brand)).toBe(allowed ? route.ok : 403);
  });
});

/** PATCH users/{id}/dj-profile/ (spec §7 Accounts): the DJ profile's write rule, writing back the stored DJ name. */
describe.concurrent('dj-profile × account', () => {
  const cells = WHO.map((w) => [w.username, w.brand, mayEdit(w.principal, 'dj_profiles', 'dj_name')] as const);
  it.each(cells)('%s on %s × PATCH users/{id}/dj-profile/ → allowed %s', async (username, brand, allowed) => {
    const { id, visible } = await rowInfo('dj_profiles', brand);
    const r = await onRow(`users:${id}`, async () => {
      const [row] = await server.db.query<{ dj_name: string; version: number }>('select dj_name, version from users where id = $1', [id]);
      return api(server, tokens.get(username)!, `/v4/accounts/users/${id}/dj-profile/`, {
        method: 'PATCH', body: { dj_name: row.dj_name }, headers: { 'x-brand': brand, 'if-match': `"v${row.version}"` },
      });
    });
    expect(r.status, JSON.stringify(r.body)).toBe(!allowed ? 403 : visible ? 200 : 404);
  });
});

type Send = (path: string, init?: { method?: string; body?: unknown }) => Promise<{ status: number; body: Record<string, unknown> }>;
/** A route of an "× account" matrix: its rule, the status of an allowed call, and how to call it. */
interface AccountRoute { name: string; rule: Rule; ok: number; run: (send: Send) => Promise<number> }

/** Every account on each of its brands × every route: allowed (`ok`) or 403 as the rule says; both sides represented. */
function routeCells(ROUTES: AccountRoute[]) {
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const send: Send = (path, init = {}) => api(server, tokens.get(username)!, path, { ...init, headers: { 'x-brand': brand } });
    expect(await route.run(send)).toBe(allowed ? route.ok : 403);
  });
  it('both sides of every route are represented', () => {
    for (const r of ROUTES) expect([r.name, new Set(WHO.map((w) => can(w.principal, r.rule)))]).toEqual([r.name, new Set([true, false])]);
  });
}

/**
 * The service agreement (server/api/routes/service-agreement.ts): the text in force and
 * supplier 1's acceptances under SERVICE_AGREEMENT_READ_RULE, accepting for supplier 1
 * (the sandbox supplier's own) under SERVICE_AGREEMENT_ACCEPT_RULE; a cell's acceptance
 * is removed again.
 */
describe.concurrent('service agreement × account', () => {
  const ROUTES: AccountRoute[] = [
    { name: 'GET service-agreement', rule: SERVICE_AGREEMENT_READ_RULE, ok: 200, run: async (send) => (await send('/v4/catalog/service-agreement/')).status },
    { name: 'GET suppliers/{id}/service-agreement', rule: SERVICE_AGREEMENT_READ_RULE, ok: 200, run: async (send) => (await send('/v4/catalog/suppliers/1/service-agreement/')).status },
    {
      name: 'POST suppliers/{id}/service-agreement', rule: SERVICE_AGREEMENT_ACCEPT_RULE, ok: 201, run: async (send) => {
        const r = await send('/v4/catalog/suppliers/1/service-agreement/', { method: 'POST', body: { version: SERVICE_AGREEMENT.version } });
        if (r.status === 201) await server.db.query('delete from service_agreement_acceptances where id = $1', [r.body.id]);
        return r.status;
      },
    },
  ];
  routeCells(ROUTES);
});

/**
 * Statements (server/api/routes/statements.ts): supplier 1's statements and CSV under
 * SUPPLIER_STATEMENTS_RULE, label 1's under LABEL_STATEMENTS_RULE (the sandbox supplier's and
 * label's own), and starting the statements job under WRITE_RULES.statements (a run through
 * 2000-01-31 issues nothing).
 */
describe.concurrent('statements × account', () => {
  const ROUTES: AccountRoute[] = [
    { name: 'GET suppliers/{id}/statements/music', rule: SUPPLIER_STATEMENTS_RULE, ok: 200, run: async (send) => (await send('/v4/catalog/suppliers/1/statements/music/')).status },
    { name: 'GET suppliers/{id}/statements/download-csv', rule: SUPPLIER_STATEMENTS_RULE, ok: 200, run: async (send) => (await send('/v4/catalog/suppliers/1/statements/download-csv/')).status },
    { name: 'GET labels/{id}/statements', rule: LABEL_STATEMENTS_RULE, ok: 200, run: async (send) => (await send('/v4/catalog/labels/1/statements/')).status },
    { name: 'POST jobs/statements', rule: WRITE_RULES.statements, ok: 202, run: async (send) => (await send('/v4/jobs/statements/', { method: 'POST', body: { through: '2000-01-31' } })).status },
  ];
  routeCells(ROUTES);
});

/**
 * The sales jobs (server/api/routes/jobs.ts) under the one SALES_RULE, the /sales area's:
 * the console's calls over any filters and supplier 1's calls (the sandbox supplier's own;
 * label 1 is one of its labels). A cell only starts a job; it is not run to the end here.
 */
describe.concurrent('sales jobs × account', () => {
  const range = { start_date: '2024-01-01', end_date: '2024-01-31' };
  const ROUTES = (['sales', 'sales-export'] as const).flatMap((kind) => [
    { name: `POST jobs/${kind}`, path: pathOf(jobEndpoints.console[kind]) },
    { name: `POST suppliers/{id}/${kind}`, path: pathOf(jobEndpoints.start[kind], { id: 1 }) },
  ]);
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, SALES_RULE)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const r = await api(server, tokens.get(username)!, route.path, { method: 'POST', body: range, headers: { 'x-brand': brand } });
    expect(r.status).toBe(allowed ? 202 : 403);
  });
  it('both sides are represented, labels among the allowed', () => {
    expect(new Set(WHO.map((w) => can(w.principal, SALES_RULE)))).toEqual(new Set([true, false]));
    expect(WHO.filter((w) => w.username === 'label').every((w) => can(w.principal, SALES_RULE))).toBe(true);
  });
});

/** The dashboard (server/api/routes/dashboard.ts): open to every shell user; its sales part under SALES_RULE, its deliveries part under the deliveries rule. */
describe.concurrent('dashboard × account', () => {
  const cells = WHO.map((w) => [w.username, w.brand, can(w.principal, SALES_RULE), can(w.principal, searchType('deliveries')!.rule)] as const);
  it.each(cells)('%s on %s × GET dashboard → sales %s, deliveries %s', async (username, brand, sales, deliveries) => {
    const r = await api(server, tokens.get(username)!, pathOf(dashboardEndpoints.view), { headers: { 'x-brand': brand } });
    expect(r.status).toBe(200);
    expect([r.body.sales !== null, r.body.deliveries_needing_attention !== null]).toEqual([sales, deliveries]);
  });
});

/** The content-ops ftp-users calls (§7, issue 15) under WRITE_RULES.ftpUsers (admin, content ops). */
describe.concurrent('ftp-users × account', () => {
  let userId = 0;
  const publicKeyLine = () => `${newSshKeyPair().public.trim()} matrix`;
  beforeAll(async () => {
    [{ id: userId }] = await server.db.query<{ id: number }>("insert into ftp_users (supplier_id, username) values (1, 'matrix-sftp') returning id");
  });
  const P = '/v4/content-ops/ftp-users/';
  const ROUTES = [
    { name: 'GET ftp-users', ok: 200, run: (t: string, h: Record<string, string>) => api(server, t, `${P}?supplier_id=1`, { headers: h }) },
    {
      name: 'POST ftp-users', ok: 201,
      run: (t: string, h: Record<string, string>) => api(server, t, P, { method: 'POST', body: { supplier_id: 1, username: `m-${Math.random().toString(36).slice(2, 12)}` }, headers: h }),
    },
    { name: 'PATCH ftp-users/{id}', ok: 200, run: (t: string, h: Record<string, string>) => api(server, t, `${P}${userId}/`, { method: 'PATCH', body: { enabled: true }, headers: h }) },
    { name: 'POST ftp-users/{id}/reset-password', ok: 200, run: (t: string, h: Record<string, string>) => api(server, t, `${P}${userId}/reset-password/`, { method: 'POST', headers: h }) },
    {
      name: 'POST ftp-users/{id}/keys', ok: 201,
      run: (t: string, h: Record<string, string>) => api(server, t, `${P}${userId}/keys/`, { method: 'POST', body: { public_key: publicKeyLine() }, headers: h }),
    },
    {
      name: 'DELETE ftp-users/{id}/keys/{key_id}', ok: 204,
      run: async (t: string, h: Record<string, string>) => {
        const [k] = await server.db.query<{ id: number }>(
          "insert into ftp_user_keys (ftp_user_id, algorithm, key_data, fingerprint) values ($1, 'ssh-ed25519', $2, 'x') returning id", [userId, `k${Math.random()}`],
        );
        return api(server, t, `${P}${userId}/keys/${k.id}/`, { method: 'DELETE', headers: h });
      },
    },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, WRITE_RULES.ftpUsers)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const r = await ROUTES.find((x) => x.name === name)!.run(tokens.get(username)!, { 'x-brand': brand });
    expect(r.status, JSON.stringify(r.body)).toBe(allowed ? ROUTES.find((x) => x.name === name)!.ok : 403);
  });
});
