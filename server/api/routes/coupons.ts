/**
 * POST /v4/content-ops/coupons/ (spec §7 Content ops): a coupon on the active brand,
 * checked like a PATCH of an empty coupon (server/domain/records/defs.ts coupons: the
 * discount type from its list, user ids that name users); 201 with the coupon and its ETag.
 *
 * POST …/coupons/{id}/users/upload/: a CSV of users (text/csv body, streamed through
 * csv-parse, server/api/csv-users.ts) added to the coupon's user ids, all or nothing: the
 * write rule of coupons, the coupon visible (else 404), one history row.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { CSV_UPLOAD_MAX_BYTES, couponEndpoints } from '../../../shared/api/endpoints';
import { createRule } from '../../../shared/records';
import { writeRouteRule } from '../../../shared/access';
import { readCsvUsers } from '../csv-users';
import { notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { fetchVisible } from './lists';
import type { Db } from '../../db/client';
import { WRITES } from '../../domain/records/defs';
import { addEndpoint } from '../route';
import { createOnActiveBrand } from './records';

export function registerCouponRoutes(app: FastifyInstance, db: Db) {
  addEndpoint(app, db, couponEndpoints.create, {
    rule: createRule('coupons'),
    handler: createOnActiveBrand(db, WRITES.coupons),
  });

  // The upload's body is the raw request stream: its parser lives in this scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload));
    addEndpoint(scope, db, couponEndpoints.uploadUsers, {
      rule: writeRouteRule('coupons'),
      bodyLimit: CSV_UPLOAD_MAX_BYTES,
      handler: async (req, _reply, user) => {
        const id = req.params.id;
        if (!(await fetchVisible(db, LIST_DEF_BY_KEY.get('coupons')!, user, id))) throw notFound();
        const { rows, ids } = await readCsvUsers(db, req.body as unknown as Readable);
        return db.transaction(async (tx) => {
          const [before] = await tx.query<{ n: number }>('select cardinality(user_ids)::int as n from coupons where id = $1 for update', [
            id,
          ]);
          if (!before) throw notFound();
          const [after] = await tx.query<{ n: number }>(
            `update coupons set user_ids = array(select distinct u from unnest(user_ids || $2::int[]) as u order by u), version = version + 1
             where id = $1 returning cardinality(user_ids)::int as n`,
            [id, ids],
          );
          await recordHistory(tx, {
            entity: 'coupons',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { user_ids_count: { old: before.n, new: after.n } },
          });
          return { rows, added: after.n - before.n, total: after.n };
        });
      },
    });
  });
}
