import { describe, expect, it } from 'vitest';
import { EventBus } from '../../main/bridge';
import { signInWithLoopback } from '../../main/services/loopback-sign-in';
import { SessionService } from '../../main/services/session';
import { createMemoryVault } from '../../main/services/token-vault';
import { fakeIdp } from './fake-idp';

describe('loopback sign-in (Electron)', () => {
  it('opens the IdP, takes the one callback on 127.0.0.1 and exchanges the code', async () => {
    const idp = fakeIdp();
    const session = new SessionService({
      idpUrl: 'http://127.0.0.1:9001',
      vault: createMemoryVault(),
      events: new EventBus(),
      fetch: idp.fetch,
    });
    let page: Promise<string> = Promise.resolve('');
    const user = await signInWithLoopback(session, async (url) => {
      const back = idp.authorize(url);
      const redirect = new URL(url).searchParams.get('redirect_uri')!;
      expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      // The system browser follows the IdP's redirect (after this opener returns).
      page = new Promise((r) =>
        setTimeout(() => r(fetch(`${redirect}?code=${back.code}&state=${back.state}`).then((res) => res.text())), 10),
      );
    });
    expect(user.username).toBe('admin');
    expect(await page).toContain('You are signed in');
  });

  it('fails on a callback with the wrong state', async () => {
    const idp = fakeIdp();
    const session = new SessionService({
      idpUrl: 'http://127.0.0.1:9001',
      vault: createMemoryVault(),
      events: new EventBus(),
      fetch: idp.fetch,
    });
    const result = signInWithLoopback(session, async (url) => {
      const redirect = new URL(url).searchParams.get('redirect_uri')!;
      setTimeout(() => void fetch(`${redirect}?code=x&state=forged`).catch(() => {}), 10);
    });
    await expect(result).rejects.toMatchObject({ code: 'sign_in_failed' });
  });

  it('times out', async () => {
    const session = new SessionService({ idpUrl: 'http://127.0.0.1:9001', vault: createMemoryVault(), events: new EventBus() });
    await expect(signInWithLoopback(session, async () => {}, 50)).rejects.toMatchObject({ code: 'sign_in_timeout' });
  });
});
