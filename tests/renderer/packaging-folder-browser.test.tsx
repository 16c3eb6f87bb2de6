// @vitest-environment happy-dom
/** The browser host's folder browser reaches every PACKAGING_ROOTS folder, not only the first (over the fake main). */
import { afterEach, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import type { BrowseListing } from '../../shared/bridge/channels/packaging';

const { FolderBrowser } = await import('../../renderer/ui/files/FolderBrowser');
afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
});
/** main's packagingBrowse answers with `impl`. */
const browse = (impl: (request: { path?: string }) => BrowseListing | Promise<BrowseListing>) => fakeMain.channel('packagingBrowse', impl);
const lastBrowse = () => fakeMain.requestsOf('packagingBrowse').at(-1);

const roots = ['/home/u', '/mnt/music'];
const listing = (path: string): BrowseListing => ({
  path,
  parent: null,
  roots,
  entries: [{ name: `in ${path}`, path: `${path}/x`, kind: 'folder' }],
});

it('lists the roots when there are several, and opens the second one', async () => {
  browse(({ path }) => listing(path ?? roots[0]));
  render(
    <FolderBrowser
      open
      title="Choose"
      mode="folder"
      show="folders"
      kind="audioFolder"
      onPick={() => undefined}
      onCancel={() => undefined}
    />,
  );
  const group = await screen.findByRole('group', { name: 'Folders you may browse' });
  expect(group.textContent).toContain('/home/u');
  expect(screen.getByRole('button', { name: '/home/u' }).getAttribute('aria-pressed')).toBe('true');
  fireEvent.click(screen.getByRole('button', { name: '/mnt/music' }));
  await waitFor(() => expect(lastBrowse()).toEqual({ path: '/mnt/music', show: 'folders' }));
  expect(await screen.findByText('in /mnt/music')).toBeTruthy();
  expect(screen.getByRole('button', { name: '/mnt/music' }).getAttribute('aria-pressed')).toBe('true');
});

it('shows no root list with one root', async () => {
  browse(() => ({ ...listing('/home/u'), roots: ['/home/u'] }));
  render(
    <FolderBrowser
      open
      title="Choose"
      mode="folder"
      show="folders"
      kind="audioFolder"
      onPick={() => undefined}
      onCancel={() => undefined}
    />,
  );
  await screen.findByText('in /home/u');
  expect(screen.queryByRole('group', { name: 'Folders you may browse' })).toBeNull();
});

it('shows the folder asked for last, even when an earlier listing answers after it', async () => {
  browse(({ path }) => listing(path ?? roots[0]));
  render(
    <FolderBrowser
      open
      title="Choose"
      mode="folder"
      show="folders"
      kind="audioFolder"
      onPick={() => undefined}
      onCancel={() => undefined}
    />,
  );
  await screen.findByText('in /home/u');
  // /mnt/music is slow to list; before it answers the user goes back to /home/u, which answers at once.
  let answerMusic: (l: BrowseListing) => void = () => undefined;
  browse(({ path }) =>
    path === '/mnt/music' ? new Promise<BrowseListing>((resolve) => (answerMusic = resolve)) : Promise.resolve(listing(path ?? roots[0])),
  );
  fireEvent.click(screen.getByRole('button', { name: '/mnt/music' }));
  fireEvent.click(screen.getByRole('button', { name: '/home/u' }));
  await waitFor(() => expect(lastBrowse()).toEqual({ path: '/home/u', show: 'folders' }));
  await act(async () => answerMusic(listing('/mnt/music')));
  expect(screen.getByTestId('browser-path').textContent).toBe('/home/u');
  expect(screen.queryByText('in /mnt/music')).toBeNull();
});

it('opened again, it does not show the folder of last time while the start folder loads', async () => {
  browse(({ path }) => listing(path ?? roots[0]));
  const props = {
    title: 'Choose',
    mode: 'folder',
    show: 'folders',
    kind: 'audioFolder',
    onPick: () => undefined,
    onCancel: () => undefined,
  } as const;
  const view = render(<FolderBrowser open {...props} />);
  fireEvent.click(await screen.findByRole('button', { name: '/mnt/music' }));
  await screen.findByText('in /mnt/music');
  view.rerender(<FolderBrowser open={false} {...props} />);
  let answer: (l: BrowseListing) => void = () => undefined;
  browse(() => new Promise<BrowseListing>((resolve) => (answer = resolve)));
  view.rerender(<FolderBrowser open {...props} />);
  await waitFor(() => expect(screen.queryByText('in /mnt/music')).toBeNull());
  await act(async () => answer(listing('/home/u')));
  expect(await screen.findByText('in /home/u')).toBeTruthy();
});
