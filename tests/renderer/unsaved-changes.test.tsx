// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ConfirmHost } from '../../renderer/ui/ConfirmHost';
import { useUnsavedChanges } from '../../renderer/ui/useUnsavedChanges';
import { UI_TEXT } from '../../shared/ui-texts';

beforeAll(async () => {
  await import('../../renderer/ui/ConfirmModal');
}, 60_000);
afterEach(cleanup);

function Form({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return <p>the form</p>;
}

function setup(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Form dirty={dirty} /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ConfirmHost />
    </>,
  );
  return router;
}

describe('useUnsavedChanges', () => {
  it('a clean form lets navigation through', async () => {
    const router = setup(false);
    await act(() => router.navigate('/elsewhere'));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('a dirty form holds navigation until the user proceeds', async () => {
    const router = setup(true);
    act(() => {
      void router.navigate('/elsewhere');
    });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain(UI_TEXT.unsavedMessage);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');

    act(() => {
      void router.navigate('/elsewhere');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('a dirty form holds the window closing (beforeunload)', () => {
    setup(true);
    let prevented = false;
    const event = new Event('beforeunload', { cancelable: true });
    const original = event.preventDefault.bind(event);
    event.preventDefault = () => {
      prevented = true;
      original();
    };
    window.dispatchEvent(event);
    expect(prevented).toBe(true);
  });
});
