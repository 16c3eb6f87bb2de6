/**
 * Site-wide checks over every built screen (issue 12's Done-when), from ONE list
 * (helpers/screens.ts): the whole page, shell included, through axe-core (its rules as
 * shipped; any critical or serious violation fails) at desktop (1440) and phone (390)
 * widths; no sideways page scroll at 390, 768 and 1440 px; and exactly one h1 (the
 * page's title) on each. A new screen joins by adding its line to SCREENS. The screens
 * are walked in groups by account (issue 31): one signed-in page walks a group, and a
 * failure names every screen at fault.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { tone } from '../fixtures/audio';
import { test, expect, walking } from './fixtures';
import { signIn, signOutFirst } from './helpers/sign-in';
import { adminForFile } from './helpers/other-client';
import { axeFindings, settle, sidewaysScroll } from './helpers/a11y';
// Each screen's problems are collected, so one screen's failure does not hide the next one's.
import { SCREENS, SEARCH_BRANCH_PENDING, type Screen, type ScreenContext } from './helpers/screens';

/** Widths (px) and their heights: phone portrait, tablet portrait, desktop. */
const SIZES = [
  { width: 1440, height: 900, axe: true },
  { width: 768, height: 1024, axe: false },
  { width: 390, height: 844, axe: true },
] as const;

const admin = adminForFile();
let base: string;
test.beforeAll(() => {
  base = mkdtempSync(join(homedir(), 'site-wide-e2e-'));
  mkdirSync(join(base, 'audio'));
  tone(join(base, 'audio'), { name: '01 Opening.wav', seconds: 1 });
  tone(join(base, 'audio'), { name: '02 A very long track title that has to wrap on a phone.flac', seconds: 1 });
});
test.afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

/** The screen has finished loading: no loading view or spinner left, nothing in flight. */
async function loaded(page: Page, network = true) {
  await expect(page.locator('.loading-view, .list-skeleton')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  if (network) await page.waitForLoadState('networkidle');
}

/** One screen at every size; what does not hold, one line each (an exception too: the next screen still runs). */
async function checkScreen(page: Page, screen: Screen, ctx: ScreenContext): Promise<string[]> {
  const pending = SEARCH_BRANCH_PENDING[screen.name] ?? {};
  const problems: string[] = [];
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    if (screen.open) await screen.open(page, ctx);
    else await ctx.gotoConsole(page, screen.route);
    await loaded(page);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await settle(page);
      // A new width lays the screen out again; it loads nothing new.
      await loaded(page, false);
      const sideways = await sidewaysScroll(page);
      if (sideways > 0 && !pending.sidewaysAt?.includes(size.width))
        problems.push(`${size.width} px: the page scrolls ${sideways} px sideways`);
      if (size.axe)
        for (const f of await axeFindings(page, { failOn: 'serious', allow: pending.axe })) problems.push(`${size.width} px: ${f}`);
      const h1 = await page.locator('h1').count();
      if (h1 !== 1) problems.push(`${size.width} px: ${h1} h1 elements (one expected: the page's title)`);
      await screen.expectAt?.(page, size.width);
    }
  } catch (e) {
    problems.push(`could not be checked: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
  }
  return problems.map((p) => `${screen.name} (${screen.route}): ${p}`);
}

/**
 * The screens in groups of one account (signed in once for the group: one page walks its
 * screens), at most GROUP_SIZE screens a group so the groups spread over the workers.
 */
const GROUP_SIZE = 8;
const groups: { user: string | null; screens: Screen[] }[] = [];
for (const user of [...new Set(SCREENS.map((s) => s.user))]) {
  const mine = SCREENS.filter((s) => s.user === user);
  for (let i = 0; i < mine.length; i += GROUP_SIZE) groups.push({ user, screens: mine.slice(i, i + GROUP_SIZE) });
}

for (const group of groups) {
  const names = group.screens.map((s) => s.name);
  test(`${group.user ?? 'signed out'}: ${names.join(', ')}: axe at 1440 and 390 px, no sideways scroll at 390, 768 and 1440 px, one h1`, async ({
    page,
    gotoConsole,
  }) => {
    test.setTimeout(60_000 + 45_000 * group.screens.length);
    // One screen after another inside the signed-in console, as a user clicking through it would go.
    const ctx: ScreenContext = { gotoConsole: walking(gotoConsole), admin: admin(), audioFolder: join(base, 'audio') };
    await page.setViewportSize({ width: 1440, height: 900 });
    if (group.user)
      await signIn(
        page,
        gotoConsole,
        SANDBOX_ACCOUNTS.find((a) => a.username === group.user)!,
      );
    else await signOutFirst(page, gotoConsole);
    const problems: string[] = [];
    for (const screen of group.screens) {
      await test.step(screen.name, async () => {
        problems.push(...(await checkScreen(page, screen, ctx)));
      });
    }
    expect(problems).toEqual([]);
  });
}
