/**
 * Ingestion (server/ingest/ingest.ts) on PGlite: packages built by main's packaging
 * service (writePackage) from sox-made audio into a batch folder, then the ingest-batch
 * handler run on it. One test per §8 delivery status message, each from a package crafted
 * to cause it; the happy path ends with the release's tracks CONVERTED and every §9 format
 * in storage, the delivery's timeline release-received → release-ingested → encoded.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { openSeededPglite } from '../fixtures/seed-template';
import { ingestKind } from '../../server/ingest/ingest';
import { openJobQueue } from '../../server/app';
import { encodeKinds } from '../../server/jobs/encode';
import type { JobContext, JobQueue, JobRow } from '../../server/jobs/queue';
import { openStorage, type Storage } from '../../server/storage';
import { DELIVERY_STATUS_MESSAGES as M } from '../../shared/messages';
import { STORE_PRICE_TIERS } from '../../shared/constants';
import { AUDIO_FORMATS } from '../../shared/vocabularies';
import { png, tempDir } from '../fixtures/audio';
import { ageBatchComplete, packageMaker, upcOf, type PackageMaker } from './fixtures/packages';
import { waitFor } from './job-kinds';

const { dir, cleanup } = tempDir('ingest-');
let db: Db;
let storage: Storage;
let queue: JobQueue;
let maker: PackageMaker;
let supplierId: number;
let jobSeq = 1000;
let upcSeq = 36000290000;
const buildPackage: PackageMaker['build'] = (c) => maker.build(c);
/** The handler's enqueue, as a worker's run gives it. */
const enqueue: JobContext['enqueue'] = (kind, payload, options, tx) => queue.enqueue(kind, null, payload, options, tx);
const encodesEnded = () =>
  waitFor(
    async () => (await db.query("select 1 from jobs where kind like 'encode%' and state in ('PENDING', 'RUNNING')")).length === 0,
    60_000,
  );

beforeAll(async () => {
  db = await openSeededPglite();
  storage = await openStorage({ dir: join(dir, 'storage') });
  // The release encodes an ingestion queues run here, on the queue's workers (pollSeconds: soon after a track ends).
  queue = await openJobQueue(db, { storage, jobKinds: encodeKinds(storage), jobQueue: { pollSeconds: 0.5 } });
  await queue.work();
  const [s] = await db.query<{ id: number }>("insert into suppliers (name) values ('Ingest Test Supplier') returning id");
  supplierId = s.id;
  await db.query("insert into labels (name, supplier_id) values ('Ingest Records', $1)", [supplierId]);
  const [{ name: genre }] = await db.query<{ name: string }>('select name from genres order by id limit 1');
  maker = await packageMaker(dir, { genre, label: 'Ingest Records', supplier: 'Ingest Test Supplier' }, [
    { name: 'a.wav', seconds: 2.5 },
    { name: 'b.flac', seconds: 1.5, bits: 24, rate: 48000 },
  ]);
}, 180_000);
afterAll(async () => {
  await queue?.stop();
  await maker?.close();
  await storage?.close();
  cleanup();
});

/** Runs the ingest-batch handler on a batch, as a worker would; answers its delivery. */
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
  // Its encode (if it queued one) runs on the queue's workers: wait until every encode job has ended.
  await encodesEnded();
  const [d] = await db.query<{
    id: number;
    release_status: string;
    status_message: string | null;
    album_action: string;
    release_id: number | null;
    storage_prefix: string;
  }>('select id, release_status, status_message, album_action, release_id, storage_prefix from deliveries where id = $1', [
    deliveries[0].delivery_id,
  ]);
  const timeline = await db.query<{ release_status: string; status_message: string | null }>(
    'select release_status, status_message from delivery_events where delivery_id = $1 order by id',
    [d.id],
  );
  return { ...d, timeline };
}

const mapGenre = (source: string, genreId: number | null, restricted = false) =>
  db.query('insert into supplier_genre_mappings (supplier_id, source_genre, genre_id, restricted) values ($1, $2, $3, $4)', [
    supplierId,
    source,
    genreId,
    restricted,
  ]);
const mapLabel = (source: string, labelId: number | null, blacklisted = false) =>
  db.query('insert into supplier_label_mappings (supplier_id, source_label, label_id, blacklisted) values ($1, $2, $3, $4)', [
    supplierId,
    source,
    labelId,
    blacklisted,
  ]);

describe('ingest-batch', () => {
  it('ingests a package from the packaging service: release, tracks, artists, files in storage, every track CONVERTED; the timeline', async () => {
    const { batch, upc } = await buildPackage({ release: { exclusivePeriod: 28 } });
    const d = await ingest(batch);
    expect(d).toMatchObject({ release_status: 'encoded', album_action: 'insert', status_message: null });
    expect(d.timeline.map((e) => e.release_status)).toEqual(['release-received', 'release-ingested', 'encoded']);
    const [r] = await db.query<Record<string, unknown>>(
      'select title, upc, supplier_id, exclusive_period, street_date::text, encode_status from releases where id = $1',
      [d.release_id],
    );
    expect(r).toMatchObject({
      title: `Release ${upc}`,
      upc,
      supplier_id: supplierId,
      exclusive_period: 28,
      street_date: '2026-12-01',
      encode_status: 'CONVERTED',
    });
    const tracks = await db.query<{ id: number; title: string; isrc: string; bpm: number; encode_status: string; artist_names: string }>(
      'select id, title, isrc, bpm, encode_status, artist_names from tracks where release_id = $1 order by position',
      [d.release_id],
    );
    expect(tracks.map((t) => [t.title, t.bpm, t.encode_status, t.artist_names])).toEqual([
      ['Track 1', 124, 'CONVERTED', 'Ingest Artist'],
      ['Track 2', 124, 'CONVERTED', 'Ingest Artist'],
    ]);
    const remixers = await db.query(
      "select a.name from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = $1 and ta.role = 'remixer'",
      [tracks[1].id],
    );
    expect(remixers).toEqual([{ name: 'Remix Person' }]);
    expect(await db.query('select name from track_songwriters where track_id = $1', [tracks[0].id])).toEqual([{ name: 'Writer' }]);
    for (const t of tracks) {
      const files = await db.query<{ format: string; storage_key: string }>(
        'select format, storage_key from audio_files where track_id = $1 order by format',
        [t.id],
      );
      expect(files.map((f) => f.format)).toEqual([...AUDIO_FORMATS].sort());
      for (const f of files) expect(await storage.exists(f.storage_key)).toBe(true);
    }
    // The delivery's files are kept in storage: its XML among them.
    expect((await storage.get(`${d.storage_prefix}/${upc}.xml`))?.toString()).toContain('NewReleaseMessage');
  }, 120_000);

  it("stores the deals' price tiers: the release deal's, and each track's own (none: not sold singly); an update takes the new ones", async () => {
    const priced = async (releaseId: number | null) => ({
      release: (await db.query<{ price_tier: string | null }>('select price_tier from releases where id = $1', [releaseId]))[0].price_tier,
      tracks: (
        await db.query<{ price_tier: string | null }>('select price_tier from tracks where release_id = $1 order by position', [releaseId])
      ).map((t) => t.price_tier),
    });
    const { batch, upc } = await buildPackage();
    const d = await ingest(batch);
    expect(d.release_status).toBe('encoded');
    expect(await priced(d.release_id)).toEqual({
      release: STORE_PRICE_TIERS.release,
      tracks: [STORE_PRICE_TIERS.track, STORE_PRICE_TIERS.track],
    });

    // Delivered again with another release tier and no deal of its own for track 2 (still valid ERN 4.3).
    await db.query("update record_history set created_at = now() - interval '5 minutes' where entity = 'releases' and entity_id = $1", [
      d.release_id,
    ]);
    const again = await ingest(
      (
        await buildPackage({
          upc,
          xml: (x) => {
            const edited = x
              .replaceAll(`>${STORE_PRICE_TIERS.release}<`, '>RELEASE_MID<')
              .replace(/<ReleaseDeal>\s*<DealReleaseReference>R2<\/DealReleaseReference>[\s\S]*?<\/ReleaseDeal>/, '');
            expect(edited).not.toContain('<DealReleaseReference>R2<');
            return edited;
          },
        })
      ).batch,
    );
    expect(again).toMatchObject({ release_status: 'encoded', album_action: 'update', release_id: d.release_id });
    expect(await priced(d.release_id)).toEqual({ release: 'RELEASE_MID', tracks: [STORE_PRICE_TIERS.track, null] });
  }, 120_000);

  it('the same release delivered again is an update: "updated metadata successfully", no second release', async () => {
    const { batch, upc } = await buildPackage();
    const first = await ingest(batch);
    await db.query("update record_history set created_at = now() - interval '5 minutes' where entity = 'releases' and entity_id = $1", [
      first.release_id,
    ]);
    const again = await buildPackage({ upc, release: { title: 'Retitled' } });
    const d = await ingest(again.batch);
    expect(d).toMatchObject({ release_status: 'encoded', album_action: 'update', release_id: first.release_id });
    expect(d.timeline).toContainEqual({ release_status: 'updated', status_message: M.updated });
    expect(await db.query('select title from releases where upc = $1', [upc])).toEqual([{ title: 'Retitled' }]);
    expect(await db.query<{ n: number }>('select count(*)::int n from tracks where release_id = $1', [first.release_id])).toEqual([
      { n: 2 },
    ]);
  }, 120_000);

  it("reingestion-error: an update within 90 seconds of the release's last change", async () => {
    const { batch, upc } = await buildPackage();
    await ingest(batch);
    const d = await ingest((await buildPackage({ upc })).batch);
    expect(d).toMatchObject({ release_status: 'reingestion-error', status_message: M['reingestion-error'] });
  }, 120_000);

  it('index-error: an XML that does not validate', async () => {
    const { batch } = await buildPackage({ xml: (x) => x.replace('<MessageId>', '<Bogus/><MessageId>') });
    const d = await ingest(batch);
    expect(d).toMatchObject({ release_status: 'index-error', status_message: M['index-error'], release_id: null });
    expect(d.timeline.map((e) => e.release_status)).toEqual(['release-received', 'index-error']);
  }, 60_000);

  it("non-existent label: not one of the supplier's labels, not mapped, no auto-create", async () => {
    const d = await ingest((await buildPackage({ label: 'Nobody Records' })).batch);
    expect(d).toMatchObject({ release_status: 'filter-error', status_message: M['non-existent-label'] });
  }, 60_000);

  it('auto-create labels: a supplier that auto-creates gets the new label', async () => {
    await db.query('update suppliers set auto_create_labels = true where id = $1', [supplierId]);
    try {
      const d = await ingest((await buildPackage({ label: 'Brand New Label' })).batch);
      expect(d.release_status).toBe('encoded');
      expect(await db.query('select name from labels where supplier_id = $1 and name = $2', [supplierId, 'Brand New Label'])).toHaveLength(
        1,
      );
    } finally {
      await db.query('update suppliers set auto_create_labels = false where id = $1', [supplierId]);
    }
  }, 120_000);

  it('label mappings: a mapped name ingests under our label; a blacklisted one is restricted label', async () => {
    const [{ id }] = await db.query<{ id: number }>("select id from labels where name = 'Ingest Records'");
    await mapLabel('Their Name For It', id);
    await mapLabel('Banned Imprint', null, true);
    const mapped = await ingest((await buildPackage({ label: 'their name for it' })).batch);
    const [r] = await db.query<{ label_id: number }>('select label_id from releases where id = $1', [mapped.release_id]);
    expect(r.label_id).toBe(id);
    const d = await ingest((await buildPackage({ label: 'Banned Imprint' })).batch);
    expect(d).toMatchObject({ release_status: 'filter-rejected', status_message: M['restricted-label'] });
  }, 120_000);

  it('fatal: a label with no normal characters', async () => {
    const d = await ingest((await buildPackage({ label: '★☆★' })).batch);
    expect(d).toMatchObject({ release_status: 'ingest-error', status_message: M.fatal });
  }, 60_000);

  it("restricted genre and non-existent genre, by the supplier's genre mappings", async () => {
    await mapGenre('Forbidden Beats', null, true);
    await mapGenre('Unmapped Beats', null);
    const restricted = await ingest((await buildPackage({ genre: 'Forbidden Beats' })).batch);
    expect(restricted).toMatchObject({ release_status: 'filter-rejected', status_message: M['restricted-genre'] });
    const unmapped = await ingest((await buildPackage({ genre: 'Unmapped Beats' })).batch);
    expect(unmapped).toMatchObject({ release_status: 'filter-error', status_message: M['non-existent-genre'] });
    const unknown = await ingest((await buildPackage({ genre: 'No Such Genre Anywhere' })).batch);
    expect(unknown).toMatchObject({ release_status: 'filter-error', status_message: M['non-existent-genre'] });
  }, 60_000);

  it('already-live-error: the label already has that UPC from another supplier', async () => {
    const upc = upcOf(upcSeq++);
    const [other] = await db.query<{ id: number }>("insert into suppliers (name) values ('Other Supplier') returning id");
    const [{ id: labelId }] = await db.query<{ id: number }>("select id from labels where name = 'Ingest Records'");
    await db.query("insert into releases (title, upc, label_id, supplier_id) values ('Live Elsewhere', $1, $2, $3)", [
      upc,
      labelId,
      other.id,
    ]);
    const d = await ingest((await buildPackage({ upc })).batch);
    expect(d).toMatchObject({ release_status: 'ingestion-error', status_message: M['already-live-error'] });
  }, 60_000);

  it('missing-isrc: a track without an ISRC on insert', async () => {
    const d = await ingest(
      (
        await buildPackage({
          xml: (x) => x.replace(/<ISRC>[^<]*<\/ISRC>/, '<ProprietaryId Namespace="DPID:PADPIDA2014120301">x1</ProprietaryId>'),
        })
      ).batch,
    );
    expect(d).toMatchObject({ release_status: 'metadata-processing-error', status_message: M['missing-isrc'] });
  }, 60_000);

  it('invalid-image: cover art missing or not square', async () => {
    const notSquare = await ingest(
      (
        await buildPackage({
          folder: (rd) => {
            const x = readFileSync(join(rd, `${rd.split('/').pop()}.xml`), 'utf8');
            const uri = /<URI>(resources\/[^<]*\.png)<\/URI>/.exec(x)![1];
            png(join(rd, 'resources'), uri.slice('resources/'.length), 1400, 700);
          },
        })
      ).batch,
    );
    expect(notSquare).toMatchObject({ release_status: 'encoding-error', status_message: M['invalid-image'] });
    const missing = await ingest(
      (
        await buildPackage({
          folder: (rd) => {
            const x = readFileSync(join(rd, `${rd.split('/').pop()}.xml`), 'utf8');
            rmSync(join(rd, /<URI>(resources\/[^<]*\.png)<\/URI>/.exec(x)![1]));
            // Not sent within the wait for a batch's files (server/ingest/batch.ts): refused, not waiting.
            ageBatchComplete(join(rd, '..'));
          },
        })
      ).batch,
    );
    expect(missing).toMatchObject({ release_status: 'encoding-error', status_message: M['invalid-image'] });
  }, 60_000);

  it("album_action delete: every deal of an update has ended, the release's tracks are disabled; purge: a PurgeReleaseMessage also hides them", async () => {
    const { batch, upc } = await buildPackage();
    const first = await ingest(batch);
    const age = () =>
      db.query("update record_history set created_at = now() - interval '5 minutes' where entity = 'releases' and entity_id = $1", [
        first.release_id,
      ]);
    await age();
    // As a track with an encode under way has it (catalog/visibility.ts): to be shown once converted.
    await db.query('update tracks set show_when_converted = true where release_id = $1', [first.release_id]);
    const ended = await ingest(
      (
        await buildPackage({
          upc,
          xml: (x) =>
            x.replace(
              /<StartDateTime>([^<]*)<\/StartDateTime>(?!\s*<EndDateTime>)/g,
              '<StartDateTime>2020-01-01T00:00:00</StartDateTime><EndDateTime>2020-06-01T23:59:59</EndDateTime>',
            ),
        })
      ).batch,
    );
    expect(ended).toMatchObject({ album_action: 'delete', release_status: 'release-ingested', release_id: first.release_id });
    expect(await db.query('select enabled, hidden from tracks where release_id = $1', [first.release_id])).toEqual([
      { enabled: false, hidden: false },
      { enabled: false, hidden: false },
    ]);
    const purge = (x: string) =>
      x
        .replace(/<ern:NewReleaseMessage/, '<ern:PurgeReleaseMessage')
        .replace(/<\/ern:NewReleaseMessage>/, '</ern:PurgeReleaseMessage>')
        .replace(
          /<\/MessageHeader>[\s\S]*<\/ern:PurgeReleaseMessage>/,
          `</MessageHeader><PurgedRelease><ReleaseId><ICPN>${upc}</ICPN></ReleaseId><Title><TitleText>Gone</TitleText></Title></PurgedRelease></ern:PurgeReleaseMessage>`,
        );
    const purged = await ingest((await buildPackage({ upc, xml: purge })).batch);
    expect(purged).toMatchObject({ album_action: 'purge', release_status: 'release-ingested', release_id: first.release_id });
    expect(await db.query('select enabled, hidden from tracks where release_id = $1', [first.release_id])).toEqual([
      { enabled: false, hidden: true },
      { enabled: false, hidden: true },
    ]);
    // Taken down, a track is not shown again by a later encode (spec §4: catalog/visibility.ts).
    expect(await db.query('select show_when_converted from tracks where release_id = $1', [first.release_id])).toEqual([
      { show_when_converted: false },
      { show_when_converted: false },
    ]);
  }, 120_000);

  it('a run repeated (a retry of the same job) finds its delivery again: one delivery, one release', async () => {
    const { batch, upc } = await buildPackage();
    const job: JobRow = {
      id: ++jobSeq,
      kind: 'ingest-batch',
      state: 'RUNNING',
      child_job_id: null,
      owner_id: null,
      payload: { supplier_id: supplierId, batch_dir: batch },
      result: null,
    };
    const kind = ingestKind(storage);
    await kind.run(db, job, { signal: new AbortController().signal, attempt: 0, enqueue });
    await kind.run(db, job, { signal: new AbortController().signal, attempt: 1, enqueue });
    const deliveries = await db.query<{ id: number }>('select id from deliveries where ingest_job_id = $1', [job.id]);
    expect(deliveries).toHaveLength(1);
    expect(await db.query('select 1 from releases where upc = $1', [upc])).toHaveLength(1);
    // The retry queued no second encode of the delivery (and was not refused for the first one's key).
    expect(
      await db.query("select 1 from jobs where kind = 'encode' and payload->>'delivery_id' = $1", [String(deliveries[0].id)]),
    ).toHaveLength(1);
    await encodesEnded();
    const [d] = await db.query<{ release_status: string }>('select release_status from deliveries where id = $1', [deliveries[0].id]);
    expect(d.release_status).toBe('encoded');
  }, 120_000);
});
