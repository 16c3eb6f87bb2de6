/**
 * API_URL and IDP_URL are checked at start: https, or plain http only on loopback
 * (127.0.0.0/8, [::1], localhost), so sign-in tokens never travel in clear.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHostUrl, isLoopbackHost, jobTimeoutMsFromEnv } from '../../main/config';
import { hostOptionsFromEnv, startHost } from '../../main/host/index';
import { POLL_TIMEOUT_MS } from '../../shared/constants';
import { createMemoryVault } from '../../main/services/token-vault';

describe('checkHostUrl', () => {
  it.each([
    ['https://api.store.example', 'https://api.store.example'],
    ['https://api.store.example:8443/', 'https://api.store.example:8443'],
    ['http://127.0.0.1:8400/', 'http://127.0.0.1:8400'],
    ['http://127.45.0.9:8400', 'http://127.45.0.9:8400'],
    ['http://[::1]:8400', 'http://[::1]:8400'],
    ['http://localhost:8400', 'http://localhost:8400'],
    ['http://LOCALHOST:8400', 'http://LOCALHOST:8400'],
  ])('accepts %s', (url, trimmed) => expect(checkHostUrl('API_URL', url)).toBe(trimmed));

  it.each([
    'http://api.store.example',
    'http://192.168.1.5:8400',
    'http://10.0.0.1',
    'http://128.0.0.1',
    'http://127.0.0.1.evil.example',
    'http://localhost.evil.example',
    'http://[::ffff:8.8.8.8]',
    'http://0.0.0.0:8400',
  ])('refuses plain http off loopback: %s', (url) => {
    expect(() => checkHostUrl('API_URL', url)).toThrow(
      /^API_URL must use https: .* would carry sign-in tokens in clear\. Plain http is allowed only on this machine \(127\.0\.0\.0\/8, \[::1\], localhost\)\.$/,
    );
  });

  it('refuses what is not an http(s) URL, and credentials, naming the variable', () => {
    expect(() => checkHostUrl('IDP_URL', 'api.store.example')).toThrow('IDP_URL is not a URL: "api.store.example".');
    expect(() => checkHostUrl('API_URL', 'ftp://api.store.example')).toThrow('API_URL must be an https URL, not ftp:');
    expect(() => checkHostUrl('API_URL', 'https://u:p@api.store.example')).toThrow('API_URL must not contain a user name or password.');
  });

  it('knows the loopback hosts as URL spells them, and numeric forms of 127.0.0.1 normalize to it', () => {
    expect(isLoopbackHost(new URL('http://2130706433/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://0x7f.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://[0:0:0:0:0:0:0:1]/').hostname)).toBe(true);
    expect(isLoopbackHost('example.com')).toBe(false);
  });
});

describe('startHost with a plain-http API off loopback', () => {
  it('refuses to start, before starting anything, and says why', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'renderer'));
    const opts = { distDir: dist, dataDir: join(dist, 'data'), vault: createMemoryVault() };
    await expect(startHost({ ...opts, apiUrl: 'http://api.store.example' })).rejects.toThrow('API_URL must use https');
    await expect(startHost({ ...opts, apiUrl: 'https://api.store.example', idpUrl: 'http://id.store.example' })).rejects.toThrow(
      'IDP_URL must use https',
    );
  });
});

describe('jobTimeoutMsFromEnv (CONSOLE_JOB_TIMEOUT_MS, tests only)', () => {
  it("is the spec's 120 s unless set", () => {
    expect(jobTimeoutMsFromEnv({})).toBe(POLL_TIMEOUT_MS);
    expect(jobTimeoutMsFromEnv({ CONSOLE_JOB_TIMEOUT_MS: '' })).toBe(120_000);
  });
  it('shortens the wait to a whole number of milliseconds', () => {
    expect(jobTimeoutMsFromEnv({ CONSOLE_JOB_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(jobTimeoutMsFromEnv({ CONSOLE_JOB_TIMEOUT_MS: '120000' })).toBe(120_000);
  });
  it('never lengthens it, and stops the start on anything else', () => {
    for (const v of ['0', '120001', '-5', '2.5', '1e3', 'soon', ' 100']) {
      expect(() => jobTimeoutMsFromEnv({ CONSOLE_JOB_TIMEOUT_MS: v }), v).toThrow(
        /^CONSOLE_JOB_TIMEOUT_MS must be a whole number of milliseconds from 1 to 120000/,
      );
    }
  });
  it("reaches the browser host's options only when set", () => {
    expect(hostOptionsFromEnv({ CONSOLE_JOB_TIMEOUT_MS: '3000' }).jobTimeoutMs).toBe(3000);
    expect('jobTimeoutMs' in hostOptionsFromEnv({})).toBe(false);
  });
});
