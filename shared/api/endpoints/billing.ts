/**
 * Billing records for finance (spec §7 Others "billing/"; the spec names the call only):
 * the money each order moved on the active brand, one row per transaction (the order's
 * charge, each refund), newest first, with the totals of the filtered rows by kind and
 * currency. Rows name the order and the customer by id only: finance does not read users
 * or orders (§6), admin opens them from the ids. The signed-in user's own billing is
 * GET/PATCH /v4/my/billing/ (me.ts); a customer's billing switch …/users/{id}/billing/ (users.ts).
 */
import { z } from 'zod';
import { CURRENCY_CODES } from '../../records/values';
import { calendarDate } from '../dates';
import { endpoint } from '../endpoint';
import { listEnvelope } from '../envelope';
import { idListValue } from '../query-values';
import { ListQuery } from './lists';

/** The kinds of transaction an order has: its charge when placed, a refund per refund (orders.ts). */
export const BILLING_KINDS = ['charge', 'refund'] as const;

/** The §5 date-range words, used word for word. */
export const BILLING_RANGE_MSG = { from: 'Start Date must be before End Date', to: 'End Date must be after Start Date' } as const;

export const BillingRecord = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  user_id: z.number().int(),
  brand: z.string(),
  store: z.string(),
  kind: z.string(),
  /** Signed: a refund is negative. */
  amount: z.string(),
  currency: z.string(),
  created_at: z.string(),
});
export type BillingRecord = z.infer<typeof BillingRecord>;

/** The sum and number of the filtered rows of one kind and currency. */
export const BillingTotal = z.object({ kind: z.string(), currency: z.string(), amount: z.string(), count: z.number().int() });
export type BillingTotal = z.infer<typeof BillingTotal>;

export const BillingQuery = z
  .strictObject({
    page: ListQuery.shape.page,
    per_page: ListQuery.shape.per_page,
    kind: z.enum(BILLING_KINDS, { error: `Choose one of: ${BILLING_KINDS.join(', ')}.` }).optional(),
    currency: z.enum(CURRENCY_CODES, { error: 'Select a valid currency.' }).optional(),
    /** First and last day (YYYY-MM-DD, both included, UTC). */
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    order_id: idListValue.optional(),
    user_id: idListValue.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: BILLING_RANGE_MSG.from });
      ctx.addIssue({ code: 'custom', path: ['to'], message: BILLING_RANGE_MSG.to });
    }
  });

export const BillingList = listEnvelope(BillingRecord).extend({ totals: z.array(BillingTotal) });
export type BillingList = z.infer<typeof BillingList>;

export const billingEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v4/billing/',
    query: BillingQuery,
    response: BillingList,
    doc: 'The billing records (order charges and refunds) of the active brand, newest first, with totals by kind and currency; filters kind, currency, from/to (YYYY-MM-DD), order_id and user_id (comma-separated ids).',
  }),
};
