// @vitest-environment happy-dom
/** The browser host's folder browser reaches every PACKAGING_ROOTS folder, not only the first. */
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { BrowseListing } from '../../shared/bridge/channels/packaging';

const calls = vi.hoisted(() => ({ packagingBrowse: vi.fn(), packagingBrowsePick: vi.fn() }));
vi.mock('../../renderer/lib/bridge', () => ({ bridge: calls, onBridgeEvent: () => () => undefined }));
const { FolderBrowser } = await import('../../renderer/features/packaging/FolderBrowser');
afterEach(cleanup);

const roots = ['/home/u', '/mnt/music'];
const listing = (path: string): BrowseListing => ({ path, parent: null, roots, entries: [{ name: `in ${path}`, path: `${path}/x`, kind: 'folder' }] });

it('lists the roots when there are several, and opens the second one', async () => {
  calls.packagingBrowse.mockImplementation(async ({ path }: { path?: string }) => listing(path ?? roots[0]));
  render(<FolderBrowser open title="Choose" mode="folder" show="folders" kind="audioFolder" onPick={() => undefined} onCancel={() => undefined} />);
  const group = await screen.findByRole('group', { name: 'Folders you may browse' });
  expect(group.textContent).toContain('/home/u');
  expect(screen.getByRole('button', { name: '/home/u' }).getAttribute('aria-pressed')).toBe('true');
  fireEvent.click(screen.getByRole('button', { name: '/mnt/music' }));
  await waitFor(() => expect(calls.packagingBrowse).toHaveBeenLastCalledWith({ path: '/mnt/music', show: 'folders' }));
  expect(await screen.findByText('in /mnt/music')).toBeTruthy();
  expect(screen.getByRole('button', { name: '/mnt/music' }).getAttribute('aria-pressed')).toBe('true');
});

it('shows no root list with one root', async () => {
  calls.packagingBrowse.mockImplementation(async () => ({ ...listing('/home/u'), roots: ['/home/u'] }));
  render(<FolderBrowser open title="Choose" mode="folder" show="folders" kind="audioFolder" onPick={() => undefined} onCancel={() => undefined} />);
  await screen.findByText('in /home/u');
  expect(screen.queryByRole('group', { name: 'Folders you may browse' })).toBeNull();
});
