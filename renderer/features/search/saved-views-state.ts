/**
 * Named saved views: client state in the one jotai store, persisted through the
 * settings store under 'savedViews' (never localStorage). Loaded on first use; a
 * write that comes before the load has finished waits for it (lib/setting-atoms.ts).
 */
import { emptySavedViews, loadSavedViews, type SavedViews } from '../../../shared/search';
import { settingAtoms, type SettingUpdate } from '../../lib/setting-atoms';

const views = settingAtoms({ key: 'savedViews', load: loadSavedViews, empty: emptySavedViews() });

export const savedViewsLoadedAtom = views.loadedAtom;

/** Loads the persisted views once per store (page load). */
export const loadSavedViewsAtom = views.loadAtom;

export type SavedViewsUpdate = SettingUpdate<SavedViews>;

/** Read all views; write an update (current → next) to apply it to the loaded views and persist the result. */
export const savedViewsAtom = views.valueAtom;
