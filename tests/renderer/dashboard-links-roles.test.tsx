// @vitest-environment happy-dom
/**
 * Issue 27, dashboard scope, per sandbox account: every link the dashboard shows leads
 * where the account may go (the shell's route guards let it in, and a record link names a
 * type the account may read, §6), even when the answer names artists, labels and
 * deliveries the account could not open (the renderer does not trust the answer's shape
 * for that); an account without follower figures (artist, DJ: the API answers null) is
 * shown no followers card.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { SEARCH_TYPES, can } from '../../shared/access';
import { dashboardEndpoints, type DashboardView } from '../../shared/api/endpoints/dashboard';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { principalOf } from '../fixtures/accounts';

const { renderConsole } = await import('./console-harness');

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
});

const FOLLOWERS: NonNullable<DashboardView['followers']> = {
  total: 12,
  gained: 3,
  previous_gained: 1,
  top: [
    { kind: 'artist', id: 7, name: 'Some Artist', followers: 8 },
    { kind: 'label', id: 3, name: 'Some Label', followers: 4 },
  ],
};
const view = (followers: DashboardView['followers']): DashboardView => ({
  month_start: '2026-11-01',
  today: '2026-11-28',
  sales: null,
  followers,
  top_releases: null,
  top_tracks: null,
  deliveries_needing_attention: 2,
});
const links = () => [...screen.getByTestId('dashboard').querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!);
/** The search type a record link opens (catalogue: /catalog/{linkSegment}/{id}). */
const typeOfLink = (href: string) => SEARCH_TYPES.find((t) => t.linkSegment && href.startsWith(`/catalog/${t.linkSegment}/`));

describe.each(SANDBOX_ACCOUNTS.map((a) => [a.username, a] as const))('%s', (_name, account) => {
  const principal = principalOf(account);

  it('every dashboard link opens a route the account may open, and names a record type it may read', async () => {
    // An answer naming everything, as if the API had leaked it: the screen still links only where the account may go.
    fakeMain.api.on(dashboardEndpoints.view, () => view(FOLLOWERS));
    const shell = await renderConsole({ account, path: '/dashboard' });
    await screen.findByTestId('dashboard-followers', undefined, { timeout: 10_000 });
    const hrefs = links();
    if (account.username === 'admin') expect(hrefs.sort()).toEqual(['/catalog/artists/7', '/catalog/labels/3', '/old-deliveries']);
    if (account.username === 'dj' || account.username === 'artist') expect(hrefs).toEqual([]);
    for (const href of hrefs) {
      const t = typeOfLink(href);
      if (t) expect([href, can(principal, t.rule)]).toEqual([href, true]);
      await act(async () => {
        await shell.router.navigate('/dashboard');
      });
      await screen.findByTestId('dashboard-followers', undefined, { timeout: 10_000 });
      const link = [...screen.getByTestId('dashboard').querySelectorAll('a[href]')].find((a) => a.getAttribute('href') === href)!;
      await act(async () => fireEvent.click(link));
      await waitFor(() => expect(shell.router.state.location.pathname).toBe(href), { timeout: 10_000 });
      expect(screen.queryByTestId('auth-error')).toBeNull();
    }
  });

  it('no followers card when the API has no follower figures for the account', async () => {
    fakeMain.api.on(dashboardEndpoints.view, () => view(null));
    await renderConsole({ account, path: '/dashboard' });
    await screen.findByTestId('dashboard', undefined, { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByText('Since 11/01/2026, against the same days of last month.')).not.toBeNull());
    expect(screen.queryByTestId('dashboard-followers')).toBeNull();
  });
});
