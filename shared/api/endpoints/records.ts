/**
 * The write endpoints of every record type (shared/records), typed per type: PATCH by
 * id and the bulk PUT carry the type's own body schema, so the server validates before
 * its handler and the console's calls are typed; GET …/{id}/history/ for every record
 * type; POST create, the bulk edit with preview and the release's tracks for tracks and
 * releases (spec §7 Tracks, Releases).
 */
import { z } from 'zod';
import { BULK_EDIT_MAX } from '../../constants';
import { RECORD_MSG } from '../../records/checks';
import { RECORDS, type RecordKey } from '../../records/registry';
import type { Fields, PatchSchema, RecordDecl, RecordSpec } from '../../records/define';
import { id as idValue } from '../../records/values';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { BULK_MAX, ListQuery, ObjectRow } from './lists';

const params = z.object({ id: IdParam });
const version = z.number({ error: 'Enter the version you edited.' }).int().min(0).max(2_147_483_647);

const BULK_MESSAGE = `Send a list of 1 to ${BULK_MAX} objects with id and version.`;

/** PUT body of a type: the changed fields of each object with its id and version (all or nothing). */
export function bulkPutBody<Sh extends z.core.$ZodShape>(patch: z.ZodObject<Sh, z.core.$strict>) {
  return z
    .array(patch.extend({ id: idValue, version }), { error: BULK_MESSAGE })
    .min(1, BULK_MESSAGE)
    .max(BULK_MAX, BULK_MESSAGE);
}

/** The bulk PUT body of a type whose PATCH body is P. */
type BulkPutOf<P> = P extends z.ZodObject<infer Sh, z.core.$strict> ? ReturnType<typeof bulkPutBody<Sh>> : never;

/** One field's change in a history row or a bulk report. */
export const FieldChange = z.object({ old: z.unknown(), new: z.unknown() });
export type FieldChange = z.infer<typeof FieldChange>;
export const Changes = z.record(z.string(), FieldChange);
export type Changes = z.infer<typeof Changes>;

/**
 * One audit row (newest first): who (author, null for a job or a deleted user), when,
 * what kind of write (create, update, delete, bulk, job…), each changed field's old
 * and new value, and the names of the records its reference fields name by id.
 */
export const HistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  changes: Changes,
  created_at: z.string(),
  author: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  /** The names of the records its reference fields name by id, by field then id (a record since deleted is left out). */
  references: z.record(z.string(), z.record(z.string(), z.string())).default({}),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** Paging of a history list (no filters). */
export const HistoryQuery = z.strictObject({ page: ListQuery.shape.page, per_page: ListQuery.shape.per_page });

const PutAnswer = z.object({ count: z.number().int(), results: z.array(ObjectRow) });

function declare<const D extends RecordSpec & { patch: z.ZodObject }>(d: D) {
  const base = `/v4/${d.type.category}/${d.type.path}/`;
  const what = d.type.label;
  return {
    patch: endpoint({
      method: 'PATCH',
      path: `${base}:id/`,
      params,
      body: d.patch as D['patch'],
      response: ObjectRow,
      doc: `Changes fields of one of ${what} (If-Match required); answers the object with its new ETag.`,
    }),
    bulk: endpoint({
      method: 'PUT',
      path: base,
      body: bulkPutBody(d.patch as z.ZodObject<z.core.$ZodShape, z.core.$strict>) as unknown as BulkPutOf<D['patch']>,
      response: PutAnswer,
      doc: `Changes many of ${what} at once, all or nothing.`,
    }),
    history: endpoint({
      method: 'GET',
      path: `${base}:id/history/`,
      params,
      query: HistoryQuery,
      response: listEnvelope(HistoryEntry),
      doc: `The audit rows of one of ${what}, newest first.`,
    }),
  };
}

type Declared<K extends RecordKey> = ReturnType<typeof declare<(typeof RECORDS)[K]>>;

/** Record types with no editable field (hype purchases): they have no write routes, so none is declared. */
type ReadOnlyKey = { [K in RecordKey]: keyof (typeof RECORDS)[K]['fields'] extends never ? K : never }[RecordKey];

/**
 * The write and history endpoints of every record type, by its key (typed per key); a
 * read-only type's history only (tests/server/fuzz.test.ts checks every declared endpoint
 * is a registered route).
 */
export const RECORD_ENDPOINTS = Object.fromEntries(
  Object.entries(RECORDS).map(([k, d]) => {
    const all = declare(d as RecordDecl);
    return [k, (d as RecordDecl).editable.length ? all : { history: all.history }];
  }),
) as unknown as { readonly [K in RecordKey]: K extends ReadOnlyKey ? Pick<Declared<K>, 'history'> : Declared<K> };

/** The endpoints of one record type; throws on a type that is not a record. */
export function recordEndpoints(type: string): Declared<RecordKey> {
  if (!Object.hasOwn(RECORD_ENDPOINTS, type)) throw new Error(`Not a record type: ${type}`);
  // A read-only type's write endpoints are undefined: its callers check `editable` first.
  return RECORD_ENDPOINTS[type as RecordKey] as Declared<RecordKey>;
}

// Bulk edit with preview (PATCH /tracks/bulk/, PATCH /releases/{id}/tracks/bulk/) --------

/** A row of a bulk edit: the record and the version the user saw. */
export const BulkRow = z.strictObject({ id: idValue, version });
export type BulkRow = z.infer<typeof BulkRow>;

const ROWS_MESSAGE = `Send 1 to ${BULK_EDIT_MAX} rows with id and version.`;
const rows = z
  .array(BulkRow, { error: ROWS_MESSAGE })
  .min(1, ROWS_MESSAGE)
  .max(BULK_EDIT_MAX, ROWS_MESSAGE)
  .refine((r) => new Set(r.map((x) => x.id)).size === r.length, 'Each row may appear only once.');

/** The track fields a bulk edit sets (the same value on every row); lists of artists are edited per track. */
const trackBulkChanges = (RECORDS.tracks.patch as PatchSchema<Fields>).omit({ artists: true, remixers: true }) as unknown as z.ZodObject<
  Omit<(typeof RECORDS.tracks.patch)['shape'], 'artists' | 'remixers'>,
  z.core.$strict
>;
export const TrackBulkChanges = trackBulkChanges;
const CHANGES_MESSAGE = 'Choose at least one field to change.';

/**
 * PATCH /v4/catalog/tracks/bulk/: set `changes` on every row. `preview: true` writes
 * nothing and answers each row's before → after and why a row would be refused;
 * `preview: false` applies all or nothing (409 with the same report when any row is refused).
 */
export const TrackBulkEdit = z.strictObject({
  rows,
  changes: trackBulkChanges.refine((c) => Object.keys(c).length > 0, CHANGES_MESSAGE),
  preview: z.boolean({ error: 'Must be true or false.' }),
});
export type TrackBulkEdit = z.infer<typeof TrackBulkEdit>;

/** A track's new 1-based position (shared/records/order.ts makes the full order). */
export const TrackPositionItem = z.strictObject({ id: idValue, position: z.number().int().min(1).max(BULK_EDIT_MAX) });

const POSITIONS_MESSAGE = RECORD_MSG.positions;
/**
 * PATCH /v4/catalog/releases/{id}/tracks/bulk/: the tracks bulk edit limited to the
 * release's tracks, and/or the release's new track order (`positions`: every track of
 * the release once, positions 1..N), saved in one request.
 */
export const ReleaseTracksBulkEdit = z
  .strictObject({
    rows: z
      .array(BulkRow, { error: ROWS_MESSAGE })
      .max(BULK_EDIT_MAX, ROWS_MESSAGE)
      .refine((r) => new Set(r.map((x) => x.id)).size === r.length, 'Each row may appear only once.'),
    changes: trackBulkChanges.optional(),
    positions: z
      .array(TrackPositionItem, { error: POSITIONS_MESSAGE })
      .min(1, POSITIONS_MESSAGE)
      .max(BULK_EDIT_MAX, POSITIONS_MESSAGE)
      .optional(),
    preview: z.boolean({ error: 'Must be true or false.' }),
  })
  .refine((b) => (b.changes && Object.keys(b.changes).length > 0) || b.positions, { message: CHANGES_MESSAGE, path: ['changes'] })
  .refine((b) => !b.changes || Object.keys(b.changes).length === 0 || b.rows.length > 0, { message: ROWS_MESSAGE, path: ['rows'] });
export type ReleaseTracksBulkEdit = z.infer<typeof ReleaseTracksBulkEdit>;

/** Why a row of a bulk edit would be refused. */
export const BULK_REFUSALS = ['validation', 'access', 'not_visible', 'stale'] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];

export const BulkRowReport = z.object({
  id: z.number().int(),
  /** The row's version now (after an apply: its new version); null when not visible. */
  version: z.number().int().nullable(),
  /** Each field that changes: before → after (empty when nothing would change). */
  changes: Changes,
  refused: z.object({ reason: z.enum(BULK_REFUSALS), errors: z.record(z.string(), z.array(z.string())) }).nullable(),
});
export type BulkRowReport = z.infer<typeof BulkRowReport>;

export const BulkEditReport = z.object({
  preview: z.boolean(),
  /** True when the changes were written (apply with no refused row). */
  applied: z.boolean(),
  /** Rows that change. */
  changed: z.number().int(),
  /** Rows that would be refused. */
  refused: z.number().int(),
  rows: z.array(BulkRowReport),
});
export type BulkEditReport = z.infer<typeof BulkEditReport>;

/** A track of a release's Tracks tab: as the track list shows it, with its position. */
export const ReleaseTrack = ObjectRow.extend({ position: z.number().int(), title: z.string() });

export const trackEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v4/catalog/tracks/',
    body: RECORDS.tracks.createSchema,
    response: ObjectRow,
    doc: 'Creates a track on a release (label and supplier follow from the release; position = last + 1); 201 with the track and its ETag.',
  }),
  bulkEdit: endpoint({
    method: 'PATCH',
    path: '/v4/catalog/tracks/bulk/',
    body: TrackBulkEdit,
    response: BulkEditReport,
    doc: 'Sets the same fields on many tracks: preview (before → after, refusals) or apply all or nothing.',
  }),
};

export const releaseEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v4/catalog/releases/',
    body: RECORDS.releases.createSchema,
    response: ObjectRow,
    doc: 'Creates a release on a label (its supplier follows from the label); 201 with the release and its ETag.',
  }),
  tracks: endpoint({
    method: 'GET',
    path: '/v4/catalog/releases/:id/tracks/',
    params,
    response: listEnvelope(ReleaseTrack),
    doc: 'Every track of a release in position order (the Tracks tab).',
  }),
  tracksBulk: endpoint({
    method: 'PATCH',
    path: '/v4/catalog/releases/:id/tracks/bulk/',
    params,
    body: ReleaseTracksBulkEdit,
    response: BulkEditReport,
    doc: "The bulk edit of a release's tracks and/or their new order, in one request (preview or apply).",
  }),
};
