/**
 * Stale edits kept (a save answered 412): the user's edits are carried over onto the
 * version saved meanwhile, field by field. Pure, over form values and a per-field
 * equality:
 * - a field the user did not touch takes the new saved value;
 * - a field the user changed keeps the user's value; when the new version changed it
 *   too, to something else, it is a conflict the user settles (keep mine, or take
 *   theirs), and until then the user's value stands. Nothing typed is lost.
 */
export interface StaleConflict {
  readonly field: string;
  /** What the user typed. */
  readonly mine: unknown;
  /** What was saved meanwhile. */
  readonly theirs: unknown;
}

export type Same = (field: string, a: unknown, b: unknown) => boolean;

export interface Rebased {
  /** The form values on the new version: the user's edits on top of it. */
  values: Record<string, unknown>;
  /** Fields both the user and the new version changed, differently. */
  conflicts: StaleConflict[];
}

/**
 * The user's edits (`mine`, made on `base`) carried onto `theirs` (the version saved
 * meanwhile), for the fields `fields`.
 */
export function rebaseEdits(
  fields: readonly string[],
  same: Same,
  base: Readonly<Record<string, unknown>>,
  mine: Readonly<Record<string, unknown>>,
  theirs: Readonly<Record<string, unknown>>,
): Rebased {
  const values: Record<string, unknown> = { ...theirs };
  const conflicts: StaleConflict[] = [];
  for (const f of fields) {
    if (same(f, base[f], mine[f])) continue;
    values[f] = mine[f];
    if (!same(f, base[f], theirs[f]) && !same(f, mine[f], theirs[f])) conflicts.push({ field: f, mine: mine[f], theirs: theirs[f] });
  }
  return { values, conflicts };
}

export type Choice = 'mine' | 'theirs';

/** The form values with one conflict settled the user's way. */
export function settle(values: Readonly<Record<string, unknown>>, c: StaleConflict, choice: Choice): Record<string, unknown> {
  return { ...values, [c.field]: choice === 'mine' ? c.mine : c.theirs };
}
