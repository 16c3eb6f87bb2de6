/**
 * The audit trail of record writes: one history row per change, written in the same
 * transaction as the change.
 *
 * placeholder until the records branch lands: the records branch writes the real module
 * (the table, GET …/{id}/history/); this one inserts nothing.
 */
import type { Queryable } from '../db/client';

export interface HistoryEntry {
  /** The record's type (`tracks`, `releases`, …). */
  entity: string;
  entityId: number;
  /** Who made the change. */
  userId: number;
  action: string;
  /** Each changed field's old and new value. */
  changes: Record<string, { old: unknown; new: unknown }>;
}

export async function recordHistory(_tx: Queryable, _entry: HistoryEntry): Promise<void> {
  // placeholder until the records branch lands
}
