/**
 * Views shared with the team (shared/api/endpoints/shared-views.ts; issue 18). A view is
 * shared with a staff role on the sharer's active brand; it is visible to that role on
 * that brand, to whoever shared it, and to admin on the brand. Every answer is narrowed to
 * what the caller may use (shared/search narrowView): a link never widens access. A sharer
 * shares only filters it may use itself; another role and a role's default are admin's;
 * setting a default unsets the role's previous one in the same transaction.
 */
import type { FastifyInstance } from 'fastify';
import { SHARED_VIEWS_RULE, STAFF_ROLES, can, searchType, type Principal } from '../../../shared/access';
import { SHARED_VIEW_MSG, sharedViewEndpoints as ep } from '../../../shared/api/endpoints/shared-views';
import { narrowView, type SharedView } from '../../../shared/search';
import type { Db, Queryable } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import type { RequestUser } from '../principal';
import { registerHandlers } from '../route';

interface Row {
  id: number;
  owner_id: number;
  owner: string;
  brand: string;
  role: string;
  type: string;
  name: string;
  filters: Record<string, string>;
  columns: string[] | null;
  order_by: string | null;
  is_default: boolean;
  created_at: string;
}

const roleOf = (p: Principal) => STAFF_ROLES.find((r) => p.scopes.includes(r));
const isAdmin = (p: Principal) => p.scopes.includes('staff:admin');
const mayRead = (p: Principal, type: string) => {
  const t = searchType(type);
  return Boolean(t && can(p, t.rule));
};

const SELECT = `select v.id, v.owner_id, coalesce(u.display_name, u.username) as owner, v.brand, v.role, v.type, v.name, v.filters, v.columns,
  v.order_by, v.is_default, v.created_at from shared_views v join users u on u.id = v.owner_id`;

/** The views this user sees: its brand, and its role's, its own, or (admin) every one. */
function visible(user: RequestUser, extra: string, params: unknown[]) {
  const p = user.principal;
  return {
    sql: `${SELECT} where v.brand = $1 and ($2 or v.role = $3 or v.owner_id = $4)${extra} order by v.is_default desc, lower(v.name), v.id`,
    params: [p.brand, isAdmin(p), roleOf(p) ?? '', user.id, ...params],
  };
}

function answer(user: RequestUser, r: Row): SharedView {
  const narrowed = narrowView(user.principal, { type: r.type, filters: r.filters, columns: r.columns });
  return {
    id: r.id,
    owner: r.owner,
    brand: r.brand,
    role: r.role,
    type: r.type,
    name: r.name,
    order_by: r.order_by,
    is_default: r.is_default,
    created_at: new Date(r.created_at).toISOString(),
    filters: narrowed.filters,
    columns: narrowed.columns,
    dropped: narrowed.dropped,
  };
}

async function one(q: Queryable, user: RequestUser, id: number): Promise<Row> {
  const { sql, params } = visible(user, ' and v.id = $5', [id]);
  const [r] = await q.query<Row>(sql, params);
  if (!r || !mayRead(user.principal, r.type)) throw notFound();
  return r;
}

export function registerSharedViewRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, ep, {
    list: {
      rule: SHARED_VIEWS_RULE,
      handler: async (req, _reply, user) => {
        const type = req.query.type;
        const { sql, params } = visible(user, type ? ' and v.type = $5' : '', type ? [type] : []);
        const rows = (await db.query<Row>(sql, params)).filter((r) => mayRead(user.principal, r.type));
        const results = rows.map((r) => answer(user, r));
        return { count: results.length, next: null, previous: null, page: '1/1', per_page: Math.max(1, results.length), results };
      },
    },

    get: {
      rule: SHARED_VIEWS_RULE,
      handler: async (req, _reply, user) => answer(user, await one(db, user, req.params.id)),
    },

    create: {
      rule: SHARED_VIEWS_RULE,
      handler: async (req, reply, user) => {
        const b = req.body;
        const p = user.principal;
        if (!mayRead(p, b.type)) throw badRequest('type', 'Unknown search type.');
        if (b.role !== roleOf(p) && !isAdmin(p)) throw new HttpError(403, { role: [SHARED_VIEW_MSG.otherRole] });
        if (b.is_default && !isAdmin(p)) throw new HttpError(403, { is_default: [SHARED_VIEW_MSG.setDefault] });
        const own = narrowView(p, { type: b.type, filters: b.filters, columns: b.columns ?? null });
        if (own.dropped.filters.length) throw badRequest('filters', `${SHARED_VIEW_MSG.badFilter} (${own.dropped.filters.join(', ')})`);
        if (own.dropped.columns.length) throw badRequest('columns', `Unknown columns: ${own.dropped.columns.join(', ')}.`);
        const row = await db.transaction(async (tx) => {
          if (b.is_default)
            await tx.query('update shared_views set is_default = false where brand = $1 and role = $2 and type = $3 and is_default', [
              p.brand,
              b.role,
              b.type,
            ]);
          const [{ id }] = await tx.query<{ id: number }>(
            `insert into shared_views (owner_id, brand, role, type, name, filters, columns, order_by, is_default)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
            [
              user.id,
              p.brand,
              b.role,
              b.type,
              b.name,
              JSON.stringify(b.filters),
              b.columns ?? null,
              b.order_by ?? null,
              b.is_default ?? false,
            ],
          );
          return one(tx, user, id);
        });
        reply.code(201);
        return answer(user, row);
      },
    },

    remove: {
      rule: SHARED_VIEWS_RULE,
      handler: async (req, reply, user) => {
        const r = await one(db, user, req.params.id);
        if (r.owner_id !== user.id && !isAdmin(user.principal)) throw new HttpError(403, { detail: SHARED_VIEW_MSG.notYours });
        await db.query('delete from shared_views where id = $1', [r.id]);
        reply.code(204);
        return null;
      },
    },
  });
}
