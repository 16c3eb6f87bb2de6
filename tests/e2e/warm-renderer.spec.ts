/**
 * The e2e harness (issue 31): a worker's tests open their tabs in one renderer process that
 * stays up between tests (tests/e2e/fixtures.ts `warmTab`, playwright.config.ts's
 * `--renderer-process-limit=1`), so a test's new tab does not start a process and compile
 * the console's code again. Two tests in order on one worker: the second finds the same
 * process the first used, and a second tab of its own joins it.
 */
import type { Browser } from '@playwright/test';
import { test, expect } from './fixtures';

test.describe.configure({ mode: 'serial' });

/** The browser's renderer processes (their ids). */
async function renderers(browser: Browser): Promise<number[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  } finally {
    await cdp.detach();
  }
}

let first: number[] = [];

test("a test's tab opens in the worker's one renderer process", async ({ page, gotoConsole, browser }) => {
  await gotoConsole(page, '/');
  await expect(page.getByTestId('sign-in')).toBeVisible();
  first = await renderers(browser);
  expect(first).toHaveLength(1);
});

test('the next test finds the same process, and a second tab joins it', async ({ page, gotoConsole, browser }) => {
  await gotoConsole(page, '/');
  const second = await page.context().newPage();
  await gotoConsole(second, '/');
  await expect(second.getByTestId('sign-in')).toBeVisible();
  expect(await renderers(browser)).toEqual(first);
});
