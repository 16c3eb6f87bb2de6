import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportService, RecordCounter, exportFileName, freeTarget, type ExportProgress } from '../../main/services/exports';
import { csvLine } from '../../shared/search';

const ROWS = 20_000;
let server: Server;
let base = '';

/** /ok streams ROWS records slowly in chunks; /broken dies halfway; /denied answers 403; /slow never ends (the source below asks for /<type>). */
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/denied')) {
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ detail: 'You do not have permission to perform this action.' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv', 'x-total-count': String(ROWS) });
    res.write(csvLine(['id', 'title', 'note']));
    let i = 0;
    const tick = () => {
      if (url.startsWith('/slow')) return void setTimeout(() => res.write(csvLine([i++, 'x', ''])), 5).unref();
      let chunk = '';
      for (let n = 0; n < 1000 && i < ROWS; n++, i++) chunk += csvLine([i, `=cmd ${i}`, i % 7 === 0 ? 'two\nlines' : '']);
      res.write(chunk);
      if (url.startsWith('/broken') && i >= ROWS / 2) return void res.socket?.destroy();
      if (i < ROWS) setImmediate(tick);
      else res.end();
    };
    tick();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function service() {
  const events: ExportProgress[] = [];
  const svc = new ExportService({
    source: (req, signal) => fetch(`${base}/${req.kind === 'search' ? req.type : 'ok'}`, { signal }),
    onProgress: (p) => events.push(p),
    progressEveryMs: 0,
  });
  return { svc, events };
}

describe('ExportService', () => {
  it('streams the CSV to the target and reports progress up to the total', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'export-'));
    const { svc, events } = service();
    const target = join(dir, 'tracks.csv');
    const job = svc.start({ kind: 'search', type: 'ok', filters: {} }, target);
    const end = await job.done;
    expect(end).toMatchObject({ state: 'done', rows: ROWS, total: ROWS, fileName: 'tracks.csv' });
    const records: string[][] = parse(await readFile(target, 'utf8'));
    expect(records).toHaveLength(ROWS + 1);
    expect(records[1]).toEqual(['0', "'=cmd 0", 'two\nlines']);
    expect(events[0].state).toBe('running');
    expect(events.filter((e) => e.state === 'running').length).toBeGreaterThan(2);
    const rows = events.map((e) => e.rows);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(await readdir(dir)).toEqual(['tracks.csv']);
  });

  it('never leaves a partial file when the stream breaks', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'export-'));
    const { svc } = service();
    const end = await svc.start({ kind: 'search', type: 'broken', filters: {} }, join(dir, 'tracks.csv')).done;
    expect(end.state).toBe('failed');
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps an existing file untouched when the export fails', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'export-'));
    await writeFile(join(dir, 'tracks.csv'), 'old');
    const { svc } = service();
    expect((await svc.start({ kind: 'search', type: 'broken', filters: {} }, join(dir, 'tracks.csv')).done).state).toBe('failed');
    expect(await readFile(join(dir, 'tracks.csv'), 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['tracks.csv']);
  });

  it('removes the temporary file on cancel', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'export-'));
    const { svc, events } = service();
    const job = svc.start({ kind: 'search', type: 'slow', filters: {} }, join(dir, 'tracks.csv'));
    await new Promise((r) => setTimeout(r, 150));
    expect((await readdir(dir)).some((f) => f.endsWith('.part'))).toBe(true);
    expect(svc.cancel(job.exportId)).toBe(true);
    expect((await job.done).state).toBe('cancelled');
    expect(events.at(-1)?.state).toBe('cancelled');
    expect(await readdir(dir)).toEqual([]);
  });

  it('fails with the API detail and writes nothing on a refusal', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'export-'));
    const { svc } = service();
    const end = await svc.start({ kind: 'search', type: 'denied', filters: {} }, join(dir, 'x.csv')).done;
    expect(end).toMatchObject({ state: 'failed', error: 'You do not have permission to perform this action.' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('export helpers', () => {
  it('counts records, not line ends inside quotes, across chunk borders', () => {
    const c = new RecordCounter();
    const text = csvLine(['a', 'b\nc']) + csvLine(['"q"', 'x']);
    for (const ch of Buffer.from(text)) c.feed(Uint8Array.of(ch));
    expect(c.records).toBe(2);
  });
  it('counts the records of any CSV, cut into chunks anywhere, as its parser does', () => {
    const cells = ['', 'a', 'b\nc', 'say "hi"', '"', 'x,y', '\r\n', '""'];
    for (let seed = 1; seed <= 50; seed++) {
      let r = seed;
      const next = (n: number) => (r = (r * 1103515245 + 12345) % 2147483648) % n;
      const lines = Array.from({ length: 1 + next(20) }, () =>
        csvLine(Array.from({ length: 1 + next(4) }, () => cells[next(cells.length)])),
      );
      const bytes = Buffer.from(lines.join(''));
      const c = new RecordCounter();
      for (let i = 0; i < bytes.length;) {
        const n = 1 + next(7);
        c.feed(bytes.subarray(i, i + n));
        i += n;
      }
      expect(c.records, `seed ${seed}`).toBe((parse(bytes.toString(), { relax_column_count: true }) as string[][]).length);
    }
  });
  it('names files by type and day and never overwrites in the downloads folder', async () => {
    expect(exportFileName('dj_profiles', new Date('2026-11-22T04:00:00Z'))).toBe('dj_profiles-2026-11-22.csv');
    const dir = await mkdtemp(join(tmpdir(), 'dl-'));
    await writeFile(join(dir, 'a.csv'), '');
    await writeFile(join(dir, 'a (1).csv'), '');
    expect(await freeTarget(dir, 'a.csv')).toBe(join(dir, 'a (2).csv'));
    expect(await freeTarget(dir, 'b.csv')).toBe(join(dir, 'b.csv'));
  });
});
