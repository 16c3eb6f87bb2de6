/**
 * Users (shared/api/endpoints/users.ts): the new-user CSV export, GET
 * /v4/accounts/new-users-csv/download/ (the /new-user-export area's rule, admin and support):
 * the users registered in at most 2 days (both ends counted; a longer range is a 400 on `to`,
 * checked by the query schema), streamed as the users search export streams its CSV.
 */
import type { FastifyInstance } from 'fastify';
import { AREA_RULES, allOf, searchType, writeRouteRule } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import { ASSIGN_COUPON_MESSAGES, userEndpoints, type UserCoupon } from '../../../shared/api/endpoints';
import { shownColumns } from '../../../shared/search';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../errors';
import { recordHistory } from '../history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { addEndpoint } from '../route';
import { sendSearchCsv } from './export';
import { fetchVisible } from './lists';

/** The new-user export's columns besides the users search's fixed ones. */
export const NEW_USER_COLUMNS = ['first_name', 'last_name', 'country', 'registered_at'];

const COUPON_SELECT = 'c.id, c.code, c.enabled, cardinality(c.user_ids)::int as users';

export function registerUserRoutes(app: FastifyInstance, db: Db) {
  const users = LIST_DEF_BY_KEY.get('users')!;

  // A user's coupons: readers of users who also read coupons.
  addEndpoint(app, db, userEndpoints.coupons, {
    rule: allOf(searchType('users')!.rule, searchType('coupons')!.rule),
    handler: async (req, _reply, user) => {
      if (!(await fetchVisible(db, users, user!, req.params.id))) throw notFound();
      const rows = await db.query<UserCoupon>(
        `select ${COUPON_SELECT} from coupons c where c.brand = $2 and $1 = any(c.user_ids) order by c.code, c.id`, [req.params.id, user!.principal.brand],
      );
      return onePage(rows);
    },
  });

  // Assigning one: the coupons write rule (admin, support, marketing) on a user the caller reads.
  addEndpoint(app, db, userEndpoints.assignCoupon, {
    rule: allOf(searchType('users')!.rule, writeRouteRule('coupons')),
    handler: async (req, _reply, user) => {
      const id = req.params.id;
      if (!(await fetchVisible(db, users, user!, id))) throw notFound();
      return db.transaction(async (tx) => {
        const [c] = await tx.query<{ id: number; user_ids: number[] }>(
          'select id, user_ids from coupons where brand = $1 and lower(code) = lower($2) order by id limit 1 for update', [user!.principal.brand, req.body.code],
        );
        if (!c) throw badRequest('code', ASSIGN_COUPON_MESSAGES.unknown);
        if (c.user_ids.length === 0) throw badRequest('code', ASSIGN_COUPON_MESSAGES.global);
        if (!c.user_ids.includes(id)) {
          await tx.query('update coupons set user_ids = array(select distinct u from unnest(user_ids || $2::int) as u order by u), version = version + 1 where id = $1', [c.id, id]);
          await recordHistory(tx, { entity: 'coupons', entityId: c.id, userId: user!.id, action: 'update', changes: { user_ids_count: { old: c.user_ids.length, new: c.user_ids.length + 1 } } });
        }
        const [row] = await tx.query<UserCoupon>(`select ${COUPON_SELECT} from coupons c where c.id = $1`, [c.id]);
        return row;
      });
    },
  });
  addEndpoint(app, db, userEndpoints.newUserExport, {
    rule: AREA_RULES['/new-user-export'],
    handler: async (req, reply, user) => {
      const { from, to } = req.query as { from: string; to: string };
      const query = { created_date: `${from}:${to}`, order_by: 'registered_at' };
      return sendSearchCsv(db, req, reply, users, user!, query, shownColumns('users', NEW_USER_COLUMNS), `new-users-${from}-${to}.csv`);
    },
  });
}
