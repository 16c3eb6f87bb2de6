/** Bearer-token authentication against the identity provider's token table. */
import type { FastifyRequest } from 'fastify';
import { principalFrom, type Principal } from '../../shared/access';
import { BRAND_HEADER } from '../../shared/api/endpoint';
import { SERVICE_AGREEMENT } from '../../shared/constants';
import { hashToken } from '../auth/crypto';
import type { Db } from '../db/client';
import { unauthorized } from '../domain/errors';

export interface RequestUser {
  id: number;
  username: string;
  scope: string;
  features: string[];
  principal: Principal;
  supplierId: number | null;
  labelId: number | null;
  /**
   * Whether the user's supplier has accepted the service agreement in force (false
   * without a supplier; absent, as in users built by tests and jobs: not accepted).
   */
  agreementAccepted?: boolean;
}

/** Header the console sends to pick the active brand among the brands the token holds (shared/api/endpoint.ts). */
export { BRAND_HEADER };

export async function authenticate(db: Db, req: FastifyRequest): Promise<RequestUser> {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!m) throw unauthorized();
  const [row] = await db.query<{
    user_id: number;
    username: string;
    scope: string;
    features: string[];
    supplier_id: number | null;
    label_id: number | null;
    agreement_accepted: boolean;
  }>(
    `select t.user_id, u.username, t.scope, u.features, u.supplier_id, u.label_id,
       exists(select 1 from service_agreement_acceptances a where a.supplier_id = u.supplier_id and a.version = $2) as agreement_accepted
     from oauth_tokens t join users u on u.id = t.user_id
     where t.token_hash = $1 and t.kind = 'access' and t.revoked_at is null and t.expires_at > now() and u.enabled`,
    [hashToken(m[1]), SERVICE_AGREEMENT.version],
  );
  if (!row) throw unauthorized('Invalid or expired token.');
  const brand = req.headers[BRAND_HEADER];
  return {
    id: row.user_id,
    username: row.username,
    scope: row.scope,
    features: row.features,
    principal: principalFrom(row.scope, row.features, typeof brand === 'string' ? brand : undefined),
    supplierId: row.supplier_id,
    labelId: row.label_id,
    agreementAccepted: row.agreement_accepted,
  };
}
