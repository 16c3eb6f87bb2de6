/**
 * npm run bench -- export [--scale 200] [--pg-url postgres://…]
 *
 * CSV export of the whole track catalogue (scale 200 = one million rows) the way the
 * console does it: main's ExportService asks the API (a child process on a PostgreSQL
 * server this bench starts) for GET /v4/catalog/tracks/export/, which streams from a
 * cursor; main streams the body to a temp file and renames it into place. Compared
 * with `psql \copy` of a flat table holding the same columns and rows (the yardstick: the
 * database copying one table), and of the export's own SELECT, in the same run.
 * Also the peak memory (RSS) of main (this process) and of the API during the export.
 * Prints a table, then ONE JSON line.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { principalFrom } from '../shared/access';
import { ApiClient } from '../main/services/api-client';
import { ExportService, apiExportSource, type ExportProgress } from '../main/services/exports';
import { planList } from '../server/api/lists/engine';
import { exportQuery, exportSelect } from '../server/api/routes/export';
import { shownColumns } from '../shared/search';
import { LIST_DEF_BY_KEY } from '../server/api/lists/types';
import type { RequestUser } from '../server/api/principal';
import { ADMIN_SCOPE, argOf, prepare, round, sampleRss, startApiChild, startPostgres, table } from './_support';

const ADMIN: RequestUser = {
  id: 1,
  username: 'admin',
  scope: ADMIN_SCOPE,
  features: [],
  principal: principalFrom(ADMIN_SCOPE, [], 'brand:dance'),
  supplierId: null,
  labelId: null,
};

/** The SELECT the export route runs for the unfiltered admin export of tracks (exportQuery). */
function exportSql(): string {
  const def = LIST_DEF_BY_KEY.get('tracks')!;
  const { sql, where, order } = planList(def, ADMIN, {});
  if (sql.params.length) throw new Error('the unfiltered admin export has no parameters');
  return exportQuery(def, where, order, shownColumns('tracks', null)).replace(/\s+/g, ' ');
}

/** Seconds `psql \copy` takes to write `source` (a query in parentheses, or a table) as CSV. */
function psqlCopy(url: string, source: string, file: string): number {
  const t = performance.now();
  execFileSync('psql', [url, '-X', '-q', '-c', `\\copy ${source} to '${file}' with (format csv, header)`], { stdio: 'inherit' });
  return (performance.now() - t) / 1000;
}

/** A table holding the export's columns and rows: what the database copies fastest, the yardstick. */
function makeFlatTable(url: string): void {
  const sql = [
    'drop table if exists bench_export_flat',
    `create table bench_export_flat as ${exportSql()}`,
    'vacuum analyze bench_export_flat',
  ];
  execFileSync('psql', [url, '-X', '-q', ...sql.flatMap((c) => ['-c', c])], { stdio: 'inherit' });
}

export default async function main(argv: string[]) {
  const scale = Number(argOf(argv, 'scale', '200'));
  const external = argOf(argv, 'pg-url', '');
  const pg = external ? null : startPostgres();
  const url = external || pg!.url;
  const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
  try {
    console.error(`seeding scale ${scale} on PostgreSQL…`);
    const { seedSeconds, token, db } = await prepare(url, scale, (m) => console.error(`  ${m}`));
    const [{ n: total }] = await db.query<{ n: number }>('select count(*)::int as n from tracks');
    await db.close();
    const api = await startApiChild(url);
    try {
      // psql \copy of the export's own query, first (it also warms the cache for both), and of a flat table of its rows.
      const psqlFile = join(dir, 'psql.csv');
      psqlCopy(url, `(${exportSql()})`, psqlFile);
      const queryCopySeconds = psqlCopy(url, `(${exportSql()})`, psqlFile);
      // Before: the list's own SELECT narrowed to the columns (JSON references, artists aggregated per row).
      const def = LIST_DEF_BY_KEY.get('tracks')!;
      const { where, order } = planList(def, ADMIN, {});
      const listSelect = exportSelect(
        `select ${def.select} from ${def.from} ${where} order by ${order}`,
        shownColumns('tracks', null),
      ).replace(/\s+/g, ' ');
      const listCopySeconds = psqlCopy(url, `(${listSelect})`, psqlFile);
      makeFlatTable(url);
      psqlCopy(url, 'bench_export_flat', psqlFile);
      const psqlSeconds = psqlCopy(url, 'bench_export_flat', psqlFile);

      const session = { withAccessToken: (call: (t: string) => Promise<Response>) => call(token), activeBrand: 'brand:dance' };
      let last: ExportProgress | null = null;
      const service = new ExportService({
        source: apiExportSource(new ApiClient({ apiUrl: api.api, session })),
        onProgress: (p) => (last = p),
        progressEveryMs: 250,
      });
      global.gc?.();
      const mainMem = sampleRss('self');
      const apiMem = sampleRss(api.pid);
      const t = performance.now();
      const job = service.start({ kind: 'search', type: 'tracks', filters: {} }, join(dir, 'tracks.csv'));
      const end = await job.done;
      const seconds = (performance.now() - t) / 1000;
      const m = mainMem.stop();
      const a = apiMem.stop();
      if (end.state !== 'done') throw new Error(`export ${end.state}: ${end.error ?? ''}`);
      void last;
      const rowsPerSecond = end.rows / seconds;
      // RSS at each quarter of the run: a plateau, not a climb, is what "flat" means.
      const quarters = (xs: number[]) =>
        [0.25, 0.5, 0.75, 1].map((q) => round(xs[Math.min(xs.length - 1, Math.floor(q * (xs.length - 1)))]));
      const psqlRowsPerSecond = total / psqlSeconds;
      const ratio = rowsPerSecond / psqlRowsPerSecond;
      const fileMb = statSync(join(dir, 'tracks.csv')).size / 1024 / 1024;
      const psqlMb = statSync(psqlFile).size / 1024 / 1024;

      table([
        ['measure', 'console export', 'psql \\copy flat table', 'goal'],
        ['rows', end.rows, total, 'all'],
        ['seconds', round(seconds, 2), round(psqlSeconds, 2), ''],
        ['rows/s', Math.round(rowsPerSecond), Math.round(psqlRowsPerSecond), `≥ 200k (${round(ratio, 2)}× flat table)`],
        ['psql \\copy of the export query rows/s', Math.round(total / queryCopySeconds), '', ''],
        ["psql \\copy of the list's SELECT (before) rows/s", Math.round(total / listCopySeconds), '', ''],
        ['file MB', round(fileMb), round(psqlMb), ''],
        ['main RSS MB start/peak', `${round(m.startMb)} / ${round(m.peakMb)}`, '', '< 200, flat'],
        ['main RSS MB at 25/50/75/100%', quarters(m.samples).join(' / '), '', ''],
        ['API RSS MB start/peak', `${round(a.startMb)} / ${round(a.peakMb)}`, '', '< 200, flat'],
        ['API RSS MB at 25/50/75/100%', quarters(a.samples).join(' / '), '', ''],
        ['seed seconds', round(seedSeconds), '', ''],
      ]);
      console.log(
        JSON.stringify({
          bench: 'export',
          scale,
          rows: end.rows,
          expected_rows: total,
          seconds: round(seconds, 3),
          rows_per_s: Math.round(rowsPerSecond),
          psql_seconds: round(psqlSeconds, 3),
          psql_rows_per_s: Math.round(psqlRowsPerSecond),
          ratio_vs_psql: round(ratio, 3),
          psql_query_rows_per_s: Math.round(total / queryCopySeconds),
          psql_list_select_rows_per_s: Math.round(total / listCopySeconds),
          main_rss_start_mb: round(m.startMb),
          main_rss_peak_mb: round(m.peakMb),
          api_rss_start_mb: round(a.startMb),
          api_rss_peak_mb: round(a.peakMb),
          main_rss_quarters_mb: quarters(m.samples),
          api_rss_quarters_mb: quarters(a.samples),
          file_mb: round(fileMb),
          seed_seconds: round(seedSeconds),
          goals: { rows_per_s_ge_200k: rowsPerSecond >= 200_000, main_under_200mb: m.peakMb < 200, api_under_200mb: a.peakMb < 200 },
        }),
      );
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    pg?.stop();
    setTimeout(() => process.exit(process.exitCode ?? 0), 3000).unref();
  }
}
