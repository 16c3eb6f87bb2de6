/**
 * The geometry of dragging one of a module's items (spec §3: up to 250): the rows are
 * measured once when the drag starts, and the position the item would take is worked out
 * from the dragged row's centre on every move, by binary search over the rows' centres.
 * No droppable per row: dnd-kit re-renders every droppable and sortable when the item
 * under the pointer changes, 250 rows at a time (issue 17's bench).
 */
import type { Coordinates } from '@dnd-kit/utilities';

/** The rows' centres and edges when the drag started (viewport y), and the dragged row's index. */
export interface DragGeometry {
  centers: number[];
  tops: number[];
  bottoms: number[];
  from: number;
}

export function measureRows(rows: ArrayLike<Element>, from: number): DragGeometry {
  const g: DragGeometry = { centers: [], tops: [], bottoms: [], from };
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!.getBoundingClientRect();
    g.tops.push(r.top);
    g.bottoms.push(r.bottom);
    g.centers.push(r.top + r.height / 2);
  }
  return g;
}

/** The index of the centre nearest to y (centres in ascending order; -1 when there are none). */
export function nearestIndex(centers: readonly number[], y: number): number {
  if (!centers.length) return -1;
  let lo = 0;
  let hi = centers.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (centers[mid]! < y) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && y - centers[lo - 1]! <= centers[lo]! - y ? lo - 1 : lo;
}

/** The 0-based index the dragged row takes when its centre has moved by `dy` (moves and scrolling both counted). */
export function targetIndex(g: DragGeometry, dy: number): number {
  return nearestIndex(g.centers, g.centers[g.from]! + dy);
}

/**
 * Where the insertion marker goes (viewport y at the start of the drag): below the target
 * row when moving down, above it when moving up; null when the item stays where it is.
 */
export function markerY(g: DragGeometry, target: number): number | null {
  if (target === g.from || target < 0) return null;
  return target > g.from ? g.bottoms[target]! : g.tops[target]!;
}

/**
 * The keyboard sensor's step: an arrow key moves the dragged row by one row (from the
 * row it is over to the next one up or down), so each press changes the position by one.
 */
export function keyboardStep(g: DragGeometry | null, target: number, code: string, current: Coordinates): Coordinates | undefined {
  if (!g || (code !== 'ArrowDown' && code !== 'ArrowUp')) return undefined;
  const next = Math.min(Math.max(target + (code === 'ArrowDown' ? 1 : -1), 0), g.centers.length - 1);
  return { x: current.x, y: current.y + g.centers[next]! - g.centers[target]! };
}
