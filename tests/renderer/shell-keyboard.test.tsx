// @vitest-environment happy-dom
/**
 * Issue 29, keyboard in the whole console (the app's routes and shell over the fake main):
 * after a navigation the new page's title is announced from the page announcer, placed
 * before the skip links, so "Skip to main content" stays the first Tab stop and focus does
 * not land past them on the heading; Help lists every shortcut, Ctrl+S among them; Esc
 * closes the shell's dialogs (the Downloads drawer); after "See all results…" the header's
 * search box holds the typed query, not that entry's text.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';

const { renderConsole } = await import('./console-harness');
const { SHORTCUTS } = await import('../../renderer/lib/shortcuts');

// The screens these tests open, transformed once up front (the first transform is slow on a
// busy machine and must not eat the tests' waits); the app still loads them lazily.
beforeAll(async () => {
  await Promise.all([import('../../renderer/features/help/HelpPage'), import('../../renderer/features/resources/ResourcesPage')]);
}, 120_000);

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
});

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]';
/** The element Tab moves to from `from`: the next in document order that Tab stops at. */
function nextTabStop(from: Element): Element | undefined {
  const all = [...document.querySelectorAll(TABBABLE)].filter((el) => el.getAttribute('tabindex') !== '-1');
  return all.find((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe('focus after a navigation', () => {
  it('announces the new page from before the skip links: the title is read, and Tab reaches "Skip to main content" first', async () => {
    const shell = await renderConsole({ account: 'admin', path: '/help' });
    await screen.findByRole('heading', { level: 1, name: 'Help' }, { timeout: 30_000 });
    const announcer = screen.getByTestId('page-announcer');
    // The first load moves nothing.
    expect(document.activeElement).not.toBe(announcer);
    await act(async () => {
      await shell.router.navigate('/resources');
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Resources' }, { timeout: 30_000 });
    await waitFor(() => expect(document.activeElement).toBe(announcer), { timeout: 30_000 });
    expect(announcer.textContent).toBe('Resources');
    expect(document.activeElement).not.toBe(heading);
    // Not a Tab stop itself, and the skip links come right after it.
    expect(announcer.getAttribute('tabindex')).toBe('-1');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(nextTabStop(announcer)).toBe(skip);
    expect(nextTabStop(skip)).toBe(screen.getByRole('link', { name: 'Skip to search' }));

    // The next page is announced in turn.
    await act(async () => {
      await shell.router.navigate('/help');
    });
    await waitFor(() => expect(announcer.textContent).toBe('Help'), { timeout: 30_000 });
    expect(document.activeElement).toBe(announcer);
  }, 90_000);
});

describe('Help', () => {
  it('lists every shortcut, Ctrl+S among them', async () => {
    await renderConsole({ account: 'admin', path: '/help' });
    const list = await screen.findByTestId('help-shortcuts', undefined, { timeout: 30_000 });
    for (const s of SHORTCUTS) {
      expect(list.textContent).toContain(s.keys);
      expect(list.textContent).toContain(s.what);
    }
    expect(list.textContent).toContain('Ctrl+S (⌘S on macOS)');
    expect(list.textContent).toContain('Ctrl+K (⌘K on macOS)');
  }, 90_000);
});

describe('Esc', () => {
  it('closes the Downloads drawer', async () => {
    await renderConsole({ account: 'admin', path: '/help' });
    fireEvent.click(await screen.findByTestId('downloads-button', undefined, { timeout: 30_000 }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer.textContent).toContain('Downloads');
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  }, 90_000);
});

describe('the header search box', () => {
  const box = () => screen.getByLabelText('Search text') as HTMLInputElement;
  const seeAll = () => {
    const entry = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
      o.textContent?.startsWith('See all results in'),
    );
    expect(entry).toBeDefined();
    return entry!;
  };

  it('after "See all results…" (clicked) it holds the query, and the search opens on it', async () => {
    const shell = await renderConsole({ account: 'admin', path: '/help' });
    await screen.findByRole('heading', { level: 1, name: 'Help' }, { timeout: 30_000 });
    fireEvent.change(box(), { target: { value: 'aurora' } });
    fireEvent.click(await waitFor(seeAll));
    await waitFor(() => expect(shell.router.state.location.pathname).toBe('/search'), { timeout: 30_000 });
    expect(new URLSearchParams(shell.router.state.location.search).get('q')).toBe('aurora');
    expect(box().value).toBe('aurora');
  }, 90_000);
});
