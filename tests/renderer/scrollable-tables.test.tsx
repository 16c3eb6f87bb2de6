// @vitest-environment happy-dom
/** useScrollableTablesFocusable (renderer/app/layout/focus.ts): a table that scrolls inside the content area is a Tab stop; one that fits is not. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MAIN_ID, useScrollableTablesFocusable } from '../../renderer/app/layout/focus';

function sized(el: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => clientWidth });
}

function Shell({ children }: { children: React.ReactNode }) {
  useScrollableTablesFocusable();
  return <main id={MAIN_ID}>{children}</main>;
}

afterEach(cleanup);

describe('tables that scroll inside themselves', () => {
  it('get tabindex 0 while they overflow, and lose it once they fit', async () => {
    const { container, rerender } = render(
      <Shell>
        <div className="ant-table-content" data-n="1" />
      </Shell>,
    );
    const scroller = container.querySelector<HTMLElement>('.ant-table-content')!;
    sized(scroller, 900, 350);
    // A change under the content area (rows arriving) is noticed.
    rerender(
      <Shell>
        <div className="ant-table-content" data-n="2" />
        <span>rows</span>
      </Shell>,
    );
    await waitFor(() => expect(scroller.getAttribute('tabindex')).toBe('0'));
    sized(scroller, 300, 350);
    window.dispatchEvent(new Event('resize'));
    await waitFor(() => expect(scroller.hasAttribute('tabindex')).toBe(false));
  });

  it('leaves a table that fits, and one whose own tabindex was set, alone', async () => {
    const { container, rerender } = render(
      <Shell>
        <div className="ant-table-body" tabIndex={-1} />
        <div className="ant-table-content" />
      </Shell>,
    );
    const [own, fits] = [...container.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content')];
    sized(own, 900, 350);
    sized(fits, 300, 350);
    rerender(
      <Shell>
        <div className="ant-table-body" tabIndex={-1} />
        <div className="ant-table-content" />
        <span>more</span>
      </Shell>,
    );
    window.dispatchEvent(new Event('resize'));
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    expect(own.getAttribute('tabindex')).toBe('-1');
    expect(fits.hasAttribute('tabindex')).toBe(false);
  });
});
