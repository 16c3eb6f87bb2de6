/**
 * Coupons (spec §3, §7 Content ops "coupons"): creating one (GET list/by id, PATCH and PUT
 * are the generic record routes of ./lists.ts and ./records.ts).
 */
import { RECORDS } from '../../records/registry';
import { endpoint } from '../endpoint';
import { ObjectRow } from './lists';

export const couponEndpoints = {
  create: endpoint({
    method: 'POST', path: '/v4/content-ops/coupons/', body: RECORDS.coupons.createSchema, response: ObjectRow,
    doc: 'Creates a coupon on the active brand (code, discount type required; minimum order per currency; user ids, global when empty); 201 with the coupon and its ETag.',
  }),
};
