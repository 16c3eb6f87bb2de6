/**
 * CSV export of a search: GET /v4/{category}/{type}/export/ takes the same filters,
 * order_by and access checks as the list (server/api/lists/engine.ts planList), plus
 * `columns` (the keys shown on screen, shared/search COLUMNS: the fixed ones are always
 * written, the optional ones when listed; without `columns`, the defaults).
 * Rows are streamed from the database through a cursor in batches, written as CSV with
 * formula-injection escaping (shared/search csv), with backpressure: memory stays flat
 * whatever the row count. X-Total-Count announces the rows for progress.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SEARCH_TYPES } from '../../../shared/access';
import { listEndpoints } from '../../../shared/api/endpoints';
import { columnsOf, csvLine, csvRowWriter, shownColumns, type Column } from '../../../shared/search';
import type { Db } from '../../db/client';
import { planList } from '../lists/engine';
import type { RequestUser } from '../principal';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { ListDef } from '../lists/engine';
import { addEndpoint } from '../route';

/** Rows fetched from the cursor at a time. */
export const EXPORT_BATCH = 5000;

export function registerExportRoutes(app: FastifyInstance, db: Db) {
  for (const t of SEARCH_TYPES) {
    const def = LIST_DEF_BY_KEY.get(t.key);
    if (!def) continue;
    addEndpoint(app, db, listEndpoints(t.key).export, {
      rule: t.rule,
      handler: async (req, reply, user) => {
        const { columns: chosen, page: _p, per_page: _pp, ...query } = req.query;
        const cols = shownColumns(t.key, chosen === undefined ? null : chosen.split(',').filter(Boolean));
        return sendSearchCsv(db, req, reply, def, user!, query, cols, `${t.key}-${new Date().toISOString().slice(0, 10)}.csv`);
      },
    });
  }
}

/**
 * Streams the rows of a list query (`query`: the list's filters and order_by, checked by
 * planList as for the list) as CSV of `cols`: a search's export, and the new-user export
 * (server/api/routes/new-user-export.ts).
 */
export async function sendSearchCsv(
  db: Db, req: FastifyRequest, reply: FastifyReply, def: ListDef, user: RequestUser, query: Parameters<typeof planList>[2], cols: readonly Column[], fileName: string,
) {
  // Same WHERE/ORDER BY as the list: unknown or forbidden filters fail here, before any byte is sent.
  const { sql, where, order, whereParams } = planList(def, user, query);
  const params = [...sql.params];
  // The count takes only WHERE's parameters (a `q` adds a ranking parameter used by ORDER BY).
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from ${def.from} ${where}`, params.slice(0, whereParams));
  const select = exportQuery(def, where, order, cols);
  const line = csvRowWriter(cols);

  const out = new PassThrough();
  let closed = false;
  reply.raw.once('close', () => (closed = !reply.raw.writableFinished));
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  void db
    .transaction(async (tx) => {
      // Every row is wanted: plan for the whole result, not for a fast first row (the cursor default, 0.1).
      await tx.query('set local cursor_tuple_fraction = 1.0');
      await tx.query(`declare export_rows no scroll cursor for ${select}`, params);
      await write(csvLine(cols.map((c) => c.title)));
      const fetchBatch = () => tx.query(`fetch forward ${EXPORT_BATCH} from export_rows`);
      // The next batch is asked for before this one is written, so the database and the CSV work overlap.
      let next = fetchBatch();
      for (;;) {
        const rows = await next;
        if (rows.length === 0) break;
        next = fetchBatch();
        next.catch(() => undefined); // its failure surfaces at the next await
        if (closed) {
          await next.catch(() => undefined);
          throw new Error('client went away');
        }
        let chunk = '';
        for (const row of rows) chunk += line(row);
        await write(chunk);
      }
      await tx.query('close export_rows');
    })
    // A failure mid-stream aborts the response, so the client never takes a partial file for a whole one.
    .then(() => out.end(), (err: unknown) => {
      // The status is already sent: the log is the only trace of a failure mid-stream.
      if (!closed) req.log.error({ err }, 'Export failed mid-stream');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });

  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-total-count', String(n))
    .header('cache-control', 'no-store')
    .send(out);
}

/** Fields a column's CSV value reads besides its own (money is written as a plain number, so no currency). */
const ALSO: Partial<Record<Column['kind'], string[]>> = { hype: ['hype_active'] };

/**
 * Wraps the list's ordered SELECT so only the exported fields leave the database: the
 * planner drops the unused outputs of the (unflattened, ordered) subquery, and the
 * subquery scan keeps its order. Output names come from shared/search COLUMNS, never
 * from the request.
 */
export function exportSelect(listSelect: string, cols: readonly Column[]): string {
  const out = new Map<string, string>();
  for (const c of cols) {
    for (const f of fieldsOf(c)) {
      if (!/^[a-z_][a-z0-9_]*$/.test(f) || out.has(f)) continue;
      // References become their names in the database (C), not JSON the API parses row by row.
      const expr =
        f === c.field && c.kind === 'ref' ? `x."${f}"->>'name'`
        : f === c.field && c.kind === 'refs' ? `(select string_agg(e->>'name', ', ' order by n) from json_array_elements(x."${f}") with ordinality as a(e, n))`
        : `x."${f}"`;
      out.set(f, `${expr} as "${f}"`);
    }
  }
  return `select ${[...out.values()].join(', ')} from (${listSelect}) x`;
}

/** The fields (database names) a column's CSV value reads. */
function fieldsOf(c: Column): string[] {
  return [c.field.split('.')[0], ...(ALSO[c.kind] ?? [])];
}

/**
 * The export's SELECT of a list (its FROM, WHERE and ORDER BY): flat over the type's
 * exportFields when they cover every exported field (no JSON built and taken apart, no
 * per-row aggregation: the database copies columns), else the list's SELECT narrowed by
 * exportSelect. Both give the same rows, values and order.
 */
export function exportQuery(def: ListDef, where: string, order: string, cols: readonly Column[]): string {
  const flat = def.exportFields;
  const fields = [...new Set(cols.flatMap(fieldsOf))];
  if (flat && fields.every((f) => f in flat)) {
    return `select ${fields.map((f) => `${flat[f]} as "${f}"`).join(', ')} from ${def.from} ${where} order by ${order}`;
  }
  return exportSelect(`select ${def.select} from ${def.from} ${where} order by ${order}`, cols);
}

/** Columns a type can export (fixed first), for documentation and tests. */
export function exportColumns(type: string) {
  return columnsOf(type);
}
