import { describe, expect, it, vi } from 'vitest';
import { isIdentityProviderSignInUrl, openIdentityProviderSignIn } from '../../main/services/external-links';

/**
 * Electron's sign-in opens the system browser on the identity provider's authorize
 * page, the one URL outside the https allowlist main may open: same origin as the
 * configured provider (https, or http on loopback for the sandbox), nothing else.
 */
describe('identity provider sign-in URL', () => {
  const authorize = '/v4/auth/o/authorize/?response_type=code&client_id=store-console&code_challenge=x&code_challenge_method=S256&state=s';

  it('allows the configured provider’s authorize page: https, or http on a loopback address', () => {
    expect(isIdentityProviderSignInUrl(`https://id.store.example${authorize}`, 'https://id.store.example')).toBe(true);
    expect(isIdentityProviderSignInUrl(`http://127.0.0.1:8401${authorize}`, 'http://127.0.0.1:8401')).toBe(true);
    expect(isIdentityProviderSignInUrl(`http://[::1]:8401${authorize}`, 'http://[::1]:8401')).toBe(true);
  });

  it('refuses other origins, other paths, plain http off loopback and credentials', () => {
    const idp = 'https://id.store.example';
    expect(isIdentityProviderSignInUrl(`https://evil.example${authorize}`, idp)).toBe(false);
    expect(isIdentityProviderSignInUrl(`https://id.store.example.evil.example${authorize}`, idp)).toBe(false);
    expect(isIdentityProviderSignInUrl(`https://id.store.example:8443${authorize}`, idp)).toBe(false);
    expect(isIdentityProviderSignInUrl('https://id.store.example/v4/auth/o/token/', idp)).toBe(false);
    expect(isIdentityProviderSignInUrl(`https://user:pw@id.store.example${authorize}`, idp)).toBe(false);
    expect(isIdentityProviderSignInUrl(`http://id.store.example${authorize}`, 'http://id.store.example')).toBe(false);
    expect(isIdentityProviderSignInUrl(`http://192.168.1.5:8401${authorize}`, 'http://192.168.1.5:8401')).toBe(false);
    expect(isIdentityProviderSignInUrl('file:///etc/passwd', idp)).toBe(false);
    expect(isIdentityProviderSignInUrl('not a url', idp)).toBe(false);
  });

  it('the opener passes the provider’s page on and refuses anything else before opening', async () => {
    const open = vi.fn(async () => {});
    const signIn = openIdentityProviderSignIn(open, 'http://127.0.0.1:8401');
    await signIn(`http://127.0.0.1:8401${authorize}`);
    expect(open).toHaveBeenCalledTimes(1);
    await expect(signIn('https://evil.example/')).rejects.toMatchObject({ code: 'external_url_refused' });
    expect(open).toHaveBeenCalledTimes(1);
  });
});
