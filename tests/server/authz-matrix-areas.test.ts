/**
 * Authorization matrix, areas: suppliers, labels and shared views, charts and playlists, DJ profiles, service agreement, statements, sales, dashboard, SFTP users, a supplier's or label's own records.
 * The accounts, the server and the helpers: ./authz/matrix.ts (its comment says how the
 * matrix is split).
 */
import { newSshKeyPair } from '../../shared/packaging/ssh-key';
import {
  DASHBOARD_FOLLOWERS_RULE,
  FIELD_RULES,
  OWN_SUPPLIER_RULE,
  SALES_RULE,
  SERVICE_AGREEMENT_ACCEPT_RULE,
  SERVICE_AGREEMENT_READ_RULE,
  SHARED_VIEWS_RULE,
  TEMP_ACCOUNT_WRITE_RULE,
  SUPPLIER_STATEMENTS_RULE,
  LABEL_STATEMENTS_RULE,
  WRITE_RULES,
  allOf,
  can,
  searchType,
  writeRule,
  type Rule,
} from '../../shared/access';
import { SERVICE_AGREEMENT } from '../../shared/constants';
import { STATUS_TEXT } from '../../shared/messages';
import * as ENDPOINTS from '../../shared/api/endpoints';
import type { EndpointSpec } from '../../shared/api/endpoint';
import { AGREEMENT_PENDING_ACCOUNT } from '../../server/seed/accounts';
import { dashboardEndpoints, jobEndpoints, pathOf } from '../../shared/api';
import { createRule, mayEdit } from '../../shared/records';
import { api, signIn } from './helpers';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountRoute, onRow, routeCells, rowInfo, rowOf, server, tokens, useMatrixServer, WHO } from './authz/matrix';

useMatrixServer();

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
  type Send = (
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: Record<string, unknown> }>;
  const S = '/v4/catalog/suppliers/1/';
  const COLLECTIONS = [
    {
      path: 'contacts',
      table: 'contacts',
      body: { contact_type_id: 1, first_name: 'Matrix', last_name: 'Cell', country_id: 1 },
      field: 'city',
    },
    { path: 'contracts', table: 'contracts', body: { contract_type_id: 1, start_date: '2026-01-01' }, field: 'active' },
    { path: 'genre-mappings', table: 'supplier_genre_mappings', body: { source_genre: 'Matrix genre' }, field: 'restricted' },
    { path: 'label-mappings', table: 'supplier_label_mappings', body: { source_label: 'Matrix label' }, field: 'blacklisted' },
  ] as const;
  /** A new item of supplier 1 made through the database (a cell's own, so cells never share one). */
  const newItem = async (c: (typeof COLLECTIONS)[number]): Promise<number> => {
    const cols = Object.keys(c.body);
    const values = Object.values(c.body).map((v) => (c.path.endsWith('mappings') ? `${v} ${Math.random()}` : v));
    const [row] = await server.db.query<{ id: number }>(
      `insert into ${c.table} (supplier_id, ${cols.join(', ')}) values (1, ${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
      values,
    );
    return row.id;
  };
  const ROUTES: { name: string; rule: Rule; ok: number; run: (send: Send) => Promise<number> }[] = [
    ...['labels', 'subscribers', ...COLLECTIONS.map((c) => c.path)].map((p) => ({
      name: `GET ${p}`,
      rule: READ,
      ok: 200,
      run: async (send: Send) => (await send(`${S}${p}/`)).status,
    })),
    ...COLLECTIONS.flatMap((c) => [
      {
        name: `POST ${c.path}`,
        rule: WRITE,
        ok: 201,
        run: async (send: Send) => {
          const body = c.path.endsWith('mappings')
            ? Object.fromEntries(Object.entries(c.body).map(([k, v]) => [k, `${v} ${Math.random()}`]))
            : c.body;
          const r = await send(`${S}${c.path}/`, { method: 'POST', body });
          if (r.status === 201) await server.db.query(`delete from ${c.table} where id = $1`, [r.body.id]);
          return r.status;
        },
      },
      {
        name: `PATCH ${c.path}/{id}`,
        rule: WRITE,
        ok: 200,
        run: async (send: Send) => {
          const id = await newItem(c);
          const [row] = await server.db.query<Record<string, unknown>>(
            `select ${c.field} as value, version from ${c.table} where id = $1`,
            [id],
          );
          const r = await send(`${S}${c.path}/${id}/`, {
            method: 'PATCH',
            body: { [c.field]: row.value },
            headers: { 'if-match': `"v${row.version}"` },
          });
          await server.db.query(`delete from ${c.table} where id = $1`, [id]);
          return r.status;
        },
      },
      {
        name: `DELETE ${c.path}/{id}`,
        rule: WRITE,
        ok: 204,
        run: async (send: Send) => {
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
      name: 'POST suppliers',
      rule: createRule('suppliers'),
      ok: 400,
      run: async (send) =>
        (await send('/v4/catalog/suppliers/', { method: 'POST', body: { name: 'Matrix', contacts: [], contracts: [] } })).status,
    },
  ];

  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const send: Send = (path, init = {}) =>
      api(server, tokens.get(username)!, path, { ...init, headers: { 'x-brand': brand, ...init.headers } });
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
    ...['contracts', 'mappings', 'download-csv'].map((p) => ({
      name: `GET labels/{id}/${p}`,
      rule: LREAD,
      ok: 200,
      run: async (send: Send) => (await send(`${L}${p}/`)).status,
    })),
    { name: 'GET labels/{id}/image', rule: LREAD, ok: 404, run: async (send) => (await send(`${L}image/`)).status },
    {
      name: 'POST labels/{id}/contracts',
      rule: LWRITE,
      ok: 400,
      run: async (send) => (await send(`${L}contracts/`, { method: 'POST', body: { contract_type_id: 1 } })).status,
    },
    {
      name: 'PATCH labels/{id}/contracts/{item}',
      rule: LWRITE,
      ok: 404,
      run: async (send) =>
        (await send(`${L}contracts/2000000000/`, { method: 'PATCH', body: { active: true }, headers: { 'if-match': '"v1"' } })).status,
    },
    {
      name: 'POST labels/{id}/images',
      rule: LWRITE,
      ok: 400,
      run: async (send) => (await send(`${L}images/`, { method: 'POST', body: {} })).status,
    },
    {
      name: 'POST labels/{id}/temp-account',
      rule: TEMP_ACCOUNT_WRITE_RULE,
      ok: 409,
      run: async (send) => (await send(`${L}temp-account/`, { method: 'POST' })).status,
    },
    {
      name: 'GET charts/{id}/image',
      rule: CREAD,
      ok: 404,
      run: async (send, brand) => (await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/image/`)).status,
    },
    // Views shared with the team: an allowed caller gets the list, the 404 of a view that is not there, the 400 of a bad body.
    {
      name: 'GET me/shared-views',
      rule: SHARED_VIEWS_RULE,
      ok: 200,
      run: async (send) => (await send('/v4/accounts/me/shared-views/')).status,
    },
    {
      name: 'GET me/shared-views/{id}',
      rule: SHARED_VIEWS_RULE,
      ok: 404,
      run: async (send) => (await send('/v4/accounts/me/shared-views/2000000000/')).status,
    },
    {
      name: 'POST me/shared-views',
      rule: SHARED_VIEWS_RULE,
      ok: 400,
      run: async (send) => (await send('/v4/accounts/me/shared-views/', { method: 'POST', body: {} })).status,
    },
    {
      name: 'DELETE me/shared-views/{id}',
      rule: SHARED_VIEWS_RULE,
      ok: 404,
      run: async (send) => (await send('/v4/accounts/me/shared-views/2000000000/', { method: 'DELETE' })).status,
    },
    {
      name: 'POST charts/{id}/images',
      rule: allOf(CREAD, writeRule('charts')!),
      ok: 400,
      run: async (send, brand) =>
        (await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/images/`, { method: 'POST', body: {} })).status,
    },
  ];
  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const send: Send = (path, init = {}) =>
      api(server, tokens.get(username)!, path, { ...init, headers: { 'x-brand': brand, ...init.headers } });
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
    [
      ['charts', 'chart_tracks', 'chart_id', 'tracks/', { title: 'x'.repeat(46) }],
      ['playlists', 'playlist_tracks', 'playlist_id', 'tracks/bulk/', {}],
    ] as const
  )
    .flatMap(([type, table, owner, put, badBody]) => {
      const READ = searchType(type)!.rule;
      return [
        {
          name: `GET ${type}/{id}/tracks`,
          rule: READ,
          ok: 200,
          run: async (send: Send, brand: string) => (await send(`/v4/catalog/${type}/${await rowOf(type, brand)}/tracks/`)).status,
        },
        {
          name: `PUT ${type}/{id}/${put}`,
          rule: allOf(READ, writeRule(type)!),
          ok: 200,
          run: async (send: Send, brand: string) => {
            const id = await rowOf(type, brand);
            return onRow(`${type}:${id}`, async () => {
              const ids = (
                await server.db.query<{ track_id: number }>(`select track_id from ${table} where ${owner} = $1 order by position`, [id])
              ).map((r) => r.track_id);
              return (await send(`/v4/catalog/${type}/${id}/${put}`, { method: 'PUT', body: { track_ids: ids } })).status;
            });
          },
        },
        // An allowed caller gets the 400 of a bad body: nothing is created.
        {
          name: `POST ${type}`,
          rule: createRule(type),
          ok: 400,
          run: async (send: Send) => (await send(`/v4/catalog/${type}/`, { method: 'POST', body: badBody })).status,
        },
      ];
    })
    .concat([
      // A chart's mapped curated playlist and a playlist's charts: an allowed writer gets the 400 of a bad body or the 404 of a mapping that is not the chart's.
      {
        name: 'GET charts/{id}/playlist-mappings',
        rule: searchType('charts')!.rule,
        ok: 200,
        run: async (send, brand) => (await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/playlist-mappings/`)).status,
      },
      {
        name: 'POST charts/{id}/playlist-mappings',
        rule: allOf(searchType('charts')!.rule, writeRule('charts')!),
        ok: 400,
        run: async (send, brand) =>
          (
            await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/playlist-mappings/`, {
              method: 'POST',
              body: { playlist_id: 0 },
            })
          ).status,
      },
      {
        name: 'PATCH charts/{id}/playlist-mappings/{item}',
        rule: allOf(searchType('charts')!.rule, writeRule('charts')!),
        ok: 404,
        run: async (send, brand) =>
          (
            await send(`/v4/catalog/charts/${await rowOf('charts', brand)}/playlist-mappings/2000000000/`, {
              method: 'PATCH',
              body: { playlist_id: null },
            })
          ).status,
      },
      {
        name: 'GET playlists/{id}/chart-mapping',
        rule: searchType('playlists')!.rule,
        ok: 200,
        run: async (send, brand) => (await send(`/v4/catalog/playlists/${await rowOf('playlists', brand)}/chart-mapping/`)).status,
      },
      {
        name: 'GET playlists/{id}/partners',
        rule: searchType('playlists')!.rule,
        ok: 200,
        run: async (send, brand) => (await send(`/v4/catalog/playlists/${await rowOf('playlists', brand)}/partners/`)).status,
      },
      {
        // An allowed writer gets the 400 of an unknown partner: nothing changes.
        name: 'PUT playlists/{id}/partners-bulk',
        rule: allOf(searchType('playlists')!.rule, writeRule('playlists')!),
        ok: 400,
        run: async (send, brand) =>
          (
            await send(`/v4/catalog/playlists/${await rowOf('playlists', brand)}/partners-bulk/`, {
              method: 'PUT',
              body: { partner_ids: [2000000000] },
            })
          ).status,
      },
      // A genre's sub-genres: an allowed writer gets the 400 of a blank name or the 404 of a sub-genre not the genre's.
      {
        name: 'GET genres/{id}/sub-genres',
        rule: searchType('genres')!.rule,
        ok: 200,
        run: async (send, brand) => (await send(`/v4/catalog/genres/${await rowOf('genres', brand)}/sub-genres/`)).status,
      },
      ...(['POST', 'PATCH', 'DELETE'] as const).map((method) => ({
        name: `${method} genres/{id}/sub-genres`,
        rule: allOf(searchType('genres')!.rule, writeRule('genres')!),
        ok: method === 'POST' ? 400 : 404,
        run: async (send: Send, brand: string) => {
          const base = `/v4/catalog/genres/${await rowOf('genres', brand)}/sub-genres/`;
          return (
            await send(method === 'POST' ? base : `${base}2000000000/`, { method, body: method === 'DELETE' ? undefined : { name: '' } })
          ).status;
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
        method: 'PATCH',
        body: { dj_name: row.dj_name },
        headers: { 'x-brand': brand, 'if-match': `"v${row.version}"` },
      });
    });
    expect(r.status, JSON.stringify(r.body)).toBe(!allowed ? 403 : visible ? 200 : 404);
  });
});

/**
 * The service agreement (server/api/routes/service-agreement.ts): the text in force and
 * supplier 1's acceptances under SERVICE_AGREEMENT_READ_RULE, accepting for supplier 1
 * (the sandbox supplier's own) under SERVICE_AGREEMENT_ACCEPT_RULE; a cell's acceptance
 * is removed again.
 */
describe.concurrent('service agreement × account', () => {
  const ROUTES: AccountRoute[] = [
    {
      name: 'GET service-agreement',
      rule: SERVICE_AGREEMENT_READ_RULE,
      ok: 200,
      run: async (send) => (await send('/v4/catalog/service-agreement/')).status,
    },
    {
      name: 'GET suppliers/{id}/service-agreement',
      rule: SERVICE_AGREEMENT_READ_RULE,
      ok: 200,
      run: async (send) => (await send('/v4/catalog/suppliers/1/service-agreement/')).status,
    },
    {
      name: 'POST suppliers/{id}/service-agreement',
      rule: SERVICE_AGREEMENT_ACCEPT_RULE,
      ok: 201,
      run: async (send) => {
        const r = await send('/v4/catalog/suppliers/1/service-agreement/', {
          method: 'POST',
          body: { version: SERVICE_AGREEMENT.version },
        });
        if (r.status === 201) await server.db.query('delete from service_agreement_acceptances where id = $1', [r.body.id]);
        return r.status;
      },
    },
  ];
  routeCells(ROUTES);
});

/**
 * The agreement as a rule (server/api/route.ts admit): the seeded supplier that has not
 * accepted (AGREEMENT_PENDING_ACCOUNT, supplier 2) beside the sandbox supplier, which has.
 * Routes declared `beforeAgreement` answer both alike; every other route answers the
 * pending one 403 with the §8 text and the accepted one as its rule says.
 */
describe.concurrent('service agreement not yet accepted × route', () => {
  const pending = new Map<string, string>();
  beforeAll(async () => {
    pending.set('token', (await signIn(server, AGREEMENT_PENDING_ACCOUNT.username, AGREEMENT_PENDING_ACCOUNT.password)).access_token);
  });
  const own = (username: string) => (username === 'supplier' ? 1 : AGREEMENT_PENDING_ACCOUNT.supplierId!);
  /** [route, method, path for the caller, the accepted supplier's answer, declared beforeAgreement (the pending one gets the same)]. */
  const ROUTES: [string, 'GET' | 'POST', (username: string) => string, number, boolean][] = [
    ['GET service-agreement', 'GET', () => '/v4/catalog/service-agreement/', 200, true],
    ['GET suppliers/{own}/service-agreement', 'GET', (u) => `/v4/catalog/suppliers/${own(u)}/service-agreement/`, 200, true],
    ['GET accounts/me', 'GET', () => '/v4/accounts/me/', 200, true],
    ['GET my/supplier', 'GET', () => '/v4/my/supplier/', 200, true],
    ['GET catalog/tracks', 'GET', () => '/v4/catalog/tracks/', 200, false],
    ['GET catalog/releases', 'GET', () => '/v4/catalog/releases/', 200, false],
    ['GET catalog/labels', 'GET', () => '/v4/catalog/labels/', 200, false],
    ['GET my/labels', 'GET', () => '/v4/my/labels/', 200, false],
    ['GET dashboard', 'GET', () => '/v4/dashboard/', 200, false],
    ['GET suppliers/{own}/statements', 'GET', (u) => `/v4/catalog/suppliers/${own(u)}/statements/music/`, 200, false],
  ];
  const cells = ROUTES.flatMap(([name, , , ok, before]) => [
    ['supplier', name, ok] as const,
    ['newsupplier', name, before ? ok : 403] as const,
  ]);
  it.each(cells)('%s × %s → %s', async (who, name, expected) => {
    const [, method, path] = ROUTES.find((r) => r[0] === name)!;
    const t = who === 'supplier' ? tokens.get('supplier')! : pending.get('token')!;
    const r = await api(server, t, path(who), { method, headers: { 'x-brand': 'brand:dance' } });
    expect(r.status, JSON.stringify(r.body)).toBe(expected);
    if (expected === 403) expect(r.body).toEqual({ detail: STATUS_TEXT[403] });
  });
  it('the routes answered before acceptance are exactly those declared beforeAgreement', () => {
    const declared = Object.values(ENDPOINTS)
      .flatMap((group) => (group && typeof group === 'object' ? Object.values(group as Record<string, unknown>) : []))
      .filter(
        (e): e is EndpointSpec =>
          !!e && typeof e === 'object' && 'path' in e && 'method' in e && (e as EndpointSpec).beforeAgreement === true,
      )
      .map((e) => `${e.method} ${e.path}`);
    expect(new Set(declared)).toEqual(
      new Set([
        'GET /v4/catalog/service-agreement/',
        'GET /v4/catalog/suppliers/:id/service-agreement/',
        'POST /v4/catalog/suppliers/:id/service-agreement/',
        'GET /v4/accounts/me/',
        'DELETE /v4/accounts/me/sessions/:id/',
        'GET /v4/my/supplier/',
      ]),
    );
  });
});

/**
 * A supplier's or label user's own records (server/api/routes/me.ts), the packaging
 * wizard's sender and Label list, under OWN_SUPPLIER_RULE: Baseware supplier and label
 * users; staff and a supplier token with app:control 403. Each answers only the caller's own.
 */
describe.concurrent('own supplier and labels × account', () => {
  const ROUTES: AccountRoute[] = [
    { name: 'GET my/supplier', rule: OWN_SUPPLIER_RULE, ok: 200, run: async (send) => (await send('/v4/my/supplier/')).status },
    { name: 'GET my/labels', rule: OWN_SUPPLIER_RULE, ok: 200, run: async (send) => (await send('/v4/my/labels/')).status },
  ];
  routeCells(ROUTES);
  it('my/labels answers a supplier its own labels and a label user its own label only', async () => {
    const own = async (username: string) =>
      (await api(server, tokens.get(username)!, '/v4/my/labels/')).body.results as { id: number; name: string }[];
    const [supplier] = await server.db.query<{ supplier_id: number }>("select supplier_id from users where username = 'supplier'");
    const supplierLabels = await server.db.query<{ id: number; name: string }>(
      'select id, name from labels where supplier_id = $1 order by name, id',
      [supplier.supplier_id],
    );
    expect(supplierLabels.length).toBeGreaterThan(0);
    expect(await own('supplier')).toEqual(supplierLabels);
    const [label] = await server.db.query<{ id: number; name: string }>(
      "select l.id, l.name from users u join labels l on l.id = u.label_id where u.username = 'label'",
    );
    expect(await own('label')).toEqual([label]);
  });
});

/**
 * Statements (server/api/routes/statements.ts): supplier 1's statements and CSV under
 * SUPPLIER_STATEMENTS_RULE, label 1's under LABEL_STATEMENTS_RULE (the sandbox supplier's and
 * label's own), and starting the statements job under WRITE_RULES.statements (a run through
 * 2000-01-31 issues nothing).
 */
describe.concurrent('statements × account', () => {
  const ROUTES: AccountRoute[] = [
    {
      name: 'GET suppliers/{id}/statements/music',
      rule: SUPPLIER_STATEMENTS_RULE,
      ok: 200,
      run: async (send) => (await send('/v4/catalog/suppliers/1/statements/music/')).status,
    },
    {
      name: 'GET suppliers/{id}/statements/download-csv',
      rule: SUPPLIER_STATEMENTS_RULE,
      ok: 200,
      run: async (send) => (await send('/v4/catalog/suppliers/1/statements/download-csv/')).status,
    },
    {
      name: 'GET labels/{id}/statements',
      rule: LABEL_STATEMENTS_RULE,
      ok: 200,
      run: async (send) => (await send('/v4/catalog/labels/1/statements/')).status,
    },
    {
      name: 'POST jobs/statements',
      rule: WRITE_RULES.statements,
      ok: 202,
      run: async (send) => (await send('/v4/jobs/statements/', { method: 'POST', body: { through: '2000-01-31' } })).status,
    },
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

/**
 * The dashboard (server/api/routes/dashboard.ts): open to every shell user; its sales part under SALES_RULE, its
 * deliveries part under the deliveries rule, its followers under DASHBOARD_FOLLOWERS_RULE (artist and DJ users: none).
 */
describe.concurrent('dashboard × account', () => {
  const cells = WHO.map(
    (w) =>
      [
        w.username,
        w.brand,
        can(w.principal, SALES_RULE),
        can(w.principal, searchType('deliveries')!.rule),
        can(w.principal, DASHBOARD_FOLLOWERS_RULE),
      ] as const,
  );
  it('artist and DJ users have no follower figures; staff, suppliers and labels have', () => {
    const has = new Map(cells.map(([u, , , , f]) => [u, f]));
    expect([has.get('artist'), has.get('dj'), has.get('admin'), has.get('supplier'), has.get('label')]).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
  it.each(cells)(
    '%s on %s × GET dashboard → sales %s, deliveries %s, followers %s',
    async (username, brand, sales, deliveries, followers) => {
      const r = await api(server, tokens.get(username)!, pathOf(dashboardEndpoints.view), { headers: { 'x-brand': brand } });
      expect(r.status).toBe(200);
      expect([r.body.sales !== null, r.body.deliveries_needing_attention !== null, r.body.followers !== null]).toEqual([
        sales,
        deliveries,
        followers,
      ]);
    },
  );
});

/** The content-ops ftp-users calls (§7, issue 15) under WRITE_RULES.ftpUsers (admin, content ops). */
describe.concurrent('ftp-users × account', () => {
  let userId = 0;
  const publicKeyLine = () => `${newSshKeyPair().public.trim()} matrix`;
  beforeAll(async () => {
    [{ id: userId }] = await server.db.query<{ id: number }>(
      "insert into ftp_users (supplier_id, username) values (1, 'matrix-sftp') returning id",
    );
  });
  const P = '/v4/content-ops/ftp-users/';
  const ROUTES = [
    { name: 'GET ftp-users', ok: 200, run: (t: string, h: Record<string, string>) => api(server, t, `${P}?supplier_id=1`, { headers: h }) },
    {
      name: 'POST ftp-users',
      ok: 201,
      run: (t: string, h: Record<string, string>) =>
        api(server, t, P, {
          method: 'POST',
          body: { supplier_id: 1, username: `m-${Math.random().toString(36).slice(2, 12)}` },
          headers: h,
        }),
    },
    {
      name: 'PATCH ftp-users/{id}',
      ok: 200,
      run: (t: string, h: Record<string, string>) =>
        api(server, t, `${P}${userId}/`, { method: 'PATCH', body: { enabled: true }, headers: h }),
    },
    {
      name: 'POST ftp-users/{id}/reset-password',
      ok: 200,
      run: (t: string, h: Record<string, string>) => api(server, t, `${P}${userId}/reset-password/`, { method: 'POST', headers: h }),
    },
    {
      name: 'POST ftp-users/{id}/keys',
      ok: 201,
      run: (t: string, h: Record<string, string>) =>
        api(server, t, `${P}${userId}/keys/`, { method: 'POST', body: { public_key: publicKeyLine() }, headers: h }),
    },
    {
      name: 'DELETE ftp-users/{id}/keys/{key_id}',
      ok: 204,
      run: async (t: string, h: Record<string, string>) => {
        const [k] = await server.db.query<{ id: number }>(
          "insert into ftp_user_keys (ftp_user_id, algorithm, key_data, fingerprint) values ($1, 'ssh-ed25519', $2, 'x') returning id",
          [userId, `k${Math.random()}`],
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
