/** The cropper's area becomes a whole-pixel rectangle inside the image (the API refuses one past its edges). */
import { describe, expect, it } from 'vitest';
import { rectOf } from '../../renderer/features/curation/crop-rect';

describe('rectOf', () => {
  const image = { width: 1600, height: 1000 };
  it('rounds to whole pixels', () => {
    expect(rectOf({ x: 10.4, y: 20.6, width: 620.5, height: 321.2 }, image)).toEqual({ x: 10, y: 20, width: 621, height: 321 });
  });
  it('keeps a rectangle that rounds past the right or bottom edge inside the image', () => {
    expect(rectOf({ x: 979.6, y: 678.7, width: 620.6, height: 321.4 }, image)).toEqual({ x: 979, y: 678, width: 621, height: 321 });
    expect(rectOf({ x: 1000.2, y: 700.3, width: 600.4, height: 300.5 }, image)).toEqual({ x: 1000, y: 700, width: 600, height: 300 });
    expect(rectOf({ x: -0.4, y: -1, width: 1600.7, height: 1000.6 }, image)).toEqual({ x: 0, y: 0, width: 1600, height: 1000 });
  });
});
