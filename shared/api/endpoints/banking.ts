/** A supplier's banking details (spec §3 Banking, §9 lengths). */
import { z } from 'zod';
import { endpoint, IdParam } from '../endpoint';
import { MAX_LEN, limited } from '../limits';

export const BANKING_FIELDS = [
  'bank_name',
  'name_on_account',
  'routing_number',
  'account_number',
  'sort_code',
  'swift',
  'iban',
  'paypal_email',
  'tax_id',
] as const;

export const Banking = z.object({
  supplier_id: z.number().int(),
  version: z.number().int(),
  ...(Object.fromEntries(BANKING_FIELDS.map((f) => [f, z.string().nullable()])) as Record<
    (typeof BANKING_FIELDS)[number],
    z.ZodNullable<z.ZodString>
  >),
});
export type Banking = z.infer<typeof Banking>;

/**
 * A supplier's banking details (spec §3 Banking; §9 lengths: bank fields 45, account
 * number 255, SWIFT and IBAN 100, PayPal 255). Empty means not given (null).
 */
const emptyIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullable());
const bankField = (max: number) => emptyIsNull(limited(max));

export const bankingPatch = z
  .strictObject({
    bank_name: bankField(MAX_LEN.bankField),
    name_on_account: bankField(MAX_LEN.bankField),
    routing_number: bankField(MAX_LEN.bankField),
    account_number: bankField(MAX_LEN.bankAccountNumber),
    sort_code: bankField(MAX_LEN.bankField),
    swift: bankField(MAX_LEN.swift),
    iban: bankField(MAX_LEN.iban),
    paypal_email: emptyIsNull(limited(MAX_LEN.paypalEmail).pipe(z.email('Enter a valid email address.'))),
    tax_id: bankField(MAX_LEN.bankField),
  })
  .partial();

const params = z.object({ id: IdParam });

export const bankingEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v4/catalog/suppliers/:id/banking/',
    params,
    response: Banking,
    doc: "A supplier's banking details with their ETag (every field empty at version 0 when none were given).",
  }),
  patch: endpoint({
    method: 'PATCH',
    path: '/v4/catalog/suppliers/:id/banking/',
    params,
    body: bankingPatch,
    response: Banking,
    doc: 'Changes the given banking fields (If-Match required).',
  }),
};
