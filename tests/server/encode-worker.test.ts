/**
 * A worker killed mid-encode (PostgreSQL, worker processes): the encode job is not lost,
 * another worker retries it after the run's expiry, and it finishes once: the track
 * CONVERTED, one audio_files row per §9 format (the retry replaced, never added), each
 * file in storage. Skips, saying why, only without PostgreSQL binaries (fails under CI).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/seed/seed';
import { openJobQueue } from '../../server/app';
import { encodeKey, encodeKinds } from '../../server/jobs/encode';
import type { JobQueue, JobRow } from '../../server/jobs/queue';
import { openStorage, type Storage } from '../../server/storage';
import { AUDIO_FORMATS } from '../../shared/vocabularies';
import { tempDir } from '../fixtures/audio';
import { waitFor } from './job-kinds';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { workerStarter } from './fixtures/worker-process';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[encode-worker.test] skipped: ${skip}`);

/** The encode kind's expiry here (the same in every process: pg-boss takes it from the queue): when a dead worker's run comes back. */
const EXPIRE = 45;
const { dir, cleanup } = tempDir('encode-worker-');
const storageDir = join(dir, 'storage');
let db: Db;
let queue: JobQueue;
let storage: Storage;
const { children, start: startWorker } = workerStarter('tests/server/fixtures/encode-worker.ts', () => ({
  DATABASE_URL: (cluster as PgCluster).url, STORAGE_DIR: storageDir, ENCODE_EXPIRE: String(EXPIRE),
}));

beforeAll(async () => {
  if (skip) return;
  db = await openPostgres((cluster as PgCluster).url, 4);
  await migrate(db);
  await seed(db);
  storage = await openStorage({ dir: storageDir });
  // Enqueues only: the worker processes run the jobs.
  queue = await openJobQueue(db, { storage, jobKinds: encodeKinds(storage, { expireInSeconds: EXPIRE, retryDelaySeconds: 1 }) });
}, 180_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await queue?.stop();
  await db?.close();
  await storage?.close();
  if (!skip) await (cluster as PgCluster).stop();
  cleanup();
});

it.skipIf(skip !== null)('a worker killed mid-encode: the job is retried by another worker and finishes once, its rows not duplicated', async () => {
  const [t] = await db.query<{ id: number; release_id: number }>('select id, release_id from tracks order by id limit 1');
  // A real source: 12 s of 24-bit 96 kHz stereo, long enough to be mid-encode when the worker dies.
  const wav = join(dir, 'source.wav');
  execFileSync('sox', ['-n', '-r', '96000', '-b', '24', '-c', '2', wav, 'synth', '12', 'pinknoise', 'vol', '0.5'], { stdio: 'pipe' });
  const key = `tracks/${t.id}/wav.wav`;
  const { size } = await storage.put(key, readFileSync(wav));
  await db.query('delete from audio_files where track_id = $1', [t.id]);
  await db.query("insert into audio_files (track_id, format, size_bytes, storage_key) values ($1, 'wav', $2, $3)", [t.id, size, key]);

  const a = await startWorker();
  const job = (await queue.enqueue('encode', null, { release_id: t.release_id, track_id: t.id }, { singletonKey: encodeKey(t.release_id) })) as JobRow;
  await waitFor(async () => (await db.query<{ s: string }>('select encode_status s from tracks where id = $1', [t.id]))[0].s === 'TRANSCODING', 60_000);
  await new Promise((r) => setTimeout(r, 300));
  a.kill('SIGKILL');
  await new Promise((r) => a.once('exit', r));
  expect((await queue.get(job.id))!.state).toBe('RUNNING');
  // It died mid-encode: none of the encodes had been stored yet.
  expect(await db.query('select format from audio_files where track_id = $1', [t.id])).toEqual([{ format: 'wav' }]);

  await startWorker();
  const done = await waitFor(async () => {
    const j = await queue.get(job.id);
    return j && (j.state === 'DONE' || j.state === 'ERROR') ? j : null;
  }, 150_000);
  expect(done).toMatchObject({ state: 'DONE', result: { track_id: t.id, converted: 1, errors: 0 } });
  const [track] = await db.query<{ s: string }>('select encode_status s from tracks where id = $1', [t.id]);
  expect(track.s).toBe('CONVERTED');
  const rows = await db.query<{ format: string; n: number; size_bytes: number; storage_key: string }>(
    'select format, count(*) over (partition by format)::int n, size_bytes, storage_key from audio_files where track_id = $1 order by format', [t.id]);
  expect(rows.map((r) => r.format)).toEqual([...AUDIO_FORMATS].sort());
  expect(rows.every((r) => r.n === 1)).toBe(true);
  for (const r of rows) expect(await storage.size(r.storage_key)).toBe(Number(r.size_bytes));
  // Exactly one encode job of that release ran to the end: none was added by the retry.
  const jobs = await db.query<{ kind: string; n: number }>("select kind, count(*)::int n from jobs where kind like 'encode%' group by kind order by kind");
  expect(jobs).toEqual([{ kind: 'encode', n: 1 }, { kind: 'encode-track', n: 1 }]);
}, 300_000);
