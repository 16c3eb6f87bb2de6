/**
 * Users (shared/api/endpoints/users.ts): the new-user CSV export, GET
 * /v4/accounts/new-users-csv/download/ (the /new-user-export area's rule, admin and support):
 * the users registered in at most 2 days (both ends counted; a longer range is a 400 on `to`,
 * checked by the query schema), streamed as the users search export streams its CSV.
 */
import type { FastifyInstance } from 'fastify';
import { AREA_RULES, USER_ACCOUNT_READ, USER_ACCOUNT_WRITE, allOf, searchType, writeRouteRule } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import { ASSIGN_COUPON_MESSAGES, userEndpoints, type UserBilling, type UserCoupon, type UserIdentity } from '../../../shared/api/endpoints';
import { issueResetLink } from '../../auth/reset-links';
import { columnsOf, shownColumns, type Column } from '../../../shared/search';
import type { Db } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import { endpointsOf, registerHandlers } from '../route';
import { assertVersion, etagOf, ifMatchVersion } from '../versioning';
import { sendSearchCsv } from './export';
import { fetchVisible } from './lists';

/** The new-user export's columns besides the users search's fixed ones. */
export const NEW_USER_COLUMNS = ['first_name', 'last_name', 'country', 'registered_at'];

/** The users CSV's columns: the users search's, then the account fields §3 lists that the search does not show. */
export const USERS_CSV_COLUMNS: readonly Column[] = [
  ...shownColumns(
    'users',
    columnsOf('users').map((c) => c.key),
  ),
  ...(
    [
      ['dj_slug', 'DJ Slug', 'text'],
      ['dj_profile_enabled', 'Profile Page Enabled', 'bool'],
      ['decline_transactions', 'Decline Transactions', 'bool'],
      ['bypass_fraud_checks', 'Bypass Fraud Checks', 'bool'],
      ['billing_disabled', 'Billing Disabled', 'bool'],
    ] as const
  ).map(([key, title, kind]) => ({ key, field: key, title, kind })),
];

const COUPON_SELECT = 'c.id, c.code, c.enabled, cardinality(c.user_ids)::int as users';

/** Where the identity provider is (its reset links point there) and its clock. */
export interface IdpLinks {
  /** The identity provider's base URL; undefined while it is not listening. */
  url: () => string | undefined;
  now: () => number;
}

export function registerUserRoutes(app: FastifyInstance, db: Db, idp: IdpLinks) {
  const users = LIST_DEF_BY_KEY.get('users')!;
  /** The path's user id when the caller reads that user; else 404. */
  const visibleUser = async (id: number, user: RequestUser) => {
    if (!(await fetchVisible(db, users, user, id))) throw notFound();
    return id;
  };
  const BILLING = 'id as user_id, billing_disabled, version';
  const billingOf = async (id: number) => {
    const [row] = await db.query<UserBilling>(`select ${BILLING} from users where id = $1`, [id]);
    return row;
  };

  registerHandlers(
    app,
    db,
    endpointsOf(
      userEndpoints,
      'identities',
      'passwordResetLink',
      'billing',
      'patchBilling',
      'coupons',
      'assignCoupon',
      'usersCsv',
      'newUserExport',
    ),
    {
      identities: {
        rule: USER_ACCOUNT_READ,
        handler: async (req, _reply, user) => {
          const id = await visibleUser(req.params.id, user);
          return onePage(
            await db.query<UserIdentity>(
              'select id, provider, subject, email, linked_at, last_used_at from user_identities where user_id = $1 order by linked_at, id',
              [id],
            ),
          );
        },
      },

      // Issued by the identity provider's module (server/auth/reset-links.ts); the URL opens its reset page.
      passwordResetLink: {
        rule: USER_ACCOUNT_WRITE,
        handler: async (req, _reply, user) => {
          const id = await visibleUser(req.params.id, user);
          const base = idp.url();
          if (!base) throw new HttpError(503, { detail: 'The identity provider is not available.' });
          const link = await issueResetLink(db, id, user.id, base, idp.now());
          await recordHistory(db, {
            entity: 'users',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { password_reset_link: { old: null, new: link.expires_at } },
          });
          return link;
        },
      },

      billing: {
        rule: USER_ACCOUNT_READ,
        handler: async (req, reply, user) => {
          const row = await billingOf(await visibleUser(req.params.id, user));
          reply.header('etag', etagOf(row.version));
          return row;
        },
      },

      patchBilling: {
        rule: USER_ACCOUNT_WRITE,
        handler: async (req, reply, user) => {
          const id = await visibleUser(req.params.id, user);
          const version = ifMatchVersion(req);
          const row = await db.transaction(async (tx) => {
            const [stored] = await tx.query<UserBilling>(`select ${BILLING} from users where id = $1 for update`, [id]);
            assertVersion(stored.version, version);
            if (stored.billing_disabled === req.body.billing_disabled) return stored;
            const [saved] = await tx.query<UserBilling>(
              `update users set billing_disabled = $2, version = version + 1 where id = $1 returning ${BILLING}`,
              [id, req.body.billing_disabled],
            );
            await recordHistory(tx, {
              entity: 'users',
              entityId: id,
              userId: user.id,
              action: 'update',
              changes: { billing_disabled: { old: stored.billing_disabled, new: saved.billing_disabled } },
            });
            return saved;
          });
          reply.header('etag', etagOf(row.version));
          return row;
        },
      },

      // A user's coupons: readers of users who also read coupons.
      coupons: {
        rule: allOf(searchType('users')!.rule, searchType('coupons')!.rule),
        handler: async (req, _reply, user) => {
          if (!(await fetchVisible(db, users, user, req.params.id))) throw notFound();
          const rows = await db.query<UserCoupon>(
            `select ${COUPON_SELECT} from coupons c where c.brand = $2 and $1 = any(c.user_ids) order by c.code, c.id`,
            [req.params.id, user.principal.brand],
          );
          return onePage(rows);
        },
      },

      // Assigning one: the coupons write rule (admin, support, marketing) on a user the caller reads.
      assignCoupon: {
        rule: allOf(searchType('users')!.rule, writeRouteRule('coupons')),
        handler: async (req, _reply, user) => {
          const id = req.params.id;
          if (!(await fetchVisible(db, users, user, id))) throw notFound();
          return db.transaction(async (tx) => {
            const [c] = await tx.query<{ id: number; user_ids: number[] }>(
              'select id, user_ids from coupons where brand = $1 and lower(code) = lower($2) order by id limit 1 for update',
              [user.principal.brand, req.body.code],
            );
            if (!c) throw badRequest('code', ASSIGN_COUPON_MESSAGES.unknown);
            if (c.user_ids.length === 0) throw badRequest('code', ASSIGN_COUPON_MESSAGES.global);
            if (!c.user_ids.includes(id)) {
              await tx.query(
                'update coupons set user_ids = array(select distinct u from unnest(user_ids || $2::int) as u order by u), version = version + 1 where id = $1',
                [c.id, id],
              );
              await recordHistory(tx, {
                entity: 'coupons',
                entityId: c.id,
                userId: user.id,
                action: 'update',
                changes: { user_ids_count: { old: c.user_ids.length, new: c.user_ids.length + 1 } },
              });
            }
            const [row] = await tx.query<UserCoupon>(`select ${COUPON_SELECT} from coupons c where c.id = $1`, [c.id]);
            return row;
          });
        },
      },
      // The users CSV (§7 users-csv/download): the users search's filters, every account field.
      usersCsv: {
        rule: USER_ACCOUNT_READ,
        handler: async (req, reply, user) => {
          const { page: _page, per_page: _perPage, ...query } = req.query;
          const day = new Date().toISOString().slice(0, 10);
          return sendSearchCsv(db, req, reply, users, user, query, USERS_CSV_COLUMNS, `users-${day}.csv`);
        },
      },
      newUserExport: {
        rule: AREA_RULES['/new-user-export'],
        handler: async (req, reply, user) => {
          const { from, to } = req.query as { from: string; to: string };
          const query = { created_date: `${from}:${to}`, order_by: 'registered_at' };
          return sendSearchCsv(db, req, reply, users, user, query, shownColumns('users', NEW_USER_COLUMNS), `new-users-${from}-${to}.csv`);
        },
      },
    },
  );
}
