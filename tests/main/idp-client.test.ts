/** The identity provider's client on its own: each call, and how a failed one is reported. */
import { describe, expect, it } from 'vitest';
import { IdpClient } from '../../main/services/idp-client';
import { createPkce } from '../../main/services/pkce';
import { fakeIdp } from './fake-idp';

const IDP = 'http://127.0.0.1:8401/';

describe('identity provider client', () => {
  it('builds the PKCE S256 authorize URL, exchanges the code, introspects with the token and revokes', async () => {
    const idp = fakeIdp();
    const client = new IdpClient({ idpUrl: IDP, fetch: idp.fetch });
    const { verifier, challenge, state } = createPkce();
    const url = new URL(client.authorizeUrl({ redirectUri: 'http://127.0.0.1:5000/cb', challenge, state }));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8401/v4/auth/o/authorize/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'store-console',
      redirect_uri: 'http://127.0.0.1:5000/cb',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    });
    const back = idp.authorize(url.href);
    const tokens = await client.exchangeCode({ code: back.code, redirectUri: 'http://127.0.0.1:5000/cb', verifier });
    expect(tokens).toMatchObject({ access_token: 'at2', refresh_token: 'rt2' });
    const info = await client.introspect((call) => call(tokens.access_token));
    expect(info).toMatchObject({ active: true, username: 'admin', user_id: 7 });
    await client.revoke(tokens.refresh_token, 'refresh_token');
    expect(idp.state.revoked).toEqual(['rt2']);
    expect(await client.refresh('rt2').catch((e: unknown) => e)).toMatchObject({
      code: 'idp_error',
      status: 400,
      message: 'Refresh token is invalid.',
    });
  });

  it('a wrong PKCE verifier is refused; an unreachable provider is idp_unreachable', async () => {
    const idp = fakeIdp();
    const client = new IdpClient({ idpUrl: IDP, fetch: idp.fetch });
    const { challenge, state } = createPkce();
    const back = idp.authorize(client.authorizeUrl({ redirectUri: 'http://127.0.0.1:5000/cb', challenge, state }));
    await expect(
      client.exchangeCode({ code: back.code, redirectUri: 'http://127.0.0.1:5000/cb', verifier: createPkce().verifier }),
    ).rejects.toMatchObject({ code: 'idp_error', status: 400 });
    const down = new IdpClient({
      idpUrl: IDP,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    });
    await expect(down.refresh('rt1')).rejects.toMatchObject({
      code: 'idp_unreachable',
      message: 'The identity provider could not be reached.',
    });
  });

  it('an introspection the token cannot pass throws the provider status', async () => {
    const idp = fakeIdp();
    const client = new IdpClient({ idpUrl: IDP, fetch: idp.fetch });
    await expect(client.introspect((call) => call('nope'))).rejects.toMatchObject({
      code: 'idp_error',
      status: 401,
      message: 'Introspection needs a valid bearer access token of the caller.',
    });
  });
});
