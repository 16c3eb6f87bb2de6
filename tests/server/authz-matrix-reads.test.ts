/**
 * Authorization matrix, reads: search types, ruled filters, history, release tracks, exports and CSVs, a user's coupons, ownership, route registration.
 * The accounts, the server and the helpers: ./authz/matrix.ts (its comment says how the
 * matrix is split).
 */
import Fastify from 'fastify';
import {
  AREA_RULES,
  APP_BASEWARE,
  APP_CONTROL,
  RULED_FILTERS,
  SALES_RULE,
  filterRefusedText,
  salesFilterAllowed,
  SEARCH_TYPES,
  STAFF_ROLES,
  USER_KINDS,
  USER_ACCOUNT_READ,
  USER_ACCOUNT_WRITE,
  allOf,
  can,
  filterAllowed,
  searchType,
  writeRouteRule,
} from '../../shared/access';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { LIST_DEF_BY_KEY, checkListDefs } from '../../server/api/lists/types';
import { requireRules } from '../../server/api/route';
import { api } from './helpers';
import { describe, expect, it } from 'vitest';
import { EDITABLE, ownRow, rowOf, SAMPLE, server, tokens, useMatrixServer, WHO } from './authz/matrix';

useMatrixServer();

describe('coverage', () => {
  it('a sandbox account for every staff role and every user kind, each able to sign in', () => {
    expect(new Set(SANDBOX_ACCOUNTS.map((a) => a.role))).toEqual(new Set([...STAFF_ROLES, ...USER_KINDS]));
    for (const a of SANDBOX_ACCOUNTS) expect([a.username, (tokens.get(a.username) ?? '').length > 0]).toEqual([a.username, true]);
  });
  it('the cells include both sides of "supplier only with control" (DJ profiles, playlists)', () => {
    for (const key of ['dj_profiles', 'playlists']) {
      const rule = SEARCH_TYPES.find((t) => t.key === key)!.rule;
      const answers = WHO.filter((w) => w.principal.scopes.includes('user:supplier')).map((w) => [
        w.principal.scopes.includes(APP_CONTROL) ? APP_CONTROL : APP_BASEWARE,
        can(w.principal, rule),
      ]);
      // From the shared table: the Baseware supplier is refused, the same supplier with control allowed.
      expect([key, new Set(answers.map((a) => a.join(' ')))]).toEqual([key, new Set([`${APP_BASEWARE} false`, `${APP_CONTROL} true`])]);
    }
  });
});

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
    const r = await api(
      server,
      tokens.get(username)!,
      `/v4/catalog/search/?type=${type}&${filter}=${encodeURIComponent(value)}&per_page=1`,
      {
        headers: { 'x-brand': brand },
      },
    );
    expect(r.status).toBe(allowed ? 200 : 403);
  });
});

describe.concurrent('sales filter × account (§6: sale type and label control-only)', () => {
  const FILTERS = [
    ['sale_type_id', 'Sale type'],
    ['label_id', 'Label'],
  ] as const;
  const cells = WHO.flatMap((w) =>
    FILTERS.map(([f, label]) => {
      const mayReadSales = can(w.principal, SALES_RULE);
      return [w.username, w.brand, f, label, mayReadSales, mayReadSales && salesFilterAllowed(w.principal, f)] as const;
    }),
  );
  it('the table holds both sides: staff allowed, the Baseware supplier and label refused', () => {
    const seen = new Map(cells.map(([u, , f, , , allowed]) => [`${u} ${f}`, allowed]));
    expect([
      seen.get('admin sale_type_id'),
      seen.get('finance label_id'),
      seen.get('supplier sale_type_id'),
      seen.get('supplier label_id'),
      seen.get('label label_id'),
    ]).toEqual([true, true, false, false, false]);
  });
  it.each(cells)(
    '%s on %s × sales filter %s (%s), reads sales %s → allowed %s',
    async (username, brand, filter, label, mayReadSales, allowed) => {
      const body = { start_date: '2024-01-01', end_date: '2024-01-31', [filter]: 1 };
      for (const kind of ['sales', 'sales-export']) {
        const r = await api(server, tokens.get(username)!, `/v4/jobs/${kind}/`, { method: 'POST', body, headers: { 'x-brand': brand } });
        if (allowed) expect([kind, r.status], JSON.stringify(r.body)).toEqual([kind, 202]);
        // Who reads sales but may not use the filter is told which field, not given the job.
        else if (mayReadSales) expect([kind, r.status, r.body]).toEqual([kind, 403, { [filter]: [filterRefusedText(label)] }]);
        else expect([kind, r.status]).toEqual([kind, 403]);
      }
    },
  );
});

describe.concurrent('record history (read) × account', () => {
  const cells = WHO.flatMap((w) =>
    EDITABLE.map((type) => [w.username, w.brand, type, can(w.principal, SEARCH_TYPES.find((t) => t.key === type)!.rule)] as const),
  );
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

describe.concurrent('new-user export (read) × account', () => {
  // A range the API refuses (3 days): allowed callers get the 400 naming `to`, others 403; nothing is streamed.
  const cells = WHO.map((w) => [w.username, w.brand, can(w.principal, AREA_RULES['/new-user-export'])] as const);
  it.each(cells)('%s on %s × GET new-users-csv/download/ → %s', async (username, brand, read) => {
    const r = await api(server, tokens.get(username)!, '/v4/accounts/new-users-csv/download/?from=2026-02-10&to=2026-02-12', {
      headers: { 'x-brand': brand },
    });
    expect([r.status, Object.keys(r.body)]).toEqual(read ? [400, ['to']] : [403, ['detail']]);
  });
});

describe.concurrent("a user's order items CSV (read) × account", () => {
  // A user that does not exist: readers of orders get the 404, others 403.
  const cells = WHO.map((w) => [w.username, w.brand, can(w.principal, searchType('orders')!.rule)] as const);
  it.each(cells)('%s on %s × GET users/{id}/order-items-csv/download/ → %s', async (username, brand, read) => {
    const r = await api(server, tokens.get(username)!, '/v4/accounts/users/999999999/order-items-csv/download/', {
      headers: { 'x-brand': brand },
    });
    expect(r.status).toBe(read ? 404 : 403);
  });
});

describe.concurrent("a user's coupons: list (read) and assign (write) × account", () => {
  // A user that does not exist: allowed callers get the 404, others 403.
  const cells = WHO.map(
    (w) =>
      [
        w.username,
        w.brand,
        can(w.principal, allOf(searchType('users')!.rule, searchType('coupons')!.rule)),
        can(w.principal, allOf(searchType('users')!.rule, writeRouteRule('coupons'))),
      ] as const,
  );
  it.each(cells)('%s on %s × GET users/{id}/coupons/ → %s, POST → %s', async (username, brand, read, write) => {
    const r = await api(server, tokens.get(username)!, '/v4/accounts/users/999999999/coupons/', { headers: { 'x-brand': brand } });
    expect(r.status).toBe(read ? 404 : 403);
    const w = await api(server, tokens.get(username)!, '/v4/accounts/users/999999999/coupons/', {
      method: 'POST',
      body: { code: 'MATRIX' },
      headers: { 'x-brand': brand },
    });
    expect(w.status).toBe(write ? 404 : 403);
  });
});

describe.concurrent("the users CSV, a user's identities and billing (read), reset link and billing change (write) × account", () => {
  // A user that does not exist (an unknown filter for the CSV): allowed callers get the 404 (400), others 403; nothing is issued or changed.
  const cells = WHO.map((w) => [w.username, w.brand, can(w.principal, USER_ACCOUNT_READ), can(w.principal, USER_ACCOUNT_WRITE)] as const);
  it.each(cells)(
    '%s on %s × GET users-csv/download/, identities/, billing/ → %s; POST password-reset-link/, PATCH billing/ → %s',
    async (username, brand, read, write) => {
      const call = (path: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) =>
        api(server, tokens.get(username)!, `/v4/accounts/users/999999999/${path}`, {
          method,
          body,
          headers: { 'x-brand': brand, ...headers },
        });
      const csv = await api(server, tokens.get(username)!, '/v4/accounts/users-csv/download/?nope=1', { headers: { 'x-brand': brand } });
      expect(csv.status).toBe(read ? 400 : 403);
      const statuses = [
        (await call('identities/')).status,
        (await call('billing/')).status,
        (await call('password-reset-link/', 'POST')).status,
        (await call('billing/', 'PATCH', { billing_disabled: true }, { 'if-match': '"v1"' })).status,
      ];
      expect(statuses).toEqual([read ? 404 : 403, read ? 404 : 403, write ? 404 : 403, write ? 404 : 403]);
    },
  );
});

describe('ownership', () => {
  it('a supplier sees only its own releases and tracks; others are 404', async () => {
    const t = tokens.get('supplier')!;
    const supplierId = SANDBOX_ACCOUNTS.find((a) => a.username === 'supplier')!.supplierId!;
    const list = await api(server, t, '/v4/catalog/tracks/?per_page=200');
    expect(list.body.count).toBe(
      (await server.db.query<{ n: number }>('select count(*)::int n from tracks where supplier_id = $1', [supplierId]))[0].n,
    );
    const ids = list.body.results!.map((r) => r.id as number);
    const owners = await server.db.query<{ supplier_id: number }>('select distinct supplier_id from tracks where id = any($1::int[])', [
      ids,
    ]);
    expect(owners).toEqual([{ supplier_id: supplierId }]);
    const [own] = await server.db.query<{ id: number }>('select id from releases where supplier_id = $1 limit 1', [supplierId]);
    const [other] = await server.db.query<{ id: number }>('select id from releases where supplier_id <> $1 limit 1', [supplierId]);
    expect((await api(server, t, `/v4/catalog/releases/${own.id}/`)).status).toBe(200);
    expect((await api(server, t, `/v4/catalog/releases/${other.id}/`)).status).toBe(404);
    const g = await api(server, t, `/v4/catalog/tracks/${ids[0]}/`);
    expect(g.status).toBe(200);
    const [foreignTrack] = await server.db.query<{ id: number; version: number }>(
      'select id, version from tracks where supplier_id <> $1 limit 1',
      [supplierId],
    );
    // Suppliers write nothing through the generic routes: their own track and another's are both refused.
    const [ownTrack] = await server.db.query<{ id: number; version: number }>(
      'select id, version from tracks where supplier_id = $1 limit 1',
      [supplierId],
    );
    for (const tr of [ownTrack, foreignTrack]) {
      const p = await api(server, t, `/v4/catalog/tracks/${tr.id}/`, {
        method: 'PATCH',
        body: { bpm: 99 },
        headers: { 'if-match': `"v${tr.version}"` },
      });
      expect(p.status).toBe(403);
    }
    // Notes are staff-only (notesRule): refused on its own track and another's alike.
    for (const tr of [ownTrack, foreignTrack]) expect((await api(server, t, `/v4/catalog/tracks/${tr.id}/notes/`)).status).toBe(403);
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

  it("a writer's PATCH and PUT on a row it cannot see (the other brand's page) are 404", async () => {
    const t = tokens.get('marketing')!; // writes pages, dance brand only
    const [dj] = await server.db.query<{ id: number; name: string; version: number }>(
      "select id, name, version from pages where brand = 'brand:dj' limit 1",
    );
    const headers = { 'if-match': `"v${dj.version}"`, 'x-brand': 'brand:dance' };
    expect((await api(server, t, `/v4/curation/pages/${dj.id}/`, { method: 'PATCH', body: { name: dj.name }, headers })).status).toBe(404);
    expect(
      (await api(server, t, '/v4/curation/pages/', { method: 'PUT', body: [{ id: dj.id, version: dj.version, name: dj.name }], headers }))
        .status,
    ).toBe(404);
  });

  it('brand-specific objects of the other brand are 404', async () => {
    const t = tokens.get('marketing')!; // dance brand only
    const [dj] = await server.db.query<{ id: number }>("select id from pages where brand = 'brand:dj' limit 1");
    expect((await api(server, t, `/v4/curation/pages/${dj.id}/`)).status).toBe(404);
    // Asking for a brand the token does not hold falls back to a held one.
    const r = await api(server, t, '/v4/curation/pages/?per_page=200', { headers: { 'x-brand': 'brand:dj' } });
    expect(r.body.results!.length).toBeGreaterThan(0);
    const brands = await server.db.query<{ brand: string }>('select distinct brand from pages where id = any($1::int[])', [
      r.body.results!.map((p) => p.id),
    ]);
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
      method: 'PATCH',
      body: { paginated: true },
      headers: { 'if-match': `"v${pm.version}"`, 'x-brand': 'brand:dance' },
    });
    expect(r.status).toBe(200);
  });
});
