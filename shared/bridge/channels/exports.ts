import { z } from 'zod';
import { channel, Empty, Ok } from '../define';
import { formatCount } from '../../format';

const Id = z.number().int().positive().max(999_999_999);
/** Filter values as the API takes them (spec §3 names). */
const Filters = z.record(
  z
    .string()
    .max(64)
    .regex(/^[a-z_]+$/),
  z.string().max(4096),
);
const OrderBy = z.string().max(64).nullable().optional();

/**
 * Every CSV main saves, one member per kind (issue 28: adding an export is one member
 * here and one row in main's EXPORT_KINDS, main/services/exports.ts). Main picks the file
 * (a save dialog in Electron, the Downloads folder in the browser host), asks the API for
 * the CSV and streams it to disk; progress arrives as `exportProgress` events.
 */
export const ExportRequest = z.discriminatedUnion('kind', [
  /** Every result of a search (not one page): its type, filters, order and extra columns. */
  z
    .object({
      kind: z.literal('search'),
      /** Search type key (shared/access SEARCH_TYPES); main derives the API path from it. */
      type: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[a-z_]+$/),
      filters: Filters,
      orderBy: OrderBy,
      /** Optional columns to include besides the fixed ones. */
      columns: z.array(z.string().max(64)).max(100).optional(),
    })
    .strict(),
  /** An order's items (GET …/orders/{id}/items/download/). */
  z.object({ kind: z.literal('orderItems'), orderId: Id }).strict(),
  /** The items of a user's orders (GET /v4/accounts/users/{id}/order-items-csv/download/). */
  z.object({ kind: z.literal('userOrderItems'), userId: Id }).strict(),
  /** The users of the users search's filters and order, every account field (GET /v4/accounts/users-csv/download/). */
  z.object({ kind: z.literal('users'), filters: Filters, orderBy: OrderBy }).strict(),
  /** The users registered from `from` to `to` (YYYY-MM-DD, at most 2 days; the API refuses more): GET /v4/accounts/new-users-csv/download/. */
  z.object({ kind: z.literal('newUsers'), from: z.iso.date(), to: z.iso.date() }).strict(),
  /** A label's catalogue (GET /v4/catalog/labels/{id}/download-csv/). */
  z.object({ kind: z.literal('labelCsv'), labelId: Id }).strict(),
  /** A supplier's statements (GET …/suppliers/{id}/statements/download-csv/): one statement's lines with `statementId`, else every statement one row. */
  z
    .object({
      kind: z.literal('supplierStatements'),
      supplierId: Id,
      statementId: z.number().int().positive().max(2_147_483_647).optional(),
    })
    .strict(),
  /** A finished sales-export job's CSV (the last job of its chain, as jobWait answered it: GET /v4/jobs/sales-export/{id}/csv/). */
  z.object({ kind: z.literal('salesJob'), jobId: Id }).strict(),
]);
export type ExportRequest = z.infer<typeof ExportRequest>;
export type ExportKind = ExportRequest['kind'];
/** The kinds, in the union's order. */
export const EXPORT_KINDS = ExportRequest.options.map((o) => o.shape.kind.value) as [ExportKind, ...ExportKind[]];

const ExportState = z.enum(['running', 'done', 'failed', 'cancelled']);
export type ExportState = z.infer<typeof ExportState>;

/** An export's progress (the `exportProgress` event), at most every progressEveryMs while it runs, then once when it ends. */
export const ExportProgressShape = z.object({
  exportId: z.string(),
  state: ExportState,
  /** Data rows written so far (the header line not counted). */
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Rows the API said it would send, when it said. */
  total: z.number().int().nonnegative().nullable(),
  fileName: z.string(),
  error: z.string().optional(),
});
export type ExportProgress = z.infer<typeof ExportProgressShape>;

/**
 * One export in main's history (persisted by main, newest first, at most
 * EXPORT_HISTORY_MAX): what it saved, with which filters, how many rows, when,
 * where. `state` is the last one seen; an export the app closed on is "failed".
 */
export const ExportHistoryEntryShape = z.object({
  exportId: z.string(),
  /** The ExportRequest kind (search, orderItems, …). */
  kind: z.enum(EXPORT_KINDS),
  /** What was exported, for people: "Releases search", "Order 42 items". */
  what: z.string(),
  /** The filters (and sort, columns) it was asked with, by name. */
  filters: z.record(z.string(), z.string()),
  fileName: z.string(),
  /** The saved file's path (the target: never a partial file). */
  path: z.string(),
  folder: z.string(),
  state: ExportState,
  rows: z.number().int().nonnegative(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().optional(),
});
export type ExportHistoryEntry = z.infer<typeof ExportHistoryEntryShape>;

/** The OS notification of an export that ended (Electron's Notification in main, the web Notification in the browser host): one text for both. */
export function exportNotice(
  p: { state: string; rows: number; fileName: string; error?: string },
  folder: string | undefined,
): { title: string; body: string } | null {
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
    "Saves a CSV (ExportRequest, by kind): main chooses the target file, then streams the API's CSV into a temporary file and renames it into place when complete; progress arrives as `exportProgress` events. Answers `started: false` when the user dismissed the save dialog.",
    ExportRequest,
    Started,
  ),
  exportCancel: channel(
    'Cancels a running export; its temporary file is removed and the target is left as it was.',
    z.object({ exportId: z.string().min(1).max(64) }).strict(),
    Ok,
  ),
  exportHistory: channel(
    "Main's export history, newest first: every export started (running ones too), with what, filters, rows, when and where it was saved. Survives a restart.",
    Empty,
    z.object({ entries: z.array(ExportHistoryEntryShape) }),
  ),
  exportShowInFolder: channel(
    "Shows an export's file (one main started, by id: this launch or from the history) in the system file manager: shell.showItemInFolder in Electron (`shown: true`). A browser cannot open folders: the browser host answers `shown: false`, and the renderer shows the path instead. Both answer the file's path.",
    z.object({ exportId: z.string().min(1).max(64) }).strict(),
    z.object({ shown: z.boolean(), path: z.string() }),
  ),
} as const;
