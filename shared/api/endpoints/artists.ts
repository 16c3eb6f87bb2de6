/**
 * The artist calls of spec §7 Artists beyond GET/PATCH by id (the record routes): POST
 * create, the profile image (POST images, and the stored image served back), the
 * Muzooka mappings (GET/POST/PATCH/DELETE), Muzooka sync (POST turns it on after reading
 * the artist's Muzooka profile, DELETE turns it off) and pull-image (the Muzooka
 * profile's image becomes the artist's). Muzooka is a third party the server calls at
 * MUZOOKA_URL (server/muzooka/); when it is not configured, down, slow or answers
 * badly, the call fails with MUZOOKA_MSG's texts (503/502/504), never hangs.
 */
import { z } from 'zod';
import { RECORDS } from '../../records/registry';
import { RECORD_MSG } from '../../records/checks';
import { MUZOOKA_MAPPING_ITEMS } from '../../records/catalog-items';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { ObjectRow } from './lists';
import { recordImageMsg } from './record-images';

/** Texts of the Muzooka calls (not spec quotes: the spec names the calls only). */
export const MUZOOKA_MSG = {
  notConfigured: 'Muzooka is not configured on this server (MUZOOKA_URL).',
  unreachable: 'Muzooka could not be reached. Please try again later.',
  timedOut: 'Muzooka did not answer in time. Please try again later.',
  badAnswer: 'Muzooka answered with an error. Please try again later.',
  noProfile: 'Muzooka has no profile with this ID.',
  noImage: 'This Muzooka profile has no image.',
  mappedTwice: 'This Muzooka profile is already mapped to the artist.',
  idRequired: RECORD_MSG.muzookaIdRequired,
} as const;

/** Texts of the profile-image upload (those of the other record images, for a "profile image"). */
const { format, tooLarge } = recordImageMsg('artists');
export const ARTIST_IMAGE_MSG = { format, tooLarge } as const;

/** A Muzooka profile id (the artist's `muzooka_id` and a mapping's). */

/** Another Muzooka profile mapped to the artist. */
export const MuzookaMapping = z.object({
  id: z.number().int(),
  muzooka_id: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type MuzookaMapping = z.infer<typeof MuzookaMapping>;

/** POST …/muzooka-mappings/ (shared/records MUZOOKA_MAPPING_ITEMS): the profile id, enabled or not (default enabled). */
export const MuzookaMappingBody = MUZOOKA_MAPPING_ITEMS.body;
/** PATCH …/muzooka-mappings/{mid}/: the profile id or whether it is enabled. */
export const MuzookaMappingPatch = MUZOOKA_MAPPING_ITEMS.patch;

/** Raw bytes of an uploaded image. */
const Bytes = z.instanceof(Uint8Array, { error: 'Send the image bytes as the body, with Content-Type image/jpeg or image/png.' });

const params = z.object({ id: IdParam });
const mappingParams = z.object({ id: IdParam, mid: IdParam });
const ARTIST = '/v4/catalog/artists/:id/';

export const artistEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v4/catalog/artists/',
    body: RECORDS.artists.createSchema,
    response: ObjectRow,
    doc: 'Creates an artist (name required; the §5 Muzooka rule holds); 201 with the artist and its ETag.',
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: `${ARTIST}images/`,
    params,
    body: Bytes,
    response: ObjectRow,
    doc: "Sets the artist's profile image from JPEG or PNG bytes (cropped to ARTIST_IMAGE_SIDE square, JPEG); 201 with the artist.",
  }),
  image: endpoint({
    method: 'GET',
    path: `${ARTIST}image/`,
    params,
    response: Bytes,
    doc: "The artist's stored profile image (JPEG), streamed; 404 when none was uploaded or pulled.",
  }),
  mappings: endpoint({
    method: 'GET',
    path: `${ARTIST}muzooka-mappings/`,
    params,
    response: listEnvelope(MuzookaMapping),
    doc: 'The other Muzooka profiles mapped to the artist.',
  }),
  addMapping: endpoint({
    method: 'POST',
    path: `${ARTIST}muzooka-mappings/`,
    params,
    body: MuzookaMappingBody,
    response: MuzookaMapping,
    doc: 'Maps a Muzooka profile to the artist (each profile once); 201.',
  }),
  patchMapping: endpoint({
    method: 'PATCH',
    path: `${ARTIST}muzooka-mappings/:mid/`,
    params: mappingParams,
    body: MuzookaMappingPatch,
    response: MuzookaMapping,
    doc: "Changes a mapping's profile id or whether it is enabled.",
  }),
  deleteMapping: endpoint({
    method: 'DELETE',
    path: `${ARTIST}muzooka-mappings/:mid/`,
    params: mappingParams,
    response: z.null(),
    doc: 'Removes a mapping; 204.',
  }),
  sync: endpoint({
    method: 'POST',
    path: `${ARTIST}sync/`,
    params,
    response: ObjectRow,
    doc: "Turns Muzooka sync on: needs the artist's Muzooka ID (§5), reads its profile from Muzooka (the bio follows it); answers the artist.",
  }),
  unsync: endpoint({
    method: 'DELETE',
    path: `${ARTIST}sync/`,
    params,
    response: ObjectRow,
    doc: 'Turns Muzooka sync off (the Muzooka ID may then change); answers the artist.',
  }),
  pullImage: endpoint({
    method: 'POST',
    path: `${ARTIST}pull-image/`,
    params,
    response: ObjectRow,
    doc: "Fetches the image of the artist's Muzooka profile and makes it the profile image; answers the artist.",
  }),
};
