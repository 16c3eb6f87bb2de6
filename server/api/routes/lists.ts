/** GET list, GET by id (ETag), PATCH by id (If-Match), PUT bulk for every search type. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_CONTROL, SEARCH_TYPES, withAll, type Rule } from '../../../shared/access';
import { INT4_MAX } from '../../../shared/api';
import type { Db, Queryable, Row } from '../../db/client';
import { badRequest, notFound } from '../errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { Sql, planList, runList, type ListDef, type ListQuery } from '../lists/engine';
import type { RequestUser } from '../principal';
import { addRoute } from '../route';
import { assertVersion, etagOf, ifMatchVersion } from '../versioning';
import { PATCHES, type PatchDef } from './patches';

/** A whole number the database's integer columns can hold (a bigger id or version is a 400, not a database error). */
const isInt4 = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= INT4_MAX;

/** The numeric id of a `:id` route (anything else is 404). */
export function parseId(req: FastifyRequest): number {
  const raw = (req.params as { id: string }).id;
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** One object as the list shows it, or null when missing or not visible to this user. */
export async function fetchVisible(db: Queryable, def: ListDef, user: RequestUser, id: number): Promise<Row | null> {
  const { sql, where } = planList(def, user, {});
  const cond = `t.id = ${sql.p(id)}`;
  const [row] = await db.query(`select ${def.select} from ${def.from} ${where ? `${where} and ${cond}` : `where ${cond}`}`, sql.params);
  return row ?? null;
}

/** Applies one PATCH inside the caller's transaction. */
async function applyPatch(
  tx: Queryable, def: ListDef, p: PatchDef, user: RequestUser, id: number, version: number, body: unknown,
): Promise<Row> {
  const changes = p.parse(body);
  {
    const current = await fetchVisible(tx, def, user, id);
    if (!current) throw notFound();
    const [stored] = await tx.query(`select * from ${p.table} where id = $1 for update`, [id]);
    assertVersion(stored.version as number, version);
    const final = p.check ? await p.check(tx, stored, changes) : changes;
    const cols = Object.keys(final);
    if (cols.length) {
      const sql = new Sql();
      const sets = cols.map((c) => `${c} = ${sql.p(final[c])}`);
      await tx.query(
        `update ${p.table} set ${sets.join(', ')}, version = version + 1 where id = ${sql.p(id)}`,
        sql.params,
      );
    }
    return (await fetchVisible(tx, def, user, id))!;
  }
}

export function registerListRoutes(app: FastifyInstance, db: Db) {
  for (const t of SEARCH_TYPES) {
    const def = LIST_DEF_BY_KEY.get(t.key);
    if (!def) throw new Error(`No list definition for search type ${t.key}`);
    const base = `/v4/${t.category}/${t.path}/`;
    addRoute(app, db, {
      method: 'GET', url: base, rule: t.rule,
      handler: async (req, _reply, user) => runList(db, def, user!, req.query as ListQuery, `${req.protocol}://${req.host}${base}`),
    });
    addRoute(app, db, {
      method: 'GET', url: `${base}:id/`, rule: t.rule,
      handler: async (req, reply, user) => {
        const row = await fetchVisible(db, def, user!, parseId(req));
        if (!row) throw notFound();
        reply.header('etag', etagOf(row.version as number));
        return row;
      },
    });
    const p = PATCHES[t.key];
    if (!p) continue;
    const writeRule: Rule = p.controlOnly ? withAll(t.rule as readonly (readonly string[])[], APP_CONTROL) : t.rule;
    addRoute(app, db, {
      method: 'PATCH', url: `${base}:id/`, rule: writeRule,
      handler: async (req, reply, user) => {
        const id = parseId(req);
        const version = ifMatchVersion(req);
        const row = await db.transaction((tx) => applyPatch(tx, def, p, user!, id, version, req.body));
        reply.header('etag', etagOf(row.version as number));
        return row;
      },
    });
    addRoute(app, db, {
      method: 'PUT', url: base, rule: writeRule,
      handler: async (req, _reply, user) => {
        const items = req.body;
        if (!Array.isArray(items) || items.length === 0 || items.length > 500) {
          throw badRequest('non_field_errors', 'Send a list of 1 to 500 objects with id and version.');
        }
        // All or nothing: one stale or invalid object rolls the whole bulk update back.
        const out = await db.transaction(async (tx) => {
          const rows: Row[] = [];
          for (const [i, item] of items.entries()) {
            if (typeof item !== 'object' || item === null) throw badRequest(String(i), 'Expected an object.');
            const { id, version, ...rest } = item as Record<string, unknown>;
            if (!isInt4(id) || !isInt4(version)) throw badRequest(String(i), 'id and version are required.');
            rows.push(await applyPatch(tx, def, p, user!, id, version, rest));
          }
          return rows;
        });
        return { count: out.length, results: out };
      },
    });
  }
}
