import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hostOptionsFromEnv, readyLine, startHost, type RunningHost } from '../../main/host/index';
import { createMemoryVault } from '../../main/services/token-vault';
import { createSocketClient } from '../../renderer/lib/bridge-client';

let host: RunningHost;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'renderer'));
  writeFileSync(join(dist, 'renderer', 'index.html'), '<title>x</title>');
  host = await startHost({
    distDir: dist,
    dataDir: join(dist, 'data'),
    apiUrl: 'http://127.0.0.1:9/',
    idpUrl: 'http://127.0.0.1:8',
    vault: createMemoryVault(),
    version: '9.9.9',
  });
});
afterAll(() => host.stop());

const client = () =>
  createSocketClient({
    url: `${host.origin.replace('http', 'ws')}/bridge?key=${host.key}`,
    createSocket: (u) => new WebSocket(u, { headers: { origin: host.origin } }) as never,
  });

describe('startHost with an existing API (API_URL)', () => {
  it('starts no sandbox and reports the hosts it uses', async () => {
    expect(host.api).toBeNull();
    const c = client();
    expect(await c.call('systemInfo', {})).toEqual({
      transport: 'host',
      apiUrl: 'http://127.0.0.1:9',
      idpUrl: 'http://127.0.0.1:8',
      environment: 'production',
      version: '9.9.9',
    });
    c.close();
  });

  it('sign-in answers a redirect to the identity provider that comes back to this host at /auth/verify', async () => {
    const c = client();
    const answer = (await c.call('sessionSignIn', {})) as { mode: string; url: string };
    expect(answer.mode).toBe('redirect');
    const u = new URL(answer.url);
    expect(`${u.origin}${u.pathname}`).toBe('http://127.0.0.1:8/v4/auth/o/authorize/');
    expect(u.searchParams.get('redirect_uri')).toBe(`${host.origin}/auth/verify`);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(await c.call('sessionStatus', {})).toEqual({ signedIn: false, user: null });
    c.close();
  });

  it('settings persist in the data folder through the bridge', async () => {
    const c = client();
    await c.call('settingsSet', { key: 'drawer', value: { collapsed: true } });
    expect(await c.call('settingsGet', { key: 'drawer' })).toEqual({ value: { collapsed: true } });
    c.close();
  });
});

describe('hostOptionsFromEnv', () => {
  it('reads the documented variables', () => {
    expect(hostOptionsFromEnv({ CONSOLE_DATA_DIR: '/d', HOST_PORT: '8123', API_URL: 'http://a', SENTRY_DSN: 'https://k@s/1' })).toEqual({
      dataDir: '/d',
      port: 8123,
      apiUrl: 'http://a',
      idpUrl: 'http://a',
      sentryDsn: 'https://k@s/1',
    });
    expect(hostOptionsFromEnv({ XDG_DATA_HOME: '/x' }).dataDir).toBe('/x/store-console');
    expect(hostOptionsFromEnv({ API_URL: 'http://a', IDP_URL: 'http://i' }).idpUrl).toBe('http://i');
  });
});

describe('sign-ins kept in memory (the sandbox on a machine without a keychain)', () => {
  it('is refused with API_URL: a real store needs the OS keychain', async () => {
    await expect(
      startHost({
        distDir: mkdtempSync(join(tmpdir(), 'dist-')),
        dataDir: mkdtempSync(join(tmpdir(), 'data-')),
        apiUrl: 'http://127.0.0.1:9/',
        sessionsInMemory: true,
      }),
    ).rejects.toThrow('Sign-ins are kept in memory for the sandbox only: with API_URL the console needs the OS keychain.');
  });

  it('the ready line says where sign-ins live: memory, the private keyring, or (nothing said) the keychain', () => {
    const url = 'http://127.0.0.1:5000/#key=k';
    expect(readyLine(url, {}, { memoryVault: true })).toBe(
      `Console ready: ${url} (no keychain here: sign-ins are kept in memory until the console stops)`,
    );
    expect(readyLine(url, { CONSOLE_PRIVATE_KEYRING: '1' })).toBe(
      `Console ready: ${url} (private keyring: sign-ins last until the console stops)`,
    );
    expect(readyLine(url, {})).toBe(`Console ready: ${url}`);
  });
});
