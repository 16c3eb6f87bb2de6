/**
 * The packaging draft store: one draft per user under settings key 'packagingDraft',
 * loaded once; a save waits for the load and keeps the other users' drafts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { emptyDraft, type PackagingDraft } from '../../shared/packaging/draft';

const calls = vi.hoisted(() => ({ settingsGet: vi.fn(), settingsSet: vi.fn(async () => undefined) }));
vi.mock('../../renderer/lib/bridge', () => ({ bridge: calls }));

const { loadPackagingDraftAtom, savePackagingDraftAtom } = await import('../../renderer/features/packaging/draft-store');

const draft = (title: string): PackagingDraft => ({ ...emptyDraft(new Date(0)), release: { ...emptyDraft().release, title } });
const writes = () => (calls.settingsSet.mock.calls as unknown as [{ key: string; value: unknown }][]).map(([r]) => r);

beforeEach(() => {
  calls.settingsGet.mockReset();
  calls.settingsSet.mockClear();
});

describe('packaging draft store', () => {
  it("loads once and answers each user's readable draft", async () => {
    calls.settingsGet.mockResolvedValue({ value: { drafts: { '7': draft('Mine'), '8': { version: 99 } } } });
    const store = createStore();
    expect((await store.set(loadPackagingDraftAtom, '7'))?.release.title).toBe('Mine');
    expect(await store.set(loadPackagingDraftAtom, '8')).toBeNull();
    expect(await store.set(loadPackagingDraftAtom, '9')).toBeNull();
    expect(calls.settingsGet).toHaveBeenCalledTimes(1);
    expect(calls.settingsGet).toHaveBeenCalledWith({ key: 'packagingDraft' });
  });

  it("a save before the load finishes waits for it and keeps the other users' drafts", async () => {
    let answer: (v: { value: unknown }) => void = () => undefined;
    calls.settingsGet.mockReturnValue(new Promise((r) => (answer = r)));
    const store = createStore();
    const save = store.set(savePackagingDraftAtom, '7', draft('New'));
    answer({ value: { drafts: { '8': draft('Theirs') } } });
    await save;
    expect(writes()).toEqual([{ key: 'packagingDraft', value: { drafts: { '8': draft('Theirs'), '7': draft('New') } } }]);
    expect((await store.set(loadPackagingDraftAtom, '7'))?.release.title).toBe('New');
  });

  it('removing the last draft stores null; an unreadable entry starts empty', async () => {
    calls.settingsGet.mockResolvedValue({ value: 'garbage' });
    const store = createStore();
    expect(await store.set(loadPackagingDraftAtom, '7')).toBeNull();
    await store.set(savePackagingDraftAtom, '7', draft('A'));
    await store.set(savePackagingDraftAtom, '7', null);
    expect(writes()).toEqual([{ key: 'packagingDraft', value: { drafts: { '7': draft('A') } } }, { key: 'packagingDraft', value: null }]);
  });
});
