/**
 * Cross-field rules of spec §4/§5 as pure functions over the stored object and the
 * change (shared/records/define.ts CrossCheck): the form runs them before saving, the
 * server on the stored row inside the write's transaction (and on every row of a bulk
 * edit's preview).
 */
import { MSG } from '../messages';
import type { CrossCheck } from './define';

/** Texts of the record rules that are not spec quotes. */
export const RECORD_MSG = {
  notConvertedEnabled: 'Only CONVERTED tracks may be enabled.',
  notConvertedShown: 'Only CONVERTED tracks may be shown.',
  subGenreOfGenre: 'This sub-genre does not belong to the genre.',
  hypeStartRequired: 'Hype start is required.',
  hypeEndRequired: 'Hype end is required.',
  hypeStartAfterEnd: 'Hype start cannot be after hype end.',
  muzookaIdRequired: 'A Muzooka ID is required to enable Muzooka sync.',
  muzookaIdLocked: 'Disable Muzooka sync before changing the Muzooka ID.',
  brandOnly: 'This field is not available on this brand.',
  positions: 'Give every track of the release once, with positions 1 to N.',
  notInRelease: 'This track is not on this release.',
} as const;

/** The value after the change: the change's when it names the field, else the stored one. */
export const merged = (stored: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>, f: string): unknown =>
  Object.hasOwn(changes, f) ? changes[f] : stored[f];

/**
 * Spec §5: Start Date must be before End Date (both skipped when either is empty); the changed end is the one named.
 * `order` maps a value to what is compared (dates compare as their YYYY-MM-DD text; null: empty).
 */
export const startBeforeEnd =
  (start = 'start_date', end = 'end_date', order: (v: unknown) => string | number | null = (v) => (v ? (v as string) : null)): CrossCheck =>
  (stored, c) => {
    const s = order(merged(stored, c, start));
    const e = order(merged(stored, c, end));
    if (s === null || e === null || s < e) return null;
    return Object.hasOwn(c, end) && !Object.hasOwn(c, start) ? { [end]: [MSG.endAfterStart] } : { [start]: [MSG.startBeforeEnd] };
  };

/**
 * Spec §5: hype start required, hype end required, hype start cannot be after hype end.
 * A label has a hype trial or not: once either date is given, both are required (so a
 * trial is never open-ended); neither is a label without a trial.
 */
export const hypeDates: CrossCheck = (stored, c): Record<string, string[]> | null => {
  const s = merged(stored, c, 'hype_trial_start') as string | null | undefined;
  const e = merged(stored, c, 'hype_trial_end') as string | null | undefined;
  if (!s && !e) return null;
  if (!s) return { hype_trial_start: [RECORD_MSG.hypeStartRequired] };
  if (!e) return { hype_trial_end: [RECORD_MSG.hypeEndRequired] };
  return s > e ? { hype_trial_start: [RECORD_MSG.hypeStartAfterEnd] } : null;
};

/**
 * Spec §5 for a hype offer's own dates (start_date, end_date): both required, and the
 * start may equal the end but not come after it. The messages are the label trial's.
 */
export const hypeOfferDates: CrossCheck = (stored, c): Record<string, string[]> | null => {
  const s = merged(stored, c, 'start_date') as string | null | undefined;
  const e = merged(stored, c, 'end_date') as string | null | undefined;
  const out: Record<string, string[]> = {};
  if (!s) out.start_date = [RECORD_MSG.hypeStartRequired];
  if (!e) out.end_date = [RECORD_MSG.hypeEndRequired];
  if (s && e && s > e) out.start_date = [RECORD_MSG.hypeStartAfterEnd];
  return Object.keys(out).length ? out : null;
};

/** Spec §5: Muzooka ID required to enable sync; it cannot be changed without first disabling sync. */
export const muzookaSync: CrossCheck = (stored, c) => {
  const sync = merged(stored, c, 'muzooka_sync') as boolean;
  const mid = merged(stored, c, 'muzooka_id') as string | null;
  if (sync && !mid) return { muzooka_id: [RECORD_MSG.muzookaIdRequired] };
  if (Object.hasOwn(c, 'muzooka_id') && c.muzooka_id !== stored.muzooka_id && stored.muzooka_sync && c.muzooka_sync !== false) {
    return { muzooka_id: [RECORD_MSG.muzookaIdLocked] };
  }
  return null;
};

/**
 * Spec §4: only CONVERTED tracks may be shown or enabled (to external applications):
 * a change that sets enabled or clears hidden on a track whose encode status is not
 * CONVERTED is refused, naming the field.
 */
export const onlyConvertedShown: CrossCheck = (stored, c) => {
  if (stored.encode_status === 'CONVERTED') return null;
  const out: Record<string, string[]> = {};
  if (c.enabled === true) out.enabled = [RECORD_MSG.notConvertedEnabled];
  if (c.hidden === false) out.hidden = [RECORD_MSG.notConvertedShown];
  return Object.keys(out).length ? out : null;
};

/** Runs a record's checks; the errors of all of them by field, or null. */
export function runChecks(
  checks: readonly CrossCheck[] | undefined,
  stored: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): Record<string, string[]> | null {
  let out: Record<string, string[]> | null = null;
  for (const check of checks ?? []) {
    const e = check(stored, changes);
    if (e) for (const [k, v] of Object.entries(e)) ((out ??= {})[k] ??= []).push(...v);
  }
  return out;
}
