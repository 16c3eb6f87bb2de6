import { z } from 'zod';
import { channel, Ok } from '../define';

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
  exportShowInFolder: channel(
    'Shows an export\'s file (one this launch started, by id) in the system file manager: shell.showItemInFolder in Electron (`shown: true`). A browser cannot open folders: the browser host answers `shown: false`, and the renderer shows the path instead. Both answer the file\'s path.',
    z.object({ exportId: z.string().min(1).max(64) }).strict(),
    z.object({ shown: z.boolean(), path: z.string() }),
  ),
} as const;
