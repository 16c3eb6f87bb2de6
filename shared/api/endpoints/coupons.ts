/**
 * Coupons (spec §3, §7 Content ops "coupons"): creating one (GET list/by id, PATCH and PUT
 * are the generic record routes of ./lists.ts and ./records.ts), and uploading a CSV of
 * the users it is for (a column headed person_id or user_id; rows naming no user are
 * reported by line and nothing is applied).
 */
import { z } from 'zod';
import { RECORDS } from '../../records/registry';
import { endpoint, IdParam } from '../endpoint';
import { ObjectRow } from './lists';

/** A CSV upload's body: the file's bytes as a stream (Content-Type text/csv), never read whole. */
export const CsvStream = z.custom<AsyncIterable<Uint8Array>>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { pipe?: unknown }).pipe === 'function',
  { error: 'Send the CSV file as the body, with Content-Type text/csv.' },
);
/** The most bytes a CSV upload takes (100,000 rows of a few columns fit many times over); more is a 413. */
export const CSV_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
/** Unknown-user rows an upload's 400 lists (its message says how many there were). */
export const CSV_UNKNOWN_SHOWN = 100;
/** The column headings that name the user (spec §3), matched without case. */
export const CSV_USER_COLUMNS = ['person_id', 'user_id'] as const;

/** A row of an upload that names no user: its line in the file and what it held. */
export const CsvUnknownRow = z.object({ line: z.number().int(), value: z.string() });
export type CsvUnknownRow = z.infer<typeof CsvUnknownRow>;

export const CouponUsersUpload = z.object({
  /** Data rows read (the heading aside, blank lines skipped). */
  rows: z.number().int(),
  /** User ids the coupon did not have yet. */
  added: z.number().int(),
  /** How many user ids the coupon has after the upload. */
  total: z.number().int(),
});
export type CouponUsersUpload = z.infer<typeof CouponUsersUpload>;

export const couponEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v4/content-ops/coupons/',
    body: RECORDS.coupons.createSchema,
    response: ObjectRow,
    doc: 'Creates a coupon on the active brand (code, discount type required; minimum order per currency; user ids, global when empty); 201 with the coupon and its ETag.',
  }),
  uploadUsers: endpoint({
    method: 'POST',
    path: '/v4/content-ops/coupons/:id/users/upload/',
    params: z.object({ id: IdParam }),
    body: CsvStream,
    response: CouponUsersUpload,
    doc: 'Adds the users of a CSV file (text/csv body, streamed; a column headed person_id or user_id) to a coupon. 400 {file} when the file does not parse or has no such column; 400 {file, unknown_rows: [{line, value}]} when rows name no user (nothing applied).',
  }),
};
