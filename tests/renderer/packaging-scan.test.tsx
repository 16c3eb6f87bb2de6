// @vitest-environment happy-dom
/**
 * Track Details in the whole console over the fake main, from a supplier's saved draft:
 * a folder holding two releases is said, and the supplier chooses the one to package.
 * The console loads its users' drafts once per process (and this file shares its
 * worker's modules), so the draft is saved into the console's store as the wizard's
 * autosave would, whatever was loaded before, and the draft held before is put back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { fakeMain, pageOf } from './fake-main';
import { auxiliaryEndpoint, genresEndpoint, meEndpoints } from '../../shared/api/endpoints';
import { emptyDraft, type PackagingDraft } from '../../shared/packaging/draft';
import type { ScanEntry } from '../../shared/packaging/model';
import { PKG_MSG } from '../../shared/packaging/messages';

const { accountNamed, renderConsole, sessionUserOf } = await import('./console-harness');
const { appStore } = await import('../../renderer/lib/store');
const { loadPackagingDraftAtom, savePackagingDraftAtom } = await import('../../renderer/features/packaging/draft-store');

const page = <T,>(results: T[]) => pageOf(results, 200);
function fakeReferenceLists(): void {
  fakeMain.api.on(genresEndpoint, () => page([{ id: 1, name: 'House', sub_genres: [] }]));
  for (const name of ['release-types', 'exclusive-period', 'keys', 'songwriter-types'])
    fakeMain.api.on(auxiliaryEndpoint(name), () => page([{ id: 1, name: 'One' }]));
  fakeMain.api.on(meEndpoints.myLabels, () => ({ results: [{ id: 1, name: 'Own Label' }] }));
}

const supplier = () => String(sessionUserOf(accountNamed('supplier')).userId);
/** The supplier's draft the console held before this file's (put back after each test). */
let before: PackagingDraft | null = null;

afterEach(async () => {
  cleanup();
  await appStore.set(savePackagingDraftAtom, supplier(), before);
  fakeMain.calls.length = 0;
});

const FORMAT: ScanEntry['format'] = {
  container: 'WAVE',
  codec: 'PCM',
  wavFormatTag: 1,
  aiffCompression: null,
  lossless: true,
  sampleRate: 44100,
  bitsPerSample: 16,
  channels: 2,
  duration: 3,
  numberOfSamples: 132300,
};
const audio = (path: string, album: string): ScanEntry => ({
  path,
  name: path.split('/').at(-1)!,
  size: 100,
  status: 'ok',
  md5: 'd41d8cd98f00b204e9800998ecf8427e',
  format: FORMAT,
  tags: { album },
  issues: [],
});

/** A supplier's saved draft on Track Details, so the wizard opens there. */
async function draftOnTrackDetails(): Promise<void> {
  before = await appStore.set(loadPackagingDraftAtom, supplier());
  const draft: PackagingDraft = { ...emptyDraft(), step: 1 };
  await appStore.set(savePackagingDraftAtom, supplier(), draft);
}

describe('a folder holding two releases', () => {
  it('is said, and only the release the supplier chooses becomes tracks', async () => {
    fakeReferenceLists();
    await draftOnTrackDetails();
    fakeMain
      .channel('packagingPick', () => ({ native: true, paths: ['/in'] }))
      .channel('packagingScan', () => ({
        entries: [audio('/in/a/01 One.wav', 'First'), audio('/in/a/02 Two.wav', 'First'), audio('/in/b/01 Other.wav', 'Second')],
      }));
    await renderConsole({ account: 'supplier', path: '/packaging' });
    const addFolder = await screen.findByText('Add audio folder…', undefined, { timeout: 10_000 });
    await act(async () => fireEvent.click(addFolder));
    const choice = await screen.findByTestId('release-choice');
    expect(choice.textContent).toContain(PKG_MSG.severalReleases(2));
    expect(screen.queryByTestId('track-list')).toBeNull();
    const add = screen.getByText('Add these tracks').closest('button')!;
    expect(add.disabled).toBe(true);
    for (const option of [PKG_MSG.releaseFiles('First', 2, '/in/a'), PKG_MSG.releaseFiles('Second', 1, '/in/b'), PKG_MSG.allAsOne(3)])
      expect(screen.getByLabelText(option)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByLabelText(PKG_MSG.releaseFiles('Second', 1, '/in/b'))));
    await act(async () => fireEvent.click(add));
    expect((await screen.findByTestId('track-row-1')).textContent).toContain('01 Other.wav');
    expect(screen.queryByTestId('track-row-2')).toBeNull();
    expect(screen.queryByTestId('release-choice')).toBeNull();
  });
});
