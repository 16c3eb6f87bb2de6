/**
 * Error reporting end to end: with a Sentry-compatible DSN configured, an error the
 * console shows on its error screen reaches a local receiver (spec §7, §8).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from '@playwright/test';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { LOGGED_TEXT } from '../../shared/messages';
import { startConsoleHost, gotoConsole, type ConsoleHost } from './fixtures';
import { signIn } from './helpers/sign-in';

interface Received {
  url: string;
  auth: string;
  body: { message?: string; tags?: Record<string, string> };
}

let receiver: Server;
const received: Received[] = [];
let host: ConsoleHost;
let stop: () => Promise<void>;

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  receiver = createServer(async (req, res) => {
    received.push({ url: req.url ?? '', auth: String(req.headers['x-sentry-auth'] ?? ''), body: JSON.parse((await body(req)) || '{}') });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const port = (receiver.address() as AddressInfo).port;
  ({ host, stop } = await startConsoleHost({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` }));
});

test.afterAll(async () => {
  await stop?.();
  await new Promise((r) => receiver?.close(r));
});

test('an error shown on the error screen is reported to the configured endpoint', async ({ page }) => {
  await page.routeWebSocket(/\/bridge/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((raw) => {
      const msg = JSON.parse(String(raw)) as { t: string; id: number; channel: string; request?: { path?: string } };
      if (msg.t === 'call' && msg.channel === 'apiRequest' && msg.request?.path === '/v4/auth/o/introspect/') {
        ws.send(JSON.stringify({ t: 'result', id: msg.id, result: { ok: false, error: { code: 'http_error', status: 503, message: 'Service Unavailable' } } }));
        return;
      }
      server.send(raw);
    });
    server.onMessage((raw) => ws.send(raw));
  });
  const goto = (p: typeof page, path?: string) => gotoConsole(p, host, path);
  await signIn(page, goto, SANDBOX_ACCOUNTS[0]);
  await page.locator('[data-nav-path="/account"]').click();
  await expect(page.getByTestId('error-screen')).toContainText(LOGGED_TEXT, { timeout: 15_000 });
  await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const event = received.find((r) => r.body.message === 'Service Unavailable');
  expect(event, JSON.stringify(received)).toBeTruthy();
  expect(event!.url).toBe('/api/42/store/');
  expect(event!.auth).toContain('sentry_key=publickey');
  expect(event!.body.tags).toMatchObject({ route: '/account', status: '503' });
});
