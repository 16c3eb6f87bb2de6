/**
 * The identity provider as a standard OAuth client sees it, driven by a client library
 * no one here wrote (oauth4webapi): RFC 8414 discovery (the metadata document, its
 * issuer never taken from the request's Host), then authorization code + PKCE S256, a
 * refresh, RFC 7662 introspection and RFC 7009 revocation, the client authenticating as
 * a public client (`none`: its client_id in the form) as the token endpoint takes it.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID } from '../../shared/api';
import { AUTH_PATHS, AuthorizationServerMetadata } from '../../shared/api/endpoints/auth';
import { REDIRECT_URI, fetchFor, postSignInForm, signIn, startTestServer, type RunningServer } from './helpers';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** The library's options for this machine's plain-http loopback servers. */
const insecure = { [oauth.allowInsecureRequests]: true } as const;
const client: oauth.Client = { client_id: CONSOLE_CLIENT_ID };
const auth = oauth.None();

describe('RFC 8414 authorization server metadata', () => {
  it('is public, names every endpoint under the issuer, S256 only, the grants and the public-client authentication', async () => {
    const r = await fetch(`${server.idp}${AUTH_PATHS.metadata}`);
    expect(r.status).toBe(200);
    const doc = AuthorizationServerMetadata.parse(await r.json());
    expect(doc).toEqual({
      issuer: server.idp,
      authorization_endpoint: `${server.idp}${AUTH_PATHS.authorize}`,
      token_endpoint: `${server.idp}${AUTH_PATHS.token}`,
      revocation_endpoint: `${server.idp}${AUTH_PATHS.revoke}`,
      introspection_endpoint: `${server.idp}${AUTH_PATHS.introspect}`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      introspection_endpoint_auth_methods_supported: ['none'],
    });
  });

  it("takes nothing from the request's Host header", async () => {
    const r = await fetchFor(server)(`${server.idp}${AUTH_PATHS.metadata}`, { headers: { host: 'evil.example' } });
    const body = JSON.stringify(await r.json());
    expect(r.status).toBe(200);
    expect(body).not.toContain('evil.example');
    expect(JSON.parse(body)).toMatchObject({ issuer: server.idp });
  });
});

describe('a standard client (oauth4webapi) end to end', () => {
  it('discovers, signs in with authorization code + PKCE, refreshes, introspects and revokes', async () => {
    const issuer = new URL(server.idp);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));

    // The authorization request the library's values make; the user signs in on the form.
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorize = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(k, v);
    const signedIn = await postSignInForm(authorize.href, 'admin', 'sandbox-admin', fetchFor(server));
    expect(signedIn.status).toBe(302);
    const callback = oauth.validateAuthResponse(as, client, new URL(signedIn.headers.get('location')!), state);

    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, callback, REDIRECT_URI, verifier, insecure),
    );
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toContain('staff:admin');

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure),
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);

    const introspect = async (token: string) =>
      oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, token, insecure));
    expect(await introspect(refreshed.access_token)).toMatchObject({
      active: true,
      username: 'admin',
      client_id: CONSOLE_CLIENT_ID,
      token_type: 'Bearer',
    });
    // Rotation: the first access token's family lives on, its refresh token does not.
    expect((await introspect(tokens.refresh_token!)).active).toBe(false);

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, refreshed.access_token, insecure));
    expect((await introspect(refreshed.access_token)).active).toBe(false);
    // The API agrees: the revoked token is refused there.
    expect((await fetch(`${server.api}/v4/accounts/me/`, { headers: { authorization: `Bearer ${refreshed.access_token}` } })).status).toBe(
      401,
    );
  });
});

describe('RFC 7662 introspection: who may ask', () => {
  const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetchFor(server)(`${server.idp}${AUTH_PATHS.introspect}`, { method: 'POST', headers, body: new URLSearchParams(body) });

  it("the client's authentication as the token endpoint takes it, or a bearer token of the caller's own; nothing else", async () => {
    const t = await signIn(server, 'support', 'sandbox-support');
    const byClient = await post({ token: t.access_token, client_id: CONSOLE_CLIENT_ID });
    expect([byClient.status, ((await byClient.json()) as { active: boolean }).active]).toEqual([200, true]);
    const byBearer = await post({ token: t.access_token }, { authorization: `Bearer ${t.access_token}` });
    expect([byBearer.status, ((await byBearer.json()) as { active: boolean }).active]).toEqual([200, true]);
    const nobody = await post({ token: t.access_token });
    expect([nobody.status, await nobody.json()]).toEqual([401, expect.objectContaining({ error: 'invalid_token' })]);
    const stranger = await post({ token: t.access_token, client_id: 'someone-else' });
    expect([stranger.status, await stranger.json()]).toEqual([401, expect.objectContaining({ error: 'invalid_client' })]);
  });
});
