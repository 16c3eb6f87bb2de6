/**
 * GET list, GET by id (ETag) for every search type under its read rule; PATCH by id
 * (If-Match) and PUT bulk for every type with a patch definition, under its write rule
 * (shared/access writes.ts): the route needs the type's write route rule, and each named
 * field its field rule (403 naming the fields otherwise). A row the caller cannot read
 * stays 404. Each route is registered from its declaration (shared/api/endpoints).
 */
import type { FastifyInstance } from 'fastify';
import { FIELD_WRITE_REFUSED, SEARCH_TYPES, refusedFields, writeRouteRule, writeRule } from '../../../shared/access';
import { listEndpoints, recordEndpoints, type ObjectRow } from '../../../shared/api/endpoints';
import { INT4_MAX } from '../../../shared/api';
import type { Db, Queryable, Row } from '../../db/client';
import { HttpError, badRequest, notFound } from '../errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { Sql, planList, runList, type ListDef } from '../lists/engine';
import type { RequestUser } from '../principal';
import { addEndpoint } from '../route';
import { assertVersion, etagOf, ifMatchVersion } from '../versioning';
import { PATCHES, type PatchDef } from './patches';

/** A whole number the database's integer columns can hold (a bigger id or version is a 400, not a database error). */
const isInt4 = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= INT4_MAX;

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
  const refused = refusedFields(user.principal, def.key, Object.keys(changes));
  if (refused.length) throw new HttpError(403, Object.fromEntries(refused.map((f) => [f, [FIELD_WRITE_REFUSED]])));
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
    const ep = listEndpoints(t.key);
    addEndpoint(app, db, ep.list, {
      rule: t.rule,
      handler: async (req, _reply, user) => runList(db, def, user!, req.query, `${req.protocol}://${req.host}${ep.list.path}`),
    });
    addEndpoint(app, db, ep.get, {
      rule: t.rule,
      handler: async (req, reply, user) => {
        const row = await fetchVisible(db, def, user!, req.params.id);
        if (!row) throw notFound();
        reply.header('etag', etagOf(row.version as number));
        return row as ObjectRow;
      },
    });
    const p = PATCHES[t.key];
    if (!p) continue;
    if (!writeRule(t.key)) throw new Error(`No write rule in shared/access for editable type ${t.key}`);
    const rule = writeRouteRule(t.key);
    const rec = recordEndpoints(t.key);
    addEndpoint(app, db, rec.patch, {
      rule,
      handler: async (req, reply, user) => {
        const id = req.params.id;
        const version = ifMatchVersion(req);
        const row = await db.transaction((tx) => applyPatch(tx, def, p, user!, id, version, req.body));
        reply.header('etag', etagOf(row.version as number));
        return row as ObjectRow;
      },
    });
    addEndpoint(app, db, rec.bulk, {
      rule,
      handler: async (req, _reply, user) => {
        const items = req.body;
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
        return { count: out.length, results: out as ObjectRow[] };
      },
    });
  }
}
