/**
 * Pagination links come from the API's public origin (PUBLIC_URL, default the address it
 * listens on), never from the request's Host header (issue 26: `Host: evil.example` was
 * copied into `next`). Every route that writes links: the generic lists, search, a
 * record's history and the hype subscriptions, each asked for a middle page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../server/api/app';
import { parsePublicUrl } from '../../server/api/public-url';
import { fetchFor, signIn, startTestServer, type RunningServer } from './helpers';

let server: RunningServer;
let token = '';
let track = 0;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server, 'admin', 'sandbox-admin')).access_token;
  [{ id: track }] = await server.db.query<{ id: number }>('select min(id) as id from tracks');
  // Three history rows of one track, so its history has a middle page.
  const [{ id: admin }] = await server.db.query<{ id: number }>("select id from users where username = 'admin'");
  for (let i = 0; i < 3; i++) {
    await server.db.query(
      "insert into record_history (entity, entity_id, user_id, action, changes) values ('tracks', $1, $2, 'update', '{}'::jsonb)",
      [track, admin],
    );
  }
});
afterAll(async () => server?.close());

/** Each link-writing route at page 2 of 1 per page (every one has at least three rows in the seed or above). */
const ROUTES = [
  ['a generic list', () => '/v4/catalog/tracks/?page=2&per_page=1'],
  ['search', () => '/v4/catalog/search/?type=tracks&page=2&per_page=1'],
  ["a record's history", () => `/v4/catalog/tracks/${track}/history/?page=2&per_page=1`],
  ['hype subscriptions', () => '/v4/hype-subscriptions/?page=2&per_page=1'],
] as const;

const page = async (base: string, path: string, headers: Record<string, string>, send: typeof fetch = fetchFor(server)) => {
  const r = await send(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, 'x-brand': 'brand:dance', ...headers } });
  const body = (await r.json()) as { next: string | null; previous: string | null; page: string };
  return { status: r.status, body };
};

describe("a request with Host: evil.example gets links on the API's own origin", () => {
  it.each(ROUTES)('%s', async (_name, path) => {
    const { status, body } = await page(server.api, path(), { host: 'evil.example' });
    expect(status).toBe(200);
    const [current, last] = body.page.split('/').map(Number);
    expect([current, last >= 3]).toEqual([2, true]);
    for (const link of [body.next, body.previous]) {
      expect(link).not.toBeNull();
      expect(new URL(link!).origin).toBe(server.api);
      expect(link).not.toContain('evil.example');
    }
    // The links name the same route, one page on and one back.
    expect(new URL(body.next!).pathname).toBe(new URL(`${server.api}${path()}`).pathname);
    expect([new URL(body.next!).searchParams.get('page'), new URL(body.previous!).searchParams.get('page')]).toEqual(['3', '1']);
  });

  it('X-Forwarded-Host and X-Forwarded-Proto are not believed either', async () => {
    const { body } = await page(server.api, ROUTES[0][1](), { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(new URL(body.next!).origin).toBe(server.api);
  });
});

describe('PUBLIC_URL, when configured, is where every link points', () => {
  it.each(ROUTES)('%s', async (_name, path) => {
    const app = await buildApi(
      server.db,
      { accessTtl: 900, refreshTtl: 3600 },
      {
        jobs: server.jobs,
        storage: server.storage,
        publicUrl: () => 'https://console-api.store.example/edge',
      },
    );
    try {
      await app.ready();
      const { status, body } = await page(
        server.api,
        path(),
        { host: 'evil.example' },
        fetchFor({ api: server.api, apps: { api: app, idp: server.apps.idp } }),
      );
      expect(status).toBe(200);
      const api = new URL(`${server.api}${path()}`).pathname;
      expect([body.next, body.previous].map((l) => l && `${new URL(l).origin}${new URL(l).pathname}`)).toEqual([
        `https://console-api.store.example/edge${api}`,
        `https://console-api.store.example/edge${api}`,
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('PUBLIC_URL and IDP_PUBLIC_URL as the start reads them', () => {
  it('an http(s) origin, a path prefix kept without its trailing slash; unset is the listening address', () => {
    expect(parsePublicUrl('PUBLIC_URL', 'https://api.store.example/')).toBe('https://api.store.example');
    expect(parsePublicUrl('PUBLIC_URL', 'https://store.example/v4-edge/')).toBe('https://store.example/v4-edge');
    expect(parsePublicUrl('PUBLIC_URL', 'http://127.0.0.1:8400')).toBe('http://127.0.0.1:8400');
    expect([parsePublicUrl('PUBLIC_URL', undefined), parsePublicUrl('PUBLIC_URL', '')]).toEqual([undefined, undefined]);
  });
  it.each([
    'evil.example',
    'ftp://store.example',
    'https://store.example/?x=1',
    'https://user:pw@store.example',
    'https://store.example/#top',
  ])('%s stops the start, naming the variable', (value) => {
    expect(() => parsePublicUrl('IDP_PUBLIC_URL', value)).toThrow(/^IDP_PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/);
  });
});
