/**
 * The generic image upload (spec §7 Others "POST media/images"; the spec names the call
 * only): a JPEG or PNG not tied to a record (a page-module item's picture, a page banner
 * before its module exists), kept as it came. POST /v4/media/images/ takes the bytes as its
 * body (Content-Type image/jpeg or image/png, at most COVER_ART_MAX_BYTES and
 * COVER_ART_MAX_SIDE a side, as the five record image routes) and answers 201 with its
 * id and the `url` that serves it (GET /v4/media/images/{id}/). No least size or squareness:
 * those are rules of a record's image (§5 cover art, label image), not of a file.
 */
import { z } from 'zod';
import { COVER_ART_MAX_SIDE } from '../../constants';
import { endpoint, IdParam } from '../endpoint';
import { Bytes } from './media';

export const MEDIA_IMAGE_MSG = {
  empty: 'The image is empty: send the image bytes as the body, with Content-Type image/jpeg or image/png.',
  format: 'The image must be a JPEG or PNG image.',
  tooLarge: `The image must be at most ${COVER_ART_MAX_SIDE}x${COVER_ART_MAX_SIDE}.`,
} as const;

export const MediaImage = z.object({
  id: z.number().int(),
  url: z.string(),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type MediaImage = z.infer<typeof MediaImage>;

export const mediaImageEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/v4/media/images/',
    body: Bytes,
    response: MediaImage,
    doc: 'Stores a JPEG or PNG as it came (at most COVER_ART_MAX_BYTES, COVER_ART_MAX_SIDE a side); 201 with its id, size and url. An empty, unreadable or other image is a 400 naming `image`.',
  }),
  image: endpoint({
    method: 'GET',
    path: '/v4/media/images/:id/',
    params: z.object({ id: IdParam }),
    response: Bytes,
    doc: "An uploaded image's bytes, streamed (404 for none).",
  }),
};
