/** The drag of a module's items (issue 17): the position worked out from the rows measured when the drag starts. */
import { describe, expect, it } from 'vitest';
import {
  keyboardStep,
  markerY,
  measureRows,
  nearestIndex,
  targetIndex,
  type DragGeometry,
} from '../../renderer/features/curation/item-drag';

/** Rows 40 px high from y = 100: centres 120, 160, 200, … */
function rows(n: number, from: number): DragGeometry {
  const els = Array.from({ length: n }, (_, i) => ({
    getBoundingClientRect: () => ({ top: 100 + 40 * i, bottom: 140 + 40 * i, height: 40 }),
  }));
  return measureRows(els as unknown as Element[], from);
}

describe('nearestIndex', () => {
  it('finds the nearest centre by binary search, clamped to the ends', () => {
    const c = [120, 160, 200, 240];
    expect(nearestIndex(c, 0)).toBe(0);
    expect(nearestIndex(c, 139)).toBe(0);
    expect(nearestIndex(c, 141)).toBe(1);
    expect(nearestIndex(c, 200)).toBe(2);
    expect(nearestIndex(c, 5000)).toBe(3);
    expect(nearestIndex([], 10)).toBe(-1);
  });
  it('agrees with a linear search over 250 rows', () => {
    const c = rows(250, 0).centers;
    for (let y = 50; y < 10_200; y += 7) {
      const linear = c.reduce((best, v, i) => (Math.abs(v - y) < Math.abs(c[best]! - y) ? i : best), 0);
      expect(nearestIndex(c, y)).toBe(linear);
    }
  });
});

describe('targetIndex and markerY', () => {
  const g = rows(5, 1);
  it('stays put until the row has moved past half a neighbour', () => {
    expect(targetIndex(g, 0)).toBe(1);
    expect(targetIndex(g, 19)).toBe(1);
    expect(targetIndex(g, 21)).toBe(2);
    expect(targetIndex(g, -21)).toBe(0);
    expect(targetIndex(g, 10_000)).toBe(4);
  });
  it('puts the marker below the target moving down, above it moving up, none when staying', () => {
    expect(markerY(g, 1)).toBeNull();
    expect(markerY(g, 3)).toBe(260);
    expect(markerY(g, 0)).toBe(100);
  });
});

describe('keyboardStep', () => {
  const g = rows(3, 1);
  it('moves one row per arrow key, not past the ends', () => {
    expect(keyboardStep(g, 1, 'ArrowDown', { x: 5, y: 140 })).toEqual({ x: 5, y: 180 });
    expect(keyboardStep(g, 1, 'ArrowUp', { x: 5, y: 140 })).toEqual({ x: 5, y: 100 });
    expect(keyboardStep(g, 2, 'ArrowDown', { x: 5, y: 180 })).toEqual({ x: 5, y: 180 });
  });
  it('leaves other keys and a drag not measured yet to the sensor', () => {
    expect(keyboardStep(g, 1, 'ArrowLeft', { x: 0, y: 0 })).toBeUndefined();
    expect(keyboardStep(null, 1, 'ArrowDown', { x: 0, y: 0 })).toBeUndefined();
  });
});
