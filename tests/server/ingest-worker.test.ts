/**
 * A worker killed mid-encode of an ingested batch (PostgreSQL, worker processes): the
 * ingest-batch job has queued the release's encode job, which queued one encode-track job
 * per track; the jobs the dead worker held are not lost, another worker retries them after
 * the run's expiry, and the delivery finishes once, nothing queued twice: one delivery (its timeline received → ingested → encoded, each once), one
 * release, one audio_files row per track and §9 format. Skips, saying why, only without
 * PostgreSQL binaries (fails under CI).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client';
import { openJobQueue } from '../../server/app';
import { ingestKind } from '../../server/ingest/ingest';
import { encodeKinds } from '../../server/jobs/encode';
import type { JobQueue, JobRow } from '../../server/jobs/queue';
import { openStorage, type Storage } from '../../server/storage';
import { AUDIO_FORMATS } from '../../shared/vocabularies';
import { tempDir } from '../fixtures/audio';
import { packageMaker, type PackageMaker } from './fixtures/packages';
import { waitFor } from './job-kinds';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { workerStarter } from './fixtures/worker-process';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[ingest-worker.test] skipped: ${skip}`);

const EXPIRE = 45;
/** The lease of the runs (the least pg-boss allows): the killed worker's runs come back after it and a 1 s lease check. */
const LEASE = 10;
const { dir, cleanup } = tempDir('ingest-worker-');
const storageDir = join(dir, 'storage');
let db: Db;
let queue: JobQueue;
let storage: Storage;
let maker: PackageMaker;
/** The seeded database the test and its worker processes share. */
let dbUrl = '';
const { children, start: startWorker } = workerStarter('tests/server/fixtures/ingest-worker.ts', () => ({
  DATABASE_URL: dbUrl,
  STORAGE_DIR: storageDir,
  INGEST_EXPIRE: String(EXPIRE),
  LEASE: String(LEASE),
}));

beforeAll(async () => {
  if (skip) return;
  dbUrl = await (cluster as PgCluster).seededDatabase();
  db = await openPostgres(dbUrl, 4);
  storage = await openStorage({ dir: storageDir });
  queue = await openJobQueue(db, {
    storage,
    jobKinds: {
      'ingest-batch': ingestKind(storage, { expireInSeconds: EXPIRE, retryDelaySeconds: 1 }),
      ...encodeKinds(storage, { expireInSeconds: EXPIRE, retryDelaySeconds: 1 }),
    },
    jobQueue: { leaseSeconds: LEASE },
  });
  const [{ name: genre }] = await db.query<{ name: string }>('select name from genres order by id limit 1');
  // Long hi-res tracks: the worker is still encoding when it is killed.
  maker = await packageMaker(dir, { genre, label: 'Killed Records', supplier: 'Killed Supplier' }, [
    { name: 'a.wav', seconds: 10, bits: 24, rate: 96000 },
    { name: 'b.wav', seconds: 10, bits: 24, rate: 96000 },
  ]);
}, 180_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await queue?.stop();
  await maker?.close();
  await db?.close();
  await storage?.close();
  if (!skip) await (cluster as PgCluster).stop();
  cleanup();
});

it.skipIf(skip !== null)(
  'a worker killed mid-encode: the encode jobs of an ingestion are retried by another worker and finish once, nothing duplicated',
  async () => {
    const [s] = await db.query<{ id: number }>("insert into suppliers (name) values ('Killed Supplier') returning id");
    await db.query("insert into labels (name, supplier_id) values ('Killed Records', $1)", [s.id]);
    const { batch, upc } = await maker.build();

    const a = await startWorker();
    const job = (await queue.enqueue('ingest-batch', null, { supplier_id: s.id, batch_dir: batch })) as JobRow;
    await waitFor(
      async () =>
        (
          await db.query(
            "select 1 from tracks t join releases r on r.id = t.release_id where r.upc = $1 and t.encode_status = 'TRANSCODING'",
            [upc],
          )
        ).length > 0,
      60_000,
    );
    const runningKinds = async () =>
      (await db.query<{ kind: string }>("select kind from jobs where kind like 'encode%' and state = 'RUNNING' order by kind")).map(
        (j) => j.kind,
      );
    // Mid-encode: the release's encode and a track's encode job both running.
    await waitFor(async () => (await runningKinds()).join() === 'encode,encode-track', 60_000);
    a.kill('SIGKILL');
    await new Promise((r) => a.once('exit', r));
    // It died mid-encode: the ingestion had queued the release's encode, whose track jobs were running.
    expect(await runningKinds()).toEqual(['encode', 'encode-track']);

    await startWorker();
    const done = await waitFor(async () => {
      const j = await db.query<{ state: string }>("select state from jobs where kind like 'encode%' or id = $1", [job.id]);
      return j.every((x) => x.state === 'DONE' || x.state === 'ERROR') ? j : null;
    }, 200_000);
    expect(done.every((j) => j.state === 'DONE')).toBe(true);
    // Nothing was queued twice: one encode of the release, one job per track.
    const kinds = await db.query<{ kind: string; n: number }>(
      "select kind, count(*)::int n from jobs where kind like 'encode%' group by kind order by kind",
    );
    expect(kinds).toEqual([
      { kind: 'encode', n: 1 },
      { kind: 'encode-track', n: 2 },
    ]);
    const deliveries = await db.query<{ id: number; release_status: string }>(
      'select id, release_status from deliveries where ingest_job_id = $1',
      [job.id],
    );
    expect(deliveries).toEqual([{ id: deliveries[0].id, release_status: 'encoded' }]);
    const events = await db.query<{ release_status: string }>(
      'select release_status from delivery_events where delivery_id = $1 order by id',
      [deliveries[0].id],
    );
    expect(events.map((e) => e.release_status)).toEqual(['release-received', 'release-ingested', 'encoded']);
    const releases = await db.query<{ id: number }>('select id from releases where upc = $1', [upc]);
    expect(releases).toHaveLength(1);
    const rows = await db.query<{ track_id: number; format: string; n: number; encode_status: string }>(
      `select a.track_id, a.format, count(*) over (partition by a.track_id, a.format)::int n, t.encode_status
     from audio_files a join tracks t on t.id = a.track_id where t.release_id = $1 order by a.track_id, a.format`,
      [releases[0].id],
    );
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows).toHaveLength(2 * AUDIO_FORMATS.length);
    expect(rows.every((r) => r.encode_status === 'CONVERTED')).toBe(true);
  },
  400_000,
);
