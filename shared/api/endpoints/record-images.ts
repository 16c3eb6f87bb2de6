/**
 * The image of a label (spec §3 "image 500x500", §7 Labels "images POST"), of a chart
 * (§3 "image", §7 Charts "POST images") and an artist's profile image (§7 Artists
 * "images POST"; its routes are declared in artists.ts beside pull-image, and answer the
 * same way): POST …/{id}/images/ takes JPEG or PNG bytes as
 * its body, GET …/{id}/image/ serves the stored JPEG. A label's image follows the §5
 * image rule (at least 500x500 and square) and is stored at 500x500; a chart's is
 * centre-cropped to a square of CHART_IMAGE_SIDE (no rule is named for it), an artist's to
 * one of ARTIST_IMAGE_SIDE. The record's
 * `image_url` then names the GET.
 */
import { z } from 'zod';
import { ARTIST_IMAGE_SIDE, CHART_IMAGE_SIDE, COVER_ART_MAX_SIDE, COVER_ART_MIN, LABEL_IMAGE_SIDE } from '../../constants';
import { endpoint, IdParam } from '../endpoint';
import { ObjectRow } from './lists';

const params = z.object({ id: IdParam });
/** Raw bytes of an uploaded image. */
const Bytes = z.instanceof(Uint8Array, { error: 'Send the image bytes as the body, with Content-Type image/jpeg or image/png.' });

export type ImageRecordType = 'labels' | 'charts' | 'artists';

/** How each type's upload is checked and stored. */
export const RECORD_IMAGE_RULES: Record<ImageRecordType, { noun: string; side: number; squareMin: number | null }> = {
  labels: { noun: 'label image', side: LABEL_IMAGE_SIDE, squareMin: COVER_ART_MIN },
  charts: { noun: 'chart image', side: CHART_IMAGE_SIDE, squareMin: null },
  artists: { noun: 'profile image', side: ARTIST_IMAGE_SIDE, squareMin: null },
};

/** The texts of an upload's refusal (400 naming `image`). */
export const recordImageMsg = (type: ImageRecordType) => {
  const noun = RECORD_IMAGE_RULES[type].noun;
  const Noun = noun[0].toUpperCase() + noun.slice(1);
  return {
    format: `The ${noun} must be a JPEG or PNG image.`,
    tooLarge: `The ${noun} must be at most ${COVER_ART_MAX_SIDE}x${COVER_ART_MAX_SIDE}.`,
    tooSmall: `${Noun} must be at least ${COVER_ART_MIN}x${COVER_ART_MIN}`,
    notSquare: `${Noun} must be square`,
  };
};

function imageEndpoints<const T extends Exclude<ImageRecordType, 'artists'>>(type: T) {
  const base = `/v4/catalog/${type}/:id/` as const;
  const { noun, side, squareMin } = RECORD_IMAGE_RULES[type];
  return {
    uploadImage: endpoint({
      method: 'POST',
      path: `${base}images/`,
      params,
      body: Bytes,
      response: ObjectRow,
      doc: `Sets the ${noun} from JPEG or PNG bytes (${squareMin ? `at least ${squareMin}x${squareMin} and square, ` : 'centre-cropped, '}stored as a ${side}x${side} JPEG); 201 with the record and its ETag.`,
    }),
    image: endpoint({
      method: 'GET',
      path: `${base}image/`,
      params,
      response: Bytes,
      doc: `The stored ${noun} (JPEG), streamed; 404 when none was uploaded.`,
    }),
  };
}

export const labelImageEndpoints = imageEndpoints('labels');
export const chartImageEndpoints = imageEndpoints('charts');
