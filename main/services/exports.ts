/**
 * CSV exports to disk. The API produces the CSV of the current filters (all rows,
 * streamed from its database); this service streams the response body into a
 * temporary file beside the target and renames it into place only when the whole
 * body arrived: the target is never a partial file. A failure or cancel removes the
 * temporary file. Progress (rows, bytes, total when the API sends X-Total-Count) is
 * reported as it goes, at most every `progressEveryMs`.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ReadableStream as WebReadableStream } from 'node:stream/web';
import { listEndpoints, type ListEndpoints } from '../../shared/api/endpoints/lists';
import { orderEndpoints } from '../../shared/api/endpoints/orders';
import { userEndpoints } from '../../shared/api/endpoints/users';
import { labelEndpoints } from '../../shared/api/endpoints/labels';
import { statementEndpoints } from '../../shared/api/endpoints/statements';
import { jobEndpoints } from '../../shared/api/endpoints/jobs';
import type { QueryIn } from '../../shared/api/endpoint';
import { searchType } from '../../shared/access';
import { scanRecordEnds } from '../../shared/search/csv';
import {
  exportNotice,
  type ExportKind,
  type ExportProgress,
  type ExportRequest,
  type ExportState,
} from '../../shared/bridge/channels/exports';
import { toListQuery } from '../../shared/api/endpoints/lists';
import type { ApiClient } from './api-client';
import type { ExportHistory } from './export-history';

export type { ExportKind, ExportProgress, ExportRequest, ExportState };
type RequestOf<K extends ExportKind> = Extract<ExportRequest, { kind: K }>;

/** Opens the CSV response of an export (endpoint, bearer token, brand header: the API client's job, see apiExportSource). */
export type ExportSource = (req: ExportRequest, signal: AbortSignal) => Promise<Response>;

type StreamApi = Pick<ApiClient, 'stream'>;
/** What the history and the downloads panel say about an export: what it saved, and its filters by name. */
export interface ExportAbout {
  what: string;
  filters: Record<string, string>;
}

/** A search export's query: its filters, type, order and extra columns, as the type's export endpoint takes them. */
function searchQuery(req: RequestOf<'search'>): QueryIn<ListEndpoints['export']> {
  return toListQuery({ ...req.filters, type: req.type, order_by: req.orderBy ?? null, columns: req.columns ?? null });
}
function usersQuery(req: RequestOf<'users'>): QueryIn<typeof userEndpoints.usersCsv> {
  return toListQuery({ ...req.filters, order_by: req.orderBy ?? null });
}
/** A query's values by name, for people (the history), without the type and the unset ones. */
const named = (query: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).flatMap(([k, v]) => (k === 'type' || v === undefined || v === null ? [] : [[k, String(v)]])));

/**
 * Each kind of export (ExportRequest, shared/bridge/channels/exports.ts): the name its file
 * starts with, how it opens its CSV over the API (asking for text/csv), and how it is described.
 * To add a CSV that main saves: a member of ExportRequest and its row here (the compiler asks
 * for it); everything else (channel, temp file, progress, cancel, downloads panel, history,
 * notification) comes with ExportService.
 */
const EXPORT_KINDS: {
  [K in ExportKind]: {
    name: (req: RequestOf<K>) => string;
    open: (api: StreamApi, req: RequestOf<K>, signal: AbortSignal) => Promise<Response>;
    about: (req: RequestOf<K>) => ExportAbout;
  };
} = {
  search: {
    name: (req) => req.type,
    open: (api, req, signal) => api.stream(listEndpoints(req.type).export, { query: searchQuery(req) }, { accept: 'text/csv', signal }),
    about: (req) => ({ what: `${searchType(req.type)?.label ?? req.type} search`, filters: named(searchQuery(req)) }),
  },
  orderItems: {
    name: (req) => `order-${req.orderId}-items`,
    open: (api, req, signal) => api.stream(orderEndpoints.itemsCsv, { params: { id: req.orderId } }, { accept: 'text/csv', signal }),
    about: (req) => ({ what: `Order ${req.orderId} items`, filters: {} }),
  },
  userOrderItems: {
    name: (req) => `user-${req.userId}-order-items`,
    open: (api, req, signal) => api.stream(userEndpoints.orderItemsCsv, { params: { id: req.userId } }, { accept: 'text/csv', signal }),
    about: (req) => ({ what: `User ${req.userId} order items`, filters: {} }),
  },
  users: {
    name: () => 'users',
    open: (api, req, signal) => api.stream(userEndpoints.usersCsv, { query: usersQuery(req) }, { accept: 'text/csv', signal }),
    about: (req) => ({ what: 'Users', filters: named(usersQuery(req)) }),
  },
  newUsers: {
    name: (req) => `new-users-${req.from}-to-${req.to}`,
    open: (api, req, signal) =>
      api.stream(userEndpoints.newUserExport, { query: { from: req.from, to: req.to } }, { accept: 'text/csv', signal }),
    about: (req) => ({ what: 'New users', filters: { from: req.from, to: req.to } }),
  },
  labelCsv: {
    name: (req) => `label-${req.labelId}`,
    open: (api, req, signal) => api.stream(labelEndpoints.downloadCsv, { params: { id: req.labelId } }, { accept: 'text/csv', signal }),
    about: (req) => ({ what: `Label ${req.labelId} catalogue`, filters: {} }),
  },
  supplierStatements: {
    name: (req) => (req.statementId !== undefined ? `statement-${req.statementId}` : `statements-supplier-${req.supplierId}`),
    open: (api, req, signal) =>
      api.stream(
        statementEndpoints.supplierCsv,
        { params: { id: req.supplierId }, query: req.statementId !== undefined ? { statement_id: req.statementId } : {} },
        { accept: 'text/csv', signal },
      ),
    about: (req) => ({
      what: req.statementId !== undefined ? `Statement ${req.statementId}` : `Supplier ${req.supplierId} statements`,
      filters: {},
    }),
  },
  salesJob: {
    name: () => 'sales',
    open: (api, req, signal) => api.stream(jobEndpoints.salesCsv, { params: { id: req.jobId } }, { accept: 'text/csv', signal }),
    about: (req) => ({ what: `Sales export (job ${req.jobId})`, filters: {} }),
  },
};

/** The row of a request's kind, typed for any request (the table is checked kind by kind above). */
const kindOf = (req: ExportRequest) =>
  EXPORT_KINDS[req.kind] as {
    name: (r: ExportRequest) => string;
    open: (a: StreamApi, r: ExportRequest, s: AbortSignal) => Promise<Response>;
    about: (r: ExportRequest) => ExportAbout;
  };
export function describeExport(req: ExportRequest): ExportAbout {
  return kindOf(req).about(req);
}
/** The file an export suggests: "tracks-2026-11-22.csv", "order-42-items-2026-11-22.csv". */
export function exportFileNameOf(req: ExportRequest, now: Date = new Date()): string {
  return exportFileName(kindOf(req).name(req), now);
}

export interface ExportServiceDeps {
  source: ExportSource;
  onProgress: (p: ExportProgress) => void;
  progressEveryMs?: number;
  /** Where each export is recorded (what, filters, rows, when, where): main's persisted history. */
  history?: ExportHistory;
}

export interface ExportJob {
  exportId: string;
  fileName: string;
  /** Settles when the job ends (never rejects): the final progress. */
  done: Promise<ExportProgress>;
}

/** Counts CSV records by line ends outside quotes (a quoted cell may hold newlines). */
export class RecordCounter {
  private inQuotes = false;
  records = 0;
  feed(chunk: Uint8Array): void {
    this.inQuotes = scanRecordEnds(chunk, this.inQuotes, () => this.records++);
  }
}

export class ExportService {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly deps: ExportServiceDeps) {}

  /** Starts streaming the export `req` into `target` (an absolute path main chose). */
  start(req: ExportRequest, target: string): ExportJob {
    const exportId = randomBytes(8).toString('hex');
    const controller = new AbortController();
    this.running.set(exportId, controller);
    const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
    this.deps.history?.add({
      exportId,
      kind: req.kind,
      ...describeExport(req),
      fileName: basename(target),
      path: target,
      folder: dirname(target),
      state: 'running',
      rows: 0,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      tempPath: temp,
    });
    const done = this.run(exportId, req, target, temp, controller.signal).finally(() => this.running.delete(exportId));
    return { exportId, fileName: basename(target), done };
  }

  cancel(exportId: string): boolean {
    const c = this.running.get(exportId);
    c?.abort(new Error('cancelled'));
    return Boolean(c);
  }

  /** Cancels every running export (window closed, app quitting). */
  cancelAll(): void {
    for (const c of this.running.values()) c.abort(new Error('cancelled'));
  }

  private async run(exportId: string, req: ExportRequest, target: string, temp: string, signal: AbortSignal): Promise<ExportProgress> {
    const progress: ExportProgress = { exportId, state: 'running', rows: 0, bytes: 0, total: null, fileName: basename(target) };
    const emit = () => this.deps.onProgress({ ...progress });
    const every = this.deps.progressEveryMs ?? 250;
    let last = 0;
    let tempCreated = false;
    emit();
    try {
      const res = await this.deps.source(req, signal);
      if (!res.ok || !res.body) {
        const text = await res.text().catch(() => '');
        throw new Error(detailOf(text) ?? (res.statusText || `Received unexpected status code: ${res.status}`));
      }
      const total = Number(res.headers.get('x-total-count'));
      progress.total = Number.isFinite(total) && res.headers.has('x-total-count') ? total : null;
      await mkdir(dirname(target), { recursive: true });
      const counter = new RecordCounter();
      const meter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          counter.feed(chunk);
          progress.bytes += chunk.length;
          progress.rows = Math.max(0, counter.records - 1);
          const now = Date.now();
          if (now - last >= every) {
            last = now;
            emit();
          }
          cb(null, chunk);
        },
      });
      // Exclusive create ('wx'), owner-only: never follow or reuse a file someone put there.
      const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
      out.once('open', () => (tempCreated = true));
      await pipeline(Readable.fromWeb(res.body as WebReadableStream), meter, out, { signal });
      const handle = await open(temp, 'r+');
      await handle.sync().finally(() => handle.close());
      // A body that ended without its last line end still holds one record.
      progress.rows = Math.max(0, counter.records - 1);
      if (signal.aborted) throw signal.reason;
      await rename(temp, target);
      tempCreated = false;
      progress.state = 'done';
    } catch (err) {
      progress.state = signal.aborted ? 'cancelled' : 'failed';
      if (progress.state === 'failed') progress.error = err instanceof Error ? err.message : String(err);
    } finally {
      if (tempCreated) await rm(temp, { force: true }).catch(() => undefined);
    }
    // Recorded before the last event, so a history read on that event sees the end.
    this.deps.history?.update(exportId, {
      state: progress.state,
      rows: progress.rows,
      error: progress.error,
      finishedAt: new Date().toISOString(),
      tempPath: undefined,
    });
    emit();
    return { ...progress };
  }
}

function detailOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : undefined;
  } catch {
    return text ? text.slice(0, 200) : undefined;
  }
}

/** "tracks-2026-11-22.csv": the type and the day, nothing the user typed. */
export function exportFileName(type: string, now: Date = new Date()): string {
  return `${type.replace(/[^a-z0-9_-]/gi, '_')}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A free path for `fileName` in `folder` (the browser host's Downloads folder):
 * "name.csv", else "name (1).csv", "name (2).csv", …
 */
export async function freeTarget(folder: string, fileName: string): Promise<string> {
  const taken = new Set(await readdir(folder).catch(() => [] as string[]));
  const dot = fileName.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  for (let i = 0; ; i++) {
    const name = i === 0 ? fileName : `${stem} (${i})${ext}`;
    if (!taken.has(name)) return join(folder, name);
  }
}

/** The export source over the API host: the API client's streaming call of the type's declared export endpoint, asking for CSV. */
export function apiExportSource(api: StreamApi): ExportSource {
  return async (req, signal) => kindOf(req).open(api, req, signal);
}

/** Shows an OS notification; `path` is the export's file (Electron shows it in its folder on a click). */
export type ExportNotify = (notice: { title: string; body: string }, path: string) => void;

/**
 * What main does with each progress: sends the exportProgress event, and when an export
 * ends (done or failed; not cancelled: the user asked for that) shows an OS notification
 * naming the file, where the transport has one (Electron).
 */
export function announceExports(
  emit: (p: ExportProgress) => void,
  history: Pick<ExportHistory, 'get'>,
  notify?: ExportNotify,
): (p: ExportProgress) => void {
  return (p) => {
    emit(p);
    const path = p.state === 'running' ? undefined : history.get(p.exportId)?.path;
    const notice = path ? exportNotice(p, dirname(path)) : null;
    if (notice && path) notify?.(notice, path);
  };
}

/** What main's handlers use: the service and how this transport picks a target file. */
export interface ExportsFacade {
  service: ExportService;
  /** An absolute path to write, or null when the user dismissed the dialog. */
  chooseTarget: (suggestedName: string) => Promise<string | null>;
  /** The file of each export this launch started, by export id (what "Show in folder" may show: never a path from the renderer). */
  targets: Map<string, string>;
  /** Shows a file in the system file manager (Electron's shell.showItemInFolder); absent where that is not possible (the browser host). */
  showInFolder?: (path: string) => void;
  /** Every export main started, persisted (main/services/export-history.ts). */
  history: ExportHistory;
}

/**
 * The browser host's target: a free name in CONSOLE_DOWNLOADS_DIR, else ~/Downloads
 * (created if missing). The renderer never names the path.
 */
export function downloadsTarget(
  folder = process.env.CONSOLE_DOWNLOADS_DIR || join(homedir(), 'Downloads'),
): (name: string) => Promise<string> {
  return async (name) => {
    await mkdir(folder, { recursive: true });
    return freeTarget(folder, basename(name));
  };
}
