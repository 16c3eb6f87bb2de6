// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useEffect, useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { fakeMain } from './fake-main';
import { meEndpoints } from '../../shared/api/endpoints/me';

/** The reports main was sent (systemReportError). */
const reports = () => fakeMain.requestsOf('systemReportError');
let apiAnswer: () => Promise<never> = () => new Promise(() => {});
fakeMain.channel('systemReportError', () => ({ ok: true }));
fakeMain.api.on(meEndpoints.get, () => apiAnswer());
/** What main does when a 401 cannot be cured: the sessionEnded event. */
const emitSessionEnded = () => act(async () => fakeMain.emit('sessionEnded', { reason: 'Your session has ended. Please sign in again.' }));

const { Guard } = await import('../../renderer/app/guards');
const { RouteError } = await import('../../renderer/app/RouteError');
const { authAtom } = await import('../../renderer/lib/store');
const { followSessionEnd } = await import('../../renderer/app/session-ended');
const { fetchData } = await import('../../renderer/lib/api');
const { errorText } = await import('../../renderer/lib/http-errors');
const { BridgeError } = await import('../../shared/bridge/error');
const { LOGGED_TEXT, MSG, OTHER_STATUS_TEXT, STATUS_TEXT } = await import('../../shared/messages');

beforeAll(async () => {
  await import('../../renderer/ui/pages'); // the error pages load lazily in the app
}, 60_000);
afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
  vi.restoreAllMocks(); // console.error, silenced by the error boundary's tests
  apiAnswer = () => new Promise(() => {});
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
      { path: '/home', element: <p>home</p> },
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
    renderAt(
      '/x',
      'app:control staff:admin brand:dance',
      <Guard rule={rule}>
        <p>secret</p>
      </Guard>,
    );
    expect(screen.getByText('secret')).toBeTruthy();
  });
  it('a failure carrying a scope goes to /auth with the spec message', () => {
    const router = renderAt(
      '/x',
      'app:control staff:support brand:dance',
      <Guard rule={rule}>
        <p>secret</p>
      </Guard>,
    );
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByText(`auth screen ${MSG.authorizationFailed}`)).toBeTruthy();
  });
  it('without a scope (signed out) goes to /auth without the message', () => {
    renderAt(
      '/x',
      '',
      <Guard rule={rule}>
        <p>secret</p>
      </Guard>,
    );
    expect(screen.getByText('auth screen no error')).toBeTruthy();
  });
  it("'*' lets everybody through", () => {
    renderAt(
      '/x',
      '',
      <Guard rule="*">
        <p>open</p>
      </Guard>,
    );
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
    expect(reports().map((r) => r.message)).toEqual(['kaboom']);
  });
  it('a 404 from the API shows the 404 page without the logged text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/x', 'app:control staff:admin', <Boom error={new BridgeError({ code: 'http_error', status: 404, message: 'Not Found' })} />);
    const shown = await screen.findByTestId('error-screen', {}, { timeout: 10_000 });
    expect(shown.textContent).toContain(STATUS_TEXT[404]);
    expect(shown.textContent).not.toContain(LOGGED_TEXT);
  });
  it('a 401 is shown, not reported, and leads nowhere by itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new BridgeError({ code: 'not_signed_in', status: 401, message: 'You are not signed in.' });
    const router = renderAt('/x', 'app:control staff:admin', <Boom error={error} />);
    const shown = await screen.findByTestId('error-screen', {}, { timeout: 10_000 });
    expect(shown.textContent).toContain('You are not signed in.');
    expect(router.state.location.pathname).toBe('/x');
    expect(reports()).toEqual([]);
  });
});

describe("the end of a session (§7): main's sessionEnded event is the one route to /logout", () => {
  /** A screen that loads the profile and shows what a failed load says. */
  function Profile() {
    const [text, setText] = useState('loading');
    useEffect(() => {
      fetchData(meEndpoints.get, {}).then(
        (me) => setText(me.username),
        (e: unknown) => setText(`failed: ${errorText(e)}`),
      );
    }, []);
    return <p>{text}</p>;
  }

  it('a call answered 401 rejects without navigating; the event then goes to /logout', async () => {
    apiAnswer = async () => {
      throw new BridgeError({ code: 'session_ended', status: 401, message: 'Your session has ended. Please sign in again.' });
    };
    const router = renderAt('/x', 'app:control staff:admin', <Profile />);
    const stop = followSessionEnd(router);
    await screen.findByText('failed: Your session has ended. Please sign in again.');
    expect(router.state.location.pathname).toBe('/x');
    await emitSessionEnded();
    await screen.findByText('logging out');
    expect(router.state.location.pathname).toBe('/logout');
    stop();
  });

  it('where no one is signed in (signing in, signing out) the event changes nothing', async () => {
    const router = renderAt('/auth', '', <p>x</p>);
    const stop = followSessionEnd(router);
    await emitSessionEnded();
    expect(router.state.location.pathname).toBe('/auth');
    await act(() => router.navigate('/home'));
    await emitSessionEnded();
    expect(router.state.location.pathname).toBe('/logout');
    stop();
    await act(() => router.navigate('/home'));
    await emitSessionEnded();
    expect(router.state.location.pathname).toBe('/home');
  });
});
