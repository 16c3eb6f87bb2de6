/**
 * Hype (spec §2 /hype, §3, §7 Content ops "hype-offers", Others "hype-subscriptions/"):
 * creating a hype offer (GET list/by id, PATCH and PUT are the generic record routes of
 * ./lists.ts and ./records.ts), and the hype subscriptions. Everything hype is one rule,
 * HYPE_RULE (dance-music brand only), in /hype and in /support alike.
 */
import { z } from 'zod';
import { RECORDS } from '../../records/registry';
import { endpoint } from '../endpoint';
import { listEnvelope } from '../envelope';
import { idListValue } from '../query-values';
import { ListQuery, ObjectRow } from './lists';

const Ref = z.object({ id: z.number().int(), name: z.string() });

/**
 * A user's hype subscription to a label: the latest hype purchase of that user for that
 * label that is not voided, with its offer's dates; `active` while today is within them
 * and the offer is enabled.
 */
export const HypeSubscription = z.object({
  user: Ref,
  label: Ref,
  offer: Ref.nullable(),
  purchase_id: z.number().int(),
  purchased_at: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  active: z.boolean(),
});
export type HypeSubscription = z.infer<typeof HypeSubscription>;

export const HypeSubscriptionsQuery = z.strictObject({
  page: ListQuery.shape.page,
  per_page: ListQuery.shape.per_page,
  user_id: idListValue.optional(),
  label_id: idListValue.optional(),
});

export const hypeEndpoints = {
  createOffer: endpoint({
    method: 'POST',
    path: '/v4/content-ops/hype-offers/',
    body: RECORDS.hype_offers.createSchema,
    response: ObjectRow,
    doc: 'Creates a hype offer on the active brand (label, name, price, hype start and end required; start not after end); 201 with the offer and its ETag.',
  }),
  subscriptions: endpoint({
    method: 'GET',
    path: '/v4/hype-subscriptions/',
    query: HypeSubscriptionsQuery,
    response: listEnvelope(HypeSubscription),
    doc: 'Hype subscriptions of the active brand, one per user and label (its latest purchase not voided), newest first; filters user_id and label_id (comma-separated ids).',
  }),
};
