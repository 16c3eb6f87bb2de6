/**
 * The audit trail (issue "Record pages and editors", History): every write of a record
 * (PATCH, PUT bulk, POST create, bulk edits, and other engineers' sub-resource routes and
 * jobs) appends a row in the SAME transaction as the write, only for fields whose value
 * really changed: who, when, which kind of write and each field's old and new value.
 * A write that fails (rolled back) leaves no row.
 */
import { recordDecl } from '../../shared/records';
import type { Queryable } from '../db/client';
import { LIST_DEF_BY_KEY } from './lists/types';

export type HistoryChanges = Record<string, { old: unknown; new: unknown }>;

export interface HistoryEntryIn {
  /** The record's search type key ('tracks', 'releases'…). */
  entity: string;
  entityId: number;
  /** The user who wrote it; null for a job or the system. */
  userId: number | null;
  /** create, update, delete, bulk, job… */
  action: string;
  changes: HistoryChanges;
}

/** Appends one audit row inside the caller's transaction (`tx`). */
export async function recordHistory(
  tx: Queryable,
  entry: { entity: string; entityId: number; userId: number | null; action: string; changes: Record<string, { old: unknown; new: unknown }> },
): Promise<void> {
  await recordHistoryMany(tx, [entry]);
}

/**
 * Appends many audit rows with one INSERT (a bulk edit's rows), inside the caller's
 * transaction. Rows are passed as one JSON parameter, read with jsonb_to_recordset, so
 * the statement is the same for 1 or 5,000 rows on both engines.
 */
export async function recordHistoryMany(tx: Queryable, entries: readonly HistoryEntryIn[]): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((e) => ({ entity: e.entity, entity_id: e.entityId, user_id: e.userId, action: e.action, changes: e.changes }));
  await tx.query(
    `insert into record_history (entity, entity_id, user_id, action, changes)
     select x.entity, x.entity_id, x.user_id, x.action, coalesce(x.changes, '{}'::jsonb)
     from jsonb_to_recordset($1::jsonb) as x(entity text, entity_id int, user_id int, action text, changes jsonb)`,
    [JSON.stringify(rows)],
  );
}

/** The fields whose value really changed between `before` and `after` (values compared as JSON). */
export function changedFields(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): HistoryChanges {
  const out: HistoryChanges = {};
  for (const [k, v] of Object.entries(after)) {
    const old = before[k] ?? null;
    if (!sameValue(old, v ?? null)) out[k] = { old, new: v ?? null };
  }
  return out;
}

/** Equal as stored: numbers, text, booleans, null, dates as YYYY-MM-DD, lists of ids in order. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

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
export async function historyReferenceNames(db: Queryable, type: string, rows: readonly { changes: HistoryChanges }[]): Promise<ReferenceNames[]> {
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
    parts.push(`select $${params.length - 1}::text as ref, id, ${title}::text as name from ${table} where id = any($${params.length}::int[])`);
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
