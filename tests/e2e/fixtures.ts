/**
 * Playwright fixtures: the browser host with its embedded sandbox API, started once per
 * worker exactly as `npm start` does (node scripts/start.mjs → startHost), from what
 * `npm run test:e2e` already built (dist/). Each worker gets a fresh data folder whose
 * sandbox is a copy of the run's seeded template (tests/e2e/global-setup.ts; the same
 * data a first start seeds); tokens go to the real keychain of the with-keyring.sh session.
 *
 *   import { test, expect } from './fixtures';
 *   test('…', async ({ page, consoleHost, gotoConsole }) => {
 *     await signIn(page, gotoConsole, account);   // helpers/sign-in.ts
 *     await gotoConsole(page, '/search');          // the page's console, path + #key=…
 *     consoleHost.apiUrl / consoleHost.idpUrl      // the sandbox API and identity provider
 *   });
 *
 * Signing in (issue 31): each account has a console of its own in the worker (another
 * host on the same sandbox, with its own data folder and keychain entry), signed in once
 * through the console's own bridge (sessionSignIn → the identity provider's form →
 * sessionCompleteSignIn, as the /auth screen does) and reused by the worker's later tests:
 * a test starts on its account's console on the account's first brand, with no search
 * filters left by an earlier test. helpers/sign-in.ts `signInThroughUi` is the real
 * screen flow, kept where sign-in itself is what a test checks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { RunningHost, startHost as StartHost } from '../../main/host/index';
import type { SandboxAccount } from '../../server/seed/accounts';
import { copyTemplateSandbox } from '../fixtures/seed-template';
import { openBridge, type BridgeDriver } from './helpers/bridge-driver';

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

async function loadHost(): Promise<typeof StartHost> {
  return ((await import(pathToFileURL(join(root, 'dist/host/index.mjs')).href)) as { startHost: typeof StartHost }).startHost;
}

function describeHost(running: RunningHost, dataDir: string): ConsoleHost {
  return { url: running.url, origin: running.origin, key: running.key, apiUrl: running.apiUrl, idpUrl: running.idpUrl, dataDir };
}

/**
 * A console on a fresh data folder: its own sandbox (a copy of the seeded template when
 * the run made one), or the API at API_URL. `sandbox` runs it on another console's sandbox.
 */
export async function startConsoleHost(
  env: Record<string, string | undefined> = {},
  opts: { sandbox?: RunningHost['api'] } = {},
): Promise<{ host: ConsoleHost; running: RunningHost; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  if (!env.API_URL && !opts.sandbox) copyTemplateSandbox(dataDir);
  const startHost = await loadHost();
  const running: RunningHost = await startHost({
    distDir: join(root, 'dist'),
    dataDir,
    apiUrl: env.API_URL,
    idpUrl: env.IDP_URL,
    sandbox: opts.sandbox ?? undefined,
    sentryDsn: env.SENTRY_DSN,
    // main's job poller timeout, shortened for a test as CONSOLE_JOB_TIMEOUT_MS does (main/config.ts jobTimeoutMsFromEnv).
    jobTimeoutMs: env.CONSOLE_JOB_TIMEOUT_MS ? Number(env.CONSOLE_JOB_TIMEOUT_MS) : undefined,
  });
  return {
    host: describeHost(running, dataDir),
    running,
    stop: async () => {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens a console path in a page with the launch key (as the printed URL does). */
export async function gotoConsole(page: Page, host: Pick<ConsoleHost, 'origin' | 'key'>, path = '/'): Promise<void> {
  await page.goto(`${host.origin}${path}#key=${host.key}`);
}

/** After a sign-in through the bridge: `page` opens `path` on `host`, or the signed-in landing page without one. */
async function openSignedIn(page: Page, host: Pick<ConsoleHost, 'origin' | 'key'>, path?: string): Promise<void> {
  // Signed in already (main holds the session): the page opens where the test goes next.
  if (path !== undefined) return gotoConsole(page, host, path);
  await gotoConsole(page, host, '/');
  await expect(page).toHaveURL((u) => !u.pathname.startsWith('/auth') && u.pathname !== '/logout', { timeout: 20_000 });
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
}

/**
 * A `gotoConsole` for a console a test started itself (on its own data folder or API):
 * `signIn` (helpers/sign-in.ts) signs the account in through that console's bridge, as on
 * the worker's consoles, instead of the sign-in screens. `host` may be a getter, for a
 * test that starts its console again.
 */
export function gotoOn(host: Pick<ConsoleHost, 'origin' | 'key'> | (() => Pick<ConsoleHost, 'origin' | 'key'>)): Goto {
  const current = typeof host === 'function' ? host : () => host;
  const goto = (page: Page, path?: string) => gotoConsole(page, current(), path);
  return Object.assign(goto, {
    async signInAs(page: Page, account: SandboxAccount, path?: string) {
      const bridge = await openBridge(current());
      try {
        await bridge.signInAs(account);
      } finally {
        bridge.close();
      }
      await openSignedIn(page, current(), path);
    },
  });
}

/** A page's `gotoConsole`: opens a path on the console the page is signed in on (the worker's own at first). */
export type Goto = ((page: Page, path?: string) => Promise<void>) & {
  /**
   * Signs `account` in on its console of this worker (see the file comment); the page ends
   * on its landing page, or opens `path` on that console.
   */
  signInAs?: (page: Page, account: SandboxAccount, path?: string) => Promise<void>;
  /** The bridge of the page's console, as the test's own tab of it (helpers/bridge-driver.ts). */
  bridge?: (page: Page) => Promise<BridgeDriver>;
  /**
   * Opens a path inside the console the page already shows, as a link in it would: the
   * console's router changes route without loading the page again (about 1.5 s less a
   * screen here than a page load, most of it the renderer's own start). For the walks over
   * many screens; a page not yet on a console, or already on that route, loads it.
   */
  within?: (page: Page, path?: string) => Promise<void>;
};

/** `goto` for a walk over many screens: each path opened with `goto.within`. */
export function walking(goto: Goto): Goto {
  return Object.assign((page: Page, path?: string) => goto.within!(page, path), {
    signInAs: goto.signInAs,
    bridge: goto.bridge,
    within: goto.within,
  });
}

/**
 * Changes the route of the console in `page` to `path` through its router (a history entry and
 * the popstate the router listens to, shaped as its own entries are), then waits until the
 * console shows that route's screen (`data-route`, renderer/app/UiRoot.tsx) and every image on
 * it has loaded, as a page load's wait for the network did. False when the page shows no route
 * of a console, shows `path` already, has a dialog open, or stays where it is (a screen that
 * asks before leaving unsaved changes).
 */
async function routeWithin(page: Page, host: ConsoleHost, path: string): Promise<boolean> {
  if (!page.url().startsWith(`${host.origin}/`)) return false;
  const from = await page.evaluate((to) => {
    const shown = document.documentElement.dataset.route;
    if (shown === undefined || shown === to) return null;
    // A dialog or drawer left open belongs to the screen it was opened on: a page load closes it.
    if (Array.from(document.querySelectorAll('[role="dialog"]')).some((d) => d.getClientRects().length > 0)) return null;
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    return shown;
  }, path);
  if (from === null) return false;
  const shown = await page.waitForFunction(() => {
    const route = document.documentElement.dataset.route;
    return route === location.pathname + location.search && route;
  });
  // Kept where it was (a screen that asks before leaving unsaved changes): the page is loaded anew instead.
  if ((await shown.jsonValue()) === from) return false;
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  return true;
}

/** The worker's consoles: its own (which runs the sandbox) and one per account, made on first use. */
class Consoles {
  private readonly byAccount = new Map<string, Promise<{ host: ConsoleHost; bridge: BridgeDriver; stop: () => Promise<void> }>>();
  /** The console each page of the current test is on. */
  readonly pageHost = new WeakMap<Page, ConsoleHost>();

  private mainBridge: Promise<BridgeDriver> | null = null;

  constructor(readonly main: { host: ConsoleHost; running: RunningHost }) {}

  /** The bridge of the console `page` is on. */
  async bridgeOf(page: Page): Promise<BridgeDriver> {
    const host = this.pageHost.get(page);
    for (const c of this.byAccount.values()) {
      const a = await c;
      if (a.host === host) return a.bridge;
    }
    this.mainBridge ??= openBridge(this.main.host);
    return this.mainBridge;
  }

  account(username: string) {
    let c = this.byAccount.get(username);
    if (!c) {
      c = (async () => {
        const started = await startConsoleHost({}, { sandbox: this.main.running.api });
        const bridge = await openBridge(started.host);
        return {
          host: started.host,
          bridge,
          stop: async () => {
            bridge.close();
            await started.stop();
          },
        };
      })();
      this.byAccount.set(username, c);
    }
    return c;
  }

  async signInAs(page: Page, account: SandboxAccount, path?: string): Promise<void> {
    const { host, bridge } = await this.account(account.username);
    await bridge.signInAs(account);
    this.pageHost.set(page, host);
    await openSignedIn(page, host, path);
  }

  async stop(): Promise<void> {
    if (this.mainBridge) (await this.mainBridge).close();
    const all = await Promise.allSettled([...this.byAccount.values()]);
    await Promise.all(all.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
  }
}

/** Tests a warm renderer process serves before it is replaced (see `warmTab`). */
export const WARM_TAB_TESTS = 8;

/** The worker's warm tab (see `warmTab` below), replaced with a new process every WARM_TAB_TESTS tests. */
export class WarmTab {
  tab: Page | null = null;
  private tests = 0;

  constructor(
    private readonly context: BrowserContext,
    private readonly browser: Browser,
    private readonly url: string,
  ) {}

  async open(): Promise<void> {
    this.tab = await this.context.newPage();
    await this.tab.goto(this.url);
  }

  /** After a test has closed its tabs: every WARM_TAB_TESTS tests, a new tab in a new process. */
  async testDone(): Promise<void> {
    if (++this.tests % WARM_TAB_TESTS !== 0) return;
    const running = (await rendererIds(this.browser)).length;
    await this.tab?.close();
    // The old process exits once it hosts no tab; a tab opened before that would join it.
    await expect
      .poll(async () => (await rendererIds(this.browser)).length, { timeout: 10_000 })
      .toBeLessThan(running)
      .catch(() => undefined);
    await this.open();
  }
}

/** The browser's renderer processes, by id (Chromium's SystemInfo). */
export async function rendererIds(browser: Browser): Promise<number[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  } finally {
    await cdp.detach();
  }
}

export const test = base.extend<
  { gotoConsole: Goto },
  { consoleHost: ConsoleHost; consoles: Consoles; workerContext: BrowserContext; warmTab: WarmTab }
>({
  // One browser context a worker, a new page (tab) a test: the renderer's code is then
  // compiled once a worker, not once a test (about 0.5 s a test here). A tab has its own
  // sessionStorage, the only storage the console uses; cookies and permissions are cleared
  // after each test.
  workerContext: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, reducedMotion, locale, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, reducedMotion, locale, timezoneId });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  // A tab kept open on the consoles' site: the browser runs at most one renderer process
  // (playwright.config.ts), so each test's new tab joins this warm process instead of starting
  // one and compiling the console's code again. A process kept for a whole run grew slower
  // test after test (an e2e run 2 min longer), so it is replaced every WARM_TAB_TESTS tests.
  warmTab: [
    async ({ workerContext, consoles, browser }, use) => {
      const warm = new WarmTab(workerContext, browser, `${consoles.main.host.origin}/favicon.svg`);
      await warm.open();
      await use(warm);
      await warm.tab?.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ workerContext, warmTab }, use) => {
    const page = await workerContext.newPage();
    try {
      await use(page);
    } finally {
      for (const p of workerContext.pages()) if (p !== warmTab.tab) await p.close().catch(() => undefined);
      await workerContext.clearCookies();
      await workerContext.clearPermissions();
      await warmTab.testDone();
    }
  },
  consoles: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring
    async ({}, use) => {
      const main = await startConsoleHost({ SENTRY_DSN: process.env.E2E_SENTRY_DSN });
      const consoles = new Consoles(main);
      try {
        await use(consoles);
      } finally {
        await consoles.stop();
        await main.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  consoleHost: [
    async ({ consoles }, use) => {
      await use(consoles.main.host);
    },
    { scope: 'worker' },
  ],
  gotoConsole: async ({ consoles }, use) => {
    const goto: Goto = (page, path) => gotoConsole(page, consoles.pageHost.get(page) ?? consoles.main.host, path);
    goto.signInAs = (page, account, path) => consoles.signInAs(page, account, path);
    goto.bridge = (page) => consoles.bridgeOf(page);
    goto.within = async (page, path = '/') => {
      const host = consoles.pageHost.get(page) ?? consoles.main.host;
      if (!(await routeWithin(page, host, path))) await gotoConsole(page, host, path);
    };
    await use(goto);
  },
});

export { expect };
