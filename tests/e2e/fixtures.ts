/**
 * Playwright fixtures: the browser host with its embedded sandbox API, started
 * once per worker exactly as `npm start` does (node scripts/start.mjs → startHost),
 * from what `npm run test:e2e` already built (dist/). Each worker gets a fresh data
 * folder (a new sandbox database and settings); tokens go to the real keychain of
 * the with-keyring.sh session.
 *
 *   import { test, expect } from './fixtures';
 *   test('…', async ({ page, consoleHost, gotoConsole }) => {
 *     await gotoConsole(page, '/auth');        // opens origin + path with #key=…
 *     consoleHost.apiUrl / consoleHost.idpUrl  // the sandbox API and identity provider
 *   });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import type { RunningHost, startHost as StartHost } from '../../main/host/index';

export interface ConsoleHost {
  /** The printed URL: origin + '/#key=…'. */
  url: string;
  origin: string;
  key: string;
  apiUrl: string;
  idpUrl: string;
  dataDir: string;
}

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export async function startConsoleHost(env: Record<string, string | undefined> = {}): Promise<{ host: ConsoleHost; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const mod = (await import(pathToFileURL(join(root, 'dist/host/index.mjs')).href)) as { startHost: typeof StartHost };
  const running: RunningHost = await mod.startHost({
    distDir: join(root, 'dist'),
    dataDir,
    apiUrl: env.API_URL,
    idpUrl: env.IDP_URL,
    sentryDsn: env.SENTRY_DSN,
    // main's job poller timeout, shortened for a test as CONSOLE_JOB_TIMEOUT_MS does (main/config.ts jobTimeoutMsFromEnv).
    jobTimeoutMs: env.CONSOLE_JOB_TIMEOUT_MS ? Number(env.CONSOLE_JOB_TIMEOUT_MS) : undefined,
  });
  return {
    host: { url: running.url, origin: running.origin, key: running.key, apiUrl: running.apiUrl, idpUrl: running.idpUrl, dataDir },
    stop: async () => {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens a console path in a page with the launch key (as the printed URL does). */
export async function gotoConsole(page: Page, host: ConsoleHost, path = '/'): Promise<void> {
  await page.goto(`${host.origin}${path}#key=${host.key}`);
}

export const test = base.extend<{ gotoConsole: (page: Page, path?: string) => Promise<void> }, { consoleHost: ConsoleHost }>({
  consoleHost: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring
    async ({}, use) => {
      const { host, stop } = await startConsoleHost({ SENTRY_DSN: process.env.E2E_SENTRY_DSN });
      try {
        await use(host);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  gotoConsole: async ({ consoleHost }, use) => {
    await use((page, path) => gotoConsole(page, consoleHost, path));
  },
});

export { expect };
