/**
 * Packaging drafts: client state in the one jotai store, persisted through the
 * settings store under 'packagingDraft' (never localStorage), one draft per user of
 * this console. Loaded on first use; modelled on the saved views
 * (features/search/saved-views-state.ts).
 *
 * A save waits for the load to finish, so it can never replace the stored drafts with
 * a list built from the empty initial value, nor be overwritten by the load.
 */
import { atom } from 'jotai';
import { draftOf, loadPackagingDrafts, storedPackagingDrafts, withDraft, type PackagingDraft, type PackagingDrafts } from '../../../shared/packaging/draft';
import { bridge } from '../../lib/bridge';

const base = atom<PackagingDrafts>({ drafts: {} });
const loadingAtom = atom<Promise<void> | null>(null);
const loadedAtom = atom(false);

/** Loads the persisted drafts once per store (page load). */
const loadAllAtom = atom(null, (get, set): Promise<void> => {
  let loading = get(loadingAtom);
  if (!loading) {
    loading = bridge
      .settingsGet({ key: 'packagingDraft' })
      .then(({ value }) => set(base, loadPackagingDrafts(value)))
      .catch(() => undefined)
      .finally(() => set(loadedAtom, true));
    set(loadingAtom, loading);
  }
  return loading;
});

/** This user's saved draft (null when there is none), once the drafts are loaded. */
export const loadPackagingDraftAtom = atom(null, async (get, set, user: string): Promise<PackagingDraft | null> => {
  await set(loadAllAtom);
  return draftOf(get(base), user);
});

/** Saves (or with null removes) this user's draft, leaving other users' drafts alone. */
export const savePackagingDraftAtom = atom(null, async (get, set, user: string, draft: PackagingDraft | null): Promise<void> => {
  if (!get(loadedAtom)) await set(loadAllAtom);
  const next = withDraft(get(base), user, draft);
  set(base, next);
  await bridge.settingsSet({ key: 'packagingDraft', value: storedPackagingDrafts(next) });
});
