/**
 * A second client of the same sandbox (another device): signs an account in through
 * the identity provider with PKCE from Node, as the console does, and calls the API
 * with its own bearer token. Used to change things behind the console's back.
 */
import { AUTH_PATHS, CONSOLE_CLIENT_ID } from '../../../shared/api/client';
import { createPkce } from '../../../main/services/pkce';
import { test, type ConsoleHost } from '../fixtures';
import { postSignInForm } from '../../server/helpers';

export interface OtherClient {
  accessToken: string;
  refreshToken: string;
  call(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; etag: string | null; body: unknown }>;
  /** The user's sessions as GET /v4/accounts/me/ lists them. */
  sessions(): Promise<{ id: string; current: boolean }[]>;
  /** Ends this client's own session (so it leaves nothing behind). */
  end(): Promise<void>;
}

export async function signInElsewhere(
  host: Pick<ConsoleHost, 'idpUrl' | 'apiUrl'>,
  username: string,
  password: string,
): Promise<OtherClient> {
  const redirectUri = 'http://127.0.0.1:53999/callback';
  const { verifier, challenge, state } = createPkce();
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: CONSOLE_CLIENT_ID,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  const form = await postSignInForm(`${host.idpUrl}${AUTH_PATHS.authorize}?${q}`, username, password);
  const code = new URL(form.headers.get('location') ?? 'http://x/').searchParams.get('code');
  if (!code) throw new Error(`sign-in of ${username} elsewhere failed: ${form.status}`);
  const tokenRes = await fetch(`${host.idpUrl}${AUTH_PATHS.token}`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: CONSOLE_CLIENT_ID,
    }),
  });
  const tokens = (await tokenRes.json()) as { access_token: string; refresh_token: string };
  const client: OtherClient = {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    async sessions() {
      return ((await client.call('GET', '/v4/accounts/me/')).body as { sessions: { id: string; current: boolean }[] }).sessions;
    },
    async end() {
      const mine = (await client.sessions()).find((x) => x.current);
      if (mine) await client.call('DELETE', `/v4/accounts/me/sessions/${mine.id}/`);
    },
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { authorization: `Bearer ${tokens.access_token}`, ...(init.headers ?? {}) };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${host.apiUrl}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, etag: res.headers.get('etag'), body };
    },
  };
  return client;
}

/** The sandbox admin as a second client for one spec file's tests: signed in before them, signed out after. */
export function adminForFile(): () => OtherClient {
  let admin: OtherClient | undefined;
  test.beforeAll(async ({ consoleHost }) => {
    admin = await signInElsewhere(consoleHost, 'admin', 'sandbox-admin');
  });
  test.afterAll(async () => {
    await admin?.end();
  });
  return () => admin!;
}
