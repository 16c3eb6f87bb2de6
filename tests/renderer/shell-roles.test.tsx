// @vitest-environment happy-dom
/**
 * The shell per sandbox account (the table the e2e shell spec walked account by account,
 * issue 31): each account sees exactly the navigation §6 allows (from shared/access), its
 * name in the header, a brand switch where it holds both brands and a label otherwise,
 * and is refused, with the spec's message, a top-level route and an area of the shell it
 * may not open (under another of its brands when its first opens every area). The e2e
 * spec keeps two accounts signing in and out through the real screens.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { AREA_ROOTS, AREA_RULES, TOP_ROUTES, can, type Rule } from '../../shared/access';
import { MSG } from '../../shared/messages';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { expectedNavigation, principalOf, refusedArea } from '../fixtures/accounts';

const { renderConsole } = await import('./console-harness');

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
});

const navPaths = () => [...document.querySelectorAll('[data-nav-path]')].map((e) => e.getAttribute('data-nav-path') ?? '').sort();

describe.each(SANDBOX_ACCOUNTS.map((a) => [a.username, a] as const))('%s', (_name, account) => {
  it('sees exactly the navigation §6 allows, its name, and a brand switch or label; an allowed root opens; signs out from the user menu', async () => {
    const view = await renderConsole({ account, path: '/resources' });
    await waitFor(() => expect(screen.getByTestId('user-name').textContent).toBe(account.displayName), { timeout: 10_000 });
    await waitFor(() => expect(navPaths()).toEqual(expectedNavigation(account)));
    if (account.brands.length > 1) expect(screen.getByTestId('brand-switch')).toBeTruthy();
    else expect(screen.getByTestId('brand')).toBeTruthy();

    // Every allowed root opens (not the sign-in screen): one beyond the landing page.
    const allowed = expectedNavigation(account).filter((p) => p !== '/dashboard' && p !== '/resources');
    await act(async () => fireEvent.click(document.querySelector(`[data-nav-path="${allowed[0]}"]`)!));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(allowed[0]));

    // Sign out from the user menu: main's session ends, the console is back on /auth without an error.
    fakeMain.channel('sessionSignOut', () => ({ ok: true }));
    await act(async () => fireEvent.click(screen.getByTestId('user-menu')));
    await act(async () => fireEvent.click(await screen.findByTestId('sign-out')));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/auth'), { timeout: 10_000 });
    expect(fakeMain.requestsOf('sessionSignOut')).toHaveLength(1);
    expect(screen.queryByTestId('auth-error')).toBeNull();
  });

  it("is refused a route it may not open, with the spec's message", async () => {
    const principal = principalOf(account);
    const candidates: [string, Rule][] = [
      ['/service-agreement', TOP_ROUTES['/service-agreement']],
      ...AREA_ROOTS.map((r) => [r, AREA_RULES[r]] as [string, Rule]),
    ];
    const refused = candidates.find(([, rule]) => !can(principal, rule));
    expect(refused, 'every account is refused something').toBeTruthy();
    const view = await renderConsole({ account, path: refused![0] });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/auth'), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId('auth-error').textContent).toBe(MSG.authorizationFailed));
  });

  it('is refused an area of the shell it may not open under one of its brands', async () => {
    const area = refusedArea(account);
    if (!area) {
      // No area is closed to it under any of its brands: say so from the rules themselves.
      for (const brand of account.brands) {
        const p = principalOf({ ...account, brands: [brand, ...account.brands.filter((b) => b !== brand)] });
        expect(
          AREA_ROOTS.every((r) => can(p, AREA_RULES[r])),
          `${account.username} opens every area with ${brand}`,
        ).toBe(true);
      }
      return;
    }
    const view = await renderConsole({ account, brand: area.brand, path: area.root });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/auth'), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId('auth-error').textContent).toBe(MSG.authorizationFailed));
    await act(async () => undefined);
  });
});
