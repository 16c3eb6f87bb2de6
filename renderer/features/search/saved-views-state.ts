/**
 * Named saved views: client state in the one jotai store, persisted through the
 * settings store under 'savedViews' (never localStorage). Loaded on first use.
 */
import { atom } from 'jotai';
import { emptySavedViews, loadSavedViews, type SavedViews } from '../../../shared/search';
import { bridge } from '../../lib/bridge';

const base = atom<SavedViews>(emptySavedViews());
let loading: Promise<void> | null = null;

export const savedViewsLoadedAtom = atom(false);

/** Read all views; write a new value to replace and persist it. */
export const savedViewsAtom = atom(
  (get) => get(base),
  (_get, set, next: SavedViews) => {
    set(base, next);
    bridge.settingsSet({ key: 'savedViews', value: next }).catch(() => undefined);
  },
);

/** Loads the persisted views once per page load. */
export const loadSavedViewsAtom = atom(null, (_get, set) => {
  loading ??= bridge
    .settingsGet({ key: 'savedViews' })
    .then(({ value }) => set(base, loadSavedViews(value)))
    .catch(() => undefined)
    .finally(() => set(savedViewsLoadedAtom, true));
  return loading;
});
