/**
 * Signs a sandbox account in through the real flow: the console's /auth screen, the
 * identity provider's form, back to /auth/verify, into the shell. Starts from
 * /logout so a session left by an earlier test never leaks into the next one.
 */
import { expect, type Page } from '@playwright/test';
import { AREA_ROOTS, AREA_RULES, can, principalFrom, type Principal } from '../../../shared/access';
import type { SandboxAccount } from '../../../server/seed/accounts';

export type Goto = (page: Page, path?: string) => Promise<void>;

/** The principal the sandbox issues for an account: app, role and brands; the first brand active. */
export function principalOf(account: SandboxAccount): Principal {
  return principalFrom([account.app, account.role, ...account.brands].join(' '), [], account.brands[0]);
}

/** The route roots §6 lets this account open (the index route has no menu item). */
export function expectedNavigation(account: SandboxAccount): string[] {
  const principal = principalOf(account);
  return AREA_ROOTS.filter((root) => root !== '/' && can(principal, AREA_RULES[root])).sort();
}

/**
 * An in-shell area root §6 refuses this account, from the shared rules: with its
 * first (active) brand when one exists, else with another of its brands (the caller
 * switches to it first). Null when every area is open to it under every brand.
 */
export function refusedArea(account: SandboxAccount): { root: string; brand: string } | null {
  const brands = account.brands.length ? account.brands : [''];
  for (const brand of brands) {
    const principal = principalFrom([account.app, account.role, ...account.brands].join(' '), [], brand);
    const root = AREA_ROOTS.find((r) => r !== '/' && !can(principal, AREA_RULES[r]));
    if (root) return { root, brand };
  }
  return null;
}

export async function signOutFirst(page: Page, gotoConsole: Goto): Promise<void> {
  await gotoConsole(page, '/logout');
  await expect(page).toHaveURL(/\/auth$/, { timeout: 20_000 });
}

export async function signIn(page: Page, gotoConsole: Goto, account: SandboxAccount): Promise<void> {
  await signOutFirst(page, gotoConsole);
  await page.getByTestId('sign-in').click();
  await page.locator('#username').fill(account.username);
  await page.locator('#password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((u) => !u.pathname.startsWith('/auth'), { timeout: 20_000 });
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export async function navigationPaths(page: Page): Promise<string[]> {
  await expect(page.locator('[data-nav-path]').first()).toBeAttached();
  const paths = await page.locator('[data-nav-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-nav-path') ?? ''));
  return paths.sort();
}
