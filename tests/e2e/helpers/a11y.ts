/** What the accessibility and layout checks of the e2e tests share: axe-core's findings and the page's sideways scroll. */
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Impacts that fail a screen on the site-wide bar (issue 12: critical and serious). */
const SERIOUS = new Set(['critical', 'serious']);

/**
 * axe-core (its rules as shipped) on the page, or only within `include` selectors; returns one
 * line per violation: "rule (impact): the first targets". `failOn: 'serious'` keeps critical and
 * serious ones only (default: every impact); `allow` lists rule ids let through.
 */
export async function axeFindings(
  page: Page,
  opts: { include?: string[]; allow?: readonly string[]; failOn?: 'serious' | 'any' } = {},
): Promise<string[]> {
  // A control just clicked keeps antd's hover colour while the pointer rests on it, fading for
  // 0.2 s: the pointer leaves and axe reads the colours once every finite transition has ended.
  await page.mouse.move(0, 0);
  await animationsDone(page);
  // Only violations are read: axe then skips the details of every rule that passed (its own advice for speed).
  let axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  for (const selector of opts.include ?? []) axe = axe.include(selector);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => (opts.failOn !== 'serious' || SERIOUS.has(v.impact ?? '')) && !opts.allow?.includes(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/**
 * Waits until every finite animation and transition of the page has ended (a drawer sliding
 * in, a dialog fading in, a hover colour fading out); endless ones (spinners) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined))),
  );
}

/** How many pixels the document is wider than the window (0 or less: no sideways page scroll). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Waits for two animation frames (a resize's layout and its React re-render have landed). */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
