// @vitest-environment happy-dom
/**
 * Issue 29, one formatter: the dashboard shows sales as money in their currency (symbol,
 * thousands separators; "1,351.84" and "(last month 1387.25)" were the bug), its month
 * start as MM/DD/YYYY, and counts with their words in the right number.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { dashboardEndpoints, type DashboardView } from '../../shared/api/endpoints/dashboard';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { MSG } from '../../shared/messages';

const { renderConsole } = await import('./console-harness');

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
});

const VIEW: DashboardView = {
  month_start: '2026-11-01',
  today: '2026-11-28',
  sales: [
    { brand: 'brand:dance', currency: 'USD', net: '1351.84', previous_net: '1387.25' },
    { brand: 'brand:dance', currency: 'EUR', net: '-12.5', previous_net: '0' },
  ],
  followers: { total: 1204, gained: 1, previous_gained: 0, top: [{ kind: 'artist', id: 7, name: 'Some Artist', followers: 1 }] },
  top_releases: [
    { id: 1, name: 'One Release', quantity: 1 },
    { id: 2, name: 'Other Release', quantity: 3 },
  ],
  top_tracks: [],
  deliveries_needing_attention: 1500,
};

describe('dashboard values go through the one formatter', () => {
  it('money with symbol and separators, MM/DD/YYYY, counts with plurals', async () => {
    fakeMain.api.on(dashboardEndpoints.view, () => VIEW);
    await renderConsole({ account: SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!, path: '/dashboard' });
    const sales = await screen.findByTestId('dashboard-sales', undefined, { timeout: 10_000 });
    await waitFor(() => expect(sales.textContent).toContain('$1,351.84'));
    expect(sales.textContent).toContain('(last month $1,387.25)');
    expect(sales.textContent).toContain('-€12.50');
    expect(sales.textContent).toContain('(last month €0.00)');
    expect(sales.textContent).not.toMatch(/\b1351\.84|1387\.25/);
    expect(screen.getByText('Since 11/01/2026, against the same days of last month.')).toBeTruthy();
    const text = screen.getByTestId('dashboard').textContent!;
    expect(text).toContain('One Release · 1 sale');
    expect(text).toContain('Other Release · 3 sales');
    expect(text).toContain('Some Artist (artist) · 1 follower');
    expect(screen.getByTestId('dashboard-followers').textContent).toContain('1,204');
    expect(screen.getByTestId('dashboard-deliveries').textContent).toContain('1,500');
  });

  it('a chart that cannot be drawn says so in its place, is reported, and the figures stay', async () => {
    // A canvas without a 2D context: the chart throws as it draws.
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    try {
      fakeMain.api.on(dashboardEndpoints.view, () => VIEW);
      await renderConsole({ account: SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!, path: '/dashboard' });
      const failed = await screen.findByTestId('dashboard-chart-failed', undefined, { timeout: 10_000 });
      expect(failed.textContent).toBe(MSG.chartFailed);
      expect(screen.getByTestId('dashboard-sales').textContent).toContain('$1,351.84');
      expect(screen.getByTestId('dashboard-deliveries').textContent).toContain('1,500');
      await waitFor(() => expect(fakeMain.requestsOf('systemReportError')).not.toHaveLength(0));
    } finally {
      getContext.mockRestore();
    }
  });
});
