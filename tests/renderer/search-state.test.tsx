// @vitest-environment happy-dom
/**
 * The search state lives in the URL. A search screen the user has already left (a link
 * clicked while its list was still opening) must never navigate them back: its late URL
 * write is dropped, while a screen that is still current writes as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { useSearchState, type UpdateSearch } from '../../renderer/features/search/useSearchState';

afterEach(cleanup);

function setup() {
  const seen: { update?: UpdateSearch } = {};
  function Screen() {
    seen.update = useSearchState()[1];
    return <p>search</p>;
  }
  const router = createMemoryRouter(
    [
      { path: '/support', element: <Screen /> },
      { path: '/support/bulk-credits', element: <p>bulk credits</p> },
    ],
    { initialEntries: ['/support'] },
  );
  render(<RouterProvider router={router} />);
  return { router, seen };
}

describe('search state in the URL', () => {
  it('a screen that is still current writes its state to the URL', async () => {
    const { router, seen } = setup();
    await act(async () => seen.update!({ type: 'users' }, true));
    expect(router.state.location.pathname).toBe('/support');
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('users');
  });

  it('a screen the user has left does not pull them back to it', async () => {
    const { router, seen } = setup();
    const stale = seen.update!;
    await act(async () => router.navigate('/support/bulk-credits'));
    await act(async () => stale({ type: 'users' }, true));
    expect(router.state.location.pathname).toBe('/support/bulk-credits');
  });
});
