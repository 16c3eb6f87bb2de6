// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';

const reports: { message: string; route?: string }[] = [];
vi.mock('../../renderer/lib/bridge', () => ({
  bridge: {
    systemReportError: async (r: { message: string; route?: string }) => {
      reports.push(r);
      return { ok: true };
    },
    settingsSet: async () => ({ ok: true }),
  },
  onBridgeEvent: () => () => {},
}));

const { Guard } = await import('../../renderer/app/guards');
const { RouteError } = await import('../../renderer/app/RouteError');
const { authAtom } = await import('../../renderer/lib/store');
const { HttpError } = await import('../../renderer/lib/http-errors');
const { LOGGED_TEXT, MSG, OTHER_STATUS_TEXT, STATUS_TEXT } = await import('../../shared/messages');

beforeAll(async () => {
  await import('../../renderer/ui/pages'); // the error pages load lazily in the app
}, 60_000);
afterEach(() => {
  cleanup();
  reports.length = 0;
});

function AuthScreen() {
  const state = useLocation().state as { error?: string } | null;
  return <p>auth screen {state?.error ?? 'no error'}</p>;
}

function renderAt(path: string, scope: string, element: React.ReactNode) {
  const store = createStore();
  if (scope) {
    store.set(authAtom, {
      type: 'REFRESH_USER',
      user: { userId: 1, username: 'u', scope, features: [], brand: 'brand:dance', brands: ['brand:dance'] },
    });
  }
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthScreen /> },
      { path: '/logout', element: <p>logging out</p> },
      { path: '/x', element, errorElement: <RouteError /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('scope guard (§6)', () => {
  const rule = [['app:control', 'staff:admin']];
  it('lets an allowed user through', () => {
    renderAt('/x', 'app:control staff:admin brand:dance', <Guard rule={rule}><p>secret</p></Guard>);
    expect(screen.getByText('secret')).toBeTruthy();
  });
  it('a failure carrying a scope goes to /auth with the spec message', () => {
    const router = renderAt('/x', 'app:control staff:support brand:dance', <Guard rule={rule}><p>secret</p></Guard>);
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByText(`auth screen ${MSG.authorizationFailed}`)).toBeTruthy();
  });
  it('without a scope (signed out) goes to /auth without the message', () => {
    renderAt('/x', '', <Guard rule={rule}><p>secret</p></Guard>);
    expect(screen.getByText('auth screen no error')).toBeTruthy();
  });
  it("'*' lets everybody through", () => {
    renderAt('/x', '', <Guard rule="*"><p>open</p></Guard>);
    expect(screen.getByText('open')).toBeTruthy();
  });
});

describe('route error boundary (§4, §8)', () => {
  function Boom({ error }: { error: unknown }): React.ReactNode {
    throw error;
  }
  it('a render error is caught, reported and shown with the logged text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/x', 'app:control staff:admin', <Boom error={new Error('kaboom')} />);
    const shown = await screen.findByTestId('error-screen', {}, { timeout: 10_000 });
    // No status: the §8 fallback text, and (missing status) the logged text.
    expect(shown.textContent).toContain(OTHER_STATUS_TEXT);
    expect(shown.textContent).toContain('kaboom');
    expect(shown.textContent).toContain(LOGGED_TEXT);
    expect(screen.getByRole('link', { name: 'Contact product support' })).toBeTruthy();
    expect(reports.map((r) => r.message)).toEqual(['kaboom']);
  });
  it('a 404 from the API shows the 404 page without the logged text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/x', 'app:control staff:admin', <Boom error={new HttpError('Not Found', 404)} />);
    const shown = await screen.findByTestId('error-screen', {}, { timeout: 10_000 });
    expect(shown.textContent).toContain(STATUS_TEXT[404]);
    expect(shown.textContent).not.toContain(LOGGED_TEXT);
  });
  it('a 401 ends the session: /logout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderAt('/x', 'app:control staff:admin', <Boom error={new HttpError('Unauthorized', 401)} />);
    await screen.findByText('logging out');
    expect(router.state.location.pathname).toBe('/logout');
    expect(reports).toEqual([]);
  });
});
