/**
 * Named saved views: client state in the one jotai store, persisted through the
 * settings store under 'savedViews' (never localStorage). Loaded on first use.
 *
 * Writes are updates applied to the loaded views: a write that comes before the
 * load has finished waits for it, so it can never replace the stored views with a
 * list built from the empty initial value, nor be overwritten by the load.
 */
import { atom } from 'jotai';
import { emptySavedViews, loadSavedViews, type SavedViews } from '../../../shared/search';
import { bridge } from '../../lib/bridge';

const base = atom<SavedViews>(emptySavedViews());
const loadingAtom = atom<Promise<void> | null>(null);

export const savedViewsLoadedAtom = atom(false);

/** Loads the persisted views once per store (page load). */
export const loadSavedViewsAtom = atom(null, (get, set): Promise<void> => {
  let loading = get(loadingAtom);
  if (!loading) {
    loading = bridge
      .settingsGet({ key: 'savedViews' })
      .then(({ value }) => set(base, loadSavedViews(value)))
      .catch(() => undefined)
      .finally(() => set(savedViewsLoadedAtom, true));
    set(loadingAtom, loading);
  }
  return loading;
});

export type SavedViewsUpdate = (current: SavedViews) => SavedViews;

/** Read all views; write an update (current → next) to apply it to the loaded views and persist the result. */
export const savedViewsAtom = atom(
  (get) => get(base),
  async (get, set, update: SavedViewsUpdate): Promise<void> => {
    if (!get(savedViewsLoadedAtom)) await set(loadSavedViewsAtom);
    const next = update(get(base));
    set(base, next);
    await bridge.settingsSet({ key: 'savedViews', value: next }).catch(() => undefined);
  },
);
