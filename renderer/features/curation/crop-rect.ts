/** The crop the API is asked for, from react-easy-crop's area in the image's pixels. */
import type { Area } from 'react-easy-crop';
import type { CropRect } from '../../../shared/api/endpoints';

/** The whole-pixel rectangle the API takes, from the cropper's area, kept inside the image (the cropper's fractions can round past its edge). */
export function rectOf(a: Area, image: { width: number; height: number }): CropRect {
  const x = Math.min(Math.max(0, Math.floor(a.x)), image.width - 1);
  const y = Math.min(Math.max(0, Math.floor(a.y)), image.height - 1);
  return {
    x,
    y,
    width: Math.max(1, Math.min(Math.round(a.width), image.width - x)),
    height: Math.max(1, Math.min(Math.round(a.height), image.height - y)),
  };
}
