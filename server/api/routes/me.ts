/**
 * The signed-in user's own profile and sessions (the console's /account page), and a
 * supplier or label user's own supplier record (the packaging sender) and labels (the
 * packaging wizard's Label list: label users may not read the labels list, §6).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OWN_SUPPLIER_RULE } from '../../../shared/access';
import { meEndpoints, type MyLabel, type MySupplier } from '../../../shared/api/endpoints';
import type { MeProfile, MeSession } from '../../../shared/api/me';
import { hashToken } from '../../auth/crypto';
import { revokeFamily } from '../../auth/tokens';
import type { Db, Queryable } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../domain/errors';
import type { RequestUser } from '../principal';
import { endpointsOf, registerHandlers } from '../route';
import { assertVersion, etagOf, ifMatchVersion } from '../versioning';

const PROFILE_COLUMNS = `id, username, email, display_name, first_name, last_name, app, role, brands, features, supplier_id,
       label_id, last_login, registered_at, version`;

async function profile(db: Queryable, req: FastifyRequest, reply: FastifyReply, user: RequestUser) {
  const [u] = await db.query<Omit<MeProfile, 'scope' | 'brand' | 'sessions'> & { version: number }>(
    `select ${PROFILE_COLUMNS} from users where id = $1`,
    [user.id],
  );
  const current = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')![1];
  const sessions = await db.query<MeSession>(
    `select family_id as id, client_id, min(created_at) as started_at, max(created_at) as last_used_at,
            max(expires_at) filter (where kind = 'refresh') as expires_at, bool_or(token_hash = $2) as current
     from oauth_tokens where user_id = $1 and revoked_at is null and expires_at > now()
     group by family_id, client_id order by last_used_at desc`,
    [user.id, hashToken(current)],
  );
  reply.header('etag', etagOf(u.version));
  return { ...u, scope: user.scope, brand: user.principal.brand, sessions };
}

export function registerMeRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, endpointsOf(meEndpoints, 'get', 'patch', 'endSession', 'mySupplier', 'myLabels'), {
    get: {
      // Everyone signed in may read their own profile (with its ETag) and sessions.
      rule: '*',
      handler: async (req, reply, user) => profile(db, req, reply, user),
    },
    patch: {
      // Everyone signed in may change their own names (only these fields; If-Match required).
      rule: '*',
      handler: async (req, reply, user) => {
        const version = ifMatchVersion(req);
        const changes = req.body;
        await db.transaction(async (tx) => {
          const [stored] = await tx.orm.select({ version: users.version }).from(users).where(eq(users.id, user.id)).for('update');
          assertVersion(stored.version, version);
          if (!Object.keys(changes).length) return;
          await tx.orm
            .update(users)
            .set({ ...changes, version: sql`${users.version} + 1` })
            .where(eq(users.id, user.id));
        });
        return profile(db, req, reply, user);
      },
    },
    endSession: {
      // Ending one of one's own sessions (signs that device out).
      rule: '*',
      handler: async (req, reply, user) => {
        const id = req.params.id;
        const [row] = await db.query('select 1 from oauth_tokens where family_id = $1 and user_id = $2 limit 1', [id, user.id]);
        if (!row) throw notFound();
        await revokeFamily(db, id);
        return reply.code(204).send();
      },
    },
    mySupplier: {
      // A supplier user's own supplier; a label user's: the supplier its label belongs to.
      rule: OWN_SUPPLIER_RULE,
      handler: async (_req, _reply, user) => {
        const [s] = await db.query<MySupplier>(
          `select s.id, s.name, s.ddex_party_id from suppliers s
           where s.id = coalesce($1::int, (select l.supplier_id from labels l where l.id = $2::int))`,
          [user.supplierId ?? null, user.labelId ?? null],
        );
        if (!s) throw notFound();
        return s;
      },
    },
    myLabels: {
      // The labels a supplier or label user packages for: a supplier user's own labels, a label user's own label.
      rule: OWN_SUPPLIER_RULE,
      handler: async (_req, _reply, user) => {
        const results = await db.query<MyLabel>(
          `select l.id, l.name from labels l
           where ($1::int is not null and l.supplier_id = $1::int) or ($1::int is null and l.id = $2::int)
           order by l.name, l.id`,
          [user.supplierId ?? null, user.labelId ?? null],
        );
        return { results };
      },
    },
  });
}
