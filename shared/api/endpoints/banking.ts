/** A supplier's banking details (spec §3 Banking, §9 lengths). */
import { z } from 'zod';
import { endpoint, IdParam } from '../endpoint';
import { bankingPatch } from '../resources';

export const BANKING_FIELDS = ['bank_name', 'name_on_account', 'routing_number', 'account_number', 'sort_code', 'swift', 'iban', 'paypal_email', 'tax_id'] as const;

export const Banking = z.object({
  supplier_id: z.number().int(),
  version: z.number().int(),
  ...Object.fromEntries(BANKING_FIELDS.map((f) => [f, z.string().nullable()])) as Record<(typeof BANKING_FIELDS)[number], z.ZodNullable<z.ZodString>>,
});
export type Banking = z.infer<typeof Banking>;

const params = z.object({ id: IdParam });

export const bankingEndpoints = {
  get: endpoint({
    method: 'GET', path: '/v4/catalog/suppliers/:id/banking/', params, response: Banking,
    doc: 'A supplier\'s banking details with their ETag (every field empty at version 0 when none were given).',
  }),
  patch: endpoint({
    method: 'PATCH', path: '/v4/catalog/suppliers/:id/banking/', params, body: bankingPatch, response: Banking,
    doc: 'Changes the given banking fields (If-Match required).',
  }),
};
