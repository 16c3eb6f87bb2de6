// @vitest-environment happy-dom
/**
 * The search types each sandbox account is offered (the table the e2e search spec walked
 * account by account, issue 31), from the shared rules: the header's global search and the
 * all-types search (/search) offer exactly the types §6 allows (and with none, /search is
 * not in the menu and is refused with the spec's message); the area screens' tabs are the
 * same set, an area with no allowed type is not in the menu, and asking for a forbidden
 * type of an area by URL shows an allowed one instead. The server's 403 to the other
 * types is a cell of the authorization matrix (tests/server/authz-matrix-reads.test.ts,
 * "search type × account").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { SEARCH_TYPES, can } from '../../shared/access';
import { MSG } from '../../shared/messages';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { principalOf } from '../fixtures/accounts';

const { renderConsole } = await import('./console-harness');

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
});

const routed = SEARCH_TYPES.filter((t) => t.area !== null);
const keyOfLabel = (label: string) => {
  const t = routed.find((x) => x.label === label.trim());
  if (!t) throw new Error(`unknown search type label "${label}"`);
  return t.key;
};
const navPaths = () => [...document.querySelectorAll('[data-nav-path]')].map((e) => e.getAttribute('data-nav-path') ?? '');

/** The options of the antd Select with this test id, opened, as type keys, sorted. */
async function selectTypes(testId: string): Promise<string[]> {
  const select = await screen.findByTestId(testId, undefined, { timeout: 10_000 });
  await act(async () => fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select));
  const dropdown = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].find((d) =>
      d.querySelector('.ant-select-item-option'),
    );
    if (!open) throw new Error(`${testId}: no open list`);
    return open;
  });
  return [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => keyOfLabel(o.textContent ?? '')).sort();
}

describe.each(SANDBOX_ACCOUNTS.map((a) => [a.username, a] as const))('%s', (_name, account) => {
  const principal = principalOf(account);
  const allowed = routed.filter((t) => can(principal, t.rule));
  const expected = allowed.map((t) => t.key).sort();

  it('the header search and /search offer exactly the types §6 allows', async () => {
    await renderConsole({ account, path: '/dashboard' });
    await waitFor(() => expect(navPaths().length).toBeGreaterThan(0), { timeout: 10_000 });
    if (expected.length) expect(await selectTypes('global-search-type'), 'header search types').toEqual(expected);
    else expect(screen.queryByTestId('global-search-type')).toBeNull();
    cleanup();

    const view = await renderConsole({ account, path: '/search' });
    if (expected.length) {
      expect(await selectTypes('search-type-picker'), '/search types').toEqual(expected);
    } else {
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/auth'), { timeout: 10_000 });
      await waitFor(() => expect(screen.getByTestId('auth-error').textContent).toBe(MSG.authorizationFailed));
    }
  });

  it('the area screens: their tabs are the same set; an area with none is not in the menu; a forbidden type by URL shows an allowed one', async () => {
    // One console, signed in once, walks the areas (the shell stays; each area's screen mounts).
    const view = await renderConsole({ account, path: '/resources' });
    await waitFor(() => expect(navPaths().length).toBeGreaterThan(0), { timeout: 10_000 });
    const open = (path: string) =>
      act(async () => {
        await view.router.navigate(path);
      });
    const seen: string[] = [];
    for (const area of [...new Set(routed.map((t) => t.area!))]) {
      const here = allowed.filter((t) => t.area === area);
      if (here.length === 0) {
        expect(navPaths(), `${account.username} has no ${area} in the menu`).not.toContain(area);
        continue;
      }
      await open(area);
      await screen.findByTestId(`search-${here[0].key}`, undefined, { timeout: 10_000 });
      if (here.length === 1) {
        expect(screen.queryByTestId('search-types')).toBeNull();
        seen.push(here[0].key);
      } else {
        const labels = [...screen.getByTestId('search-types').querySelectorAll('.ant-segmented-item-label')].map(
          (e) => e.textContent ?? '',
        );
        seen.push(...labels.map(keyOfLabel));
      }
      const forbiddenHere = routed.find((t) => t.area === area && !can(principal, t.rule));
      if (forbiddenHere) {
        // Opened from another screen, as a link or a typed URL would.
        await open('/resources');
        await open(`${area}?type=${forbiddenHere.key}`);
        await screen.findByTestId(`search-${here[0].key}`, undefined, { timeout: 10_000 });
        expect(screen.queryByTestId(`search-${forbiddenHere.key}`)).toBeNull();
      }
    }
    expect(seen.sort(), 'area tabs').toEqual(expected);
  });
});
