/**
 * A worker killed (SIGKILL) mid-encode (PostgreSQL, worker processes; PGlite opens in one
 * process only, where the queue's lease is tested by the job suite on both engines):
 *   - its ffmpeg exits with it (the tether pipe, server/jobs/transcode.ts);
 *   - its job runs again after the run's lease, not the encode's 30-minute expiry, on
 *     another worker, and finishes once: the track CONVERTED, one audio_files row per §9
 *     format (the retry replaced, never added), each file in storage;
 *   - its temporary files were in its own work folder under the storage folder (none in
 *     os.tmpdir()), and the next worker to start removes them.
 * Skips, saying why, only without PostgreSQL binaries (fails under CI).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client';
import { openJobQueue } from '../../server/app';
import { ENCODE_EXPIRE_SECONDS, encodeKey, encodeKinds } from '../../server/jobs/encode';
import { bossId, type JobQueue, type JobRow } from '../../server/jobs/queue';
import { WORK_FOLDER_NAME, workFolder } from '../../server/jobs/work-folder';
import { openStorage, type Storage } from '../../server/storage';
import { AUDIO_FORMATS } from '../../shared/vocabularies';
import { tempDir } from '../fixtures/audio';
import { waitFor } from './job-kinds';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { workerStarter } from './fixtures/worker-process';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[encode-worker.test] skipped: ${skip}`);

/** The run's lease here (pg-boss's least): a dead worker's run comes back after it. The expiry stays the real one. */
const LEASE = 10;
/** The goal (issue 25): a dead worker's job runs again within 2 minutes. */
const RERUN_GOAL_S = 120;
const { dir, cleanup } = tempDir('encode-worker-');
const storageDir = join(dir, 'storage');
const workRoot = join(storageDir, WORK_FOLDER_NAME);
let db: Db;
let queue: JobQueue;
let storage: Storage;
/** The seeded database (a copy of the run's template), made in beforeAll. */
let dbUrl = '';
const { children, start: startWorker } = workerStarter('tests/server/fixtures/encode-worker.ts', () => ({
  DATABASE_URL: dbUrl,
  STORAGE_DIR: storageDir,
  ENCODE_EXPIRE: String(ENCODE_EXPIRE_SECONDS),
  LEASE: String(LEASE),
}));

/** A process as /proc has it: its parent, state (Z: dead, not yet reaped) and command line; null when gone. */
function proc(pid: number): { ppid: number; state: string; comm: string; args: string[] } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const [state, ppid] = stat.slice(close + 2).split(' ');
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { ppid: Number(ppid), state, comm: stat.slice(stat.indexOf('(') + 1, close), args };
  } catch {
    return null;
  }
}

/**
 * The encode's ffmpeg a worker runs (the one writing outputs, not a probe), or null: a child
 * of the worker's program runner (server/jobs/spawner.ts), itself a child of the worker.
 */
function encodingFfmpeg(workerPid: number): number | null {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = proc(Number(name));
    if (p && p.comm === 'ffmpeg' && p.args.includes('-map_metadata') && proc(p.ppid)?.ppid === workerPid) return Number(name);
  }
  return null;
}

const encodeTemps = () => readdirSync(tmpdir()).filter((n) => n.startsWith('encode-'));

beforeAll(async () => {
  if (skip) return;
  dbUrl = await (cluster as PgCluster).seededDatabase();
  db = await openPostgres(dbUrl, 4);
  storage = await openStorage({ dir: storageDir });
  // Enqueues only: the worker processes run the jobs.
  queue = await openJobQueue(db, { storage, jobKinds: encodeKinds(storage, { retryDelaySeconds: 1 }), jobQueue: { leaseSeconds: LEASE } });
}, 180_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await queue?.stop();
  await db?.close();
  await storage?.close();
  if (!skip) await (cluster as PgCluster).stop();
  cleanup();
});

it.skipIf(skip !== null)(
  'a worker killed mid-encode: its ffmpeg exits, its job runs again within the lease on another worker and finishes once, its files removed',
  async () => {
    const tempsBefore = encodeTemps();
    const [t] = await db.query<{ id: number; release_id: number }>('select id, release_id from tracks order by id limit 1');
    // A real source: 60 s of 24-bit 96 kHz stereo, an encode of seconds (it is killed during it).
    const wav = join(dir, 'source.wav');
    execFileSync('sox', ['-n', '-r', '96000', '-b', '24', '-c', '2', wav, 'synth', '60', 'pinknoise', 'vol', '0.5'], { stdio: 'pipe' });
    const key = `tracks/${t.id}/wav.wav`;
    const { size } = await storage.putFile(key, wav);
    await db.query('delete from audio_files where track_id = $1', [t.id]);
    await db.query("insert into audio_files (track_id, format, size_bytes, storage_key) values ($1, 'wav', $2, $3)", [t.id, size, key]);

    const a = await startWorker();
    const aFolder = workFolder(workRoot, a.pid!).path;
    const job = (await queue.enqueue(
      'encode',
      null,
      { release_id: t.release_id, track_id: t.id },
      { singletonKey: encodeKey(t.release_id) },
    )) as JobRow;
    const ffmpeg = await waitFor(async () => encodingFfmpeg(a.pid!), 60_000);
    // Mid-encode: its source and ffmpeg's outputs are in the worker's own folder.
    const left = readdirSync(aFolder);
    expect(left).toHaveLength(1);
    expect(readdirSync(join(aFolder, left[0]))).toContain('source.wav');
    const [trackJob] = await db.query<{ id: number }>(
      "select id from jobs where kind = 'encode-track' and payload->>'parent_job_id' = $1",
      [String(job.id)],
    );

    a.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((r) => a.once('exit', r));
    // ffmpeg exits with its worker (a zombie waiting to be reaped is dead).
    const gone = (pid: number) => {
      const p = proc(pid);
      return !p || p.state === 'Z';
    };
    await waitFor(async () => gone(ffmpeg), 60_000);
    const ffmpegGoneS = (Date.now() - killedAt) / 1000;
    expect((await queue.get(job.id))!.state).toBe('RUNNING');
    // It died mid-encode: none of the encodes had been stored, and its files are still where it left them.
    expect(await db.query('select format from audio_files where track_id = $1', [t.id])).toEqual([{ format: 'wav' }]);
    expect(readdirSync(aFolder)).toEqual(left);

    const b = await startWorker();
    // The new worker removed the dead one's folder when it started.
    expect(existsSync(aFolder)).toBe(false);
    expect(readdirSync(workRoot)).toEqual([basename(workFolder(workRoot, b.pid!).path)]);
    // The track's job runs again (its second attempt) once the dead worker's lease has run out.
    await waitFor(async () => {
      const [c] = await db.query<{ retry_count: number; state: string }>('select retry_count, state from pgboss.job where id = $1', [
        bossId(trackJob.id),
      ]);
      return c && c.retry_count > 0 && (c.state === 'active' || c.state === 'completed');
    }, RERUN_GOAL_S * 1000);
    const rerunS = (Date.now() - killedAt) / 1000;
    expect(rerunS).toBeLessThan(RERUN_GOAL_S);
    // The same encode on the live worker, from its ffmpeg's start to its end: what the killed one
    // would have gone on for. The killed worker's ffmpeg was gone in a fraction of it.
    const again = await waitFor(async () => encodingFfmpeg(b.pid!), 60_000);
    const startedAt = Date.now();
    await waitFor(async () => gone(again), 120_000);
    const encodeS = (Date.now() - startedAt) / 1000;
    console.info(
      `[encode-worker.test] SIGKILL → ffmpeg gone ${ffmpegGoneS.toFixed(2)} s (a whole encode: ${encodeS.toFixed(1)} s); → the track's job running again ${rerunS.toFixed(1)} s (lease ${LEASE} s)`,
    );
    expect(ffmpegGoneS).toBeLessThan(encodeS / 2);

    const done = await waitFor(async () => {
      const j = await queue.get(job.id);
      return j && (j.state === 'DONE' || j.state === 'ERROR') ? j : null;
    }, 150_000);
    expect(done).toMatchObject({ state: 'DONE', result: { track_id: t.id, converted: 1, errors: 0 } });
    const [track] = await db.query<{ s: string }>('select encode_status s from tracks where id = $1', [t.id]);
    expect(track.s).toBe('CONVERTED');
    const rows = await db.query<{ format: string; n: number; size_bytes: number; storage_key: string }>(
      'select format, count(*) over (partition by format)::int n, size_bytes, storage_key from audio_files where track_id = $1 order by format',
      [t.id],
    );
    expect(rows.map((r) => r.format)).toEqual([...AUDIO_FORMATS].sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
    for (const r of rows) expect(await storage.size(r.storage_key)).toBe(Number(r.size_bytes));
    // Exactly one encode job of that release ran to the end: none was added by the retry.
    const jobs = await db.query<{ kind: string; n: number }>(
      "select kind, count(*)::int n from jobs where kind like 'encode%' group by kind order by kind",
    );
    expect(jobs).toEqual([
      { kind: 'encode', n: 1 },
      { kind: 'encode-track', n: 1 },
    ]);
    // The finished encode left nothing behind: its worker's folder is empty, and nothing went to os.tmpdir().
    expect(readdirSync(workFolder(workRoot, b.pid!).path)).toEqual([]);
    expect(encodeTemps().filter((n) => !tempsBefore.includes(n))).toEqual([]);
  },
  300_000,
);
