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
