/**
 * The export history main keeps (what, filters, rows, when, where; survives a
 * restart; capped) and the OS notification when an export ends.
 */
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_HISTORY_KEY, ExportHistory, INTERRUPTED } from '../../main/services/export-history';
import { ExportService, announceExports, type ExportProgress, type ExportRequest, type ExportSource } from '../../main/services/exports';
import { createMemoryBackend } from '../../main/services/settings';
import { EXPORT_HISTORY_MAX } from '../../shared/constants';

const search: ExportRequest = { kind: 'search', type: 'releases', filters: { title: 'a' }, orderBy: '-id', columns: ['upc'] };

/** A CSV of `rows` data rows; 'never' keeps the body open (to cancel it). */
function source(rows: number | 'never' | 'denied'): ExportSource {
  return async () => {
    if (rows === 'denied') return new Response(JSON.stringify({ detail: 'Not yours.' }), { status: 403 });
    if (rows === 'never') return new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('id\n1\n')) }));
    return new Response(`id\n${Array.from({ length: rows }, (_, i) => i).join('\n')}\n`);
  };
}

async function setup(rows: number | 'never' | 'denied', backend = createMemoryBackend(), max?: number) {
  const dir = await mkdtemp(join(tmpdir(), 'export-history-'));
  const history = new ExportHistory(backend, max);
  const seen: { p: ExportProgress; entry: unknown }[] = [];
  const svc = new ExportService({
    source: source(rows),
    history,
    onProgress: (p) => seen.push({ p, entry: history.get(p.exportId) }),
    progressEveryMs: 0,
  });
  return { dir, history, svc, seen, backend };
}

describe('export history', () => {
  it('records each export when it starts (what, filters, file, folder, when) and its end (state, rows), before the last event', async () => {
    const { dir, history, svc, seen } = await setup(3);
    const job = svc.start(search, join(dir, 'releases.csv'));
    expect(history.get(job.exportId)).toMatchObject({
      kind: 'search',
      what: 'Releases search',
      filters: { title: 'a', order_by: '-id', columns: 'upc' },
      fileName: 'releases.csv',
      path: join(dir, 'releases.csv'),
      folder: dir,
      state: 'running',
      rows: 0,
      finishedAt: null,
    });
    await job.done;
    const entry = history.get(job.exportId)!;
    expect(entry).toMatchObject({ state: 'done', rows: 3 });
    expect(Date.parse(entry.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(entry.startedAt));
    // The event that says "done" finds the history already saying so.
    expect(seen.at(-1)).toMatchObject({ p: { state: 'done' }, entry: { state: 'done', rows: 3 } });
    expect(history.list()[0]).not.toHaveProperty('tempPath');
  });

  it('records failures with their reason and cancels without a file', async () => {
    const denied = await setup('denied');
    const d = denied.svc.start({ kind: 'orderItems', orderId: 42 }, join(denied.dir, 'order.csv'));
    await d.done;
    expect(denied.history.get(d.exportId)).toMatchObject({ what: 'Order 42 items', filters: {}, state: 'failed', error: 'Not yours.' });

    const never = await setup('never');
    const c = never.svc.start(search, join(never.dir, 'releases.csv'));
    await vi.waitFor(() => expect(never.seen.some((s) => s.p.rows >= 1)).toBe(true));
    never.svc.cancel(c.exportId);
    await c.done;
    expect(never.history.get(c.exportId)).toMatchObject({ state: 'cancelled' });
    expect(await readdir(never.dir)).toEqual([]);
  });

  it('survives a restart: a new history over the same store lists the same entries, newest first', async () => {
    const { dir, svc, backend } = await setup(2);
    const a = await svc.start(search, join(dir, 'a.csv')).done;
    const b = await svc.start({ kind: 'orderItems', orderId: 7 }, join(dir, 'b.csv')).done;
    const again = new ExportHistory(backend);
    expect(again.list().map((e) => [e.exportId, e.state, e.rows])).toEqual([
      [b.exportId, 'done', 2],
      [a.exportId, 'done', 2],
    ]);
  });

  it('an export cut off by a crash is "failed" at the next start and its temporary file is removed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'export-history-'));
    const temp = join(dir, '.tracks.csv.abc.part');
    await writeFile(temp, 'id\n1\n');
    const backend = createMemoryBackend();
    backend.set(EXPORT_HISTORY_KEY, [
      {
        exportId: 'x1',
        kind: 'search',
        what: 'Tracks search',
        filters: {},
        fileName: 'tracks.csv',
        path: join(dir, 'tracks.csv'),
        folder: dir,
        state: 'running',
        rows: 10,
        startedAt: '2026-11-24T10:00:00.000Z',
        finishedAt: null,
        tempPath: temp,
      },
    ]);
    const history = new ExportHistory(backend);
    await history.recovered;
    expect(history.get('x1')).toMatchObject({ state: 'failed', error: INTERRUPTED });
    expect(await readdir(dir)).toEqual([]);
    expect(new ExportHistory(backend).get('x1')).toMatchObject({ state: 'failed' });
  });

  it('keeps at most its cap of entries, dropping the oldest (EXPORT_HISTORY_MAX by default)', async () => {
    expect(EXPORT_HISTORY_MAX).toBeGreaterThan(0);
    const { dir, svc, history, backend } = await setup(1, createMemoryBackend(), 3);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await svc.start(search, join(dir, `f${i}.csv`)).done).exportId);
    expect(history.list().map((e) => e.exportId)).toEqual(ids.slice(2).reverse());
    expect(backend.get(EXPORT_HISTORY_KEY)).toHaveLength(3);
  });

  it('drops what it cannot read from the store instead of failing', () => {
    const backend = createMemoryBackend();
    backend.set(EXPORT_HISTORY_KEY, 'garbage');
    expect(new ExportHistory(backend).list()).toEqual([]);
    backend.set(EXPORT_HISTORY_KEY, [{ exportId: 1 }, null]);
    expect(new ExportHistory(backend).list()).toEqual([]);
  });
});

describe('export notifications', () => {
  it('sends every progress event and notifies when an export is done or failed, naming the file and folder; never on cancel', async () => {
    const { dir, history } = await setup(1);
    const emitted: ExportProgress[] = [];
    const notify = vi.fn();
    const svc = new ExportService({
      source: source(4),
      history,
      onProgress: announceExports((p) => emitted.push(p), history, notify),
      progressEveryMs: 0,
    });
    const end = await svc.start(search, join(dir, 'releases.csv')).done;
    expect(emitted.at(-1)).toEqual(end);
    expect(notify.mock.calls).toEqual([
      [{ title: 'Export finished', body: `releases.csv: 4 rows saved in ${dir}` }, join(dir, 'releases.csv')],
    ]);

    notify.mockClear();
    const failing = new ExportService({
      source: source('denied'),
      history,
      onProgress: announceExports(() => {}, history, notify),
      progressEveryMs: 0,
    });
    await failing.start(search, join(dir, 'x.csv')).done;
    expect(notify.mock.calls).toEqual([[{ title: 'Export failed', body: 'x.csv: Not yours.' }, join(dir, 'x.csv')]]);

    notify.mockClear();
    const never = new ExportService({
      source: source('never'),
      history,
      onProgress: announceExports(() => {}, history, notify),
      progressEveryMs: 0,
    });
    const job = never.start(search, join(dir, 'y.csv'));
    never.cancel(job.exportId);
    await job.done;
    expect(notify).not.toHaveBeenCalled();
  });
});
