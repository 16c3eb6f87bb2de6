/**
 * Orders for support (shared/api/endpoints/orders.ts): the order page's detail, the items
 * CSV, refunds (each item once, spec §4; Idempotency-Key, server/api/idempotency.ts) and
 * the items' download availability. Reads follow the orders read rule and the order's
 * brand (a row the caller cannot see is 404); writes need WRITE_RULES.orders.
 */
import type { FastifyInstance } from 'fastify';
import { ORDER_WRITE, searchType } from '../../../shared/access';
import {
  orderEndpoints,
  userEndpoints,
  type OrderDetail,
  type OrderItem,
  type OrderItemDownloads,
  type Refund,
  type RefundResult,
} from '../../../shared/api/endpoints';
import { MSG } from '../../../shared/messages';
import { csvLine } from '../../../shared/search/csv';
import { DOWNLOAD_AVAILABILITY, DOWNLOAD_FORMATS, type AudioFormat } from '../../../shared/vocabularies';
import type { Db, Queryable } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { idempotent } from '../idempotency';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import { endpointsOf, registerHandlers } from '../route';
import { fetchVisible } from './lists';

const ORDERS = searchType('orders')!;
const ordersDef = () => LIST_DEF_BY_KEY.get('orders')!;

const ITEM_SELECT = `oi.id, oi.order_id, oi.price::text as price, oi.availability, oi.downloads_enabled,
  case when tr.id is null then null else json_build_object('id', tr.id, 'name', tr.title) end as track,
  case when rl.id is null then null else json_build_object('id', rl.id, 'name', rl.title) end as release,
  case when r.id is null then null else json_build_object('id', r.id, 'amount', r.amount::text, 'created_at', r.created_at) end as refund`;
const ITEM_FROM = `order_items oi left join tracks tr on tr.id = oi.track_id left join releases rl on rl.id = oi.release_id
  left join refunds r on r.order_item_id = oi.id`;

type ItemRow = OrderItem & { order_id: number };
const asItem = ({ order_id: _o, ...item }: ItemRow): OrderItem => item;

async function visibleOrder(db: Queryable, user: RequestUser, id: number) {
  const row = await fetchVisible(db, ordersDef(), user, id);
  if (!row) throw notFound();
  return row;
}

/** Order items as CSV; `withOrder` adds each item's order id first (a user's items across orders). */
function itemsCsv(items: readonly (OrderItem & { order_id?: number })[], withOrder: boolean): string {
  const head = [
    'Order Item ID',
    'Track ID',
    'Track',
    'Release ID',
    'Release',
    'Price',
    'Download Availability',
    'Downloads Enabled',
    'Refunded',
    'Refund Amount',
  ];
  let csv = csvLine(withOrder ? ['Order ID', ...head] : head);
  for (const i of items) {
    const cells = [
      i.id,
      i.track?.id,
      i.track?.name,
      i.release?.id,
      i.release?.name,
      i.price,
      availabilityLabel(i.availability),
      i.downloads_enabled,
      i.refund ? new Date(i.refund.created_at).toISOString() : '',
      i.refund?.amount,
    ];
    csv += csvLine(withOrder ? [i.order_id, ...cells] : cells);
  }
  return csv;
}

async function orderItems(db: Queryable, orderId: number): Promise<OrderItem[]> {
  const rows = await db.query<ItemRow>(`select ${ITEM_SELECT} from ${ITEM_FROM} where oi.order_id = $1 order by oi.id`, [orderId]);
  return rows.map(asItem);
}

/**
 * Refunds the items (all or nothing): each must exist in an order the caller sees (and in
 * `orderId` when given), none refunded before (409 "You can only refund items once"). The
 * items are locked first, so concurrent refunds of one item make one refund row.
 */
async function refund(tx: Queryable, user: RequestUser, itemIds: readonly number[], orderId?: number): Promise<RefundResult> {
  const items = await tx.query<{ id: number; order_id: number; price: string; refunded_at: string | null }>(
    'select id, order_id, price::text as price, refunded_at from order_items where id = any($1::int[]) order by id for update',
    [itemIds],
  );
  const found = new Map(items.map((i) => [i.id, i]));
  const unknown = itemIds.filter((id) => !found.has(id) || (orderId !== undefined && found.get(id)!.order_id !== orderId));
  if (unknown.length) throw badRequest('item_ids', `Unknown order item${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
  const orderIds = [...new Set(items.map((i) => i.order_id))];
  for (const id of orderIds) {
    if (!(await fetchVisible(tx, ordersDef(), user, id))) throw badRequest('item_ids', `Unknown order items of order ${id}.`);
  }
  if (items.some((i) => i.refunded_at !== null)) throw new HttpError(409, { detail: MSG.refundOnce });
  const refunds = await tx.query<Refund>(
    `insert into refunds (order_item_id, amount) select id, price from order_items where id = any($1::int[]) order by id
     returning id, order_item_id, amount::text as amount, created_at`,
    [itemIds],
  );
  await tx.query('update order_items set refunded_at = now(), version = version + 1 where id = any($1::int[])', [itemIds]);
  await tx.query(
    `insert into transactions (order_id, kind, amount)
     select order_id, 'refund', -sum(price) from order_items where id = any($1::int[]) group by order_id order by order_id`,
    [itemIds],
  );
  const [{ amount }] = await tx.query<{ amount: string }>(
    'select coalesce(sum(price), 0)::text as amount from order_items where id = any($1::int[])',
    [itemIds],
  );
  return { refunds: refunds.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })), amount };
}

const availabilityLabel = (v: number) => DOWNLOAD_AVAILABILITY.find((a) => a.value === v)?.label ?? String(v);

export function registerOrderRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, orderEndpoints, {
    detail: {
      rule: ORDERS.rule,
      handler: async (req, _reply, user) => {
        const order = await visibleOrder(db, user, req.params.id);
        const [o] = await db.query<{ brand: string; currency: string; subtotal: string; tax: string; total: string; refunded: string }>(
          `select o.brand, o.currency, o.subtotal::text as subtotal, o.tax::text as tax, o.total::text as total, coalesce((select sum(r.amount) from refunds r join order_items oi on oi.id = r.order_item_id where oi.order_id = o.id), 0)::numeric(12, 2)::text as refunded
           from orders o where o.id = $1`,
          [req.params.id],
        );
        const transactions = await db.query<{ id: number; kind: string; amount: string; created_at: string }>(
          'select id, kind, amount::text as amount, created_at from transactions where order_id = $1 order by created_at, id',
          [req.params.id],
        );
        const detail: OrderDetail = {
          id: order.id as number,
          user: order.user as OrderDetail['user'],
          brand: o.brand,
          store: order.store as string,
          current_status: order.current_status as string,
          voided: order.voided as boolean,
          purchaser_ip: (order.purchaser_ip as string | null) ?? null,
          currency: o.currency.trim(),
          subtotal: o.subtotal,
          tax: o.tax,
          total: o.total,
          refunded: o.refunded,
          created_at: new Date(order.created_at as string).toISOString(),
          items: await orderItems(db, req.params.id),
          transactions: transactions.map((t) => ({ ...t, created_at: new Date(t.created_at).toISOString() })),
        };
        return detail;
      },
    },

    itemsCsv: {
      rule: ORDERS.rule,
      handler: async (req, reply, user) => {
        await visibleOrder(db, user, req.params.id);
        const items = await orderItems(db, req.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="order-${req.params.id}-items.csv"`)
          .send(itemsCsv(items, false));
      },
    },

    refund: {
      rule: ORDER_WRITE,
      handler: async (req, reply, user) => {
        await visibleOrder(db, user, req.params.id);
        return idempotent(db, req, reply, user, 201, (tx) => refund(tx, user, req.body.item_ids, req.params.id));
      },
    },

    refundItems: {
      rule: ORDER_WRITE,
      handler: async (req, reply, user) => idempotent(db, req, reply, user, 201, (tx) => refund(tx, user, req.body.item_ids)),
    },

    // The order's downloads (spec §4, §7 Accounts "downloads"): per item its availability and the times downloaded by format.
    downloadsList: {
      rule: ORDERS.rule,
      handler: async (req, _reply, user) => {
        await visibleOrder(db, user, req.params.id);
        const items = await orderItems(db, req.params.id);
        const counts = await db.query<{ order_item_id: number; format: string; n: number; last_at: string }>(
          `select d.order_item_id, d.format, count(*)::int as n, max(d.downloaded_at) as last_at
           from order_item_downloads d join order_items oi on oi.id = d.order_item_id
           where oi.order_id = $1 group by d.order_item_id, d.format`,
          [req.params.id],
        );
        const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
        const order = (f: string) => DOWNLOAD_FORMATS.indexOf(f as AudioFormat);
        const out = items.map((i): OrderItemDownloads => {
          const formats = counts
            .filter((c) => c.order_item_id === i.id)
            .sort((a, b) => order(a.format) - order(b.format))
            .map((c) => ({ format: c.format, times_downloaded: c.n, last_downloaded_at: iso(c.last_at) }));
          const last =
            formats
              .map((f) => f.last_downloaded_at!)
              .sort()
              .at(-1) ?? null;
          return {
            id: i.id,
            track: i.track,
            release: i.release,
            availability: i.availability,
            availability_label: availabilityLabel(i.availability),
            downloads_enabled: i.downloads_enabled,
            refunded: i.refund !== null,
            downloadable: i.availability === 1 && i.downloads_enabled && i.refund === null,
            times_downloaded: formats.reduce((a, f) => a + f.times_downloaded, 0),
            last_downloaded_at: last,
            formats,
          };
        });
        return { order_id: req.params.id, times_downloaded: out.reduce((a, i) => a + i.times_downloaded, 0), items: out };
      },
    },

    downloads: {
      rule: ORDER_WRITE,
      handler: async (req, _reply, user) => {
        const { item_ids, availability, downloads_enabled } = req.body;
        const items = await db.transaction(async (tx) => {
          await visibleOrder(tx, user, req.params.id);
          const rows = await tx.query<{ id: number }>('select id from order_items where order_id = $1 and id = any($2::int[]) for update', [
            req.params.id,
            item_ids,
          ]);
          const have = new Set(rows.map((r) => r.id));
          const unknown = item_ids.filter((id) => !have.has(id));
          if (unknown.length) throw badRequest('item_ids', `Unknown order item${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
          await tx.query(
            `update order_items set availability = coalesce($2::smallint, availability), downloads_enabled = coalesce($3::boolean, downloads_enabled),
               version = version + 1 where id = any($1::int[])`,
            [item_ids, availability ?? null, downloads_enabled ?? null],
          );
          const out = await tx.query<ItemRow>(`select ${ITEM_SELECT} from ${ITEM_FROM} where oi.id = any($1::int[]) order by oi.id`, [
            item_ids,
          ]);
          return out.map(asItem);
        });
        return { items };
      },
    },
  });

  // A user's order items (spec §7 Accounts "order-items-csv/download"): of the user's orders the caller sees (its active brand).
  registerHandlers(app, db, endpointsOf(userEndpoints, 'orderItemsCsv'), {
    orderItemsCsv: {
      rule: ORDERS.rule,
      handler: async (req, reply, user) => {
        if (!(await fetchVisible(db, LIST_DEF_BY_KEY.get('users')!, user, req.params.id))) throw notFound();
        const rows = await db.query<ItemRow>(
          `select ${ITEM_SELECT} from ${ITEM_FROM} join orders o on o.id = oi.order_id
           where o.user_id = $1 and o.brand = $2 order by oi.order_id, oi.id`,
          [req.params.id, user.principal.brand],
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="user-${req.params.id}-order-items.csv"`)
          .header('x-total-count', String(rows.length))
          .send(
            itemsCsv(
              rows.map((r) => ({ ...asItem(r), order_id: r.order_id })),
              true,
            ),
          );
      },
    },
  });
}
