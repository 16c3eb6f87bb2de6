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
 *
 * This is the matrix's shared part: the accounts (WHO), one server per test file with
 * every account's token (useMatrixServer), and the helpers the cells use. The cells are
 * in four files, so that no single file bounds the unit run (issue 31):
 * authz-matrix-reads, -writes, -routes and -areas.test.ts.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { APP_CONTROL, FIELD_WRITE_RULES, SEARCH_TYPES, can, principalFrom, type Principal, type Rule } from '../../../shared/access';
import { CONSOLE_CLIENT_ID } from '../../../shared/api';
import { issueTokens } from '../../../server/auth/tokens';
import { SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import type { FilterKind } from '../../../server/api/lists/engine';
import { WRITES } from '../../../server/domain/records/defs';
import { isRecordKey, recordDecl } from '../../../shared/records';
import { api, signIn, startTestServer, type RunningServer } from '../helpers';

export let server: RunningServer;
export const tokens = new Map<string, string>();

/**
 * Principals no sandbox account signs in as, each a real user of the seed holding a
 * token with other scopes: the sandbox supplier with app:control instead of app:baseware.
 */
export const EXTRA = [
  { key: 'supplier+control', username: 'supplier', scope: [APP_CONTROL, 'user:supplier', 'brand:dance', 'brand:dj'].join(' ') },
];

/** The matrix's server and the tokens of every account (and EXTRA), for one test file. */
/**
 * A cell's time limit. The cells of a `describe.concurrent` block share one server and the
 * machine's cores, so on a loaded machine a cell waits for its neighbours' requests: four
 * cells of five requests each passed the default 30 s at load 13-15. A cell's limit is not
 * what it tests.
 */
export const CELL_TIMEOUT_MS = 120_000;

export function useMatrixServer(): void {
  vi.setConfig({ testTimeout: CELL_TIMEOUT_MS });
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
}

export interface Who {
  username: string;
  brand: string;
  principal: Principal;
}
export const WHO: Who[] = [
  ...SANDBOX_ACCOUNTS.flatMap((a) =>
    a.brands.map((brand) => ({
      username: a.username,
      brand,
      principal: principalFrom([a.app, a.role, ...a.brands].join(' '), [], brand),
    })),
  ),
  ...EXTRA.flatMap((x) =>
    principalFrom(x.scope)
      .scopes.filter((s) => s.startsWith('brand:'))
      .map((brand) => ({
        username: x.key,
        brand,
        principal: principalFrom(x.scope, [], brand),
      })),
  ),
];

export const SAMPLE: Record<FilterKind, string> = {
  text: 'a',
  ids: '1,2',
  int: '1',
  choice: 'CONVERTED',
  date: '2020-01-01:2020-12-31',
  bool: 'true',
  bool01: '1',
};

/** A date column read back from the database, in the API's YYYY-MM-DD form. */
export function apiValue(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return v;
}

/**
 * Writes run concurrently with every other cell: each cell writes back the value the
 * row already holds, and cells on the same row take turns (read the version, write),
 * so no cell sees another's version bump between its read and its write.
 */
export const rowTurns = new Map<string, Promise<unknown>>();
export function onRow<T>(key: string, work: () => Promise<T>): Promise<T> {
  const prev = rowTurns.get(key) ?? Promise.resolve();
  const next = prev.then(work, work);
  rowTurns.set(
    key,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * A row of `type` in `brand` (staff see every row of their active brand), found through
 * the API as admin; where the brand has none (hype offers are dance-only), any row of the
 * type, which no one sees on that brand (`visible` false: an allowed caller gets 404).
 */
export const rowIds = new Map<string, Promise<{ id: number; visible: boolean }>>();
export function rowInfo(type: string, brand: string): Promise<{ id: number; visible: boolean }> {
  const key = `${type} ${brand}`;
  if (!rowIds.has(key)) {
    const t = SEARCH_TYPES.find((x) => x.key === type)!;
    rowIds.set(
      key,
      api(server, tokens.get('admin')!, `/v4/${t.category}/${t.path}/?per_page=1`, { headers: { 'x-brand': brand } }).then(async (r) => {
        const id = r.body.results?.[0]?.id;
        if (typeof id === 'number') return { id, visible: true };
        const table = isRecordKey(type) ? WRITES[type].table : type;
        const [any] = await server.db.query<{ id: number | null }>(`select min(id) as id from ${table}`);
        if (any.id === null) throw new Error(`no ${type} row at all`);
        return { id: any.id, visible: false };
      }),
    );
  }
  return rowIds.get(key)!;
}
export const rowOf = async (type: string, brand: string): Promise<number> => (await rowInfo(type, brand)).id;

/** The first editable field of a type without a rule of its own: what a type cell writes. */
export function ordinaryField(type: string): string {
  return (recordDecl(type)!.editable as readonly string[]).find((f) => !(f in (FIELD_WRITE_RULES[type] ?? {})))!;
}

/** Writes `field`'s current value back to a visible row of `type`, by PATCH or by PUT; returns the response. */
export async function writeBack(username: string, brand: string, type: string, field: string, method: 'PATCH' | 'PUT') {
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
export const EDITABLE = SEARCH_TYPES.filter((t) => isRecordKey(t.key) && recordDecl(t.key)!.editable.length).map((t) => t.key);

/**
 * A row of `type` this account sees (its own for suppliers and labels), or null when its
 * list is refused or empty for it.
 */
export async function ownRow(username: string, brand: string, type: string): Promise<number | null> {
  const t = SEARCH_TYPES.find((x) => x.key === type)!;
  const r = await api(server, tokens.get(username)!, `/v4/${t.category}/${t.path}/?per_page=1`, { headers: { 'x-brand': brand } });
  const id = r.status === 200 ? r.body.results?.[0]?.id : undefined;
  return typeof id === 'number' ? id : null;
}

export type Send = (path: string, init?: { method?: string; body?: unknown }) => Promise<{ status: number; body: Record<string, unknown> }>;
/** A route of an "× account" matrix: its rule, the status of an allowed call, and how to call it. */
export interface AccountRoute {
  name: string;
  rule: Rule;
  ok: number;
  run: (send: Send) => Promise<number>;
}

/** Every account on each of its brands × every route: allowed (`ok`) or 403 as the rule says; both sides represented. */
export function routeCells(ROUTES: AccountRoute[]) {
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
