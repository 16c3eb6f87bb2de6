/**
 * A user's credits (spec §3 Credit: amount, currency, reason; §5 "Currency and reason
 * required to add credits"; §7 Accounts "credits POST, POST bulk, GET"). Adding credits
 * moves money: both POSTs take an `Idempotency-Key` header (server/api/idempotency.ts).
 */
import { z } from 'zod';
import { CREDIT_ITEMS, CREDIT_MESSAGES } from '../../records/support-items';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { CsvStream } from './coupons';
import { INT4_MAX } from '../query-values';

/** §5: currency and reason are required to add credits (field messages ours; the spec gives none). */
/** Most users one bulk credit names (a CSV upload of 100,000 rows fits). */
export const BULK_CREDIT_MAX_USERS = 100_000;

/** The credit's fields as the declaration has them (shared/records CREDIT_ITEMS): amount, currency, reason. */
const CreditFields = {
  amount: CREDIT_ITEMS.fields.amount.schema,
  currency: CREDIT_ITEMS.fields.currency.schema,
  reason_id: CREDIT_ITEMS.fields.reason_id.schema,
};
export const CreditBody = CREDIT_ITEMS.body;
export type CreditBody = z.infer<typeof CreditBody>;
export const BulkCreditBody = z.strictObject({
  ...CreditFields,
  user_ids: z
    .array(z.number().int().positive().max(INT4_MAX), { error: 'Send a list of user ids.' })
    .min(1, 'Send at least one user id.')
    .max(BULK_CREDIT_MAX_USERS, `Ensure this list has no more than ${BULK_CREDIT_MAX_USERS} users.`),
});

/** The credit of a CSV upload, as query parameters (the body is the CSV file). */
export const BulkCreditUploadQuery = z.strictObject({
  amount: z.coerce.number({ error: CREDIT_MESSAGES.amount }).pipe(CreditFields.amount),
  currency: CreditFields.currency,
  reason_id: z.coerce.number({ error: CREDIT_MESSAGES.reason }).pipe(CreditFields.reason_id),
});
export type BulkCreditUploadQuery = z.input<typeof BulkCreditUploadQuery>;

export const Credit = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  reason: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type Credit = z.infer<typeof Credit>;
export const BulkCreditResult = z.object({ count: z.number().int(), amount: z.string(), currency: z.string() });

const userParams = z.object({ id: IdParam });
export const creditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v4/accounts/users/:id/credits/',
    params: userParams,
    response: listEnvelope(Credit),
    doc: "A user's credits, newest first.",
  }),
  add: endpoint({
    method: 'POST',
    path: '/v4/accounts/users/:id/credits/',
    params: userParams,
    body: CreditBody,
    response: Credit,
    doc: 'Adds a credit to a user (Idempotency-Key required).',
  }),
  bulk: endpoint({
    method: 'POST',
    path: '/v4/accounts/credits/bulk/',
    body: BulkCreditBody,
    response: BulkCreditResult,
    doc: 'Adds the same credit to many users, all or nothing (Idempotency-Key required).',
  }),
  bulkUpload: endpoint({
    method: 'POST',
    path: '/v4/accounts/credits/bulk/upload/',
    query: BulkCreditUploadQuery,
    body: CsvStream,
    response: BulkCreditResult,
    doc: 'Adds the same credit (amount, currency, reason_id as query parameters) to the users of a CSV file (text/csv body, streamed; a column headed person_id or user_id), all or nothing (Idempotency-Key required). 400 {file} when the file does not parse or has no such column; 400 {file, unknown_rows: [{line, value}]} when rows name no user.',
  }),
} as const;
