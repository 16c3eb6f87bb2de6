/**
 * Bulk edit with preview (PATCH /v4/catalog/tracks/bulk/ and
 * PATCH /v4/catalog/releases/{id}/tracks/bulk/): the same changes on many tracks, and a
 * release's new track order. Preview answers, for every row, before → after of each
 * field that changes and, for rows that would be refused, why (validation, field access,
 * not visible, stale version), writing nothing. Apply is all or nothing in the caller's
 * transaction and set-based: the rows are read and locked with one SELECT, written with
 * one UPDATE … FROM jsonb_to_recordset(…) and audited with one INSERT, whatever their
 * number (up to BULK_EDIT_MAX).
 */
import type { BulkEditReport, BulkRowReport } from '../../../shared/api/endpoints';
import { RECORD_MSG, isFullOrder, refusedEdits, type TrackPosition } from '../../../shared/records';
import type { Queryable, Row } from '../../db/client';
import { HttpError, badRequest } from '../../domain/errors';
import { changedFields, recordHistoryMany, type HistoryChanges } from '../../domain/history';
import { Sql, innerFrom, planList, type ListDef } from '../lists/engine';
import type { RequestUser } from '../principal';
import { columnOf, type Changes, type WriteDef } from '../../domain/records/defs';
import { evaluate, loadStored, lookupsFor, refusalErrors } from '../../domain/records/write';

export const STALE_ROW_MSG = 'This track was changed by someone else since it was loaded.';
export const NOT_VISIBLE_MSG = 'This track does not exist or is not visible to you.';

export interface BulkEditInput {
  readonly rows: readonly { id: number; version: number }[];
  readonly changes: Changes;
  readonly positions?: readonly TrackPosition[];
  readonly preview: boolean;
  /** The release whose tracks these are (…/releases/{id}/tracks/bulk/). */
  readonly releaseId?: number;
}

/** The ids among `ids` the caller can see (the list's row rules: brand, own supplier or label). */
async function visibleIds(tx: Queryable, list: ListDef, user: RequestUser, ids: readonly number[]): Promise<Set<number>> {
  const { sql, where } = planList(list, user, {});
  const cond = `t.id = any(${sql.p(ids)}::int[])`;
  // Only the joins the row rules need (none for staff): innerFrom keeps the main table alone when it can.
  const rows = await tx.query<{ id: number }>(
    `select t.id from ${innerFrom(list, where)} ${where ? `${where} and ${cond}` : `where ${cond}`}`,
    sql.params,
  );
  return new Set(rows.map((r) => r.id));
}

export async function bulkEdit(
  tx: Queryable,
  d: WriteDef,
  list: ListDef,
  user: RequestUser,
  input: BulkEditInput,
): Promise<BulkEditReport> {
  const { changes, preview } = input;
  const refusedFields = refusedEdits(user.principal, d.key, Object.keys(changes));
  if (refusedFields.length && !preview) {
    throw new HttpError(403, refusalErrors(refusedFields));
  }
  // The release's tracks in their order, when reordering (locked for the apply).
  let order: Row[] = [];
  if (input.positions) {
    order = await tx.query(`select id, position from tracks where release_id = $1 order by position, id${preview ? '' : ' for update'}`, [
      input.releaseId,
    ]);
    if (
      !isFullOrder(
        order.map((t) => t.id as number),
        input.positions,
      )
    )
      throw badRequest('positions', RECORD_MSG.positions);
  }
  const ids = [...new Set([...input.rows.map((r) => r.id), ...(input.positions ?? []).map((p) => p.id)])];
  const [visible, stored, lookups] = await Promise.all([
    visibleIds(tx, list, user, ids),
    loadStored(tx, d, ids, !preview, false),
    lookupsFor(tx, d, changes),
  ]);
  const reports = new Map<number, BulkRowReport>();
  const edited = new Set<number>();
  for (const row of input.rows) {
    const s = stored.get(row.id);
    const report: BulkRowReport = { id: row.id, version: null, changes: {}, refused: null };
    reports.set(row.id, report);
    if (!s || !visible.has(row.id) || (input.releaseId !== undefined && s.release_id !== input.releaseId)) {
      report.refused = {
        reason: 'not_visible',
        errors: { id: [input.releaseId !== undefined && s && visible.has(row.id) ? RECORD_MSG.notInRelease : NOT_VISIBLE_MSG] },
      };
      continue;
    }
    report.version = s.version as number;
    if (refusedFields.length) {
      report.refused = { reason: 'access', errors: refusalErrors(refusedFields) };
      continue;
    }
    if (s.version !== row.version) {
      report.refused = { reason: 'stale', errors: { version: [STALE_ROW_MSG] } };
      continue;
    }
    const { final, errors } = evaluate(d, s, changes, lookups);
    if (errors) {
      report.refused = { reason: 'validation', errors };
      continue;
    }
    report.changes = changedFields(s, final);
    if (Object.keys(report.changes).length) edited.add(row.id);
  }
  const moved = new Map<number, number>();
  for (const p of input.positions ?? []) {
    const s = stored.get(p.id)!;
    if (s.position === p.position) continue;
    moved.set(p.id, p.position);
    let report = reports.get(p.id);
    if (!report) reports.set(p.id, (report = { id: p.id, version: s.version as number, changes: {}, refused: null }));
    if (!report.refused) report.changes.position = { old: s.position, new: p.position };
  }
  const rows = [...reports.values()];
  const refused = rows.filter((r) => r.refused).length;
  const targets = rows.filter((r) => !r.refused && Object.keys(r.changes).length);
  const report: BulkEditReport = { preview, applied: false, changed: targets.length, refused, rows };
  if (preview) return report;
  if (refused) throw new HttpError(409, { detail: `Nothing was saved: ${refused} of ${rows.length} rows would be refused.`, ...report });
  if (targets.length) {
    await writeRows(
      tx,
      d,
      changes,
      targets.map((r) => ({ id: r.id, version: r.version!, edit: edited.has(r.id), position: moved.get(r.id) ?? null })),
    );
    await recordHistoryMany(
      tx,
      targets.map((r) => ({ entity: d.key, entityId: r.id, userId: user.id, action: 'bulk', changes: r.changes as HistoryChanges })),
    );
    for (const r of targets) r.version = r.version! + 1;
  }
  return { ...report, applied: true };
}

/**
 * One UPDATE for every target row: the edited rows take the changes (a changed genre
 * resets each row's sub-genre unless one is given: spec §4), moved rows their position;
 * every target's version + 1. A row whose version moved meanwhile is not updated, and the
 * whole edit fails (the rows were locked, so this is a guard).
 */
async function writeRows(
  tx: Queryable,
  d: WriteDef,
  changes: Changes,
  targets: { id: number; version: number; edit: boolean; position: number | null }[],
) {
  const sql = new Sql();
  const data = sql.p(JSON.stringify(targets));
  const sets = Object.keys(changes).map(
    (f) => `${columnOf(d, f)} = case when x.edit then ${sql.p(changes[f])} else t.${columnOf(d, f)} end`,
  );
  if (Object.hasOwn(changes, 'genre_id') && !Object.hasOwn(changes, 'sub_genre_id')) {
    sets.push(
      `sub_genre_id = case when x.edit and t.genre_id is distinct from ${sql.p(changes.genre_id)}::int then null else t.sub_genre_id end`,
    );
  }
  sets.push('position = coalesce(x.position, t.position)', 'version = t.version + 1');
  const done = await tx.query(
    `update ${d.table} t set ${sets.join(', ')}
     from jsonb_to_recordset(${data}::jsonb) as x(id int, version int, edit boolean, position int)
     where t.id = x.id and t.version = x.version returning t.id`,
    sql.params,
  );
  if (done.length !== targets.length)
    throw new HttpError(409, { detail: 'Nothing was saved: some rows changed meanwhile. Preview again.' });
}
