/**
 * Signing a sandbox account in. `signIn` uses the worker's console of the account,
 * signed in once through the console's bridge and reused (tests/e2e/fixtures.ts);
 * `signInThroughUi` is the real screen flow: the console's /auth screen, the identity
 * provider's form, back to /auth/verify, into the shell, starting from /logout so a
 * session left by an earlier test never leaks into the next one. A test whose subject
 * is signing in uses the second.
 */
import { expect, type Page } from '@playwright/test';
import type { SandboxAccount } from '../../../server/seed/accounts';
export { expectedNavigation, principalOf, refusedArea } from '../../fixtures/accounts';
import type { Goto } from '../fixtures';

export type { Goto };

export async function signOutFirst(page: Page, gotoConsole: Goto): Promise<void> {
  await gotoConsole(page, '/logout');
  await expect(page).toHaveURL(/\/auth$/, { timeout: 20_000 });
}

/**
 * `account` signed in, the page on its landing page in the shell, or, given `path`, on
 * that console path (opened as gotoConsole opens it: what it shows is the caller's to check).
 */
export async function signIn(page: Page, gotoConsole: Goto, account: SandboxAccount, path?: string): Promise<void> {
  if (gotoConsole.signInAs) return gotoConsole.signInAs(page, account, path);
  await signInThroughUi(page, gotoConsole, account);
  if (path !== undefined) await gotoConsole(page, path);
}

/** The real sign-in screens, from /logout of whoever the page's console had signed in. */
export async function signInThroughUi(page: Page, gotoConsole: Goto, account: SandboxAccount): Promise<void> {
  await signOutFirst(page, gotoConsole);
  await page.getByTestId('sign-in').click();
  await submitSignInForm(page, account);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** On the identity provider's sign-in form: `account` signs in, and the console takes it past /auth. */
export async function submitSignInForm(page: Page, account: Pick<SandboxAccount, 'username' | 'password'>): Promise<void> {
  await page.locator('#username').fill(account.username);
  await page.locator('#password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((u) => !u.pathname.startsWith('/auth'), { timeout: 30_000 });
}

export async function navigationPaths(page: Page): Promise<string[]> {
  await expect(page.locator('[data-nav-path]').first()).toBeAttached();
  const paths = await page.locator('[data-nav-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-nav-path') ?? ''));
  return paths.sort();
}
