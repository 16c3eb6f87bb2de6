/**
 * The signed-in user's own profile and sessions (the console's /account page), and a
 * supplier or label user's own supplier record (the packaging sender).
 */
import type { FastifyInstance } from 'fastify';
import { OWN_SUPPLIER_RULE } from '../../../shared/access';
import { hashToken } from '../../auth/crypto';
import { revokeFamily } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { notFound } from '../errors';
import { addRoute } from '../route';

export function registerMeRoutes(app: FastifyInstance, db: Db) {
  addRoute(app, db, {
    // Everyone signed in may read their own profile.
    method: 'GET', url: '/v4/accounts/me/', rule: '*',
    handler: async (req, _reply, user) => {
      const [u] = await db.query<Record<string, unknown>>(
        `select id, username, email, display_name, first_name, last_name, app, role, brands, features, supplier_id,
                label_id, last_login, registered_at from users where id = $1`,
        [user!.id],
      );
      const current = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')![1];
      const sessions = await db.query<Record<string, unknown>>(
        `select family_id as id, client_id, min(created_at) as started_at, max(expires_at) filter (where kind = 'refresh') as expires_at,
                bool_or(token_hash = $2) as current
         from oauth_tokens where user_id = $1 and revoked_at is null and expires_at > now()
         group by family_id, client_id order by started_at desc`,
        [user!.id, hashToken(current)],
      );
      return { ...u, scope: user!.scope, brand: user!.principal.brand, sessions };
    },
  });
  addRoute(app, db, {
    // Ending one of one's own sessions (signs that device out).
    method: 'DELETE', url: '/v4/accounts/me/sessions/:id/', rule: '*',
    handler: async (req, reply, user) => {
      const id = (req.params as { id: string }).id;
      const [row] = await db.query('select 1 from oauth_tokens where family_id = $1 and user_id = $2 limit 1', [id, user!.id]);
      if (!row) throw notFound();
      await revokeFamily(db, id);
      return reply.code(204).send();
    },
  });
  addRoute(app, db, {
    // A supplier user's own supplier; a label user's: the supplier its label belongs to.
    method: 'GET', url: '/v4/my/supplier/', rule: OWN_SUPPLIER_RULE,
    handler: async (_req, _reply, user) => {
      const [s] = await db.query<{ id: number; name: string; ddex_party_id: string | null }>(
        `select s.id, s.name, s.ddex_party_id from suppliers s
         where s.id = coalesce($1::int, (select l.supplier_id from labels l where l.id = $2::int))`,
        [user!.supplierId ?? null, user!.labelId ?? null],
      );
      if (!s) throw notFound();
      return s;
    },
  });
}
