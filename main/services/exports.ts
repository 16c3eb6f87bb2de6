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
import { jobEndpoints } from '../../shared/api/endpoints/jobs';
import type { QueryIn } from '../../shared/api/endpoint';
import type { ApiClient } from './api-client';

export type ExportState = 'running' | 'done' | 'failed' | 'cancelled';

export interface ExportProgress {
  exportId: string;
  state: ExportState;
  /** Data rows written so far (the header line not counted). */
  rows: number;
  bytes: number;
  /** Rows the API said it would send, when it said. */
  total: number | null;
  fileName: string;
  error?: string;
}

/** One export: the search type (its key) and the export's query (filters, order_by, columns). */
export interface ExportRequest {
  type: string;
  query: QueryIn<ListEndpoints['export']>;
  /** Instead of the search: this order's items CSV (orderEndpoints.itemsCsv). */
  orderId?: number;
  /** Instead of the search: the CSV this finished sales-export job rendered (jobEndpoints.salesCsv). */
  salesJobId?: number;
}

/** Opens the CSV response of an export (endpoint, bearer token, brand header: the API client's job, see apiExportSource). */
export type ExportSource = (req: ExportRequest, signal: AbortSignal) => Promise<Response>;

export interface ExportServiceDeps {
  source: ExportSource;
  onProgress: (p: ExportProgress) => void;
  progressEveryMs?: number;
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
    let q = this.inQuotes;
    let n = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === 0x22) q = !q;
      else if (c === 0x0a && !q) n++;
    }
    this.inQuotes = q;
    this.records += n;
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
    const done = this.run(exportId, req, target, controller.signal).finally(() => this.running.delete(exportId));
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

  private async run(exportId: string, req: ExportRequest, target: string, signal: AbortSignal): Promise<ExportProgress> {
    const progress: ExportProgress = { exportId, state: 'running', rows: 0, bytes: 0, total: null, fileName: basename(target) };
    const emit = () => this.deps.onProgress({ ...progress });
    const every = this.deps.progressEveryMs ?? 250;
    let last = 0;
    const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
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
export function apiExportSource(api: Pick<ApiClient, 'stream'>): ExportSource {
  return async (req, signal) => {
    if (req.orderId !== undefined) return api.stream(orderEndpoints.itemsCsv, { params: { id: req.orderId } }, { accept: 'text/csv', signal });
    if (req.salesJobId !== undefined) return api.stream(jobEndpoints.salesCsv, { params: { id: req.salesJobId } }, { accept: 'text/csv', signal });
    return api.stream(listEndpoints(req.type).export, { query: req.query }, { accept: 'text/csv', signal });
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
}

/**
 * The browser host's target: a free name in CONSOLE_DOWNLOADS_DIR, else ~/Downloads
 * (created if missing). The renderer never names the path.
 */
export function downloadsTarget(folder = process.env.CONSOLE_DOWNLOADS_DIR || join(homedir(), 'Downloads')): (name: string) => Promise<string> {
  return async (name) => {
    await mkdir(folder, { recursive: true });
    return freeTarget(folder, basename(name));
  };
}
