/**
 * Billing (spec §7 Accounts "billing GET/PATCH", Others "my/billing/", "billing/"):
 * - GET/PATCH /v4/my/billing/: the signed-in user's own billing switch, stored and shaped as
 *   GET/PATCH …/users/{id}/billing/ (users.ts: `users.billing_disabled`, the user's version
 *   as ETag, If-Match on PATCH, a history row). Anyone may switch their own billing off;
 *   switching it back on is MY_BILLING_ENABLE's (admin, support), else 403 naming the field.
 * - GET /v4/billing/: the billing records of the active brand (the orders' transactions),
 *   paged, filtered, with totals (shared/api/endpoints/billing.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  BILLING_RECORDS_RULE,
  FIELD_WRITE_REFUSED,
  MY_BILLING_ENABLE,
  MY_BILLING_READ_RULE,
  MY_BILLING_WRITE,
  can,
} from '../../../shared/access';
import {
  DEFAULT_PER_PAGE,
  billingEndpoints,
  meEndpoints,
  type BillingRecord,
  type BillingTotal,
  type UserBilling,
} from '../../../shared/api';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { publicLinkBase } from '../public-url';
import { endpointsOf, registerHandlers } from '../route';
import { assertVersion, etagOf, ifMatchVersion } from '../versioning';
import { pageParam } from './records';

const BILLING = 'id as user_id, billing_disabled, version';

export function registerBillingRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, endpointsOf(meEndpoints, 'myBilling', 'patchMyBilling'), {
    myBilling: {
      rule: MY_BILLING_READ_RULE,
      handler: async (_req, reply, user) => {
        const [row] = await db.query<UserBilling>(`select ${BILLING} from users where id = $1`, [user.id]);
        if (!row) throw notFound();
        reply.header('etag', etagOf(row.version));
        return row;
      },
    },

    patchMyBilling: {
      rule: MY_BILLING_WRITE,
      handler: async (req, reply, user) => {
        const id = user.id;
        const version = ifMatchVersion(req);
        const row = await db.transaction(async (tx) => {
          const [stored] = await tx.query<UserBilling>(`select ${BILLING} from users where id = $1 for update`, [id]);
          if (!stored) throw notFound();
          assertVersion(stored.version, version);
          if (stored.billing_disabled === req.body.billing_disabled) return stored;
          if (!req.body.billing_disabled && !can(user.principal, MY_BILLING_ENABLE))
            throw new HttpError(403, { billing_disabled: [FIELD_WRITE_REFUSED] });
          const [saved] = await tx.query<UserBilling>(
            `update users set billing_disabled = $2, version = version + 1 where id = $1 returning ${BILLING}`,
            [id, req.body.billing_disabled],
          );
          await recordHistory(tx, {
            entity: 'users',
            entityId: id,
            userId: id,
            action: 'update',
            changes: { billing_disabled: { old: stored.billing_disabled, new: saved.billing_disabled } },
          });
          return saved;
        });
        reply.header('etag', etagOf(row.version));
        return row;
      },
    },
  });

  registerHandlers(app, db, billingEndpoints, {
    list: {
      rule: BILLING_RECORDS_RULE,
      handler: async (req, _reply, user) => {
        const q = req.query;
        const page = pageParam('page', q.page, 1);
        const perPage = pageParam('per_page', q.per_page, DEFAULT_PER_PAGE);
        const where = ['o.brand = $1'];
        const params: unknown[] = [user.principal.brand];
        if (q.kind) where.push(`t.kind = $${params.push(q.kind)}`);
        if (q.currency) where.push(`o.currency = $${params.push(q.currency)}`);
        if (q.from) where.push(`t.created_at >= ($${params.push(q.from)}::date)::timestamp at time zone 'UTC'`);
        if (q.to) where.push(`t.created_at < ($${params.push(q.to)}::date + 1)::timestamp at time zone 'UTC'`);
        if (q.order_id) where.push(`t.order_id = any($${params.push(q.order_id)}::int[])`);
        if (q.user_id) where.push(`o.user_id = any($${params.push(q.user_id)}::int[])`);
        const from = `transactions t join orders o on o.id = t.order_id where ${where.join(' and ')}`;
        const [totals, rows] = await Promise.all([
          db.query<BillingTotal>(
            `select t.kind, trim(o.currency) as currency, sum(t.amount)::numeric(14, 2)::text as amount, count(*)::int as count
             from ${from} group by t.kind, trim(o.currency) order by t.kind, trim(o.currency)`,
            params,
          ),
          db.query<BillingRecord>(
            `select t.id, t.order_id, o.user_id, o.brand, o.store, t.kind, t.amount::text as amount, trim(o.currency) as currency, t.created_at
             from ${from} order by t.created_at desc, t.id desc limit $${params.length + 1} offset $${params.length + 2}`,
            [...params, perPage, (page - 1) * perPage],
          ),
        ]);
        const n = totals.reduce((a, t) => a + t.count, 0);
        const last = Math.max(1, Math.ceil(n / perPage));
        if (page > last) throw new HttpError(404, { detail: 'Invalid page.' });
        const link = (p: number) => {
          const s = new URLSearchParams(req.url.split('?')[1] ?? '');
          s.set('page', String(p));
          s.set('per_page', String(perPage));
          return `${publicLinkBase(req)}?${s}`;
        };
        return {
          count: n,
          next: page < last ? link(page + 1) : null,
          previous: page > 1 ? link(page - 1) : null,
          page: `${page}/${last}`,
          per_page: perPage,
          results: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
          totals,
        };
      },
    },
  });
}
