/**
 * GET list, GET by id (ETag) for every search type under its read rule; PATCH by id
 * (If-Match) and PUT bulk for every record type (shared/records), under its write rule
 * (shared/access writes.ts): the route needs the type's write route rule, and each named
 * field its field rule (403 naming the fields otherwise). A row the caller cannot read
 * stays 404. Each route is registered from its declaration (shared/api/endpoints).
 */
import type { FastifyInstance } from 'fastify';
import { SEARCH_TYPES, writeRouteRule, writeRule } from '../../../shared/access';
import { djProfileEndpoints, listEndpoints, recordEndpoints, type ObjectRow } from '../../../shared/api/endpoints';
import { isRecordKey, recordDecl } from '../../../shared/records';
import type { Db, Queryable } from '../../db/client';
import { MSG } from '../../../shared/messages';
import { sqlState } from '../edge';
import { badRequest, notFound } from '../../domain/errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { planList, runList, type ListDef } from '../lists/engine';
import type { RequestUser } from '../principal';
import { WRITES, type Changes, type WriteDef } from '../../domain/records/defs';
import { applyChange, assertMayEdit } from '../../domain/records/write';
import { hasSourceAudio } from '../../jobs/encode';
import type { Storage } from '../../storage';
import { endpointsOf, registerHandlers } from '../route';
import { assertVersion, etagOf, ifMatchVersion } from '../versioning';
import { publicUrlOf } from '../public-url';

/** One object as the list shows it, or null when missing or not visible to this user. */
export async function fetchVisible(db: Queryable, def: ListDef, user: RequestUser, id: number): Promise<ObjectRow | null> {
  const { sql, where } = planList(def, user, {});
  const cond = `t.id = ${sql.p(id)}`;
  // Every row's SQL holds id and version (RowSql, server/api/lists/types.ts).
  const [row] = await db.query<ObjectRow>(
    `select ${def.select} from ${def.from} ${where ? `${where} and ${cond}` : `where ${cond}`}`,
    sql.params,
  );
  return row ?? null;
}

/**
 * Applies one PATCH (or one object of a bulk PUT) inside the caller's transaction: the
 * fields' write rules first (403/400 naming them, before anything is read), then a row
 * the caller cannot see is 404, a stale version 412, and the write itself (history in
 * the same transaction): server/domain/records/write.ts.
 */
export async function applyPatch(
  tx: Queryable,
  def: ListDef,
  w: WriteDef,
  user: RequestUser,
  id: number,
  version: number,
  changes: Changes,
  action: string,
): Promise<ObjectRow> {
  assertMayEdit(user.principal, w, Object.keys(changes));
  if (!(await fetchVisible(tx, def, user, id))) throw notFound();
  if (!(await applyChange(tx, w, user.id, id, changes, action, (stored) => assertVersion(stored, version)))) throw notFound();
  return (await fetchVisible(tx, def, user, id))!;
}

/** PATCH users/{id}/dj-profile/ (spec §7 Accounts): the DJ profile record's PATCH under its write rule. */
function registerDjProfileRoute(app: FastifyInstance, db: Db) {
  const def = LIST_DEF_BY_KEY.get('dj_profiles')!;
  registerHandlers(app, db, djProfileEndpoints, {
    patch: {
      rule: writeRouteRule('dj_profiles'),
      handler: async (req, reply, user) => {
        const version = ifMatchVersion(req);
        const slug = req.body.dj_slug;
        const row = await db
          .transaction(async (tx) => {
            if (slug) {
              const [taken] = await tx.query('select 1 from users where dj_slug = $1 and id <> $2', [slug, req.params.id]);
              if (taken) throw badRequest('dj_slug', MSG.djSlugTaken);
            }
            return applyPatch(tx, def, WRITES.dj_profiles, user, req.params.id, version, req.body, 'update');
          })
          .catch((err: unknown) => {
            // Two saves of one slug at once: the unique key refuses the second, with the same words.
            if (slug && sqlState(err) === '23505') throw badRequest('dj_slug', MSG.djSlugTaken);
            throw err;
          });
        reply.header('etag', etagOf(row.version as number));
        return row;
      },
    },
  });
}

export function registerListRoutes(app: FastifyInstance, db: Db, storage?: Storage) {
  registerDjProfileRoute(app, db);
  for (const t of SEARCH_TYPES) {
    const def = LIST_DEF_BY_KEY.get(t.key);
    if (!def) throw new Error(`No list definition for search type ${t.key}`);
    const ep = listEndpoints(t.key);
    registerHandlers(app, db, endpointsOf(ep, 'list', 'get'), {
      list: {
        rule: t.rule,
        handler: async (req, _reply, user) => runList(db, def, user, req.query, publicUrlOf(req, ep.list.path)),
      },
      get: {
        rule: t.rule,
        handler: async (req, reply, user) => {
          const row = await fetchVisible(db, def, user, req.params.id);
          if (!row) throw notFound();
          reply.header('etag', etagOf(row.version as number));
          // Whether a re-encode can start (issue 27): the page's Re-encode button says why not.
          if (storage && (t.key === 'releases' || t.key === 'tracks'))
            row.has_source_audio = await hasSourceAudio(db, storage, t.key, req.params.id);
          return row;
        },
      },
    });
    // A read-only record (hype purchases: no editable field) has no write routes.
    const w = isRecordKey(t.key) && recordDecl(t.key)!.editable.length ? WRITES[t.key] : undefined;
    if (!w) continue;
    if (!writeRule(t.key)) throw new Error(`No write rule in shared/access for editable type ${t.key}`);
    const rule = writeRouteRule(t.key);
    const rec = recordEndpoints(t.key);
    registerHandlers(app, db, endpointsOf(rec, 'patch', 'bulk'), {
      patch: {
        rule,
        handler: async (req, reply, user) => {
          const version = ifMatchVersion(req);
          const row = await db.transaction((tx) => applyPatch(tx, def, w, user, req.params.id, version, req.body, 'update'));
          reply.header('etag', etagOf(row.version as number));
          return row;
        },
      },
      bulk: {
        rule,
        handler: async (req, _reply, user) => {
          // Every field of every object is authorised first, so a refused field is a 403 whatever the rows.
          assertMayEdit(user.principal, w, [
            ...new Set(req.body.flatMap((item) => Object.keys(item).filter((k) => k !== 'id' && k !== 'version'))),
          ]);
          // All or nothing: one stale or invalid object rolls the whole bulk update back.
          const out = await db.transaction(async (tx) => {
            const rows: ObjectRow[] = [];
            for (const { id, version, ...changes } of req.body) rows.push(await applyPatch(tx, def, w, user, id, version, changes, 'bulk'));
            return rows;
          });
          return { count: out.length, results: out };
        },
      },
    });
  }
}
