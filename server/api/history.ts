/**
 * The audit trail of record writes: one history row per change, in the same transaction.
 * placeholder until the records branch lands: it writes the real module; this one inserts nothing.
 */
import type { Queryable } from '../db/client';

export async function recordHistory(
  _tx: Queryable,
  _entry: { entity: string; entityId: number; userId: number; action: string; changes: Record<string, { old: unknown; new: unknown }> },
): Promise<void> {
  // placeholder until the records branch lands
}
