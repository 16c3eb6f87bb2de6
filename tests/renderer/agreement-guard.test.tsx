// @vitest-environment happy-dom
/** AgreementGuard (renderer/app/guards.tsx): a Baseware supplier that has not accepted the agreement in force goes to /service-agreement first. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { fakeMain } from './fake-main';
import { BridgeError } from '../../shared/bridge/error';
import { STATUS_TEXT } from '../../shared/messages';
import { serviceAgreementEndpoints } from '../../shared/api/endpoints/service-agreement';

let acceptedAt: string | null = null;
fakeMain.api.on(serviceAgreementEndpoints.current, () => ({ version: 'v1', title: 'T', sections: ['s'], accepted_at: acceptedAt }));
/** The paths of the API calls the renderer made. */
const calls = () => fakeMain.api.calls.map((c) => c.path);

const { AgreementGuard } = await import('../../renderer/app/guards');
const { authAtom } = await import('../../renderer/lib/store');

afterEach(() => {
  cleanup();
  fakeMain.api.calls.length = 0;
  acceptedAt = null;
});

function AgreementScreen() {
  const state = useLocation().state as { from?: string } | null;
  return <p>agreement screen from {state?.from ?? 'nowhere'}</p>;
}

/** A console screen whose call the API refuses as it refuses a supplier that has not accepted (server/api/route.ts admit). */
function RefusedScreen({ detail }: { detail: string }) {
  const q = useQuery({
    queryKey: ['refused', detail],
    queryFn: () => {
      acceptedAt = null; // a new version came into force since the guard asked
      throw new BridgeError({ code: 'http_error', status: 403, message: 'Forbidden', detail });
    },
    retry: false,
  });
  return <p>console {q.isError ? 'refused' : 'loading'}</p>;
}

function renderAt(scope: string, console: React.ReactNode = <p>console</p>) {
  const store = createStore();
  store.set(authAtom, {
    type: 'REFRESH_USER',
    user: { userId: 1, username: 'u', scope, features: [], brand: 'brand:dance', brands: ['brand:dance'] },
  });
  const router = createMemoryRouter(
    [
      { path: '/service-agreement', element: <AgreementScreen /> },
      { path: '/search/tracks', element: <AgreementGuard>{console}</AgreementGuard> },
    ],
    { initialEntries: ['/search/tracks?q=x'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe('AgreementGuard', () => {
  it('a Baseware supplier that has not accepted the version in force is taken to /service-agreement, remembering where it was going', async () => {
    const router = renderAt('app:baseware user:supplier brand:dance');
    expect(await screen.findByText('agreement screen from /search/tracks?q=x')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/service-agreement');
    expect(screen.queryByText('console')).toBeNull();
    expect(calls()).toEqual(['/v4/catalog/service-agreement/']);
  });
  it('a supplier that has accepted it reaches the console', async () => {
    acceptedAt = '2026-11-24T10:00:00.000Z';
    renderAt('app:baseware user:supplier brand:dance');
    expect(await screen.findByText('console')).toBeTruthy();
  });
  it('staff and label users pass without asking', async () => {
    renderAt('app:control staff:admin brand:dance');
    expect(screen.getByText('console')).toBeTruthy();
    cleanup();
    renderAt('app:baseware user:label brand:dance');
    expect(screen.getByText('console')).toBeTruthy();
    expect(calls()).toEqual([]);
  });
  it('a call the API refuses for the agreement asks again, and a supplier whose agreement changed is taken to it', async () => {
    acceptedAt = '2026-11-24T10:00:00.000Z';
    const router = renderAt('app:baseware user:supplier brand:dance', <RefusedScreen detail={STATUS_TEXT[403]} />);
    expect(await screen.findByText('agreement screen from /search/tracks?q=x')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/service-agreement');
    expect(calls()).toEqual(['/v4/catalog/service-agreement/', '/v4/catalog/service-agreement/']);
  });
  it("another refusal (the route's own rule) does not ask again", async () => {
    acceptedAt = '2026-11-24T10:00:00.000Z';
    renderAt('app:baseware user:supplier brand:dance', <RefusedScreen detail="You do not have permission to perform this action." />);
    expect(await screen.findByText('console refused')).toBeTruthy();
    expect(calls()).toEqual(['/v4/catalog/service-agreement/']);
  });
});
