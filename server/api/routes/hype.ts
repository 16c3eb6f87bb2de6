/**
 * Hype (shared/api/endpoints/hype.ts): POST /v4/content-ops/hype-offers/ creates an offer
 * on the active brand, checked like a PATCH of an empty offer (§5 hype start and end
 * required, start not after end: shared/records hypeOfferDates); GET /v4/hype-subscriptions/
 * lists each user's subscription to a label. Reading is HYPE_RULE (dance-music brand only),
 * as for the hype search types of /support.
 */
import type { FastifyInstance } from 'fastify';
import { AREA_RULES } from '../../../shared/access';
import { DEFAULT_PER_PAGE, hypeEndpoints, type HypeSubscription } from '../../../shared/api';
import { createRule } from '../../../shared/records';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { HttpError, badRequest } from '../../domain/errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { WRITES } from '../../domain/records/defs';
import { assertMayEdit } from '../../domain/records/write';
import { registerHandlers } from '../route';
import { etagOf } from '../versioning';
import { fetchVisible } from './lists';
import { createRecord, pageParam } from './records';
import { publicLinkBase } from '../public-url';

export function registerHypeRoutes(app: FastifyInstance, db: Db) {
  const offers = WRITES.hype_offers;
  registerHandlers(app, db, hypeEndpoints, {
    createOffer: {
      rule: createRule('hype_offers'),
      handler: async (req, reply, user) => {
        const { label_id, ...body } = req.body;
        assertMayEdit(user.principal, offers, Object.keys(body));
        const row = await db.transaction(async (tx) => {
          // The label must be one the caller sees.
          if (!(await fetchVisible(tx, LIST_DEF_BY_KEY.get('labels')!, user, label_id))) throw badRequest('label_id', MSG.selectFromList);
          return createRecord(tx, offers, user, body, { label_id }, { brand: user.principal.brand });
        });
        reply.code(201).header('etag', etagOf(row.version as number));
        return row;
      },
    },

    subscriptions: {
      // The /hype area's rule: HYPE_RULE, as the hype search types of /support.
      rule: AREA_RULES['/hype'],
      handler: async (req, _reply, user) => {
        const page = pageParam('page', req.query.page, 1);
        const perPage = pageParam('per_page', req.query.per_page, DEFAULT_PER_PAGE);
        const where = ['p.brand = $1', 'not p.voided'];
        const params: unknown[] = [user.principal.brand];
        if (req.query.user_id) where.push(`p.user_id = any($${params.push(req.query.user_id)}::int[])`);
        if (req.query.label_id) where.push(`p.label_id = any($${params.push(req.query.label_id)}::int[])`);
        // The latest purchase per user and label that is not voided.
        const latest = `select distinct on (p.user_id, p.label_id) p.* from hype_purchases p
          where ${where.join(' and ')} order by p.user_id, p.label_id, p.created_at desc, p.id desc`;
        const [[{ n }], rows] = await Promise.all([
          db.query<{ n: number }>(`select count(*)::int as n from (${latest}) s`, params),
          db.query<HypeSubscription>(
            `select json_build_object('id', u.id, 'name', u.username) as user, json_build_object('id', l.id, 'name', l.name) as label,
               case when o.id is null then null else json_build_object('id', o.id, 'name', o.name) end as offer,
               s.id as purchase_id, s.created_at as purchased_at, o.start_date::text as start_date, o.end_date::text as end_date,
               coalesce(o.enabled and current_date between coalesce(o.start_date, current_date) and coalesce(o.end_date, current_date), false) as active
             from (${latest}) s join users u on u.id = s.user_id join labels l on l.id = s.label_id left join hype_offers o on o.id = s.offer_id
             order by s.created_at desc, s.id desc limit $${params.length + 1} offset $${params.length + 2}`,
            [...params, perPage, (page - 1) * perPage],
          ),
        ]);
        const last = Math.max(1, Math.ceil(n / perPage));
        if (page > last) throw new HttpError(404, { detail: 'Invalid page.' });
        const link = (p: number) => {
          const q = new URLSearchParams(req.url.split('?')[1] ?? '');
          q.set('page', String(p));
          q.set('per_page', String(perPage));
          return `${publicLinkBase(req)}?${q}`;
        };
        return {
          count: n,
          next: page < last ? link(page + 1) : null,
          previous: page > 1 ? link(page - 1) : null,
          page: `${page}/${last}`,
          per_page: perPage,
          results: rows.map((r) => ({ ...r, purchased_at: new Date(r.purchased_at).toISOString() })),
        };
      },
    },
  });
}
