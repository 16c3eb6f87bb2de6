/**
 * A settings entry loaded on first use (rather than at start-up, as store.ts's slices
 * are): client state in the one jotai store, persisted through the settings store
 * over the bridge (never localStorage). Used by the saved views and the packaging
 * drafts.
 *
 * Writes are updates applied to the loaded value: a write that comes before the load
 * has finished waits for it, so it can never replace the stored value with one built
 * from the empty initial value, nor be overwritten by the load. Persisting is best
 * effort, like the other slices.
 */
import { atom } from 'jotai';
import type { SettingsKey } from '../../shared/bridge/channels/settings';
import { bridge } from './bridge';

export type SettingUpdate<T> = (current: T) => T;

export function settingAtoms<T>(opts: {
  key: SettingsKey;
  /** What the settings store held; anything unreadable gives the empty value. */
  load: (stored: unknown) => T;
  empty: T;
  /** What to store for a value (default: the value itself). */
  toStored?: (value: T) => unknown;
}) {
  const base = atom<T>(opts.empty);
  const loadingAtom = atom<Promise<void> | null>(null);
  const loadedAtom = atom(false);

  /** Loads the persisted value once per store (page load). */
  const loadAtom = atom(null, (get, set): Promise<void> => {
    let loading = get(loadingAtom);
    if (!loading) {
      loading = bridge
        .settingsGet({ key: opts.key })
        .then(({ value }) => set(base, opts.load(value)))
        .catch(() => undefined)
        .finally(() => set(loadedAtom, true));
      set(loadingAtom, loading);
    }
    return loading;
  });

  /** Read the value; write an update (current → next) to apply it to the loaded value and persist the result. */
  const valueAtom = atom(
    (get) => get(base),
    async (get, set, update: SettingUpdate<T>): Promise<void> => {
      if (!get(loadedAtom)) await set(loadAtom);
      const next = update(get(base));
      set(base, next);
      await bridge.settingsSet({ key: opts.key, value: opts.toStored ? opts.toStored(next) : next }).catch(() => undefined);
    },
  );

  return { valueAtom, loadAtom, loadedAtom };
}
