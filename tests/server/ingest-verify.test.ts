/**
 * Ingestion verifies before it creates (issue 25), on PGlite and on a PostgreSQL server:
 * every file the ERN names is checked (present, size and MD5 as declared, audio that
 * decodes with the declared duration, cover art per §5) and a batch that fails a check
 * creates nothing (no release, track, audio row, image row or catalogue file; an update
 * of an existing release applies not at all). The delivery keeps a status naming the file
 * and the reason, and its files, so it can be re-ingested once the supplier sends the
 * fixed file to the batch folder. Any file name a supplier can write ingests; AIFF-C
 * (.aifc, as the wizard writes it) is audio.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client';
import { INGEST_RETRY_LIMIT, ingestKind } from '../../server/ingest/ingest';
import { reingest } from '../../server/api/routes/deliveries';
import { openJobQueue } from '../../server/app';
import { encodeKinds } from '../../server/jobs/encode';
import type { JobContext, JobQueue, JobRow } from '../../server/jobs/queue';
import { openStorage, type Storage } from '../../server/storage';
import { DELIVERY_STATUS_MESSAGES as M } from '../../shared/messages';
import { STORE_PRICE_TIERS } from '../../shared/constants';
import { png, tempDir } from '../fixtures/audio';
import { openSeededPglite } from '../fixtures/seed-template';
import { ageBatchComplete, packageMaker, type Craft, type PackageMaker } from './fixtures/packages';
import { batchCompleteName, inState, isSealed } from '../../server/ingest/batch';
import { waitFor } from './job-kinds';
import { startPgCluster, type PgCluster } from './pg-cluster';

const cluster = await startPgCluster();
const pgSkip = 'skip' in cluster ? cluster.skip : null;
if (pgSkip) console.warn(`[ingest-verify.test] PostgreSQL skipped: ${pgSkip}`);
afterAll(async () => {
  if (!pgSkip) await (cluster as PgCluster).stop();
});

/** The catalogue rows and files a refused batch must not add to. */
const COUNTED = [
  'releases',
  'tracks',
  'audio_files',
  'release_images',
  'track_artists',
  'release_artists',
  'track_songwriters',
  'track_publishers',
];

async function openEngine(engine: 'PGlite' | 'PostgreSQL'): Promise<Db> {
  if (engine === 'PostgreSQL') return openPostgres(await (cluster as PgCluster).seededDatabase(), 4);
  return openSeededPglite();
}

describe.each(['PGlite', 'PostgreSQL'] as const)('on %s', (engine) => {
  const skip = engine === 'PostgreSQL' && pgSkip !== null;
  const { dir, cleanup } = tempDir(`ingest-verify-${engine}-`);
  let db: Db;
  let storage: Storage;
  let queue: JobQueue;
  let maker: PackageMaker;
  let aifc: PackageMaker;
  let supplierId: number;
  let jobSeq = 5000;
  const enqueue: JobContext['enqueue'] = (kind, payload, options, tx) => queue.enqueue(kind, null, payload, options, tx);
  const encodesEnded = () =>
    waitFor(
      async () => (await db.query("select 1 from jobs where kind like 'encode%' and state in ('PENDING', 'RUNNING')")).length === 0,
      90_000,
    );

  beforeAll(async () => {
    if (skip) return;
    db = await openEngine(engine);
    storage = await openStorage({ dir: join(dir, 'storage') });
    queue = await openJobQueue(db, { storage, jobKinds: encodeKinds(storage), jobQueue: { pollSeconds: 0.5 } });
    await queue.work();
    // A default exclusive period of 2 weeks: a package that says None must not get it.
    const [s] = await db.query<{ id: number }>(
      "insert into suppliers (name, default_exclusive_period) values ('Verify Supplier', 14) returning id",
    );
    supplierId = s.id;
    await db.query("insert into labels (name, supplier_id) values ('Verify Records', $1)", [supplierId]);
    const [{ name: genre }] = await db.query<{ name: string }>('select name from genres order by id limit 1');
    const defaults = { genre, label: 'Verify Records', supplier: 'Verify Supplier' };
    maker = await packageMaker(join(dir, 'wav'), defaults, [
      { name: 'a.wav', seconds: 1.5 },
      { name: 'b.flac', seconds: 1, bits: 24 },
    ]);
    aifc = await packageMaker(join(dir, 'aifc'), defaults, [{ name: 'c.aifc', seconds: 1, type: 'aifc' }]);
  }, 180_000);
  afterAll(async () => {
    if (skip) return;
    await queue?.stop();
    await maker?.close();
    await aifc?.close();
    await storage?.close();
    await db?.close();
    cleanup();
  });

  const counts = async () =>
    Object.fromEntries(
      await Promise.all(COUNTED.map(async (t) => [t, Number((await db.query<{ n: string }>(`select count(*) n from ${t}`))[0].n)])),
    );

  /** Runs the ingest-batch handler on a batch, as a worker would; answers its delivery once its encodes have ended. */
  async function ingest(batch: string) {
    const job: JobRow = {
      id: ++jobSeq,
      kind: 'ingest-batch',
      state: 'RUNNING',
      child_job_id: null,
      owner_id: null,
      payload: { supplier_id: supplierId, batch_dir: batch },
      result: null,
    };
    const out = await ingestKind(storage).run(db, job, { signal: new AbortController().signal, attempt: 0, enqueue });
    const { deliveries } = out.result as { deliveries: { delivery_id: number }[] };
    expect(deliveries).toHaveLength(1);
    return delivery(deliveries[0].delivery_id);
  }
  async function delivery(id: number) {
    await encodesEnded();
    const [d] = await db.query<{
      id: number;
      release_status: string;
      status_message: string | null;
      release_id: number | null;
      ingested: boolean;
      storage_prefix: string;
      files: { path: string }[];
    }>('select id, release_status, status_message, release_id, ingested, storage_prefix, files from deliveries where id = $1', [id]);
    const [last] = await db.query<{ detail: string | null }>(
      'select detail from delivery_events where delivery_id = $1 order by id desc limit 1',
      [id],
    );
    return { ...d, detail: last.detail };
  }

  /** The release folder of a batch, and its XML's text. */
  const releaseDir = (batch: string) => join(batch, readdirSync(batch, { withFileTypes: true }).find((e) => e.isDirectory())!.name);
  const xmlOf = (rd: string) => readFileSync(join(rd, `${rd.split('/').pop()}.xml`), 'utf8');
  /** The URI of the n-th audio file the XML names (1-based). */
  const audioUri = (xml: string, n: number) => [...xml.matchAll(/<URI>(resources\/[^<]*\.(?:wav|flac|aifc?))<\/URI>/g)][n - 1][1];

  /** Builds a package, damages it with `craft`, ingests it: refused, nothing added; answers the delivery and the batch. */
  async function refused(craft: Craft, status: string) {
    const before = await counts();
    const { batch, upc } = await maker.build(craft);
    const d = await ingest(batch);
    expect(d).toMatchObject({ release_status: status, release_id: null, ingested: false });
    expect(await counts()).toEqual(before);
    expect(await db.query('select 1 from releases where upc = $1', [upc])).toHaveLength(0);
    // The delivery's own files stay kept (a re-ingest reads them); no catalogue file was made.
    expect(d.files.length).toBeGreaterThan(0);
    return { d, batch, upc };
  }

  it.skipIf(skip)(
    "an audio file whose bytes differ from the ERN's MD5 is refused, naming it; the supplier sends it again and a re-ingest encodes the release",
    async () => {
      let good = '';
      let damaged = '';
      const { d, batch } = await refused(
        {
          folder: (rd) => {
            damaged = join(rd, audioUri(xmlOf(rd), 1));
            good = `${damaged}.good`;
            copyFileSync(damaged, good);
            const bytes = readFileSync(damaged);
            for (let i = 2000; i < 2100; i++) bytes[i] ^= 0xff; // same size, other bytes
            writeFileSync(damaged, bytes);
          },
        },
        'ingest-error',
      );
      const uri = damaged.slice(damaged.indexOf('resources/'));
      expect(d.status_message).toBe(`${uri}: the file is not the one the XML describes (its MD5 differs): send it again`);
      expect(d.detail).toBe(d.status_message);

      // The supplier uploads the right file to the batch folder; content ops re-ingests.
      renameSync(good, damaged);
      expect(releaseDir(batch)).toBeTruthy();
      expect(await reingest(db, storage, queue, d.id, null, 1)).toBeNull();
      const after = await delivery(d.id);
      expect(after).toMatchObject({ release_status: 'encoded', ingested: true });
      expect(await db.query('select encode_status from tracks where release_id = $1 order by position', [after.release_id])).toEqual([
        { encode_status: 'CONVERTED' },
        { encode_status: 'CONVERTED' },
      ]);
    },
    180_000,
  );

  it.skipIf(skip)(
    'BatchComplete before the files: recorded at once, waiting and open; the file arrives and the batch is ingested',
    async () => {
      let moved = '';
      let kept = '';
      const before = await counts();
      const { batch } = await maker.build({
        folder: (rd) => {
          moved = join(rd, audioUri(xmlOf(rd), 2));
          kept = join(rd, '..', '..', 'kept-aside-2');
          renameSync(moved, kept);
        },
      });
      const uri = moved.slice(moved.indexOf('resources/'));
      const job: JobRow = {
        id: ++jobSeq,
        kind: 'ingest-batch',
        state: 'RUNNING',
        child_job_id: null,
        owner_id: null,
        payload: { supplier_id: supplierId, batch_dir: batch },
        result: null,
      };
      const first = await ingestKind(storage).run(db, job, { signal: new AbortController().signal, attempt: 0, enqueue });
      const { waiting } = first.result as { waiting: number[] };
      expect(waiting).toHaveLength(1);
      const d = await delivery(waiting[0]);
      expect(d).toMatchObject({ release_status: 'release-received', status_message: `Waiting for files: ${uri}.`, release_id: null });
      expect(await counts()).toEqual(before);
      // The batch stays open for the missing file; the last word is queued for the end of the wait.
      expect(inState(batch, 'waiting')).toBe(true);
      expect(isSealed(batch)).toBe(false);
      const [deadline] = await db.query<{ payload: { batch_dir: string } }>(
        "select payload from jobs where kind = 'ingest-batch' and payload->>'batch_dir' = $1",
        [batch],
      );
      expect(deadline.payload.batch_dir).toBe(batch);

      // The file arrives (the drop server queues the batch again): the same delivery is ingested, the batch sealed.
      renameSync(kept, moved);
      await ingestKind(storage).run(db, { ...job, id: ++jobSeq }, { signal: new AbortController().signal, attempt: 0, enqueue });
      expect(await delivery(d.id)).toMatchObject({ release_status: 'encoded', ingested: true, status_message: null });
      expect(isSealed(batch)).toBe(true);
    },
    180_000,
  );

  it.skipIf(skip)(
    'BatchComplete alone: a delivery says so at once; a release folder sent later takes it over; with none by the end of the wait, an ingest-error says why',
    async () => {
      const { batch } = await maker.build();
      const id = batch.split('/').pop()!;
      const folder = readdirSync(batch, { withFileTypes: true }).find((e) => e.isDirectory())!.name;
      const aside = join(batch, '..', `aside-${id}`);
      renameSync(join(batch, folder), aside);
      const run = () =>
        ingestKind(storage).run(
          db,
          {
            id: ++jobSeq,
            kind: 'ingest-batch',
            state: 'RUNNING',
            child_job_id: null,
            owner_id: null,
            payload: { supplier_id: supplierId, batch_dir: batch },
            result: null,
          },
          { signal: new AbortController().signal, attempt: 0, enqueue },
        );
      const first = (await run()).result as { waiting: number[] };
      const d = await delivery(first.waiting[0]);
      expect(d).toMatchObject({
        release_status: 'release-received',
        status_message: 'Waiting for files: BatchComplete arrived before any release folder.',
      });
      renameSync(aside, join(batch, folder));
      await run();
      expect(await delivery(d.id)).toMatchObject({ release_status: 'encoded', ingested: true });
      expect(await db.query('select count(*)::int n from deliveries where batch_dir = $1', [batch])).toEqual([{ n: 1 }]);

      // Another batch whose release never comes: at the end of the wait, refused with the reason.
      const lone = await maker.build();
      rmSync(join(lone.batch, readdirSync(lone.batch, { withFileTypes: true }).find((e) => e.isDirectory())!.name), { recursive: true });
      expect(readdirSync(lone.batch)).toEqual([batchCompleteName(lone.batch.split('/').pop()!)]);
      ageBatchComplete(lone.batch);
      const out = (
        await ingestKind(storage).run(
          db,
          {
            id: ++jobSeq,
            kind: 'ingest-batch',
            state: 'RUNNING',
            child_job_id: null,
            owner_id: null,
            payload: { supplier_id: supplierId, batch_dir: lone.batch },
            result: null,
          },
          { signal: new AbortController().signal, attempt: 0, enqueue },
        )
      ).result as { deliveries: { delivery_id: number }[] };
      expect(await delivery(out.deliveries[0].delivery_id)).toMatchObject({
        release_status: 'ingest-error',
        status_message: 'No release folder arrived in the batch within 30 minutes of its BatchComplete.',
      });
    },
    180_000,
  );

  it.skipIf(skip)(
    'an ERN naming a file that is not in the batch by the end of the wait creates nothing and says which; once sent, a re-ingest takes it',
    async () => {
      let moved = '';
      let kept = '';
      const { d } = await refused(
        {
          folder: (rd) => {
            moved = join(rd, audioUri(xmlOf(rd), 2));
            kept = join(rd, '..', 'kept-aside');
            renameSync(moved, kept);
            ageBatchComplete(join(rd, '..'));
          },
        },
        'ingest-error',
      );
      expect(d.status_message).toBe(`${moved.slice(moved.indexOf('resources/'))}: the file is not in the delivery`);
      // A refused batch stays open for the fixed file.
      expect(inState(join(moved, '..', '..', '..'), 'open')).toBe(true);
      renameSync(kept, moved);
      expect(await reingest(db, storage, queue, d.id, null, 1)).toBeNull();
      expect(await delivery(d.id)).toMatchObject({ release_status: 'encoded', ingested: true });
    },
    180_000,
  );

  it.skipIf(skip)(
    "a re-ingest that fails for a reason of the store's own (storage unreadable) ends ingest-error saying so, and answers",
    async () => {
      const { d } = await refused(
        {
          folder: (rd) => {
            rmSync(join(rd, audioUri(xmlOf(rd), 1)));
            ageBatchComplete(join(rd, '..'));
          },
        },
        'ingest-error',
      );
      const broken = Object.create(storage) as Storage;
      broken.get = async () => {
        throw new Error('the disk is unreadable');
      };
      expect(await reingest(db, broken, queue, d.id, null, 1)).toBeNull();
      expect(await delivery(d.id)).toMatchObject({
        release_status: 'ingest-error',
        status_message: 'Re-ingest failed: the disk is unreadable',
        ingested: false,
      });
    },
    120_000,
  );

  it.skipIf(skip)(
    "an ingestion that keeps failing for a reason of the store's own ends its delivery ingest-error on the last attempt, not received for ever",
    async () => {
      const { batch } = await maker.build();
      const broken = Object.create(storage) as Storage;
      broken.put = async () => {
        throw new Error('no space left on the store');
      };
      const run = (attempt: number) =>
        ingestKind(broken).run(
          db,
          {
            id: ++jobSeq,
            kind: 'ingest-batch',
            state: 'RUNNING',
            child_job_id: null,
            owner_id: null,
            payload: { supplier_id: supplierId, batch_dir: batch },
            result: null,
          },
          { signal: new AbortController().signal, attempt, enqueue },
        );
      await expect(run(0)).rejects.toThrow('no space left on the store');
      const [d] = await db.query<{ id: number; release_status: string }>('select id, release_status from deliveries where batch_dir = $1', [
        batch,
      ]);
      expect(d.release_status).toBe('release-received');
      const last = (await run(INGEST_RETRY_LIMIT)).result as { deliveries: { delivery_id: number; release_status: string }[] };
      expect(last.deliveries).toEqual([{ delivery_id: d.id, release_status: 'ingest-error' }]);
      expect(await delivery(d.id)).toMatchObject({ status_message: 'Ingestion failed: no space left on the store' });
    },
    120_000,
  );

  it.skipIf(skip)(
    'a size other than the declared one, a duration other than the declared one, audio that does not decode: each refused, naming the file',
    async () => {
      const size = await refused(
        { xml: (x) => x.replace(/<FileSize>(\d+)<\/FileSize>/, (_, n: string) => `<FileSize>${Number(n) + 1}</FileSize>`) },
        'ingest-error',
      );
      expect(size.d.status_message).toMatch(/^resources\/\S+\.wav: the file has \d+ bytes, the XML says \d+$/);

      // Both of the first recording's durations (its own and its file's) say 9 minutes.
      const nineMinutes = (x: string) =>
        x.replace(/<SoundRecording>[\s\S]*?<\/SoundRecording>/, (sr) =>
          sr.replace(/<Duration>[^<]*<\/Duration>/g, '<Duration>PT9M0.000S</Duration>'),
        );
      const duration = await refused({ xml: nineMinutes }, 'ingest-error');
      expect(duration.d.status_message).toMatch(/^resources\/\S+\.wav: the audio lasts 1\.5 s, the XML says 540\.0 s$/);

      // Noise where the audio should be, with the XML's size and MD5 made to match it: only decoding finds it.
      const undecodable = await refused(
        {
          folder: (rd) => {
            const x = xmlOf(rd);
            const uri = audioUri(x, 2);
            const noise = Buffer.alloc(40_000, 7);
            writeFileSync(join(rd, uri), noise);
            const md5 = createHash('md5').update(noise).digest('hex');
            const at = x.indexOf(`<URI>${uri}</URI>`);
            const end = x.indexOf('</File>', at);
            const file = x
              .slice(at, end)
              .replace(/<HashSumValue>[^<]*</, `<HashSumValue>${md5}<`)
              .replace(/<FileSize>\d+</, `<FileSize>${noise.length}<`);
            writeFileSync(join(rd, `${rd.split('/').pop()}.xml`), x.slice(0, at) + file + x.slice(end));
          },
        },
        'ingest-error',
      );
      expect(undecodable.d.status_message).toMatch(/^resources\/\S+\.flac: the audio does not decode$/);
    },
    180_000,
  );

  it.skipIf(skip)(
    'cover art too small: encoding-error with the §8 text, the file and the reason in the detail',
    async () => {
      const { d } = await refused(
        {
          folder: (rd) => {
            const uri = /<URI>(resources\/[^<]*\.png)<\/URI>/.exec(xmlOf(rd))![1];
            png(join(rd, 'resources'), uri.slice('resources/'.length), 400, 400);
            const x = xmlOf(rd);
            // Declared as what it now is, so only the §5 rule refuses it.
            const bytes = readFileSync(join(rd, uri));
            const at = x.indexOf(`<URI>${uri}</URI>`);
            const end = x.indexOf('</File>', at);
            const file = x
              .slice(at, end)
              .replace(/<HashSumValue>[^<]*</, `<HashSumValue>${createHash('md5').update(bytes).digest('hex')}<`)
              .replace(/<FileSize>\d+</, `<FileSize>${bytes.length}<`);
            writeFileSync(join(rd, `${rd.split('/').pop()}.xml`), x.slice(0, at) + file + x.slice(end));
          },
        },
        'encoding-error',
      );
      expect(d.status_message).toBe(M['invalid-image']);
      expect(d.detail).toMatch(/^resources\/\S+\.png: the cover art is 400x400, at least 500x500 is needed$/);
    },
    120_000,
  );

  it.skipIf(skip)(
    'an update with a damaged file applies not at all: the release keeps its title and tracks',
    async () => {
      const first = await maker.build();
      const ok = await ingest(first.batch);
      expect(ok.release_status).toBe('encoded');
      await db.query("update record_history set created_at = now() - interval '5 minutes' where entity = 'releases' and entity_id = $1", [
        ok.release_id,
      ]);
      const before = await counts();
      const again = await maker.build({
        upc: first.upc,
        release: { title: 'Should Not Apply' },
        folder: (rd) => {
          rmSync(join(rd, audioUri(xmlOf(rd), 1)));
          ageBatchComplete(join(rd, '..'));
        },
      });
      const d = await ingest(again.batch);
      expect(d).toMatchObject({ release_status: 'ingest-error', ingested: false });
      expect(await counts()).toEqual(before);
      expect(await db.query('select title from releases where id = $1', [ok.release_id])).toEqual([{ title: `Release ${first.upc}` }]);
    },
    180_000,
  );

  it.skipIf(skip)(
    'file names with spaces, accents (NFD on disk, NFC in the XML) and long names ingest, and re-ingest does too',
    async () => {
      const names = ['01 Opening Träck (Extended Mix).wav', `${'Long name '.repeat(18)}— “édit”.flac`];
      const { batch } = await maker.build({
        folder: (rd) => {
          let x = xmlOf(rd);
          names.forEach((name, i) => {
            const uri = audioUri(x, i + 1);
            renameSync(join(rd, uri), join(rd, 'resources', name.normalize('NFD')));
            x = x.replace(`<URI>${uri}</URI>`, `<URI>resources/${name.normalize('NFC')}</URI>`);
          });
          writeFileSync(join(rd, `${rd.split('/').pop()}.xml`), x);
        },
      });
      const d = await ingest(batch);
      expect(d).toMatchObject({ release_status: 'encoded', status_message: null });
      expect(d.files.map((f) => f.path)).toEqual(expect.arrayContaining(names.map((n) => `resources/${n.normalize('NFC')}`)));
      expect(await db.query('select encode_status from tracks where release_id = $1', [d.release_id])).toEqual([
        { encode_status: 'CONVERTED' },
        { encode_status: 'CONVERTED' },
      ]);
      // Re-ingest of a delivery with such names (allowed once it is no longer ingested) answers, never throws.
      await db.query('update deliveries set ingested = false where id = $1', [d.id]);
      await db.query("update record_history set created_at = now() - interval '5 minutes' where entity = 'releases' and entity_id = $1", [
        d.release_id,
      ]);
      expect(await reingest(db, storage, queue, d.id, null, 1)).toBeNull();
      expect(await delivery(d.id)).toMatchObject({ release_status: 'encoded', ingested: true });
    },
    180_000,
  );

  it.skipIf(skip)(
    "round trip: what the wizard's draft holds is what the catalogue holds after ingestion, field by field",
    async () => {
      const [genre] = await db.query<{ id: number; name: string }>(
        'select g.id, g.name from genres g where exists (select 1 from sub_genres s where s.genre_id = g.id) order by g.id limit 1',
      );
      const [sub] = await db.query<{ id: number; name: string }>(
        'select id, name from sub_genres where genre_id = $1 order by id limit 1',
        [genre.id],
      );
      const [key] = await db.query<{ id: number; name: string }>('select id, name from musical_keys order by id limit 1');
      const [type] = await db.query<{ id: number; name: string }>(
        "select id, name from reference_items where list = 'release-types' and name = 'EP'",
      );
      await db.query(
        'insert into supplier_genre_mappings (supplier_id, source_genre, genre_id) values ($1, $2, $3) on conflict do nothing',
        [supplierId, genre.name, genre.id],
      );
      const release = {
        title: 'Round Trip',
        catalogNumber: 'RT-001',
        releaseType: type,
        releaseDate: '2026-12-11',
        streetDate: '2026-12-04',
        exclusivePeriod: 0,
        preOrder: true,
        preOrderWeeks: 2,
        explicit: true,
        genre,
        subGenre: sub,
      };
      const { batch, upc } = await maker.build({
        genre: genre.name,
        release,
        tracks: (t, i) => ({
          ...t,
          title: `Song ${i + 1}`,
          mixName: i === 0 ? 'Extended Mix' : '',
          bpm: 120 + i,
          key: i === 0 ? key : null,
          artists: ['Round Artist', `Guest ${i + 1}`],
          remixers: i === 1 ? ['Remix One'] : [],
          songwriters: [{ name: `Writer ${i + 1}`, type: { id: 1, name: 'Composer' } }],
          publishers: [`Publisher ${i + 1}`],
          copyrightHolder: `2026 Round Records ${i + 1}`,
        }),
      });
      const d = await ingest(batch);
      expect(d.release_status).toBe('encoded');
      const [r] = await db.query<Record<string, unknown>>(
        `select title, catalog_number, upc, release_type_id, release_date::text, street_date::text, pre_order_date::text, is_available_for_pre_order,
         exclusive_period, exclusive_date::text, is_explicit, genre_id, price_tier from releases where id = $1`,
        [d.release_id],
      );
      expect(r).toEqual({
        title: release.title,
        catalog_number: release.catalogNumber,
        upc,
        release_type_id: type.id,
        release_date: release.releaseDate,
        street_date: release.streetDate,
        pre_order_date: '2026-11-20',
        is_available_for_pre_order: true,
        exclusive_period: 0,
        exclusive_date: null,
        is_explicit: true,
        genre_id: genre.id,
        price_tier: STORE_PRICE_TIERS.release,
      });
      const tracks = await db.query<Record<string, unknown>>(
        `select t.id, t.title, t.mix_name, t.bpm, t.key_id, t.genre_id, t.sub_genre_id, t.copyright_holder, t.position, t.price_tier, t.release_date::text,
         (select json_agg(a.name order by ta.position) from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id and ta.role = 'artist') as artists,
         (select json_agg(a.name order by ta.position) from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id and ta.role = 'remixer') as remixers,
         (select json_agg(name order by id) from track_songwriters where track_id = t.id) as songwriters,
         (select json_agg(name order by id) from track_publishers where track_id = t.id) as publishers
       from tracks t where t.release_id = $1 order by t.position`,
        [d.release_id],
      );
      expect(tracks.map(({ id: _id, ...t }) => t)).toEqual(
        [0, 1].map((i) => ({
          title: `Song ${i + 1}`,
          mix_name: i === 0 ? 'Extended Mix' : null,
          bpm: 120 + i,
          key_id: i === 0 ? key.id : null,
          genre_id: genre.id,
          sub_genre_id: sub.id,
          copyright_holder: `2026 Round Records ${i + 1}`,
          position: i + 1,
          price_tier: STORE_PRICE_TIERS.track,
          release_date: release.streetDate,
          artists: ['Round Artist', `Guest ${i + 1}`],
          remixers: i === 1 ? ['Remix One'] : null,
          songwriters: [`Writer ${i + 1}`],
          publishers: [`Publisher ${i + 1}`],
        })),
      );
    },
    180_000,
  );

  it.skipIf(skip)(
    'AIFF-C, as the wizard writes it (.aifc), is audio: the track is CONVERTED',
    async () => {
      const { batch } = await aifc.build();
      expect(xmlOf(releaseDir(batch))).toMatch(/<URI>resources\/\S+\.aifc<\/URI>/);
      const d = await ingest(batch);
      expect(d).toMatchObject({ release_status: 'encoded' });
      expect(await db.query('select encode_status from tracks where release_id = $1', [d.release_id])).toEqual([
        { encode_status: 'CONVERTED' },
      ]);
    },
    120_000,
  );
});
