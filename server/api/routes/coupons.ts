/**
 * POST /v4/content-ops/coupons/ (spec §7 Content ops): a coupon on the active brand,
 * checked like a PATCH of an empty coupon (server/api/records/defs.ts coupons: the
 * discount type from its list, user ids that name users); 201 with the coupon and its ETag.
 */
import type { FastifyInstance } from 'fastify';
import { couponEndpoints, type ObjectRow } from '../../../shared/api/endpoints';
import { createRule } from '../../../shared/records';
import type { Db } from '../../db/client';
import { WRITES } from '../records/defs';
import { assertMayEdit } from '../records/write';
import { addEndpoint } from '../route';
import { etagOf } from '../versioning';
import { createRecord } from './records';

export function registerCouponRoutes(app: FastifyInstance, db: Db) {
  const coupons = WRITES.coupons;
  addEndpoint(app, db, couponEndpoints.create, {
    rule: createRule('coupons'),
    handler: async (req, reply, user) => {
      assertMayEdit(user!.principal, coupons, Object.keys(req.body));
      const brand = user!.principal.brand;
      const row = await db.transaction((tx) => createRecord(tx, coupons, user!, req.body, {}, { brand }));
      reply.code(201).header('etag', etagOf(row.version as number));
      return row as ObjectRow;
    },
  });
}
