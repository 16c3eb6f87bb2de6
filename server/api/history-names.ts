/**
 * The names a history row's changes refer to (GET …/history/): each referenced record's
 * title by field and id, read from its type's table (server/api/lists/types.ts).
 */
import { recordDecl } from '../../shared/records';
import type { Queryable } from '../db/client';
import type { HistoryChanges } from '../domain/history';
import { LIST_DEF_BY_KEY } from './lists/types';

/** Names of referenced records by field, then id (as text): a history row's `references`. */
export type ReferenceNames = Record<string, Record<string, string>>;

const SQL_NAME = /^[a-z_][a-z0-9_]*$/;

/** The ids a change's old or new value names (an id, or a list of ids). */
function idsOf(v: unknown): number[] {
  if (typeof v === 'number' && Number.isInteger(v)) return [v];
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)) : [];
}

/**
 * The names of the records that a page of `type`'s history rows names by id in its
 * reference fields (a release's label, a track's artists…), read in one query: each
 * referenced type's table (its search type's FROM) and title column (its record
 * declaration's), a UNION ALL over the types named. Answers, per row, field → id → name;
 * an id whose record is gone is left out (the console shows it as "#id").
 */
export async function historyReferenceNames(
  db: Queryable,
  type: string,
  rows: readonly { changes: HistoryChanges }[],
): Promise<ReferenceNames[]> {
  const fields = Object.entries(recordDecl(type)?.fields ?? {})
    .filter(([, f]) => (f.kind === 'reference' || f.kind === 'references') && f.ref)
    .map(([name, f]) => ({ name, ref: f.ref! }));
  const wanted = new Map<string, Set<number>>();
  for (const row of rows) {
    for (const f of fields) {
      const c = row.changes[f.name];
      if (!c) continue;
      for (const id of [...idsOf(c.old), ...idsOf(c.new)]) wanted.set(f.ref, (wanted.get(f.ref) ?? new Set()).add(id));
    }
  }
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [ref, ids] of wanted) {
    const table = LIST_DEF_BY_KEY.get(ref)?.from.trim().split(/\s/)[0];
    const title = recordDecl(ref)?.title;
    if (!table || !title || !SQL_NAME.test(table) || !SQL_NAME.test(title)) continue;
    params.push(ref, [...ids]);
    parts.push(
      `select $${params.length - 1}::text as ref, id, ${title}::text as name from ${table} where id = any($${params.length}::int[])`,
    );
  }
  const found = new Map<string, string>();
  if (parts.length) {
    for (const r of await db.query<{ ref: string; id: number; name: string | null }>(parts.join(' union all '), params)) {
      if (r.name !== null) found.set(`${r.ref}:${r.id}`, r.name);
    }
  }
  return rows.map((row) => {
    const out: ReferenceNames = {};
    for (const f of fields) {
      const c = row.changes[f.name];
      if (!c) continue;
      for (const id of [...idsOf(c.old), ...idsOf(c.new)]) {
        const name = found.get(`${f.ref}:${id}`);
        if (name !== undefined) (out[f.name] ??= {})[String(id)] = name;
      }
    }
    return out;
  });
}
