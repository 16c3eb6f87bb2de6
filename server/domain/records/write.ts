/**
 * Writing records (shared/records declarations, server/domain/records/defs.ts): the one
 * path every PATCH, bulk PUT, POST create and bulk edit goes through, inside the
 * caller's transaction:
 * 1. field access (shared/records mayEdit: the write rules and the field's brands):
 *    a field the caller may not write (or not on the active brand) is a 403 naming it;
 * 2. the stored row, read (and locked) with what the rules need, and its version;
 * 3. the declaration's cross-field checks and the server's database rules: 400 by field;
 * 4. only the fields whose value really changes are written (version + 1), with their
 *    links, and one history row of their old and new values.
 */
import { FIELD_WRITE_REFUSED, type Principal } from '../../../shared/access';
import { RECORD_MSG, createDefaults, refusedEdits, runChecks } from '../../../shared/records';
import type { Queryable, Row } from '../../db/client';
import { HttpError } from '../errors';
import { changedFields, recordHistory, type HistoryChanges } from '../history';
import { Sql } from '../../db/sql';
import { columnOf, isLink, type Changes, type Errors, type Lookups, type WriteDef } from './defs';

const has = (c: Changes, f: string) => Object.hasOwn(c, f);

/** The errors of refused fields by field: not the caller's to write, or not on the active brand. */
export const refusalErrors = (refused: readonly { field: string; brand: boolean }[]): Errors =>
  Object.fromEntries(refused.map((r) => [r.field, [r.brand ? RECORD_MSG.brandOnly : FIELD_WRITE_REFUSED]]));

/** 403 naming the fields the caller may not write (a field of another brand says so). */
export function assertMayEdit(principal: Principal, d: WriteDef, fields: readonly string[]): void {
  const refused = refusedEdits(principal, d.key, fields);
  if (refused.length) throw new HttpError(403, refusalErrors(refused));
}

/** Aliases of the mapped columns while they are read (their field names may be other columns of the table). */
const alias = (field: string) => `__f_${field}`;

/**
 * The stored rows (`ids`) as the rules see them: every column, mapped fields under their
 * field names, each link field as its ids in order, and the type's context values.
 * `lock` takes the rows' locks (FOR UPDATE OF the row) for a write; `withLinks` false
 * leaves the link fields out (a bulk edit never changes them).
 */
export async function loadStored(
  tx: Queryable,
  d: WriteDef,
  ids: readonly number[],
  lock: boolean,
  withLinks = true,
): Promise<Map<number, Row>> {
  const items = ['s.*'];
  const links = withLinks ? Object.entries(d.links) : [];
  for (const [f, col] of Object.entries(d.columns)) items.push(`s.${col} as ${alias(f)}`);
  for (const [f, l] of links) {
    items.push(`(select coalesce(array_agg(x.${l.target} order by x.position), '{}') from ${l.table} x
      where x.${l.owner} = s.id${l.role ? ` and x.role = '${l.role}'` : ''}) as ${alias(f)}`);
  }
  if (d.context) items.push(d.context.select);
  const rows = await tx.query(
    `select ${items.join(', ')} from ${d.table} s ${d.context?.joins ?? ''} where s.id = any($1::int[])${lock ? ' order by s.id for update of s' : ''}`,
    [ids],
  );
  const out = new Map<number, Row>();
  for (const r of rows) {
    for (const f of [...Object.keys(d.columns), ...links.map(([f]) => f)]) {
      r[f] = r[alias(f)];
      delete r[alias(f)];
    }
    out.set(r.id as number, r);
  }
  return out;
}

/** What a change needs looked up once (the sub-genre's genre, the label's supplier). */
export const lookupsFor = (tx: Queryable, d: WriteDef, changes: Changes): Promise<Lookups> =>
  d.lookup?.(tx, changes) ?? Promise.resolve({});

/**
 * The changes to write on one stored row, with those that follow (a reset sub-genre…),
 * and the errors of the declaration's checks and the database rules (null: none).
 */
export function evaluate(d: WriteDef, stored: Row, changes: Changes, lookups: Lookups): { final: Changes; errors: Errors | null } {
  const checks = runChecks(d.decl.checks, stored, changes);
  const rules = d.rules?.(stored, changes, lookups) ?? {};
  let errors: Errors | null = checks;
  for (const [k, v] of Object.entries(rules.errors ?? {})) ((errors ??= {})[k] ??= []).push(...v);
  return { final: { ...changes, ...rules.derived }, errors };
}

/** Replaces a row's link fields (ids in order → positions 1..N). */
async function writeLinks(tx: Queryable, d: WriteDef, id: number, diff: HistoryChanges): Promise<void> {
  for (const [f, l] of Object.entries(d.links)) {
    if (!has(diff, f)) continue;
    const role = l.role ? ` and role = '${l.role}'` : '';
    await tx.query(`delete from ${l.table} where ${l.owner} = $1${role}`, [id]);
    await tx.query(
      `insert into ${l.table} (${l.owner}, ${l.target}, position${l.role ? ', role' : ''})
       select $1, x.id, x.n${l.role ? `, '${l.role}'` : ''} from unnest($2::int[]) with ordinality as x(id, n)`,
      [id, diff[f].new],
    );
  }
  // A track's artist names are what the `artist` filter searches.
  if (d.key === 'tracks' && has(diff, 'artists')) {
    await tx.query(
      `update tracks set artist_names = coalesce((select string_agg(a.name, ', ' order by ta.position)
      from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = $1 and ta.role = 'artist'), '') where id = $1`,
      [id],
    );
  }
}

/** Column assignments of a diff (links are written separately). */
function assignments(d: WriteDef, diff: HistoryChanges, sql: Sql): string[] {
  return Object.keys(diff)
    .filter((f) => !isLink(d, f))
    .map((f) => `${columnOf(d, f)} = ${sql.p(diff[f].new)}`);
}

/**
 * Applies one change to row `id` at `version` (already authorised for its fields),
 * inside the caller's transaction; returns false when the row is not there. A stale
 * version is the 412 of assertVersion (thrown by `checkVersion`).
 */
export async function applyChange(
  tx: Queryable,
  d: WriteDef,
  userId: number,
  id: number,
  changes: Changes,
  action: string,
  checkVersion: (stored: number) => void,
): Promise<boolean> {
  const stored = (await loadStored(tx, d, [id], true)).get(id);
  if (!stored) return false;
  checkVersion(stored.version as number);
  const { final, errors } = evaluate(d, stored, changes, await lookupsFor(tx, d, changes));
  if (errors) throw new HttpError(400, errors);
  const diff = changedFields(stored, final);
  if (!Object.keys(diff).length) return true;
  const sql = new Sql();
  const sets = assignments(d, diff, sql);
  await tx.query(`update ${d.table} set ${[...sets, 'version = version + 1'].join(', ')} where id = ${sql.p(id)}`, sql.params);
  await writeLinks(tx, d, id, diff);
  await d.after?.(tx, id, final);
  await recordHistory(tx, { entity: d.key, entityId: id, userId, action, changes: diff });
  return true;
}

/**
 * Inserts a new row: `columns` (the body's column fields with what the type derives)
 * and its link fields; one history row 'create' with every given field as {old: null, new}.
 * A field the body leaves out takes the declaration's default (shared/records createDefaults),
 * never the column's own, so a record is created as its create form showed it.
 */
export async function insertRecord(tx: Queryable, d: WriteDef, userId: number, given: Changes, links: Changes): Promise<number> {
  const defaults = Object.entries(createDefaults(d.decl)).filter(
    ([f]) => !isLink(d, f) && !Object.hasOwn(given, f) && !Object.hasOwn(links, f),
  );
  const columns: Changes = { ...Object.fromEntries(defaults), ...given };
  const sql = new Sql();
  const names = Object.keys(columns);
  const [row] = await tx.query<{ id: number }>(
    `insert into ${d.table} (${names.map((f) => columnOf(d, f)).join(', ')}) values (${names.map((f) => sql.p(columns[f])).join(', ')}) returning id`,
    sql.params,
  );
  const diff = changedFields({}, { ...columns, ...links });
  await writeLinks(tx, d, row.id, Object.fromEntries(Object.entries(diff).filter(([f]) => isLink(d, f))));
  await recordHistory(tx, { entity: d.key, entityId: row.id, userId, action: 'create', changes: diff });
  return row.id;
}
