// @vitest-environment happy-dom
/**
 * The console's antd root: a click beside a dialog keeps the dialog and what was typed in
 * it (Cancel and Esc close it; the command palette, which holds nothing to lose, closes);
 * with the system's "reduce motion" on, antd's motion is off.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Input, Modal, theme } from 'antd';
import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { useState } from 'react';
import UiRoot from '../../renderer/app/UiRoot';
import { CONSOLE_THEME, themeFor } from '../../renderer/app/theme';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

let motion: boolean | undefined;
let cancels = 0;
function Dialog() {
  const [open, setOpen] = useState(true);
  motion = theme.useToken().token.motion;
  return (
    <Modal
      open={open}
      title="Add contract"
      onCancel={() => {
        cancels += 1;
        setOpen(false);
      }}
      okText="Save"
    >
      <Input aria-label="Name" defaultValue="" />
    </Modal>
  );
}

async function renderDialog(): Promise<void> {
  const router = createMemoryRouter([{ element: <UiRoot />, children: [{ path: '/', element: <Dialog /> }] }], { initialEntries: ['/'] });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

describe('the console root', () => {
  it('keeps a dialog and its typed text after a click beside it', async () => {
    stubReducedMotion(false);
    cancels = 0;
    await renderDialog();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'typed' } });
    const wrap = document.querySelector('.ant-modal-wrap')!;
    await act(async () => {
      fireEvent.mouseDown(wrap);
      fireEvent.mouseUp(wrap);
      fireEvent.click(wrap);
    });
    expect(cancels).toBe(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('typed');
    expect(motion).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(cancels).toBe(1);
  });

  it('turns antd motion off when the system asks to reduce motion', async () => {
    stubReducedMotion(true);
    await renderDialog();
    expect(motion).toBe(false);
    expect(themeFor({ reducedMotion: false })).toBe(CONSOLE_THEME);
    expect(themeFor({ reducedMotion: true }).token?.colorPrimary).toBe(CONSOLE_THEME.token?.colorPrimary);
  });
});

describe('the route on view', () => {
  it('is on the document once its screen has rendered: path and query, after each route change', async () => {
    stubReducedMotion(false);
    delete document.documentElement.dataset.route;
    const router = createMemoryRouter(
      [
        {
          element: <UiRoot />,
          children: [
            { path: '/catalog', element: <h1>Catalogue</h1> },
            { path: '/help', element: <h1>Help</h1> },
          ],
        },
      ],
      { initialEntries: ['/catalog?type=tracks'] },
    );
    await act(async () => {
      render(<RouterProvider router={router} />);
    });
    expect(screen.getByRole('heading').textContent).toBe('Catalogue');
    expect(document.documentElement.dataset.route).toBe('/catalog?type=tracks');
    await act(() => router.navigate('/help'));
    expect(screen.getByRole('heading').textContent).toBe('Help');
    expect(document.documentElement.dataset.route).toBe('/help');
  });
});

describe("antd's styles", () => {
  it('come from its static stylesheet: rendering a dialog registers no component style in the page', async () => {
    stubReducedMotion(false);
    // A style cache of its own, writing into a container of its own: what other tests registered does not count.
    const container = document.createElement('div');
    document.body.append(container);
    const router = createMemoryRouter([{ element: <UiRoot />, children: [{ path: '/', element: <Dialog /> }] }], { initialEntries: ['/'] });
    await act(async () => {
      render(
        <StyleProvider cache={createCache()} container={container}>
          <RouterProvider router={router} />
        </StyleProvider>,
      );
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    // antd's run-time styles are <style data-cache-path="…|Modal-Modal|ant-modal…">, one per component style it
    // computes; @ant-design/icons registers its own small one, which is not a component's.
    const computed = Array.from(container.querySelectorAll('style[data-cache-path]'))
      .map((s) => s.getAttribute('data-cache-path') ?? '')
      .filter((path) => !path.startsWith('|ant-design-icons|'));
    expect(computed).toEqual([]);
    container.remove();
  });
});
