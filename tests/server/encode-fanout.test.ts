/**
 * Encode fan-out (PostgreSQL, two worker loops): an ingested release's tracks are encoded
 * by one encode-track job each, so two workers encode two tracks of one release at once
 * (both track jobs RUNNING together, each run by a different worker), and the release and
 * the delivery are ended once, by the last track job to finish. Skips, saying why, only
 * without PostgreSQL binaries (fails under CI).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client';
import { openJobQueue } from '../../server/app';
import { ingestKind } from '../../server/ingest/ingest';
import { ENCODE_TRACK_JOB } from '../../shared/api/endpoints/jobs';
import { encodeKinds } from '../../server/jobs/encode';
import type { JobKinds, JobQueue } from '../../server/jobs/queue';
import { openStorage, type Storage } from '../../server/storage';
import { tempDir } from '../fixtures/audio';
import { packageMaker, type PackageMaker } from './fixtures/packages';
import { waitFor } from './job-kinds';
import { startPgCluster, type PgCluster } from './pg-cluster';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[encode-fanout.test] skipped: ${skip}`);

const { dir, cleanup } = tempDir('encode-fanout-');
let db: Db;
let storage: Storage;
let maker: PackageMaker;
const queues: JobQueue[] = [];
/** Which worker ran each encode-track job (by job id). */
const ranBy = new Map<number, string>();

/** A worker loop's kinds: the real ones, its encode-track runs noted in ranBy. */
function kindsOf(worker: string): JobKinds {
  const encode = encodeKinds(storage);
  const track = encode[ENCODE_TRACK_JOB];
  return {
    'ingest-batch': ingestKind(storage),
    ...encode,
    [ENCODE_TRACK_JOB]: { ...track, run: (d, job, ctx) => (ranBy.set(job.id, worker), track.run!(d, job, ctx)) },
  };
}

beforeAll(async () => {
  if (skip) return;
  db = await openPostgres(await (cluster as PgCluster).seededDatabase(), 6);
  storage = await openStorage({ dir: join(dir, 'storage') });
  for (const w of ['A', 'B']) {
    const q = await openJobQueue(db, { storage, jobKinds: kindsOf(w), jobQueue: { pollSeconds: 0.5 } });
    await q.work({ concurrency: 1 });
    queues.push(q);
  }
  const [{ name: genre }] = await db.query<{ name: string }>('select name from genres order by id limit 1');
  // Hi-res tracks long enough that both encodes are under way at once.
  maker = await packageMaker(dir, { genre, label: 'Fanout Records', supplier: 'Fanout Supplier' }, [
    { name: 'a.wav', seconds: 8, bits: 24, rate: 96000 },
    { name: 'b.wav', seconds: 8, bits: 24, rate: 96000 },
  ]);
}, 180_000);
afterAll(async () => {
  for (const q of queues) await q.stop();
  await maker?.close();
  await db?.close();
  await storage?.close();
  if (!skip) await (cluster as PgCluster).stop();
  cleanup();
});

it.skipIf(skip !== null)(
  'two workers encode two tracks of one release at once; the release and the delivery end once',
  async () => {
    const [s] = await db.query<{ id: number }>("insert into suppliers (name) values ('Fanout Supplier') returning id");
    await db.query("insert into labels (name, supplier_id) values ('Fanout Records', $1)", [s.id]);
    const { batch, upc } = await maker.build();
    await queues[0].enqueue('ingest-batch', null, { supplier_id: s.id, batch_dir: batch });

    // Both track jobs of the release RUNNING at the same moment.
    await waitFor(async () => {
      const [r] = await db.query<{ n: number }>('select count(*)::int n from jobs where kind = $1 and state = $2', [
        ENCODE_TRACK_JOB,
        'RUNNING',
      ]);
      return r.n === 2;
    }, 120_000);
    const [release] = await db.query<{ id: number }>('select id from releases where upc = $1', [upc]);
    const transcoding = await db.query<{ encode_status: string }>('select encode_status from tracks where release_id = $1', [release.id]);
    expect(transcoding.map((t) => t.encode_status)).toEqual(['TRANSCODING', 'TRANSCODING']);

    const [d] = await waitFor(async () => {
      const rows = await db.query<{ id: number; release_status: string }>(
        'select id, release_status from deliveries where release_id = $1',
        [release.id],
      );
      return rows[0]?.release_status === 'encoded' ? rows : null;
    }, 180_000);
    await waitFor(
      async () => (await db.query("select 1 from jobs where kind like 'encode%' and state in ('PENDING', 'RUNNING')")).length === 0,
      30_000,
    );

    // Each worker ran one of the release's track jobs.
    const trackJobs = await db.query<{ id: number; state: string; ended: boolean }>(
      "select id, state, (result->>'ended_run')::boolean ended from jobs where kind = $1 order by id",
      [ENCODE_TRACK_JOB],
    );
    expect(trackJobs.map((j) => j.state)).toEqual(['DONE', 'DONE']);
    expect(trackJobs.map((j) => ranBy.get(j.id)).sort()).toEqual(['A', 'B']);
    // The last of them to finish ended the run, the other did not.
    expect(trackJobs.map((j) => j.ended).sort()).toEqual([false, true]);
    // Ended once: one 'encoded' on the delivery's timeline, one release change to CONVERTED; the encode job's outcome.
    const events = await db.query<{ release_status: string }>(
      'select release_status from delivery_events where delivery_id = $1 order by id',
      [d.id],
    );
    expect(events.map((e) => e.release_status)).toEqual(['release-received', 'release-ingested', 'encoded']);
    const converted = await db.query(
      "select 1 from record_history where entity = 'releases' and entity_id = $1 and changes->'encode_status'->>'new' = 'CONVERTED'",
      [release.id],
    );
    expect(converted).toHaveLength(1);
    const [encode] = await db.query<{ state: string; result: Record<string, unknown> }>(
      "select state, result from jobs where kind = 'encode'",
    );
    expect(encode).toMatchObject({
      state: 'DONE',
      result: { release_id: release.id, converted: 2, errors: 0, release_encode_status: 'CONVERTED' },
    });
  },
  400_000,
);
