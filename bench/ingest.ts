/**
 * npm run bench -- ingest [--tracks 12] [--seconds 300]
 *
 * Issue 15's ingestion bench, on a PostgreSQL server this bench starts: sox makes N
 * 24-bit/96 kHz stereo WAV tracks of S seconds, main's packaging service builds a package
 * of them (tests/server/fixtures/packages.ts), and the batch is dropped as the SFTP drop
 * server leaves it when BatchComplete arrives: one `ingest-batch` job. Then, with 1 and
 * then with 2 worker processes (the built `cli.mjs --worker` with WORKER_NODE_FLAGS, as
 * `npm run worker` runs it; a fresh release each time):
 *   - BatchComplete → all CONVERTED, and its encode phase (the first track TRANSCODING →
 *     all CONVERTED);
 *   - the same ffmpeg commands run directly in this process right after each run
 *     (jobs/transcode.ts on each source: one at a time, the 1-worker yardstick; two at a
 *     time, the 2-worker one);
 *   - each worker process's peak RSS (sampled from /proc every 100 ms; ffmpeg is a process
 *     of its own), and by phase: idle (when ready), ingest (until the first track is
 *     TRANSCODING: copying the package into storage, the XSD validation, the catalogue rows)
 *     and encode (the rest), so a run at two package sizes shows which phase grows.
 * Then a worker that dies (issue 25): two workers on a fresh release, one of them SIGKILLed as
 * soon as its encode's ffmpeg runs, and a new worker started in its place (as a supervisor
 * would): the time from the SIGKILL to its ffmpeg gone, and to its job (the encode-track job
 * it held) running again on a live worker, with the production lease (JOB_LEASE_SECONDS and
 * LEASE_CHECK_SECONDS); the files the dead worker left in its work folder, and whether the
 * new worker removed them when it started; the release still ends all CONVERTED.
 * Then what verifying a delivery costs (issue 25: at most 10% of BatchComplete → all
 * CONVERTED): the release folder of one package kept in storage as ingestion keeps it (one
 * pass copying and hashing each file, the audio decoded, the cover measured, then every
 * file checked against the XML), against the plain copy it replaced (a kernel copy of each
 * file), in this process; the difference over each run's BatchComplete → all CONVERTED.
 * Prints a table, then ONE JSON line with the goals as booleans: encode throughput ≥ 0.9×
 * the direct commands', two workers ≥ 1.7× one, worker peak RSS under 300 MB, a dead
 * worker's job running again within 2 minutes, verification adding at most 10%.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJobQueue } from '../server/app';
import type { Db } from '../server/db/client';
import { transcode } from '../server/jobs/transcode';
import { filesUnder, keepDeliveryFiles, verifyDeliveryFiles } from '../server/ingest/files';
import { readErn } from '../server/ingest/read-ern';
import { WORK_FOLDER_NAME, workFolder } from '../server/jobs/work-folder';
import { openStorage } from '../server/storage';
import { INGEST_BATCH_JOB } from '../shared/api/endpoints/jobs';
import { WORKER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { runTs } from '../scripts/run-ts.mjs';
import { argOf, prepare, round, sampleRss, startPostgres, table } from './_support';

/**
 * The ingestion tests' package maker (tests/server/fixtures/packages.ts: sox tones, main's
 * packaging service), bundled at run time as the benches are (it lives in the tests' project).
 */
interface PackageMaker {
  build(): Promise<{ batch: string; upc: string }>;
  close(): Promise<void>;
}
type MakePackages = (
  dir: string,
  defaults: { genre: string; label: string; supplier: string },
  tones: { name: string; seconds: number; bits: number; rate: number }[],
) => Promise<PackageMaker>;

const GOALS = { vsDirect: 0.9, twoVsOne: 1.7, rssMb: 300, rerunS: 120, verifyShare: 0.1 };
const POLL_MS = 100;

interface Run {
  workers: number;
  totalS: number;
  encodeS: number;
  peakRssMb: number[];
  /** Each worker's RSS when ready (idle), and its peak while ingesting (until the first track is TRANSCODING) and while encoding. */
  idleRssMb: number[];
  ingestPeakRssMb: number[];
  encodePeakRssMb: number[];
  /** The same ffmpeg commands run directly, `workers` at a time. */
  directS: number;
}

/** Starts `n` worker processes of the built server; resolves when each has said it is ready. */
async function startWorkers(n: number, env: NodeJS.ProcessEnv): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ChildProcess>((resolve, reject) => {
          const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, 'dist/server/cli.mjs', '--worker'], {
            env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
            stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          });
          child.once('message', () => resolve(child));
          child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
        }),
    ),
  );
}

async function stopAll(children: ChildProcess[]) {
  await Promise.all(
    children.map(
      (c) =>
        new Promise((r) => {
          if (c.exitCode !== null || c.signalCode !== null) return r(null);
          c.once('exit', r);
          c.kill('SIGTERM');
        }),
    ),
  );
}

/** Polls the release of `upc` until all its tracks are CONVERTED: when the first was TRANSCODING and when the last was done. */
async function untilConverted(db: Db, upc: string, tracks: number, t0: number) {
  let firstTranscoding: number | null = null;
  for (;;) {
    const rows = await db.query<{ s: string }>(
      'select t.encode_status s from tracks t join releases r on r.id = t.release_id where r.upc = $1',
      [upc],
    );
    const now = performance.now();
    if (firstTranscoding === null && rows.some((r) => r.s === 'TRANSCODING' || r.s === 'CONVERTED')) firstTranscoding = now;
    if (rows.some((r) => r.s === 'ERROR')) throw new Error(`a track of ${upc} ended ERROR`);
    const [d] = await db.query<{ release_status: string; status_message: string | null }>(
      'select d.release_status, d.status_message from deliveries d join releases r on r.id = d.release_id where r.upc = $1',
      [upc],
    );
    if (d && /error|rejected/.test(d.release_status)) throw new Error(`delivery ${upc}: ${d.release_status} ${d.status_message ?? ''}`);
    if (rows.length === tracks && rows.every((r) => r.s === 'CONVERTED')) {
      return { totalS: (now - t0) / 1000, encodeS: (now - (firstTranscoding ?? t0)) / 1000, encodeFrom: firstTranscoding ?? t0 };
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** A process's parent, state and command line from /proc; null when it is gone. */
function proc(pid: number): { ppid: number; state: string; args: string[] } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), state, args: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') };
  } catch {
    return null;
  }
}
/** Gone, or dead and not yet reaped. */
const gone = (pid: number) => {
  const p = proc(pid);
  return !p || p.state === 'Z';
};

/**
 * The encode's ffmpeg (the run with outputs, not a probe) one of `workers` runs: the worker and
 * ffmpeg's pid. A worker starts its programs from a helper process of its own
 * (server/jobs/spawner.ts), so ffmpeg is the worker's child or grandchild.
 */
function encodingFfmpeg(workers: number[]): { worker: number; ffmpeg: number } | null {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = proc(Number(name));
    if (!p || !p.args.includes('-map_metadata')) continue;
    const worker = workers.includes(p.ppid) ? p.ppid : proc(p.ppid)?.ppid;
    if (worker !== undefined && workers.includes(worker)) return { worker, ffmpeg: Number(name) };
  }
  return null;
}

/** Bytes of the files under `dir` (0 when it is gone). */
function bytesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);
}

async function until<T>(check: () => Promise<T | null | false> | T | null | false, what: string, ms = 600_000): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (performance.now() > deadline) throw new Error(`${what}: not in ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface KillRun {
  /** SIGKILL → the killed worker's ffmpeg gone. */
  ffmpegGoneS: number;
  /** SIGKILL → the encode-track job it held running again (its next attempt claimed by a live worker). */
  rerunS: number;
  /** What the dead worker left in its work folder, and whether the worker started in its place removed it. */
  leftMb: number;
  leftRemoved: boolean;
  /** BatchComplete → all CONVERTED, the kill included. */
  totalS: number;
}

/**
 * Two workers on a fresh release; the first to run an encode's ffmpeg is SIGKILLed then, and a
 * new worker started in its place. The production lease: nothing here shortens it.
 */
async function killRun(
  db: Db,
  enqueue: () => Promise<unknown>,
  upc: string,
  tracks: number,
  env: NodeJS.ProcessEnv,
  storageDir: string,
  workers: ChildProcess[],
): Promise<KillRun> {
  workers.push(...(await startWorkers(2, env)));
  const pair = workers.slice(-2);
  const t0 = performance.now();
  await enqueue();
  const converted = untilConverted(db, upc, tracks, t0);
  const hit = await until(() => encodingFfmpeg(pair.map((w) => w.pid!)), 'an encode running');
  const active = await db.query<{ id: string; retry_count: number }>(
    "select id, retry_count from pgboss.job where name = 'encode-track' and state = 'active'",
  );
  const victim = pair.find((w) => w.pid === hit.worker)!;
  victim.kill('SIGKILL');
  const killedAt = performance.now();
  await new Promise((r) => (victim.exitCode !== null || victim.signalCode !== null ? r(null) : victim.once('exit', r)));
  await until(() => gone(hit.ffmpeg), "the killed worker's ffmpeg gone", 120_000);
  const ffmpegGoneS = (performance.now() - killedAt) / 1000;
  const folder = workFolder(join(storageDir, WORK_FOLDER_NAME), hit.worker).path;
  const left = bytesUnder(folder);
  console.error(
    `killed worker ${hit.worker} mid-encode (ffmpeg gone after ${ffmpegGoneS.toFixed(2)} s, ${(left / 1e6).toFixed(1)} MB left in its folder); a new worker in its place…`,
  );
  workers.push(...(await startWorkers(1, env)));
  const leftRemoved = !existsSync(folder);
  const rerunAt = await until(async () => {
    const now = await db.query<{ id: string; retry_count: number; state: string }>(
      'select id, retry_count, state from pgboss.job where id = any($1::uuid[])',
      [active.map((a) => a.id)],
    );
    return now.some(
      (j) => j.retry_count > active.find((a) => a.id === j.id)!.retry_count && (j.state === 'active' || j.state === 'completed'),
    )
      ? performance.now()
      : null;
  }, "the killed worker's job running again");
  const { totalS } = await converted;
  return { ffmpegGoneS, rerunS: (rerunAt - killedAt) / 1000, leftMb: left / 1e6, leftRemoved, totalS };
}

/**
 * Seconds to keep a release folder as ingestion does (copy + MD5 in one pass, audio decoded,
 * images measured, then checked against its XML), and to copy it plainly (the kernel copy
 * ingestion made before it verified).
 */
async function verification(batch: string, storageDir: string): Promise<{ verifiedS: number; plainS: number }> {
  const release = readdirSync(batch, { withFileTypes: true }).find((e) => e.isDirectory())!.name;
  const dir = join(batch, release);
  const storage = await openStorage({ dir: join(storageDir, 'verify-bench') });
  try {
    let t = performance.now();
    const files = await keepDeliveryFiles(storage, 'verified', dir);
    const ern = readErn(readFileSync(join(dir, `${release}.xml`), 'utf8'));
    if (ern.kind !== 'new') throw new Error('the package is not a new release');
    verifyDeliveryFiles(files, ern);
    const verifiedS = (performance.now() - t) / 1000;
    t = performance.now();
    for (const f of await filesUnder(dir)) await storage.putFile(`plain/${f}`, join(dir, f));
    return { verifiedS, plainS: (performance.now() - t) / 1000 };
  } finally {
    await storage.close();
    rmSync(join(storageDir, 'verify-bench'), { recursive: true, force: true });
  }
}

/** The encodes' ffmpeg commands run directly on every source, `parallel` at a time: seconds. */
async function direct(sources: string[], parallel: number, dir: string): Promise<number> {
  const queue = [...sources];
  const t = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async (_, w) => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const out = mkdtempSync(join(dir, `direct-${w}-`));
        await transcode(s, out);
        rmSync(out, { recursive: true, force: true });
      }
    }),
  );
  return (performance.now() - t) / 1000;
}

export default async function main(argv: string[]) {
  const tracks = Number(argOf(argv, 'tracks', '12'));
  const seconds = Number(argOf(argv, 'seconds', '300'));
  if (!(Number.isInteger(tracks) && tracks > 0 && tracks <= 99 && seconds > 0)) throw new Error('--tracks 1..99 and --seconds > 0');
  const pg = startPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'ingest-bench-'));
  const storageDir = join(dir, 'storage');
  mkdirSync(storageDir);
  const workers: ChildProcess[] = [];
  try {
    console.error('building the server, seeding a small catalogue…');
    execFileSync(process.execPath, ['scripts/build.mjs', '--only=server'], { stdio: 'inherit' });
    const { db } = await prepare(pg.url, 0.01, () => undefined);
    const storage = await openStorage({ dir: storageDir });
    // This process only enqueues (as the SFTP drop server does): the worker processes run the jobs.
    const queue = await openJobQueue(db, { storage });
    const [s] = await db.query<{ id: number }>("insert into suppliers (name) values ('Bench Supplier') returning id");
    await db.query("insert into labels (name, supplier_id) values ('Bench Records', $1)", [s.id]);
    const [{ name: genre }] = await db.query<{ name: string }>('select name from genres order by id limit 1');
    console.error(`making ${tracks} tracks of ${seconds} s, 24-bit/96 kHz with sox…`);
    const argvBefore = process.argv;
    const { packageMaker } = (await runTs('tests/server/fixtures/packages.ts')) as { packageMaker: MakePackages };
    process.argv = argvBefore;
    const maker = await packageMaker(
      dir,
      { genre, label: 'Bench Records', supplier: 'Bench Supplier' },
      Array.from({ length: tracks }, (_, i) => ({ name: `t${String(i + 1).padStart(2, '0')}.wav`, seconds, bits: 24, rate: 96000 })),
    );
    const sources = readdirSync(join(dir, 'src'))
      .filter((f) => f.endsWith('.wav'))
      .sort()
      .map((f) => join(dir, 'src', f));

    const runs: Run[] = [];
    for (const n of [1, 2]) {
      const { batch, upc } = await maker.build();
      console.error(`${n} worker${n > 1 ? 's' : ''}: ingesting ${upc}…`);
      workers.push(...(await startWorkers(n, { DATABASE_URL: pg.url, STORAGE_DIR: storageDir })));
      const mine = workers.slice(-n);
      const rss = mine.map((w) => sampleRss(w.pid!, 100));
      const t0 = performance.now();
      await queue.enqueue(INGEST_BATCH_JOB, null, { supplier_id: s.id, batch_dir: batch });
      const { encodeFrom, ...t } = await untilConverted(db, upc, tracks, t0);
      const sampled = rss.map((r) => r.stop());
      const peakOf = (s: (typeof sampled)[number], from: number, to: number) =>
        Math.max(0, ...s.samples.filter((_, i) => s.times[i] >= from && s.times[i] <= to));
      const phases = {
        peakRssMb: sampled.map((s) => s.peakMb),
        idleRssMb: sampled.map((s) => s.startMb),
        ingestPeakRssMb: sampled.map((s) => peakOf(s, t0, encodeFrom)),
        encodePeakRssMb: sampled.map((s) => peakOf(s, encodeFrom, Infinity)),
      };
      await stopAll(mine);
      // Right after the run it is the yardstick of (the machine's load changes less in between).
      console.error(
        `${n} worker${n > 1 ? 's' : ''}: ${round(t.totalS)} s (encode phase ${round(t.encodeS)} s); the same ffmpeg commands directly, ${n} at a time…`,
      );
      runs.push({ workers: n, ...t, ...phases, directS: await direct(sources, n, dir) });
      console.error(`directly, ${n} at a time: ${round(runs.at(-1)!.directS)} s`);
    }
    const fresh = await maker.build();
    console.error(`2 workers, one SIGKILLed mid-encode: ingesting ${fresh.upc}…`);
    const tempsBefore = readdirSync(tmpdir()).filter((n) => n.startsWith('encode-'));
    const kill = await killRun(
      db,
      () => queue.enqueue(INGEST_BATCH_JOB, null, { supplier_id: s.id, batch_dir: fresh.batch }),
      fresh.upc,
      tracks,
      { DATABASE_URL: pg.url, STORAGE_DIR: storageDir },
      storageDir,
      workers,
    );
    const newTemps = readdirSync(tmpdir()).filter((n) => n.startsWith('encode-') && !tempsBefore.includes(n));
    await stopAll(workers);
    console.error('verifying a package as ingestion does, and copying it plainly…');
    const verify = await verification((await maker.build()).batch, storageDir);
    await maker.close();
    await queue.stop();
    await db.close();
    await storage.close();

    const [one, two] = runs;
    const [direct1, direct2] = [one.directS, two.directS];
    /** A run's encode throughput against the same ffmpeg commands run directly. */
    const vsDirect = (r: Run) => r.directS / r.encodeS;
    const [vsDirect1, vsDirect2] = [vsDirect(one), vsDirect(two)];
    const twoVsOne = one.totalS / two.totalS;
    /** The most of one RSS figure over both runs' workers. */
    const most = (of: (r: Run) => number[]) => Math.max(...runs.flatMap(of));
    const peak = most((r) => r.peakRssMb);
    const mb = (xs: number[]) => xs.map((m) => round(m)).join(' ');
    /** What verifying adds, over a run's BatchComplete → all CONVERTED. */
    const verifyExtraS = Math.max(0, verify.verifiedS - verify.plainS);
    const verifyShare = (r: Run) => verifyExtraS / r.totalS;
    table([
      [
        'run',
        'BatchComplete→CONVERTED s',
        'encode phase s',
        'direct ffmpeg s',
        'vs direct',
        'worker peak RSS MB',
        'idle / ingest / encode MB',
        'SIGKILL→ffmpeg gone / job running again s',
      ],
      ...runs.map((r) =>
        [
          `${r.workers} worker${r.workers > 1 ? 's' : ''}`,
          round(r.totalS),
          round(r.encodeS),
          round(r.directS),
          round(vsDirect(r), 2),
          mb(r.peakRssMb),
          `${mb(r.idleRssMb)} / ${mb(r.ingestPeakRssMb)} / ${mb(r.encodePeakRssMb)}`,
          '-',
        ].map(String),
      ),
      [
        '2 workers, one SIGKILLed mid-encode (a new one started)',
        String(round(kill.totalS)),
        '-',
        '-',
        '-',
        '-',
        '-',
        `${round(kill.ffmpegGoneS, 2)} / ${round(kill.rerunS)} (goal ≤ ${GOALS.rerunS}); its ${round(kill.leftMb)} MB of files ${kill.leftRemoved ? 'removed' : 'NOT removed'} by the new worker`,
      ],
    ]);
    table([
      ['verification', 'kept + verified s', 'plain copy s', 'added s', "of 1 worker's total", "of 2 workers' total", 'goal'],
      [
        'one package',
        String(round(verify.verifiedS, 2)),
        String(round(verify.plainS, 2)),
        String(round(verifyExtraS, 2)),
        `${round(verifyShare(one) * 100, 1)} %`,
        `${round(verifyShare(two) * 100, 1)} %`,
        `≤ ${GOALS.verifyShare * 100} %`,
      ],
    ]);
    console.log(
      JSON.stringify({
        bench: 'ingest',
        tracks,
        seconds,
        one_worker_s: round(one.totalS, 2),
        two_workers_s: round(two.totalS, 2),
        encode_one_s: round(one.encodeS, 2),
        encode_two_s: round(two.encodeS, 2),
        direct_one_s: round(direct1, 2),
        direct_two_s: round(direct2, 2),
        vs_direct_one: round(vsDirect1, 3),
        vs_direct_two: round(vsDirect2, 3),
        two_vs_one: round(twoVsOne, 3),
        worker_peak_rss_mb: round(peak),
        worker_idle_rss_mb: round(most((r) => r.idleRssMb)),
        worker_ingest_peak_rss_mb: round(most((r) => r.ingestPeakRssMb)),
        worker_encode_peak_rss_mb: round(most((r) => r.encodePeakRssMb)),
        kill_to_rerun_s: round(kill.rerunS, 2),
        kill_to_ffmpeg_gone_s: round(kill.ffmpegGoneS, 2),
        killed_worker_files_mb: round(kill.leftMb),
        killed_worker_files_removed: kill.leftRemoved,
        kill_run_total_s: round(kill.totalS, 2),
        encode_temps_in_tmpdir: newTemps.length,
        verify_s: round(verify.verifiedS, 2),
        plain_copy_s: round(verify.plainS, 2),
        verify_share_one: round(verifyShare(one), 4),
        verify_share_two: round(verifyShare(two), 4),
        goals: {
          vs_direct: vsDirect1 >= GOALS.vsDirect && vsDirect2 >= GOALS.vsDirect,
          two_vs_one: twoVsOne >= GOALS.twoVsOne,
          rss: peak < GOALS.rssMb,
          rerun: kill.rerunS <= GOALS.rerunS,
          verify: verifyShare(one) <= GOALS.verifyShare && verifyShare(two) <= GOALS.verifyShare,
        },
      }),
    );
  } finally {
    await stopAll(workers);
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  setTimeout(() => process.exit(process.exitCode ?? 0), 2000).unref();
}
