/**
 * The audit history of records (placeholder until the records branch lands: that branch
 * writes the real module, with its table and GET …/{id}/history/). Callers already write
 * each change through it, in the transaction of the change.
 */
import type { Queryable } from '../db/client';

export async function recordHistory(
  _tx: Queryable,
  _entry: { entity: string; entityId: number; userId: number | null; action: string; changes: Record<string, { old: unknown; new: unknown }> },
): Promise<void> {
  // Placeholder until the records branch lands: it records nothing yet.
}
