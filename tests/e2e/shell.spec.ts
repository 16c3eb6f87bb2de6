/**
 * The console shell end to end in Chromium through the browser host (issue 4): a staff
 * account and a supplier sign in through the real screens and the identity provider, see
 * exactly the navigation §6 allows (computed from shared/access), are refused a route they
 * may not open with the spec's message (a top-level route and an area of the shell), and
 * sign out (every account's navigation and refusals, as a table: tests/renderer/shell-roles.test.tsx); a dirty
 * form blocks navigation until confirmed; a 500 shows the error screen; a session
 * revoked on the server ends at /logout; an unknown route shows the 404 page.
 * Screenshots (SCREENSHOTS=1, helpers/shots.ts) go to test-results/screenshots/.
 */
import { test, expect } from './fixtures';
import { shot } from './helpers/shots';
import { AREA_ROOTS, AREA_RULES, BRAND_NAMES, TOP_ROUTES, can, principalFrom, type Rule } from '../../shared/access';
import { LOGGED_TEXT, MSG, STATUS_TEXT } from '../../shared/messages';
import { UI_TEXT } from '../../shared/ui-texts';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { expectedNavigation, navigationPaths, principalOf, refusedArea, signIn, signInThroughUi, signOutFirst } from './helpers/sign-in';
import { signInElsewhere } from './helpers/other-client';
import { switchBrand } from './helpers/select';
import { animationsDone } from './helpers/a11y';

const admin = SANDBOX_ACCOUNTS.find((a) => a.role === 'staff:admin')!;

test('the sign-in screen', async ({ page, gotoConsole }) => {
  await signOutFirst(page, gotoConsole);
  await expect(page.getByRole('heading', { name: UI_TEXT.signIn })).toBeVisible();
  await expect(page.getByTestId('sign-in')).toBeEnabled();
  await shot(page, `shell-sign-in.png`, { fullPage: true });
});

/** The accounts that sign in and out through the real screens here (one of each application). */
const THROUGH_THE_SCREENS = ['admin', 'supplier'];

for (const account of SANDBOX_ACCOUNTS.filter((a) => THROUGH_THE_SCREENS.includes(a.username))) {
  test(`${account.username} (${account.app} ${account.role}): signs in through the screens, sees what §6 allows, is refused the rest, signs out`, async ({
    page,
    gotoConsole,
  }) => {
    await signInThroughUi(page, gotoConsole, account);
    await expect(page.getByTestId('user-name')).toHaveText(account.displayName);

    // Navigation: exactly the route roots can() allows, from the shared table.
    expect(await navigationPaths(page)).toEqual(expectedNavigation(account));

    // Every allowed root opens (not the sign-in screen) — try one beyond the landing page.
    const allowed = expectedNavigation(account).filter((p) => p !== '/dashboard');
    await page.locator(`[data-nav-path="${allowed[0]}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${allowed[0]}$`));

    // Brand: a switch where the account holds both brands, a label otherwise.
    if (account.brands.length > 1) await expect(page.getByTestId('brand-switch')).toBeVisible();
    else await expect(page.getByTestId('brand')).toBeVisible();

    // A route it may not open: back to /auth with the spec's message.
    const principal = principalOf(account);
    const candidates: [string, Rule][] = [
      ['/service-agreement', TOP_ROUTES['/service-agreement']],
      ...AREA_ROOTS.map((r) => [r, AREA_RULES[r]] as [string, Rule]),
    ];
    const refused = candidates.find(([, rule]) => !can(principal, rule));
    expect(refused, 'every account is refused something').toBeTruthy();
    await gotoConsole(page, refused![0]);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('auth-error')).toHaveText(MSG.authorizationFailed);
    if (account === admin) await shot(page, `shell-refused.png`, { fullPage: true });

    // And an area of the shell it may not open (under another of its brands when its
    // active brand opens every area): the same message.
    await gotoConsole(page, '/dashboard');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const area = refusedArea(account);
    if (area) {
      if (area.brand !== principal.brand) {
        await switchBrand(page, BRAND_NAMES[area.brand as keyof typeof BRAND_NAMES]);
        await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[area.brand as keyof typeof BRAND_NAMES]);
      }
      await gotoConsole(page, area.root);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByTestId('auth-error')).toHaveText(MSG.authorizationFailed);
    } else {
      // No area is closed to it under any of its brands: say so from the rules themselves.
      for (const brand of account.brands) {
        const p = principalFrom([account.app, account.role, ...account.brands].join(' '), [], brand);
        expect(
          AREA_ROOTS.every((r) => can(p, AREA_RULES[r])),
          `${account.username} opens every area with ${brand}`,
        ).toBe(true);
      }
    }

    // Sign out from the user menu, once the dashboard has loaded what it shows (its figures and
    // charts arrive after the page: a menu opened while they land could lose the click).
    await gotoConsole(page, '/dashboard');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('sign-out')).toBeVisible();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('sign-in')).toBeVisible();
    // Signed out, the shell sends you to sign in, without an error.
    await gotoConsole(page, '/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('auth-error')).toHaveCount(0);
  });
}

test('the shell at desktop (1280 px) and mobile portrait (375 px)', async ({ page, gotoConsole }) => {
  await signIn(page, gotoConsole, admin, '/resources');
  await expect(page.getByRole('heading', { name: 'Resources' })).toBeVisible();
  await expect(page.locator('.shell')).toHaveAttribute('data-viewport', 'desktop');
  await expect(page.getByTestId('environment')).toHaveText('Sandbox');
  await expect(page.getByRole('search', { name: 'Global search' })).toBeVisible();
  await shot(page, `shell-desktop-1280.png`);

  // The drawer's collapsed state persists through the settings store (not localStorage).
  await page.getByTestId('drawer-toggle').click();
  await expect(page.locator('.shell__sider.ant-layout-sider-collapsed')).toBeVisible();
  await page.reload();
  await expect(page.locator('.shell__sider.ant-layout-sider-collapsed')).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.getByTestId('drawer-toggle').click();
  await expect(page.locator('.shell__sider.ant-layout-sider-collapsed')).toHaveCount(0);

  // The viewport classes of §2 drive the layout.
  for (const [width, vp] of [
    [1024, 'tablet-landscape'],
    [800, 'tablet-portrait'],
    [600, 'mobile-landscape'],
    [1920, 'large-desktop'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.locator('.shell')).toHaveAttribute('data-viewport', vp);
  }
  await page.setViewportSize({ width: 800, height: 1024 });
  await shot(page, `shell-tablet-800.png`);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.locator('.shell')).toHaveAttribute('data-viewport', 'mobile-portrait');
  await expect(page.locator('.shell__sider')).toHaveCount(0);
  await shot(page, `shell-mobile-375.png`);
  await page.getByTestId('drawer-toggle').click();
  await expect(page.locator('[data-nav-path="/help"]')).toBeVisible();
  await animationsDone(page); // the drawer has slid in
  await shot(page, `shell-mobile-375-drawer.png`);
  await page.locator('[data-nav-path="/help"]').click();
  await expect(page).toHaveURL(/\/help$/);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('a dirty form blocks navigation until confirmed', async ({ page, gotoConsole }) => {
  await signIn(page, gotoConsole, admin);
  await page.locator('[data-nav-path="/account"]').click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByTestId('display-name').fill('Ada the Admin');

  await page.locator('[data-nav-path="/help"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(UI_TEXT.unsavedMessage);
  await expect(dialog.getByRole('button', { name: 'Proceed' })).toBeFocused();
  await expect(page.locator('.confirm-root--visible')).toBeVisible();
  await animationsDone(page); // the dialog has faded in
  await shot(page, `shell-unsaved-changes.png`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('display-name')).toHaveValue('Ada the Admin');

  // Closing the window (or quitting) with the form dirty is held by beforeunload.
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const unload = await prompt;
  expect(unload.type()).toBe('beforeunload');
  await unload.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(page.getByTestId('display-name')).toHaveValue('Ada the Admin');

  await page.locator('[data-nav-path="/help"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/help$/);

  // Saved, the form is clean again and navigation is free.
  await page.locator('[data-nav-path="/account"]').click();
  await page.getByTestId('display-name').fill('Ada the Admin');
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('user-name')).toHaveText('Ada the Admin');
  await page.locator('[data-nav-path="/help"]').click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The save reached the server: put the seed name back for the tests after this one.
  await page.locator('[data-nav-path="/account"]').click();
  await page.getByTestId('display-name').fill(admin.displayName);
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('user-name')).toHaveText(admin.displayName);
});

test('an unknown route shows the 404 page', async ({ page, gotoConsole }) => {
  await signIn(page, gotoConsole, admin, '/no-such-screen');
  await expect(page.getByTestId('error-screen')).toContainText(STATUS_TEXT[404]);
  await expect(page.getByTestId('error-screen')).not.toContainText(LOGGED_TEXT);
  await shot(page, `shell-not-found.png`);
});

test('a 500 from the API shows the error screen with the logged text and the support link', async ({ page, gotoConsole }) => {
  // A real 500: the sandbox API's fault route (GET /v4/sandbox/status/500/), asked for
  // by the sandbox-only diagnostics card on /help, through main's API client.
  await signIn(page, gotoConsole, admin);
  await page.locator('[data-nav-path="/help"]').click();
  await page.getByTestId('sandbox-server-error').click();
  const screen = page.getByTestId('error-screen');
  await expect(screen).toBeVisible({ timeout: 15_000 });
  await expect(screen).toContainText('500');
  await expect(screen).toContainText(STATUS_TEXT[500]);
  await expect(screen).toContainText(LOGGED_TEXT);
  await expect(screen.getByRole('link', { name: UI_TEXT.contactSupport })).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Take Me Back' })).toBeVisible();
  await shot(page, `shell-error-500.png`);

  await screen.getByRole('button', { name: 'Take Me Back' }).click();
  await expect(page).not.toHaveURL(/\/help$/);
});

test('a user with both brands switches brand; navigation follows the active brand', async ({ page, gotoConsole }) => {
  const both = SANDBOX_ACCOUNTS.find((a) => a.brands.length > 1 && a.role === 'staff:admin')!;
  await signIn(page, gotoConsole, both);
  await expect(page.locator('[data-nav-path="/hype"]')).toHaveCount(can(principalOf(both), AREA_RULES['/hype']) ? 1 : 0);
  const other = both.brands[1];
  await switchBrand(page, BRAND_NAMES[other]);
  await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[other]);
  const switched = principalFrom([both.app, both.role, ...both.brands].join(' '), [], other);
  const expected = AREA_ROOTS.filter((r) => r !== '/' && can(switched, AREA_RULES[r])).sort();
  await expect.poll(() => navigationPaths(page)).toEqual(expected);
  // The choice is the session's: it survives a reload.
  await page.reload();
  await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[other]);
});

test('a 401 the session cannot cure ends the session at /logout, then /auth', async ({ page, gotoConsole, consoleHost }) => {
  // On a screen that asks the API nothing after it shows, so the click below makes the next call.
  await signIn(page, gotoConsole, admin, '/help');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  // Another device of the same user ends every other session through the API: the
  // console's access and refresh tokens are revoked on the server.
  const other = await signInElsewhere(consoleHost, admin.username, admin.password);
  const others = (await other.sessions()).filter((s) => !s.current);
  expect(others.length).toBeGreaterThan(0);
  for (const s of others) expect((await other.call('DELETE', `/v4/accounts/me/sessions/${s.id}/`)).status).toBe(204);

  // The next call answers 401, the refresh is refused: through /logout to /auth.
  await page.locator('[data-nav-path="/account"]').click();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 15_000 });
  expect(visited).toContain('/logout');
  expect(visited.indexOf('/logout')).toBeLessThan(visited.lastIndexOf('/auth'));
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  // Signed out for real: the shell sends you to sign in.
  await gotoConsole(page, '/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  await other.end();
});

test('signing in from a deep link lands on the page asked for', async ({ page, gotoConsole }) => {
  await signOutFirst(page, gotoConsole);
  await gotoConsole(page, '/help');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByTestId('sign-in').click();
  await page.locator('#username').fill(admin.username);
  await page.locator('#password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/help$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();
});
