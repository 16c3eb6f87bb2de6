import { z } from 'zod';
import { channel, Empty, Ok } from '../define';
import { formatCount } from '../../format';

/**
 * CSV export of the current search (all results, not one page). Main picks the file
 * (a save dialog in Electron, the Downloads folder in the browser host), asks the
 * API for the CSV of the same filters and streams it to disk; progress arrives as
 * `exportProgress` events.
 */
export const ExportStartRequest = z
  .object({
    /** Search type key (shared/access SEARCH_TYPES); main derives the API path from it. */
    type: z.string().min(1).max(64).regex(/^[a-z_]+$/),
    /** Filter values as the API takes them (spec §3 names). */
    filters: z.record(z.string().max(64).regex(/^[a-z_]+$/), z.string().max(4096)),
    orderBy: z.string().max(64).nullable().optional(),
    /** Optional columns to include besides the fixed ones. */
    columns: z.array(z.string().max(64)).max(100).optional(),
  })
  .strict();
export type ExportStartRequest = z.input<typeof ExportStartRequest>;

export const ExportProgressShape = z.object({
  exportId: z.string(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  fileName: z.string(),
  error: z.string().optional(),
});

/**
 * One export in main's history (persisted by main, newest first, at most
 * EXPORT_HISTORY_MAX): what it saved, with which filters, how many rows, when,
 * where. `state` is the last one seen; an export the app closed on is "failed".
 */
export const ExportHistoryEntryShape = z.object({
  exportId: z.string(),
  /** The ExportRequest kind (search, orderItems, …). */
  kind: z.string(),
  /** What was exported, for people: "Releases search", "Order 42 items". */
  what: z.string(),
  /** The filters (and sort, columns) it was asked with, by name. */
  filters: z.record(z.string(), z.string()),
  fileName: z.string(),
  /** The saved file's path (the target: never a partial file). */
  path: z.string(),
  folder: z.string(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  rows: z.number().int().nonnegative(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().optional(),
});
export type ExportHistoryEntry = z.infer<typeof ExportHistoryEntryShape>;

/** The OS notification of an export that ended (Electron's Notification in main, the web Notification in the browser host): one text for both. */
export function exportNotice(p: { state: string; rows: number; fileName: string; error?: string }, folder: string | undefined): { title: string; body: string } | null {
  if (p.state === 'done')
    return { title: 'Export finished', body: `${p.fileName}: ${formatCount(p.rows, 'row')}${folder ? ` saved in ${folder}` : ''}` };
  if (p.state === 'failed') return { title: 'Export failed', body: `${p.fileName}${p.error ? `: ${p.error}` : ''}` };
  return null;
}

const Started = z.discriminatedUnion('started', [
  /** `folder`: where the file goes, for the finished toast to name (issue 12). */
  z.object({ started: z.literal(true), exportId: z.string(), fileName: z.string(), folder: z.string() }),
  z.object({ started: z.literal(false) }),
]);

export const exportsChannels = {
  exportStart: channel(
    'Starts a CSV export of a search: main chooses the target file, then streams the API\'s CSV into a temporary file and renames it into place when complete. Answers `started: false` when the user dismissed the save dialog.',
    ExportStartRequest,
    Started,
  ),
  exportOrderItems: channel(
    'Saves an order\'s items as CSV (GET …/orders/{id}/items/download/) the same way: main chooses the target file, streams into a temporary file and renames it into place; progress arrives as `exportProgress` events.',
    z.object({ orderId: z.number().int().positive().max(999_999_999) }).strict(),
    Started,
  ),
  exportUserOrderItems: channel(
    'Saves the items of a user\'s orders as CSV (GET /v4/accounts/users/{id}/order-items-csv/download/) the same way: main chooses the target file, streams into a temporary file and renames it into place; progress arrives as `exportProgress` events.',
    z.object({ userId: z.number().int().positive().max(999_999_999) }).strict(),
    Started,
  ),
  exportUsersCsv: channel(
    'Saves the users of the users search\'s filters and order, with every account field, as CSV (GET /v4/accounts/users-csv/download/) the same way: main chooses the target file, streams into a temporary file and renames it into place; progress arrives as `exportProgress` events.',
    ExportStartRequest.pick({ filters: true, orderBy: true }).strict(),
    Started,
  ),
  exportNewUsers: channel(
    'Saves the users registered from `from` to `to` (YYYY-MM-DD, at most 2 days; the API refuses more) as CSV (GET /v4/accounts/new-users-csv/download/) the same way: main chooses the target file, streams into a temporary file and renames it into place; progress arrives as `exportProgress` events.',
    z.object({ from: z.iso.date(), to: z.iso.date() }).strict(),
    Started,
  ),
  exportLabelCsv: channel(
    'Saves a label\'s catalogue CSV (GET /v4/catalog/labels/{id}/download-csv/) the same way: main chooses the target file, streams into a temporary file and renames it into place; progress arrives as `exportProgress` events.',
    z.object({ labelId: z.number().int().positive().max(999_999_999) }).strict(),
    Started,
  ),
  exportSupplierStatements: channel(
    'Saves a supplier\'s statements as CSV (GET …/suppliers/{id}/statements/download-csv/): one statement\'s lines with `statementId`, else every statement one row; main chooses the target file, streams into a temporary file and renames it into place; progress arrives as `exportProgress` events.',
    z.object({ supplierId: z.number().int().positive().max(999_999_999), statementId: z.number().int().positive().max(2_147_483_647).optional() }).strict(),
    Started,
  ),
  exportSalesJob: channel(
    'Saves the CSV of a finished sales-export job (the last job of its chain, as jobWait answered it: GET /v4/jobs/sales-export/{id}/csv/) the same way: main chooses the target file, streams into a temporary file and renames it into place; progress arrives as `exportProgress` events.',
    z.object({ jobId: z.number().int().positive().max(999_999_999) }).strict(),
    Started,
  ),
  exportCancel: channel(
    'Cancels a running export; its temporary file is removed and the target is left as it was.',
    z.object({ exportId: z.string().min(1).max(64) }).strict(),
    Ok,
  ),
  exportHistory: channel(
    'Main\'s export history, newest first: every export started (running ones too), with what, filters, rows, when and where it was saved. Survives a restart.',
    Empty,
    z.object({ entries: z.array(ExportHistoryEntryShape) }),
  ),
  exportShowInFolder: channel(
    'Shows an export\'s file (one main started, by id: this launch or from the history) in the system file manager: shell.showItemInFolder in Electron (`shown: true`). A browser cannot open folders: the browser host answers `shown: false`, and the renderer shows the path instead. Both answer the file\'s path.',
    z.object({ exportId: z.string().min(1).max(64) }).strict(),
    z.object({ shown: z.boolean(), path: z.string() }),
  ),
} as const;
