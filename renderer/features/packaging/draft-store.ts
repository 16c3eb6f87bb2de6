/**
 * Packaging drafts: client state in the one jotai store, persisted through the
 * settings store under 'packagingDraft' (never localStorage), one draft per user of
 * this console. Loaded on first use, like the saved views (lib/setting-atoms.ts): a
 * save waits for the load, so it can never replace the stored drafts with a list
 * built from the empty initial value, nor be overwritten by the load.
 */
import { atom } from 'jotai';
import { draftOf, loadPackagingDrafts, storedPackagingDrafts, withDraft, type PackagingDraft } from '../../../shared/packaging/draft';
import { settingAtoms } from '../../lib/setting-atoms';

const drafts = settingAtoms({
  key: 'packagingDraft',
  load: loadPackagingDrafts,
  empty: loadPackagingDrafts(null),
  toStored: storedPackagingDrafts,
});

/** This user's saved draft (null when there is none), once the drafts are loaded. */
export const loadPackagingDraftAtom = atom(null, async (get, set, user: string): Promise<PackagingDraft | null> => {
  await set(drafts.loadAtom);
  return draftOf(get(drafts.valueAtom), user);
});

/** Saves (or with null removes) this user's draft, leaving other users' drafts alone. */
export const savePackagingDraftAtom = atom(null, (_get, set, user: string, draft: PackagingDraft | null): Promise<void> =>
  set(drafts.valueAtom, (all) => withDraft(all, user, draft)),
);
