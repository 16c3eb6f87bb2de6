import type { Page } from '@playwright/test';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { axeFindings, settle, sidewaysScroll } from './helpers/a11y';

async function t<T>(label: string, f: () => Promise<T>): Promise<T> {
  const s = performance.now();
  const r = await f();
  console.log(`PROBE ${label} ${(performance.now() - s).toFixed(0)} ms`);
  return r;
}
async function loaded(page: Page, network = true) {
  await expect(page.locator('.loading-view, .list-skeleton')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  if (network) await page.waitForLoadState('networkidle');
}
test('probe', async ({ page, gotoConsole }) => {
  test.setTimeout(300_000);
  await t('signin', () => signIn(page, gotoConsole, SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!));
  for (const route of ['/help', '/no-such-screen', '/catalog?type=tracks', '/help']) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await t(`${route} goto`, () => gotoConsole(page, route));
    await t(`${route} loaded-noidle`, () => loaded(page, false));
    await t(`${route} networkidle`, () => page.waitForLoadState('networkidle'));
    for (const w of [1440, 768, 390]) {
      await page.setViewportSize({ width: w, height: 900 });
      await t(`${route} ${w} settle`, () => settle(page));
      await t(`${route} ${w} loaded`, () => loaded(page, false));
      await t(`${route} ${w} sideways`, () => sidewaysScroll(page));
      if (w !== 768) await t(`${route} ${w} axe`, () => axeFindings(page, { failOn: 'serious' }));
      await t(`${route} ${w} h1`, () => page.locator('h1').count());
    }
  }
});
