/** Test helpers: a real server in-process, the full PKCE sign-in, and API calls. */
import { createHash, randomBytes } from 'node:crypto';
import { CONSOLE_CLIENT_ID } from '../../shared/api';
import { startServer, type RunningServer, type ServerOptions } from '../../server/app';

export type { RunningServer };
/** Where a server answers: an in-process RunningServer, or a server process's ready message. */
export type ServerUrls = Pick<RunningServer, 'api' | 'idp'>;

export async function startTestServer(opts: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ seed: 1, muzookaStandIn: true, ...opts });
}

export const REDIRECT_URI = 'http://127.0.0.1:53999/callback';

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeQuery(challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: 'code', client_id: CONSOLE_CLIENT_ID, redirect_uri: REDIRECT_URI, code_challenge: challenge,
    code_challenge_method: 'S256', state: 'state-123', ...extra,
  });
}

/**
 * Opens the sign-in form at `authorizeUrl` as a browser does (keeping its nonce cookie
 * and anti-CSRF token) and submits it; returns the raw response (302 on success).
 */
export async function postSignInForm(authorizeUrl: string, username: string, password: string): Promise<Response> {
  const form = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await form.text();
  const cookie = form.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrf = /name="csrf_token" value="([^"]*)"/.exec(html)?.[1] ?? '';
  return fetch(authorizeUrl, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams({ ...Object.fromEntries(new URL(authorizeUrl).searchParams), csrf_token: csrf, username, password }),
    redirect: 'manual',
  });
}

/** Submits the sign-in form; returns the raw response (302 on success). */
export async function submitSignIn(s: ServerUrls, username: string, password: string, challenge: string) {
  return postSignInForm(`${s.idp}/v4/auth/o/authorize/?${authorizeQuery(challenge)}`, username, password);
}

export async function getCode(s: ServerUrls, username: string, password: string, challenge: string): Promise<string> {
  const r = await submitSignIn(s, username, password, challenge);
  if (r.status !== 302) throw new Error(`sign-in for ${username} gave ${r.status}`);
  const code = new URL(r.headers.get('location')!).searchParams.get('code');
  if (!code) throw new Error('no code in redirect');
  return code;
}

export async function tokenRequest(s: ServerUrls, fields: Record<string, string>) {
  const r = await fetch(`${s.idp}/v4/auth/o/token/`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: CONSOLE_CLIENT_ID, ...fields }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, string> };
}

/** RFC 7662 introspection of `token`, the caller authenticated with its own access token `caller`. */
export async function introspectToken(idp: string, token: string, caller: string = token): Promise<Record<string, unknown>> {
  const r = await fetch(`${idp}/v4/auth/o/introspect/`, {
    method: 'POST', headers: { authorization: `Bearer ${caller}` }, body: new URLSearchParams({ token }),
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
  const r = await fetch(`${s.api}${path}`, {
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
