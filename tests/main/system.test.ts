import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createErrorReporter, parseDsn } from '../../main/services/error-reporter';
import { EXTERNAL_ALLOWLIST } from '../../main/config';
import { isAllowedExternalUrl } from '../../main/services/external-links';
import { createConfBackend } from '../../main/host/conf-settings';
import { createSettingsService } from '../../main/services/settings';

describe('openExternal allowlist', () => {
  const list = ['support.store-console.example', 'storage.googleapis.com/store-deliveries/'];
  it.each([
    ['https://support.store-console.example/contact', true],
    ['https://SUPPORT.store-console.example/contact', true],
    ['https://eu.support.store-console.example/', false],
    ['https://support.store-console.example./', false],
    ['https://support.store-console.example:8443/', false],
    ['http://support.store-console.example/', false],
    ['https://evil.example/', false],
    ['https://support.store-console.example.evil.example/', false],
    ['https://user:pw@support.store-console.example/', false],
    ['https://storage.googleapis.com/store-deliveries/2026/pkg.zip', true],
    ['https://storage.googleapis.com/other-bucket/pkg.zip', false],
    ['https://storage.googleapis.com/store-deliveries-evil/pkg.zip', false],
    ['https://storage.googleapis.com/store-deliveries/../other-bucket/x', false],
    ['https://storage.googleapis.com/store-deliveries/%2e%2e/other-bucket/x', false],
    ['https://storage.googleapis.com/', false],
    ['https://store-deliveries.storage.googleapis.com/pkg.zip', false],
    ['https://evil.storage.googleapis.com/store-deliveries/x', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => expect(isAllowedExternalUrl(url, list)).toBe(ok));

  it("the shipped list names exact hosts, and on cloud storage only the store's own bucket", () => {
    for (const entry of EXTERNAL_ALLOWLIST) expect(entry, entry).toMatch(/^[a-z0-9.-]+(\/[^/]+\/)?$/);
    expect(isAllowedExternalUrl('https://storage.googleapis.com/any-bucket/x', EXTERNAL_ALLOWLIST)).toBe(false);
    expect(isAllowedExternalUrl('https://any-bucket.storage.googleapis.com/x', EXTERNAL_ALLOWLIST)).toBe(false);
    expect(isAllowedExternalUrl('https://docs.store-console.example/guide', EXTERNAL_ALLOWLIST)).toBe(true);
  });
});

describe('error reporter', () => {
  it('is a no-op without a DSN', async () => {
    const r = createErrorReporter(undefined, '1.0.0');
    expect(r.enabled).toBe(false);
    await r.report({ message: 'x' });
  });

  it('parses DSNs into the store endpoint', () => {
    expect(parseDsn('https://abc@o1.ingest.example/42')).toEqual({ url: 'https://o1.ingest.example/api/42/store/', key: 'abc' });
    expect(parseDsn('http://k@127.0.0.1:9/sub/7')).toEqual({ url: 'http://127.0.0.1:9/sub/api/7/store/', key: 'k' });
    expect(parseDsn('nonsense')).toBeNull();
  });

  it('posts a Sentry event to a local receiver', async () => {
    const got: { url?: string; auth?: string; body?: Record<string, unknown> } = {};
    const server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        Object.assign(got, { url: req.url, auth: req.headers['x-sentry-auth'], body: JSON.parse(data) });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const reporter = createErrorReporter(`http://pubkey@127.0.0.1:${port}/5`, '0.1.0');
    await reporter.report({ message: 'Render failed', route: '/catalog', status: 500, stack: 'Error: Render failed' });
    server.close();
    expect(got.url).toBe('/api/5/store/');
    expect(got.auth).toContain('sentry_key=pubkey');
    expect(got.body).toMatchObject({
      message: 'Render failed',
      level: 'error',
      release: '0.1.0',
      tags: { route: '/catalog', status: '500' },
    });
  });
});

describe('settings (conf in the data folder)', () => {
  it('round-trips, deletes on null, and persists across instances', () => {
    const dir = mkdtempSync(join(tmpdir(), 'settings-'));
    const a = createSettingsService(createConfBackend(dir));
    expect(a.get('drawer')).toBeNull();
    a.set('drawer', { open: true });
    a.set('auth', { version: 1 });
    const b = createSettingsService(createConfBackend(dir));
    expect(b.get('drawer')).toEqual({ open: true });
    b.set('auth', null);
    expect(createSettingsService(createConfBackend(dir)).get('auth')).toBeNull();
  });
});
