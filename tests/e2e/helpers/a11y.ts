/** What the accessibility and layout checks of the e2e tests share: axe-core's findings and the page's sideways scroll. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core itself, put into the page once per document and run there (issue 31). The
 * @axe-core/playwright builder injected it into every frame on each run and finished each
 * run in a new blank page: 1.4-2.9 s a run here against 0.3-1.1 s for the same rules and
 * results run in place (the console has no frames).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: string[] }[];
}

/** axe.run on the page (or within `include` selectors), its violations only. */
export async function axeViolations(page: Page, include: readonly string[] = []): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async (selectors) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } })
        .axe;
      const context = selectors.length ? { include: selectors.map((s) => [s]) } : document;
      const { violations } = await axe.run(context, { resultTypes: ['violations'] });
      return violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target.map(String) })) }));
    },
    [...include],
  );
}

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
  const violations = await axeViolations(page, opts.include);
  return violations
    .filter((v) => (opts.failOn !== 'serious' || SERIOUS.has(v.impact ?? '')) && !opts.allow?.includes(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/**
 * Waits until every finite animation and transition of the page has ended (a drawer sliding
 * in, a dialog fading in, a hover colour fading out); endless ones (spinners) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
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
