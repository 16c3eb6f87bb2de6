/**
 * The e2e harness (issue 31): a test's tabs open in the worker's warm renderer process
 * (tests/e2e/fixtures.ts `warmTab`, playwright.config.ts's `--renderer-process-limit=1`), so a
 * test's new tab does not start a process and compile the console's code again; and the warm
 * process is replaced every WARM_TAB_TESTS tests (one kept for a whole run grew slower).
 */
import { test, expect, rendererIds, WARM_TAB_TESTS, WarmTab } from './fixtures';

test("the worker's warm tab and a test's two tabs share one renderer process", async ({ page, gotoConsole, browser }) => {
  await gotoConsole(page, '/');
  const second = await page.context().newPage();
  await gotoConsole(second, '/');
  await expect(page.locator('html[data-route]')).toHaveCount(1);
  await expect(second.locator('html[data-route]')).toHaveCount(1);
  // The warm tab, this test's page and its second tab.
  expect(page.context().pages()).toHaveLength(3);
  expect(await rendererIds(browser)).toHaveLength(1);
});

test(`the warm process is replaced after ${WARM_TAB_TESTS} tests, by a new one`, async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const warm = new WarmTab(context, browser, 'about:blank');
    await warm.open();
    await warm.tab!.goto(`data:text/html,<p>warm</p>`);
    const before = await rendererIds(browser);
    for (let i = 1; i < WARM_TAB_TESTS; i++) await warm.testDone();
    expect(await rendererIds(browser)).toEqual(before);
    await warm.testDone();
    await warm.tab!.goto(`data:text/html,<p>warm again</p>`);
    const after = await rendererIds(browser);
    expect(after).toHaveLength(before.length);
    expect(after.filter((id) => !before.includes(id)).length).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});
