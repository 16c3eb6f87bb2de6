/**
 * npm run bench -- csv-upload [--rows 100000] [--scale 1] [--pg-url postgres://…]
 *
 * A CSV of user ids applied to a coupon the way the console does it: the file streamed
 * as the body of POST /v4/content-ops/coupons/{id}/users/upload/ to the API (a child
 * process on a PostgreSQL server this bench starts), which parses it as it arrives,
 * checks the ids in batches and writes the coupon's user ids. Compared with `psql \copy`
 * of the same file into a table in the same run. Also the API's peak memory (RSS) during
 * the upload (goal: flat, under 200 MB). Prints a table, then ONE JSON line.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { argOf, prepare, round, sampleRss, startApiChild, startPostgres, table } from './_support';

export default async function main(argv: string[]) {
  const rows = Number(argOf(argv, 'rows', '100000'));
  const scale = Number(argOf(argv, 'scale', '1'));
  const external = argOf(argv, 'pg-url', '');
  const pg = external ? null : startPostgres();
  const url = external || pg!.url;
  const dir = mkdtempSync(join(tmpdir(), 'csv-upload-bench-'));
  try {
    console.error(`seeding scale ${scale} on PostgreSQL…`);
    const { seedSeconds, token, db } = await prepare(url, scale, (m) => console.error(`  ${m}`));
    const ids = (
      await db.query<{ id: number }>(
        "insert into users (username, email) select 'csvbench-' || g || '-' || md5(random()::text), 'csvbench' || g || '@example.com' from generate_series(1, $1::int) g returning id",
        [rows],
      )
    ).map((r) => r.id);
    const [{ id: couponId }] = await db.query<{ id: number }>(
      "insert into coupons (brand, code, discount_type_id, discount_amount) values ('brand:dance', 'CSVBENCH' || md5(random()::text), 1, 5) returning id",
    );
    await db.exec('drop table if exists csv_bench_ids; create table csv_bench_ids (person_id int)');
    await db.close();
    const file = join(dir, 'users.csv');
    writeFileSync(file, `person_id\n${ids.join('\n')}\n`);
    const fileMb = statSync(file).size / 1024 / 1024;

    const api = await startApiChild(url);
    try {
      // psql \copy of the same file into a table.
      const t0 = performance.now();
      execFileSync('psql', [url, '-X', '-q', '-c', `\\copy csv_bench_ids (person_id) from '${file}' with (format csv, header)`], {
        stdio: 'inherit',
      });
      const psqlSeconds = (performance.now() - t0) / 1000;

      const apiMem = sampleRss(api.pid);
      const t = performance.now();
      const res = await fetch(`${api.api}/v4/content-ops/coupons/${couponId}/users/upload/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-brand': 'brand:dance', 'content-type': 'text/csv' },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit);
      const answer = (await res.json()) as { rows?: number; added?: number; total?: number };
      const seconds = (performance.now() - t) / 1000;
      const a = apiMem.stop();
      if (res.status !== 200 || answer.added !== rows)
        throw new Error(`upload answered ${res.status}: ${JSON.stringify(answer).slice(0, 500)}`);
      const quarters = (xs: number[]) =>
        [0.25, 0.5, 0.75, 1].map((q) => round(xs[Math.min(xs.length - 1, Math.floor(q * (xs.length - 1)))]));
      const ratio = seconds / psqlSeconds;

      table([
        ['measure', 'console upload', 'psql \\copy', 'goal'],
        ['rows', answer.rows ?? 0, rows, 'all'],
        ['seconds', round(seconds, 2), round(psqlSeconds, 2), ''],
        ['rows/s', Math.round(rows / seconds), Math.round(rows / psqlSeconds), `(${round(ratio, 2)}× psql's time)`],
        ['file MB', round(fileMb), round(fileMb), ''],
        ['API RSS MB start/peak', `${round(a.startMb)} / ${round(a.peakMb)}`, '', '< 200, flat'],
        ['API RSS MB at 25/50/75/100%', quarters(a.samples).join(' / '), '', ''],
        ['seed seconds', round(seedSeconds), '', ''],
      ]);
      console.log(
        JSON.stringify({
          bench: 'csv-upload',
          rows,
          applied: answer.added,
          seconds: round(seconds, 3),
          rows_per_s: Math.round(rows / seconds),
          psql_seconds: round(psqlSeconds, 3),
          psql_rows_per_s: Math.round(rows / psqlSeconds),
          time_vs_psql: round(ratio, 3),
          api_rss_start_mb: round(a.startMb),
          api_rss_peak_mb: round(a.peakMb),
          api_rss_quarters_mb: quarters(a.samples),
          file_mb: round(fileMb, 2),
          seed_seconds: round(seedSeconds),
          goals: { api_under_200mb: a.peakMb < 200 },
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
