/**
 * Error reporting end to end: with a Sentry-compatible DSN configured, an error the
 * console shows on its error screen reaches a local receiver (spec §7, §8).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { LOGGED_TEXT } from '../../shared/messages';
import { test, expect, startConsoleHost, gotoOn, type ConsoleHost } from './fixtures';
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
  receiver = createServer((req, res) => {
    void body(req).then((text) => {
      received.push({ url: req.url ?? '', auth: String(req.headers['x-sentry-auth'] ?? ''), body: JSON.parse(text || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
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
  // A real server error: the sandbox API's fault route, asked for by the sandbox-only
  // diagnostics card on /help, through main's API client.
  const goto = gotoOn(host);
  await signIn(page, goto, SANDBOX_ACCOUNTS[0]);
  await page.locator('[data-nav-path="/help"]').click();
  await page.getByTestId('sandbox-server-error').click();
  await expect(page.getByTestId('error-screen')).toContainText(LOGGED_TEXT, { timeout: 15_000 });
  await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const event = received.find((r) => r.body.tags?.status === '500');
  expect(event, JSON.stringify(received)).toBeTruthy();
  expect(event!.body.message).toBeTruthy();
  expect(event!.url).toBe('/api/42/store/');
  expect(event!.auth).toContain('sentry_key=publickey');
  expect(event!.body.tags).toMatchObject({ route: '/help', status: '500' });
});
