/** Test helpers: a real server in-process, the full PKCE sign-in, and API calls. */
import { createHash, randomBytes } from 'node:crypto';
import { CONSOLE_CLIENT_ID } from '../../shared/api';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerOptions } from '../../server/app';
import type { Db } from '../../server/db/client';
import { openStorage } from '../../server/storage';
import { openSeededPglite, seedTemplate, TEMPLATE_SEED } from '../fixtures/seed-template';

export type { RunningServer };
/** Where a server answers: an in-process RunningServer, or a server process's ready message. */
export type ServerUrls = Pick<RunningServer, 'api' | 'idp'> & Partial<Pick<RunningServer, 'apps'>>;

/**
 * The Muzooka time limit of test servers: their stand-in runs in the test's own process, so
 * a slow answer is a loaded machine, never a service that is down (the limit itself is
 * tested with a client of its own: suites/artists.ts).
 */
export const STAND_IN_TIMEOUT_MS = 60_000;

/**
 * A server on the seeded sandbox. When it would seed the template's data (seed 1, demo
 * size, in-memory PGlite) it starts from a copy of the run's seeded template instead:
 * the template's PGlite dump and a copy of its storage folder (tests/fixtures/seed-template.ts).
 * PostgreSQL tests pass a `databaseUrl` from their cluster's `seededDatabase()` and
 * `seededDatabase: true`, which gives the server the template's storage folder as well.
 */
export async function startTestServer(opts: ServerOptions & { seededDatabase?: boolean } = {}): Promise<RunningServer> {
  const { seededDatabase, ...rest } = opts;
  opts = { muzookaTimeoutMs: STAND_IN_TIMEOUT_MS, ...rest };
  const template = seedTemplate();
  const same = (opts.seed ?? 1) === TEMPLATE_SEED.seed && (opts.scale ?? 1) === TEMPLATE_SEED.scale;
  const fromTemplate =
    template && same && !opts.db && !opts.dataDir && !opts.storage && !opts.storageDir && (!opts.databaseUrl || seededDatabase);
  if (!fromTemplate) return startServer({ seed: 1, muzookaStandIn: true, ...opts });
  const storageDir = await mkdtemp(join(tmpdir(), 'test-storage-'));
  let db: Db | undefined;
  let storage: Awaited<ReturnType<typeof openStorage>> | undefined;
  try {
    // The seed's files (the sandbox's audio) as the template's seed wrote them.
    await cp(template.storageDir, storageDir, { recursive: true });
    storage = await openStorage({ dir: storageDir });
    if (!opts.databaseUrl) db = await openSeededPglite();
    const server = await startServer({ seed: 1, muzookaStandIn: true, ...opts, ...(db ? { db } : {}), storage });
    const [ownDb, ownStorage] = [db, storage];
    return {
      ...server,
      close: async () => {
        await server.close();
        await ownDb?.close();
        await ownStorage.close();
        await rm(storageDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await db?.close().catch(() => undefined);
    await storage?.close().catch(() => undefined);
    await rm(storageDir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * fetch for a server's URLs: an in-process RunningServer answers through Fastify's
 * `inject` (the same routes, hooks and replies, without a socket: issue 31), anything
 * else (a server process, another host) over the network.
 */
export function fetchFor(s: Partial<Pick<RunningServer, 'api' | 'idp' | 'apps'>>): typeof fetch {
  return async (input, init = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    const app = !s.apps
      ? undefined
      : s.api && url.startsWith(`${s.api}/`)
        ? s.apps.api
        : s.idp && url.startsWith(`${s.idp}/`)
          ? s.apps.idp
          : undefined;
    if (!app) return fetch(input, init);
    const u = new URL(url);
    const headers: Record<string, string> = { host: u.host };
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    let payload: string | Buffer | undefined;
    if (init.body instanceof URLSearchParams) {
      payload = init.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (typeof init.body === 'string') payload = init.body;
    else if (init.body instanceof Uint8Array) payload = Buffer.from(init.body);
    else if (init.body != null)
      throw new Error('fetchFor: a body of this kind goes over the network; pass a string, bytes or URLSearchParams');
    const res = await app.inject({ method: (init.method ?? 'GET') as 'GET', url: u.pathname + u.search, headers, payload });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined) out.append(k, String(one));
    const empty = res.statusCode === 204 || res.statusCode === 304 || init.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}

export const REDIRECT_URI = 'http://127.0.0.1:53999/callback';

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeQuery(challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: 'code',
    client_id: CONSOLE_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    ...extra,
  });
}

/**
 * Opens the sign-in form at `authorizeUrl` as a browser does (keeping its nonce cookie
 * and anti-CSRF token) and submits it; returns the raw response (302 on success).
 */
export async function postSignInForm(
  authorizeUrl: string,
  username: string,
  password: string,
  fetchFn: typeof fetch = fetch,
): Promise<Response> {
  const form = await fetchFn(authorizeUrl, { redirect: 'manual' });
  const html = await form.text();
  const cookie = form.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = /name="csrf_token" value="([^"]*)"/.exec(html)?.[1] ?? '';
  return fetchFn(authorizeUrl, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams({ ...Object.fromEntries(new URL(authorizeUrl).searchParams), csrf_token: csrf, username, password }),
    redirect: 'manual',
  });
}

/** Submits the sign-in form; returns the raw response (302 on success). */
export async function submitSignIn(s: ServerUrls, username: string, password: string, challenge: string) {
  return postSignInForm(`${s.idp}/v4/auth/o/authorize/?${authorizeQuery(challenge)}`, username, password, fetchFor(s));
}

export async function getCode(s: ServerUrls, username: string, password: string, challenge: string): Promise<string> {
  const r = await submitSignIn(s, username, password, challenge);
  if (r.status !== 302) throw new Error(`sign-in for ${username} gave ${r.status}`);
  const code = new URL(r.headers.get('location')!).searchParams.get('code');
  if (!code) throw new Error('no code in redirect');
  return code;
}

export async function tokenRequest(s: ServerUrls, fields: Record<string, string>) {
  const r = await fetchFor(s)(`${s.idp}/v4/auth/o/token/`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: CONSOLE_CLIENT_ID, ...fields }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, string> };
}

/** RFC 7662 introspection of `token`, the caller authenticated with its own access token `caller`. */
export async function introspectToken(idp: string | ServerUrls, token: string, caller: string = token): Promise<Record<string, unknown>> {
  const base = typeof idp === 'string' ? idp : idp.idp;
  const r = await (typeof idp === 'string' ? fetch : fetchFor(idp))(`${base}/v4/auth/o/introspect/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${caller}` },
    body: new URLSearchParams({ token }),
  });
  return (await r.json()) as Record<string, unknown>;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  scope: string;
  expires_in: number;
}

/** The whole authorization-code flow with PKCE, as the console runs it. */
export async function signIn(s: ServerUrls, username: string, password: string): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const code = await getCode(s, username, password, challenge);
  const r = await tokenRequest(s, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  if (r.status !== 200) throw new Error(`token exchange gave ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body as unknown as Tokens;
}

export async function api(
  s: ServerUrls,
  token: string | null,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetchFor(s)(`${s.api}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, headers: r.headers, body: body as Record<string, unknown> & { results?: Record<string, unknown>[] } };
}
