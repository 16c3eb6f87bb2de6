/**
 * A user's credits (shared/api/endpoints/credits.ts): the list under the users read rule,
 * adding one (or the same to many users, all or nothing) under CREDIT_WRITE, each POST
 * once per Idempotency-Key. The reason must be one of the `reason` reference list.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { CREDIT_WRITE, searchType } from '../../../shared/access';
import { CSV_UPLOAD_MAX_BYTES, creditEndpoints, type Credit } from '../../../shared/api/endpoints';
import { onePage } from '../../../shared/api/envelope';
import { MSG } from '../../../shared/messages';
import type { Db, Queryable } from '../../db/client';
import { badRequest, notFound } from '../../domain/errors';
import { idempotencyKeyOf, idempotent } from '../idempotency';
import { readCsvUsers } from '../csv-users';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { addEndpoint, endpointsOf, registerHandlers } from '../route';
import { fetchVisible } from './lists';

const USERS = searchType('users')!;
const CREDIT_SELECT = `c.id, c.user_id, c.amount::text as amount, trim(c.currency) as currency,
  json_build_object('id', c.reason_id, 'name', coalesce(r.name, '')) as reason, c.created_at`;
const CREDIT_FROM = `credits c left join reference_items r on r.list = 'reason' and r.id = c.reason_id`;
/** Most unknown user ids named in a 400. */
const UNKNOWN_SHOWN = 20;

const iso = (c: Credit): Credit => ({ ...c, created_at: new Date(c.created_at).toISOString() });

async function assertReason(db: Queryable, reasonId: number) {
  const [r] = await db.query("select 1 from reference_items where list = 'reason' and id = $1", [reasonId]);
  if (!r) throw badRequest('reason_id', MSG.selectFromList);
}

export function registerCreditRoutes(app: FastifyInstance, db: Db) {
  const usersDef = LIST_DEF_BY_KEY.get('users')!;

  registerHandlers(app, db, endpointsOf(creditEndpoints, 'list', 'add', 'bulk'), {
    list: {
      rule: USERS.rule,
      handler: async (req, _reply, user) => {
        if (!(await fetchVisible(db, usersDef, user, req.params.id))) throw notFound();
        const rows = await db.query<Credit>(
          `select ${CREDIT_SELECT} from ${CREDIT_FROM} where c.user_id = $1 order by c.created_at desc, c.id desc`,
          [req.params.id],
        );
        return onePage(rows.map(iso));
      },
    },

    add: {
      rule: CREDIT_WRITE,
      handler: async (req, reply, user) => {
        if (!(await fetchVisible(db, usersDef, user, req.params.id))) throw notFound();
        const { amount, currency, reason_id } = req.body;
        await assertReason(db, reason_id);
        return idempotent(db, req, reply, user, 201, async (tx) => {
          const [{ id }] = await tx.query<{ id: number }>(
            'insert into credits (user_id, amount, currency, reason_id) values ($1, $2, $3, $4) returning id',
            [req.params.id, amount, currency, reason_id],
          );
          const [row] = await tx.query<Credit>(`select ${CREDIT_SELECT} from ${CREDIT_FROM} where c.id = $1`, [id]);
          return iso(row);
        });
      },
    },

    bulk: {
      rule: CREDIT_WRITE,
      // 100,000 ids of up to 10 digits, with commas and the other fields.
      bodyLimit: 2 * 1024 * 1024,
      handler: async (req, reply, user) => {
        const { amount, currency, reason_id, user_ids } = req.body;
        await assertReason(db, reason_id);
        const ids = [...new Set(user_ids)];
        return idempotent(db, req, reply, user, 201, async (tx) => {
          const unknown = await tx.query<{ id: number }>(
            'select u.id from unnest($1::int[]) as u(id) where not exists (select 1 from users x where x.id = u.id) order by u.id',
            [ids],
          );
          if (unknown.length) {
            const shown = unknown
              .slice(0, UNKNOWN_SHOWN)
              .map((u) => u.id)
              .join(', ');
            throw badRequest(
              'user_ids',
              `Unknown user${unknown.length > 1 ? 's' : ''}: ${shown}${unknown.length > UNKNOWN_SHOWN ? ` and ${unknown.length - UNKNOWN_SHOWN} more` : ''}.`,
            );
          }
          return creditMany(tx, ids, amount, currency, reason_id);
        });
      },
    },
  });

  // The CSV upload's body is the raw request stream (as the coupon users upload): its parser lives in this scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload));
    addEndpoint(scope, db, creditEndpoints.bulkUpload, {
      rule: CREDIT_WRITE,
      bodyLimit: CSV_UPLOAD_MAX_BYTES,
      handler: async (req, reply, user) => {
        const { amount, currency, reason_id } = req.query;
        idempotencyKeyOf(req);
        await assertReason(db, reason_id);
        // Every row names a user, else the 400 lists the rows by line (readCsvUsers) and nothing is credited.
        const { ids } = await readCsvUsers(db, req.body as unknown as Readable);
        return idempotent(db, req, reply, user, 201, (tx) => creditMany(tx, ids, amount, currency, reason_id), {
          amount,
          currency,
          reason_id,
          user_ids: ids,
        });
      },
    });
  });
}

/** The same credit to each of `ids` (users that exist), in one statement. */
async function creditMany(tx: Queryable, ids: readonly number[], amount: number, currency: string, reasonId: number) {
  await tx.query(
    'insert into credits (user_id, amount, currency, reason_id) select u.id, $2, $3, $4 from unnest($1::int[]) as u(id) order by u.id',
    [ids, amount, currency, reasonId],
  );
  return { count: ids.length, amount: amount.toFixed(2), currency };
}
