/**
 * Deliveries (spec §7): the delivery inspector (GET list with cursor and brand, GET one
 * with its status timeline and files, POST reingest with override_genre, a file of the
 * delivery — the "cloud storage link"), the content-ops calls of the legacy
 * /old-deliveries screen (POST resubmit of a selection, GET/PUT the delivery's XML,
 * validated against ERN 4.3 before it is saved) and the genre XSD for automated
 * ingestion. server/api/routes/deliveries.ts serves them; server/ingest/ingest.ts says
 * what an ingestion does.
 */
import { z } from 'zod';
import { DELIVERY_SELECTION_LIMIT } from '../../constants';
import { endpoint, IdParam } from '../endpoint';
import { choiceOf } from '../references';
import { INT4_MAX } from '../query-values';

/** Refusals of the re-ingest calls (409 detail). */
export const DELIVERY_MSG = {
  alreadyIngested: 'This delivery has already been ingested.',
  reingesting: 'This delivery is being re-ingested.',
  noFiles: 'This delivery has no files kept to re-ingest from.',
  tooMany: `Select at most ${DELIVERY_SELECTION_LIMIT} deliveries at once.`,
  xmlInvalid: 'The XML file did not validate against ERN 4.3',
} as const;

/** Deliveries of the inspector's page, most recent first. */
export const DELIVERY_PAGE_SIZE = 25;

const genreId = choiceOf('genres');

export const Delivery = z.object({
  id: z.number().int(),
  release_id: z.number().int().nullable(),
  title: z.string(),
  artist: z.string(),
  label_name: z.string(),
  supplier: z.object({ id: z.number().int(), name: z.string() }),
  genre: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  release_status: z.string(),
  status_message: z.string().nullable(),
  album_action: z.string(),
  ingested: z.boolean(),
  delivered_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Delivery = z.infer<typeof Delivery>;

export const DeliveryEvent = z.object({
  release_status: z.string(),
  status_message: z.string().nullable(),
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type DeliveryEvent = z.infer<typeof DeliveryEvent>;

export const DeliveryDetail = Delivery.extend({
  events: z.array(DeliveryEvent),
  /** The delivery's files as it came, each readable at the file call (`path` relative to its release folder). */
  files: z.array(z.object({ path: z.string(), size: z.number().int() })),
  xml_file_path: z.string().nullable(),
  /** The genre and label names the delivery's XML gives (what a supplier's mappings match), when its XML is kept. */
  source_genre: z.string().nullable(),
  source_label: z.string(),
  /** Whether re-ingest is allowed now (§4: not when already ingested or currently re-ingesting; the files must be kept). */
  can_reingest: z.boolean(),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetail>;

/** An opaque position in the list: the last row's delivered_at and id. */
const Cursor = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid cursor.');
export const DeliveryListQuery = z.strictObject({
  /** dance or dj: must be the caller's active brand (deliveries feed the catalogue both brands sell). */
  brand: z.enum(['dance', 'dj'], { error: 'Select a valid choice.' }).optional(),
  cursor: Cursor.optional(),
});
export const DeliveryPage = z.object({ results: z.array(Delivery), next_cursor: z.string().nullable() });
export type DeliveryPage = z.infer<typeof DeliveryPage>;

export const ReingestBody = z.strictObject({ override_genre: genreId.nullable().optional() });
export const ResubmitBody = z.strictObject({
  ids: z
    .array(z.number({ error: 'A valid integer is required.' }).int().positive().max(INT4_MAX), { error: 'This field is required.' })
    .min(1, 'This list may not be empty.')
    .max(DELIVERY_SELECTION_LIMIT, DELIVERY_MSG.tooMany),
  override_genre: genreId.nullable().optional(),
});
/** Each delivery of a resubmit: re-ingested (its status now) or refused (why). */
export const ResubmitResult = z.object({
  results: z.array(
    z.object({ id: z.number().int(), ok: z.boolean(), release_status: z.string().nullable(), detail: z.string().nullable() }),
  ),
});
export type ResubmitResult = z.infer<typeof ResubmitResult>;

/** The XML of a delivery (ERN 4.3; a replacement is validated before it is saved). */
export const DeliveryXml = z.strictObject({
  xml: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(20_000_000),
});

const INSPECTOR = '/v4/delivery-inspector/deliveries/';
const CONTENT_OPS = '/v4/content-ops/deliveries/';
const params = z.object({ id: IdParam });

export const deliveryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: INSPECTOR,
    query: DeliveryListQuery,
    response: DeliveryPage,
    doc: `Deliveries, most recent first, DELIVERY_PAGE_SIZE at a time; \`next_cursor\` gives the next page (null at the end). \`brand\` other than the caller's active brand is a 403.`,
  }),
  get: endpoint({
    method: 'GET',
    path: `${INSPECTOR}:id/`,
    params,
    response: DeliveryDetail,
    doc: 'One delivery with its status timeline and files.',
  }),
  file: endpoint({
    method: 'GET',
    path: `${INSPECTOR}:id/file/`,
    params,
    query: z.strictObject({ path: z.string().min(1).max(500) }),
    response: z.instanceof(Uint8Array),
    doc: 'One file of the delivery as it came (a path its `files` lists); 404 for any other.',
  }),
  reingest: endpoint({
    method: 'POST',
    path: `${INSPECTOR}:id/reingest/`,
    params,
    body: ReingestBody,
    response: DeliveryDetail,
    doc: 'Re-ingests the delivery from its kept files (optionally with another genre); its encode is queued. 409 when already ingested, currently re-ingesting or without files.',
  }),
  resubmit: endpoint({
    method: 'POST',
    path: `${CONTENT_OPS}resubmit/`,
    body: ResubmitBody,
    response: ResubmitResult,
    doc: 'Re-ingests each selected delivery (at most DELIVERY_SELECTION_LIMIT), as reingest does; each answers whether it was.',
  }),
  getXml: endpoint({ method: 'GET', path: `${CONTENT_OPS}:id/xml/`, params, response: DeliveryXml, doc: "The delivery's XML." }),
  putXml: endpoint({
    method: 'PUT',
    path: `${CONTENT_OPS}:id/xml/`,
    params,
    body: DeliveryXml,
    response: DeliveryXml,
    doc: "Replaces the delivery's XML after validating it against ERN 4.3 (a 400 naming `xml` with the schema's errors); re-ingest to apply it.",
  }),
  genreXsd: endpoint({
    method: 'GET',
    path: '/v4/xsd_files/automated_ingestion/genre/',
    response: z.string(),
    doc: "An XSD of the genre names automated ingestion accepts (the enabled genres), for suppliers' tools.",
  }),
};
