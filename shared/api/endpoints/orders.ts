/**
 * An order's detail and the money-moving calls of support (spec §3 Order, §4, §7 Accounts):
 * the order's items, totals, taxes, refunds, IP address and transactions; refunding items
 * (once each, §4), dissociating and reassociating them, disabling and re-enabling their
 * downloads, and the items as CSV. The refund POSTs take an `Idempotency-Key` header
 * (shared/design/api-conventions.md; server/api/idempotency.ts).
 */
import { z } from 'zod';
import { endpoint, IdParam } from '../endpoint';
import { INT4_MAX } from '../query-values';

const Ref = z.object({ id: z.number().int(), name: z.string() });
const orderParams = z.object({ id: IdParam });
/** Most order items one request names. */
export const MAX_ORDER_ITEMS = 500;
const itemIds = z
  .array(z.number({ error: 'Send order item ids.' }).int().positive().max(INT4_MAX), { error: 'Send a list of order item ids.' })
  .min(1, 'Select at least one order item.')
  .max(MAX_ORDER_ITEMS, `Ensure this list has no more than ${MAX_ORDER_ITEMS} items.`)
  .refine((ids) => new Set(ids).size === ids.length, 'List each order item once.');

/** A refund of one order item (at most one per item, §4). */
export const Refund = z.object({ id: z.number().int(), order_item_id: z.number().int(), amount: z.string(), created_at: z.string() });
export type Refund = z.infer<typeof Refund>;

/** One item of an order: what was bought, its price, its download availability (§4) and its refund. */
export const OrderItem = z.object({
  id: z.number().int(),
  track: Ref.nullable(),
  release: Ref.nullable(),
  price: z.string(),
  availability: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  downloads_enabled: z.boolean(),
  refund: Refund.omit({ order_item_id: true }).nullable(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const Transaction = z.object({ id: z.number().int(), kind: z.string(), amount: z.string(), created_at: z.string() });
export type Transaction = z.infer<typeof Transaction>;

/** The order page (spec §3 Order): totals, taxes, refunds, IP address, transactions, items. */
export const OrderDetail = z.object({
  id: z.number().int(),
  user: Ref,
  brand: z.string(),
  store: z.string(),
  current_status: z.string(),
  voided: z.boolean(),
  purchaser_ip: z.string().nullable(),
  currency: z.string(),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  refunded: z.string(),
  created_at: z.string(),
  items: z.array(OrderItem),
  transactions: z.array(Transaction),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** POST …/orders/{id}/items/refund/: items of that order. */
export const RefundItemsBody = z.strictObject({ item_ids: itemIds });
/** POST …/refund-items/: order items of any orders the caller sees. */
export const RefundAnyItemsBody = RefundItemsBody;
export const RefundResult = z.object({ refunds: z.array(Refund), amount: z.string() });
export type RefundResult = z.infer<typeof RefundResult>;

/**
 * PATCH …/orders/{id}/downloads/: for the named items, dissociate (`availability: 2`) or
 * reassociate (`availability: 1`), and/or disable or re-enable their downloads.
 */
export const DownloadsBody = z
  .strictObject({
    item_ids: itemIds,
    availability: z.union([z.literal(1), z.literal(2)], { error: 'Choose 1 (available, reassociate) or 2 (dissociated).' }).optional(),
    downloads_enabled: z.boolean().optional(),
  })
  .refine((b) => b.availability !== undefined || b.downloads_enabled !== undefined, {
    message: 'Send availability and/or downloads_enabled.',
    path: ['non_field_errors'],
  });
export const DownloadsResult = z.object({ items: z.array(OrderItem) });

/** One format an order item was downloaded in: how many times, and the last time. */
export const ItemDownloadFormat = z.object({
  format: z.string(),
  times_downloaded: z.number().int().nonnegative(),
  last_downloaded_at: z.string().nullable(),
});
export type ItemDownloadFormat = z.infer<typeof ItemDownloadFormat>;

/**
 * An order item's downloads (GET …/orders/{id}/downloads/): its availability (§4: 0
 * unavailable, 1 available, 2 dissociated) with its label, whether downloads are enabled,
 * whether it was refunded, `downloadable` (available, enabled and not refunded: what the
 * customer's library offers now), and the downloads by format (§9 formats, no previews).
 */
export const OrderItemDownloads = z.object({
  id: z.number().int(),
  track: Ref.nullable(),
  release: Ref.nullable(),
  availability: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  availability_label: z.string(),
  downloads_enabled: z.boolean(),
  refunded: z.boolean(),
  downloadable: z.boolean(),
  times_downloaded: z.number().int().nonnegative(),
  last_downloaded_at: z.string().nullable(),
  formats: z.array(ItemDownloadFormat),
});
export type OrderItemDownloads = z.infer<typeof OrderItemDownloads>;
export const OrderDownloads = z.object({
  order_id: z.number().int(),
  times_downloaded: z.number().int().nonnegative(),
  items: z.array(OrderItemDownloads),
});
export type OrderDownloads = z.infer<typeof OrderDownloads>;

const base = '/v4/accounts/orders/:id/';
export const orderEndpoints = {
  detail: endpoint({
    method: 'GET',
    path: `${base}items/`,
    params: orderParams,
    response: OrderDetail,
    doc: 'One order with its items (download availability, refund), totals, taxes, refunds and transactions.',
  }),
  itemsCsv: endpoint({
    method: 'GET',
    path: `${base}items/download/`,
    params: orderParams,
    response: z.string(),
    doc: "The order's items as CSV.",
  }),
  refund: endpoint({
    method: 'POST',
    path: `${base}items/refund/`,
    params: orderParams,
    body: RefundItemsBody,
    response: RefundResult,
    doc: 'Refunds items of the order, each once (Idempotency-Key required).',
  }),
  refundItems: endpoint({
    method: 'POST',
    path: '/v4/accounts/refund-items/',
    body: RefundAnyItemsBody,
    response: RefundResult,
    doc: 'Refunds order items of any orders, each once (Idempotency-Key required).',
  }),
  downloadsList: endpoint({
    method: 'GET',
    path: `${base}downloads/`,
    params: orderParams,
    response: OrderDownloads,
    doc: "The order's downloads: per item its availability, downloads enabled, refunded, whether the customer can download it now, and the times downloaded by format.",
  }),
  downloads: endpoint({
    method: 'PATCH',
    path: `${base}downloads/`,
    params: orderParams,
    body: DownloadsBody,
    response: DownloadsResult,
    doc: 'Dissociates or reassociates items, disables or re-enables their downloads.',
  }),
} as const;
