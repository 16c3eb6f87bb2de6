/**
 * The audit trail (issue "Record pages and editors", History): every write of a record
 * (PATCH, PUT bulk, POST create, bulk edits, and other engineers' sub-resource routes and
 * jobs) appends a row in the SAME transaction as the write, only for fields whose value
 * really changed: who, when, which kind of write and each field's old and new value.
 * A write that fails (rolled back) leaves no row.
 */
import type { Queryable } from '../db/client';

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
  entry: {
    entity: string;
    entityId: number;
    userId: number | null;
    action: string;
    changes: Record<string, { old: unknown; new: unknown }>;
  },
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
