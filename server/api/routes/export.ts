/**
 * CSV export of a search: GET /v4/{category}/{type}/export/ takes the same filters,
 * order_by and access checks as the list (server/api/lists/engine.ts planList), plus
 * `columns` (the keys shown on screen, shared/search COLUMNS: the fixed ones are always
 * written, the optional ones when listed; without `columns`, the defaults).
 * On PostgreSQL, when every column can be written by SQL the same way (copySelect),
 * the database writes the CSV itself: COPY (…) TO STDOUT WITH (FORMAT csv), streamed
 * with pg-copy-streams into the reply (its LF record ends made CRLF). Otherwise (PGlite,
 * or a column kind SQL does not write) rows are streamed through a cursor in batches and
 * written by shared/search csvRowWriter. Both give the same bytes, with formula-injection
 * escaping, and backpressure: memory stays flat whatever the row count. X-Total-Count
 * announces the rows for progress.
 */
import { once } from 'node:events';
import { PassThrough, Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SEARCH_TYPES } from '../../../shared/access';
import { listEndpoints } from '../../../shared/api/endpoints';
import {
  claimedTag,
  columnsOf,
  csvLine,
  csvRowWriter,
  csvText,
  encodeStatusTag,
  enrollmentTag,
  indexedTag,
  scanRecordEnds,
  shownColumns,
  voidedTag,
  ENCODE_STATUSES,
  type Column,
} from '../../../shared/search';
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
        return sendSearchCsv(db, req, reply, def, user, query, cols, `${t.key}-${new Date().toISOString().slice(0, 10)}.csv`);
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
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  def: ListDef,
  user: RequestUser,
  query: Parameters<typeof planList>[2],
  cols: readonly Column[],
  fileName: string,
) {
  // Same WHERE/ORDER BY as the list: unknown or forbidden filters fail here, before any byte is sent.
  const { sql, where, order, whereParams } = planList(def, user, query);
  const params = [...sql.params];
  // The count takes only WHERE's parameters (a `q` adds a ranking parameter used by ORDER BY).
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from ${def.from} ${where}`, params.slice(0, whereParams));
  const select = exportQuery(def, where, order, cols);
  const copy = db.copyCsvTo ? await copySelect(db, select, params, cols) : null;
  const line = csvRowWriter(cols);

  const out = new PassThrough();
  let closed = false;
  reply.raw.once('close', () => (closed = !reply.raw.writableFinished));
  const write = async (chunk: string) => {
    if (!out.destroyed && !out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  const written = copy
    ? write(csvLine(cols.map((c) => c.title))).then(() => db.copyCsvTo!(copy, COPY_SETUP, crlfRecords(), out))
    : db.transaction(async (tx) => {
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
      });
  void written
    // A failure mid-stream aborts the response, so the client never takes a partial file for a whole one.
    .then(
      () => out.end(),
      (err: unknown) => {
        // The status is already sent: the log is the only trace of a failure mid-stream.
        if (!closed) req.log.error({ err }, 'Export failed mid-stream');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      },
    );

  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-total-count', String(n))
    .header('cache-control', 'no-store')
    .send(out);
}

/** Run before the COPY: dates written as ISO (YYYY-MM-DD) whatever the server's DateStyle. */
const COPY_SETUP = ["set local datestyle = 'ISO, YMD'"];

/** Type OIDs (pg_type) the COPY path writes. */
const OID = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  text: 25,
  oid: 26,
  varchar: 1043,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  numeric: 1700,
  uuid: 2950,
};
const INTEGER = new Set<number>([OID.int2, OID.int4, OID.int8, OID.oid]);
/** Types whose text is the string node-postgres hands the JS writer. */
const TEXT = new Set<number>([OID.text, OID.varchar, OID.uuid]);

/** A SQL string literal. */
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * SQL writing text `x` as csvText does: an apostrophe before a cell starting with
 * = + - @ tab or CR (ascii: the first code point, compared as integers, no text
 * made per row) unless it is a plain number (shared/search/csv FORMULA_START and
 * PLAIN_NUMBER, the same patterns); empty text as NULL, so COPY writes an empty field
 * (it would quote an empty string).
 */
const escapedText = (x: string) =>
  `nullif(case when ascii(${x}) in (61, 43, 45, 64, 9, 13) and ${x} !~ '^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?$' then '''' || ${x} else ${x} end, '')`;

/** Status kinds over a boolean: the tag words for true and false. */
const BOOLEAN_TAGS: Partial<Record<Column['kind'], (v: boolean) => { text: string }>> = {
  voided: voidedTag,
  enrolled: enrollmentTag,
  indexed: indexedTag,
  claimed: claimedTag,
};

/**
 * The SQL of a column's CSV cell over `v` (an output of the export query, of type OID
 * `type`), giving the text csvRowWriter writes before quoting (COPY quotes the same
 * way: a field holding a quote, comma, CR or LF), or null when SQL does not write that
 * kind or type the same way (the cursor path writes it). Numbers as JavaScript prints
 * them within ±1e21 and 15 significant digits (trim_scale: 128.50 → 128.5).
 */
function copyCell(c: Column, v: string, type: number): string | null {
  switch (c.kind) {
    case 'number':
    case 'money':
    case 'size':
      return INTEGER.has(type) ? `${v}::text` : type === OID.numeric ? escapedText(`trim_scale(${v})::text`) : null;
    case 'date':
      return type === OID.date
        ? `left(${v}::text, 10)`
        : type === OID.timestamptz
          ? `to_char(${v} at time zone 'UTC', 'YYYY-MM-DD')`
          : type === OID.timestamp
            ? `to_char(${v}, 'YYYY-MM-DD')`
            : null;
    case 'bool':
      return type === OID.bool ? `case when ${v} then 'Yes' when not ${v} then 'No' end` : null;
    case 'encode': {
      if (!TEXT.has(type)) return null;
      const words = ['', ...ENCODE_STATUSES].map((s) => `when ${lit(s)} then ${lit(csvText(encodeStatusTag(s).text))}`);
      return `case coalesce(${v}::text, '') ${words.join(' ')} else ${escapedText(`${v}::text`)} end`;
    }
    case 'text':
      return TEXT.has(type) || INTEGER.has(type) || type === OID.bool ? escapedText(`${v}::text`) : null;
    case 'ref':
    case 'refs':
      return TEXT.has(type) ? escapedText(`${v}::text`) : null;
    default: {
      const tag = BOOLEAN_TAGS[c.kind];
      return tag && type === OID.bool
        ? `case when ${v} then ${lit(csvText(tag(true).text))} else ${lit(csvText(tag(false).text))} end`
        : null;
    }
  }
}

/**
 * The COPY source of an export on PostgreSQL: the export query `select` wrapped so the
 * database writes each cell as csvRowWriter would, its parameters inlined as literals
 * (COPY takes none; the database quotes them: quote_nullable, and an untyped literal
 * takes its type from where it stands, as a parameter does). Null when a column is one
 * SQL does not write the same way, or there is a single column (COPY quotes a lone \.).
 */
export async function copySelect(db: Db, select: string, params: readonly unknown[], cols: readonly Column[]): Promise<string | null> {
  if (cols.length < 2 || cols.some((c) => c.field.includes('.'))) return null;
  const types = new Map((await db.columnTypes(select, params)).map((f) => [f.name, f.type]));
  const cells: string[] = [];
  for (const c of cols) {
    const type = types.get(c.field);
    const cell = type === undefined ? null : copyCell(c, `q."${c.field}"`, type);
    if (cell === null) return null;
    cells.push(cell);
  }
  let literals: string[] = [];
  if (params.length) {
    const [row] = await db.query<Record<string, string>>(
      `select ${params.map((_, i) => `quote_nullable($${i + 1}::text) as p${i + 1}`).join(', ')}`,
      params,
    );
    literals = params.map((_, i) => row[`p${i + 1}`]);
  }
  const inlined = select.replace(/\$(\d+)(?!\d)/g, (m, n: string) => literals[Number(n) - 1] ?? m);
  return `select ${cells.join(', ')} from (${inlined}) q`;
}

/**
 * COPY ends each record with LF; csvLine ends it with CRLF (RFC 4180). Puts a CR before
 * every LF outside quotes (a quoted cell keeps its own line ends as they are).
 */
export function crlfRecords(): Transform {
  const crlf = Buffer.from('\r\n');
  let inQuotes = false;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      const parts: Buffer[] = [];
      let start = 0;
      inQuotes = scanRecordEnds(chunk, inQuotes, (nl) => {
        parts.push(chunk.subarray(start, nl), crlf);
        start = nl + 1;
      });
      parts.push(chunk.subarray(start));
      cb(null, Buffer.concat(parts));
    },
  });
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
        f === c.field && c.kind === 'ref'
          ? `x."${f}"->>'name'`
          : f === c.field && c.kind === 'refs'
            ? `(select string_agg(e->>'name', ', ' order by n) from json_array_elements(x."${f}") with ordinality as a(e, n))`
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
