/**
 * Track reordering (spec §4): the moved track takes its new 1-based position and the
 * others are renumbered sequentially. The release's Tracks tab and the server's
 * PATCH …/releases/{id}/tracks/bulk/ use the same function.
 */

export interface TrackPosition {
  readonly id: number;
  readonly position: number;
}

/**
 * The tracks (ids in their current order) after moving `id` to `position` (1-based,
 * clamped to 1..N): every track with its new position 1..N.
 */
export function moveTrack(order: readonly number[], id: number, position: number): TrackPosition[] {
  const from = order.indexOf(id);
  if (from < 0) throw new Error(`Track ${id} is not in this list`);
  const rest = order.filter((_, i) => i !== from);
  const to = Math.min(Math.max(1, Math.trunc(position)), order.length) - 1;
  rest.splice(to, 0, id);
  return rest.map((t, i) => ({ id: t, position: i + 1 }));
}

/** Positions 1..N in the given order (what a renumbering after a removal or a sort gives). */
export const renumber = (order: readonly number[]): TrackPosition[] => order.map((id, i) => ({ id, position: i + 1 }));

/** Whether `positions` gives each of `ids` exactly once, with positions exactly 1..N. */
export function isFullOrder(ids: readonly number[], positions: readonly TrackPosition[]): boolean {
  if (positions.length !== ids.length) return false;
  const want = new Set(ids);
  const seenIds = new Set<number>();
  const seenPos = new Set<number>();
  for (const p of positions) {
    if (!want.has(p.id) || seenIds.has(p.id) || seenPos.has(p.position) || p.position < 1 || p.position > ids.length) return false;
    seenIds.add(p.id);
    seenPos.add(p.position);
  }
  return true;
}
