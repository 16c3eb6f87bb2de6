/**
 * The whole console in a component test: the app's own route table (renderer/app/router:
 * guards, shell, lazy screens), its providers and jotai store, on a memory router, signed
 * in as a sandbox account, over the fake main (./fake-main, which must be imported
 * first). What a table of e2e checks needed a browser and a sandbox for (which screens
 * an account is offered, the texts of §5 and §8 on a form) is checked here in
 * milliseconds; the e2e journeys keep the wiring.
 *
 *   import { fakeMain } from './fake-main';
 *   const { renderConsole } = await import('./console-harness');
 *   const view = await renderConsole({ account: 'supplier', path: '/catalog' });
 */
import { act, render, type RenderResult } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { principalFrom, brandsOf } from '../../shared/access';
import { SANDBOX_ACCOUNTS, type SandboxAccount } from '../../server/seed/accounts';
import type { SessionUser } from '../../shared/bridge/channels/session';
import { routes } from '../../renderer/app/router';
import { Providers } from '../../renderer/app/Providers';
import { appStore, authAtom } from '../../renderer/lib/store';
import { queryClient } from '../../renderer/lib/query-client';
import { fakeMain } from './fake-main';
import { serviceAgreementEndpoints } from '../../shared/api/endpoints/service-agreement';
import { SERVICE_AGREEMENT } from '../../shared/constants';

/** The session user main would introspect for a sandbox account, on `brand` (default its first). */
export function sessionUserOf(account: SandboxAccount, brand: string | undefined = account.brands[0]): SessionUser {
  const scope = [account.app, account.role, ...account.brands].join(' ');
  return {
    userId: SANDBOX_ACCOUNTS.indexOf(account) + 1,
    username: account.username,
    displayName: account.displayName,
    scope,
    features: [],
    brand: brand ?? '',
    brands: brandsOf(principalFrom(scope).scopes),
  };
}

export function accountNamed(username: string): SandboxAccount {
  const a = SANDBOX_ACCOUNTS.find((x) => x.username === username);
  if (!a) throw new Error(`no sandbox account ${username}`);
  return a;
}

/**
 * What main answers by default for the session and the system, and the API for the
 * service agreement (the sandbox's supplier has accepted the version in force; a test may
 * replace any of it with fakeMain.channel or fakeMain.api.on).
 */
function fakeSessionAndSystem(user: SessionUser | null): void {
  fakeMain.api.on(serviceAgreementEndpoints.current, () => ({
    ...SERVICE_AGREEMENT,
    sections: [...SERVICE_AGREEMENT.sections],
    accepted_at: '2026-11-02T10:00:00.000Z',
  }));
  fakeMain
    .channel('sessionStatus', () => ({ signedIn: user !== null, user }))
    .channel('systemInfo', () => ({
      transport: 'host',
      apiUrl: 'http://127.0.0.1:1',
      idpUrl: 'http://127.0.0.1:2',
      environment: 'sandbox',
      version: '0.0.0',
    }))
    .channel('systemReportError', () => ({ ok: true }));
}

export interface ConsoleView extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  user: SessionUser | null;
}

/**
 * Renders the console at `path`, signed in as `account` (a sandbox account or its
 * username; none: signed out) on `brand`, and waits for the first screen to load.
 */
export async function renderConsole(opts: { account?: SandboxAccount | string; brand?: string; path: string }): Promise<ConsoleView> {
  const account = typeof opts.account === 'string' ? accountNamed(opts.account) : opts.account;
  const user = account ? sessionUserOf(account, opts.brand) : null;
  fakeSessionAndSystem(user);
  queryClient.clear();
  if (user) appStore.set(authAtom, { type: 'REFRESH_USER', user });
  else appStore.set(authAtom, { type: 'LOGOUT' });
  const router = createMemoryRouter(routes, { initialEntries: [opts.path] });
  let view!: RenderResult;
  await act(async () => {
    view = render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  return Object.assign(view, { router, user });
}
