/**
 * The packaging draft store: one draft per user under settings key 'packagingDraft',
 * loaded once; a save waits for the load and keeps the other users' drafts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { fakeMain } from './fake-main';
import { emptyDraft, type PackagingDraft } from '../../shared/packaging/draft';

const { loadPackagingDraftAtom, savePackagingDraftAtom } = await import('../../renderer/features/packaging/draft-store');

const draft = (title: string): PackagingDraft => ({ ...emptyDraft(new Date(0)), release: { ...emptyDraft().release, title } });
/** main's settings store answers settingsGet with `value` (or what the promise gives). */
const stored = (value: unknown) => fakeMain.channel('settingsGet', async () => ({ value: await value }));

beforeEach(() => {
  fakeMain.calls.length = 0;
  fakeMain.settings.clear();
});

describe('packaging draft store', () => {
  it("loads once and answers each user's readable draft", async () => {
    stored({ drafts: { '7': draft('Mine'), '8': { version: 99 } } });
    const store = createStore();
    expect((await store.set(loadPackagingDraftAtom, '7'))?.release.title).toBe('Mine');
    expect(await store.set(loadPackagingDraftAtom, '8')).toBeNull();
    expect(await store.set(loadPackagingDraftAtom, '9')).toBeNull();
    expect(fakeMain.requestsOf('settingsGet')).toEqual([{ key: 'packagingDraft' }]);
  });

  it("a save before the load finishes waits for it and keeps the other users' drafts", async () => {
    let answer: (v: unknown) => void = () => undefined;
    stored(new Promise((r) => (answer = r)));
    const store = createStore();
    const save = store.set(savePackagingDraftAtom, '7', draft('New'));
    answer({ drafts: { '8': draft('Theirs') } });
    await save;
    expect(fakeMain.requestsOf('settingsSet')).toEqual([
      { key: 'packagingDraft', value: { drafts: { '8': draft('Theirs'), '7': draft('New') } } },
    ]);
    expect((await store.set(loadPackagingDraftAtom, '7'))?.release.title).toBe('New');
  });

  it('removing the last draft stores null; an unreadable entry starts empty', async () => {
    stored('garbage');
    const store = createStore();
    expect(await store.set(loadPackagingDraftAtom, '7')).toBeNull();
    await store.set(savePackagingDraftAtom, '7', draft('A'));
    await store.set(savePackagingDraftAtom, '7', null);
    expect(fakeMain.requestsOf('settingsSet')).toEqual([
      { key: 'packagingDraft', value: { drafts: { '7': draft('A') } } },
      { key: 'packagingDraft', value: null },
    ]);
  });
});
