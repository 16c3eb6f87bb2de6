/**
 * The deliveries calls on PGlite (shared/api/endpoints/deliveries.ts): the inspector's
 * cursor-paged list and brand, a delivery's timeline, files and XML, re-ingest (refused
 * when already ingested or currently re-ingesting; the 90-second rule; override_genre;
 * its encode queued and the delivery ending encoded), the legacy resubmit with its
 * selection limit, replacing the XML (validated first) and the genre XSD.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestKind } from '../../server/ingest/ingest';
import type { JobContext, JobRow } from '../../server/jobs/queue';
import { DELIVERY_MSG, DELIVERY_PAGE_SIZE } from '../../shared/api/endpoints/deliveries';
import { DELIVERY_SELECTION_LIMIT } from '../../shared/constants';
import { DELIVERY_STATUS_MESSAGES as M } from '../../shared/messages';
import { tempDir } from '../fixtures/audio';
import { packageMaker, type PackageMaker } from './fixtures/packages';
import { waitFor } from './job-kinds';
import { api, signIn, startTestServer, type RunningServer } from './helpers';

const { dir, cleanup } = tempDir('deliveries-api-');
let server: RunningServer;
let maker: PackageMaker;
let ops: string;
let supplierId: number;
let jobSeq = 900_000;
const INSPECTOR = '/v4/delivery-inspector/deliveries/';

beforeAll(async () => {
  server = await startTestServer();
  ops = (await signIn(server, 'contentops', 'sandbox-contentops')).access_token;
  const [s] = await server.db.query<{ id: number }>("insert into suppliers (name) values ('Deliveries API Supplier') returning id");
  supplierId = s.id;
  await server.db.query("insert into labels (name, supplier_id) values ('Deliveries API Records', $1)", [supplierId]);
  const [{ name: genre }] = await server.db.query<{ name: string }>('select name from genres order by id limit 1');
  maker = await packageMaker(dir, { genre, label: 'Deliveries API Records', supplier: 'Deliveries API Supplier' }, [
    { name: 'a.wav', seconds: 1.5 },
  ]);
}, 240_000);
afterAll(async () => {
  await maker?.close();
  await server?.close();
  cleanup();
});

/** Ingests a batch as the ingest-batch job does; answers the delivery id. */
async function ingest(batch: string): Promise<number> {
  const job: JobRow = {
    id: ++jobSeq,
    kind: 'ingest-batch',
    state: 'RUNNING',
    child_job_id: null,
    owner_id: null,
    payload: { supplier_id: supplierId, batch_dir: batch },
    result: null,
  };
  const enqueue: JobContext['enqueue'] = (kind, payload, options, tx) => server.jobs.enqueue(kind, null, payload, options, tx);
  const out = await ingestKind(server.storage).run(server.db, job, { signal: new AbortController().signal, attempt: 0, enqueue });
  // The release's encode (if it queued one) runs on the server's worker.
  await waitFor(
    async () => (await server.db.query("select 1 from jobs where kind like 'encode%' and state in ('PENDING', 'RUNNING')")).length === 0,
    60_000,
  );
  return (out.result as { deliveries: { delivery_id: number }[] }).deliveries[0].delivery_id;
}
const status = async (id: number) =>
  (await api(server, ops, `${INSPECTOR}${id}/`)).body as {
    release_status: string;
    status_message: string | null;
    events: { release_status: string }[];
  };
const reingest = (id: number, body: Record<string, unknown> = {}) =>
  api(server, ops, `${INSPECTOR}${id}/reingest/`, { method: 'POST', body });
const ageRelease = (upc: string) =>
  server.db.query(
    "update record_history set created_at = now() - interval '5 minutes' where entity = 'releases' and entity_id in (select id from releases where upc = $1)",
    [upc],
  );

describe('delivery inspector', () => {
  it('pages through every delivery by cursor, most recent first, none twice; a bad cursor is a 400; another brand a 403', async () => {
    const seen: number[] = [];
    const dates: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await api(server, ops, `${INSPECTOR}${cursor ? `?cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      const page = r.body as unknown as { results: { id: number; delivered_at: string }[]; next_cursor: string | null };
      expect(page.results.length).toBeLessThanOrEqual(DELIVERY_PAGE_SIZE);
      seen.push(...page.results.map((d) => d.id));
      dates.push(...page.results.map((d) => d.delivered_at));
      cursor = page.next_cursor;
    } while (cursor);
    const [{ n }] = await server.db.query<{ n: number }>('select count(*)::int n from deliveries');
    expect(seen.length).toBe(n);
    expect(new Set(seen).size).toBe(n);
    expect(n).toBeGreaterThan(DELIVERY_PAGE_SIZE);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await api(server, ops, `${INSPECTOR}?cursor=bm9wZQ`)).body).toEqual({ cursor: ['Not a valid cursor.'] });
    expect((await api(server, ops, `${INSPECTOR}?brand=dj`, { headers: { 'x-brand': 'brand:dance' } })).status).toBe(403);
    expect((await api(server, ops, `${INSPECTOR}?brand=dj`, { headers: { 'x-brand': 'brand:dj' } })).status).toBe(200);
  }, 60_000);

  it('a delivery: its timeline, its files (each readable), its XML; re-ingest of an ingested one is refused', async () => {
    const { batch, upc } = await maker.build();
    const id = await ingest(batch);
    const d = (await api(server, ops, `${INSPECTOR}${id}/`)).body as unknown as {
      events: { release_status: string }[];
      files: { path: string; size: number }[];
      can_reingest: boolean;
    };
    expect(d.events.map((e) => e.release_status)).toEqual(['release-received', 'release-ingested', 'encoded']);
    expect(d.can_reingest).toBe(false);
    // Spec §4: delivered hidden and disabled (not converted yet), its tracks went live when their encode converted them.
    const tracks = await server.db.query<{ id: number }>(
      'select t.id, t.encode_status, t.enabled, t.hidden, t.show_when_converted from tracks t join releases r on r.id = t.release_id where r.upc = $1',
      [upc],
    );
    expect(tracks.length).toBeGreaterThan(0);
    for (const t of tracks)
      expect(t).toEqual({ id: t.id, encode_status: 'CONVERTED', enabled: true, hidden: false, show_when_converted: false });
    const [first] = await server.db.query<{ changes: Record<string, { new: unknown }> }>(
      "select changes from record_history where entity = 'tracks' and entity_id = $1 and action = 'job' order by id desc limit 1",
      [tracks[0].id],
    );
    expect(first.changes).toMatchObject({ encode_status: { new: 'CONVERTED' }, enabled: { new: true }, hidden: { new: false } });
    expect(d).toMatchObject({ source_label: 'Deliveries API Records', source_genre: expect.any(String) });
    expect(d.files.map((f) => f.path)).toContain(`${upc}.xml`);
    const xmlOnDisk = readFileSync(join(batch, upc, `${upc}.xml`), 'utf8');
    const file = await api(server, ops, `${INSPECTOR}${id}/file/?path=${upc}.xml`);
    expect(file.status).toBe(200);
    expect(file.body).toBe(xmlOnDisk);
    expect((await api(server, ops, `${INSPECTOR}${id}/file/?path=../../etc/passwd`)).status).toBe(404);
    expect((await api(server, ops, `/v4/content-ops/deliveries/${id}/xml/`)).body).toEqual({ xml: xmlOnDisk });
    const r = await reingest(id);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ detail: DELIVERY_MSG.alreadyIngested });
  }, 60_000);

  it('re-ingest with override_genre ingests a delivery refused for its genre, queues its encode, and it ends encoded', async () => {
    const id = await ingest((await maker.build({ genre: 'No Such Genre For Ingest' })).batch);
    expect(await status(id)).toMatchObject({ release_status: 'filter-error', status_message: M['non-existent-genre'] });
    expect((await reingest(id)).status).toBe(200);
    expect((await status(id)).release_status).toBe('filter-error');
    const [g] = await server.db.query<{ id: number }>('select id from genres order by id desc limit 1');
    const r = await reingest(id, { override_genre: g.id });
    expect(r.status).toBe(200);
    const done = await waitFor(async () => ((await status(id)).release_status === 'encoded' ? status(id) : null), 60_000);
    expect(done.events.map((e) => e.release_status)).toEqual([
      'release-received',
      'filter-error',
      'currently-reingesting',
      'filter-error',
      'currently-reingesting',
      'release-ingested',
      'encoded',
    ]);
    expect(
      await server.db.query('select r.genre_id from releases r join deliveries d on d.release_id = r.id where d.id = $1', [id]),
    ).toEqual([{ genre_id: g.id }]);
    expect((await reingest(id)).body).toEqual({ detail: DELIVERY_MSG.alreadyIngested });
  }, 90_000);

  it('re-ingest is refused while the delivery is currently re-ingesting, and for a delivery without kept files', async () => {
    const id = await ingest((await maker.build({ label: 'Unknown Imprint' })).batch);
    await server.db.query("update deliveries set release_status = 'currently-reingesting' where id = $1", [id]);
    expect((await reingest(id)).body).toEqual({ detail: DELIVERY_MSG.reingesting });
    const [legacy] = await server.db.query<{ id: number }>(
      'select id from deliveries where storage_prefix is null and not ingested limit 1',
    );
    expect((await reingest(legacy.id)).body).toEqual({ detail: DELIVERY_MSG.noFiles });
  }, 60_000);

  it("the 90-second rule: an update within 90 s of the release's last change is reingestion-error, also on re-ingest; after it, updated", async () => {
    const { batch, upc } = await maker.build();
    await ingest(batch);
    const id = await ingest((await maker.build({ upc, release: { title: 'Updated Title' } })).batch);
    expect(await status(id)).toMatchObject({ release_status: 'reingestion-error', status_message: M['reingestion-error'] });
    await reingest(id);
    expect((await status(id)).release_status).toBe('reingestion-error');
    await ageRelease(upc);
    expect((await reingest(id)).status).toBe(200);
    expect(await status(id)).toMatchObject({ release_status: 'updated', status_message: M.updated });
    expect(await server.db.query('select title from releases where upc = $1', [upc])).toEqual([{ title: 'Updated Title' }]);
  }, 90_000);
});

describe('content-ops deliveries', () => {
  it(`resubmit: at most ${DELIVERY_SELECTION_LIMIT} at once (400 naming ids); each selected answers whether it was re-ingested`, async () => {
    const many = Array.from({ length: DELIVERY_SELECTION_LIMIT + 1 }, (_, i) => i + 1);
    expect((await api(server, ops, '/v4/content-ops/deliveries/resubmit/', { method: 'POST', body: { ids: many } })).body).toEqual({
      ids: [DELIVERY_MSG.tooMany],
    });
    const refused = await ingest((await maker.build({ label: 'Another Unknown Imprint' })).batch);
    const [ingested] = await server.db.query<{ id: number }>('select id from deliveries where ingested limit 1');
    const r = await api(server, ops, '/v4/content-ops/deliveries/resubmit/', {
      method: 'POST',
      body: { ids: [refused, ingested.id, 2_000_000_000] },
    });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([
      { id: refused, ok: true, release_status: 'filter-error', detail: null },
      { id: ingested.id, ok: false, release_status: expect.any(String), detail: DELIVERY_MSG.alreadyIngested },
      { id: 2_000_000_000, ok: false, release_status: null, detail: 'Not found.' },
    ]);
  }, 60_000);

  it('PUT xml: an XML that does not validate is a 400 naming xml and nothing is saved; a valid one replaces it', async () => {
    const { batch, upc } = await maker.build();
    const id = await ingest(batch);
    const before = readFileSync(join(batch, upc, `${upc}.xml`), 'utf8');
    const bad = await api(server, ops, `/v4/content-ops/deliveries/${id}/xml/`, {
      method: 'PUT',
      body: { xml: before.replace('<MessageId>', '<Nope/><MessageId>') },
    });
    expect(bad.status).toBe(400);
    expect((bad.body.xml as string[])[0]).toBe(DELIVERY_MSG.xmlInvalid);
    expect((await api(server, ops, `/v4/content-ops/deliveries/${id}/xml/`)).body).toEqual({ xml: before });
    const after = before.replace(/<MessageId>[^<]*<\/MessageId>/, '<MessageId>REPLACED-1</MessageId>');
    expect((await api(server, ops, `/v4/content-ops/deliveries/${id}/xml/`, { method: 'PUT', body: { xml: after } })).status).toBe(200);
    expect((await api(server, ops, `/v4/content-ops/deliveries/${id}/xml/`)).body).toEqual({ xml: after });
    expect((await api(server, ops, `${INSPECTOR}${id}/file/?path=${upc}.xml`)).body).toBe(after);
  }, 60_000);

  it('GET xsd_files/automated_ingestion/genre/: an XSD of the enabled genres that xmllint accepts', async () => {
    const r = await api(server, ops, '/v4/xsd_files/automated_ingestion/genre/');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/xml');
    const [{ name }] = await server.db.query<{ name: string }>('select name from genres where enabled order by name limit 1');
    const xsd = join(dir, 'genre.xsd');
    writeFileSync(xsd, r.body as unknown as string);
    const sample = join(dir, 'genre.xml');
    writeFileSync(sample, `<GenreText>${name.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</GenreText>`);
    expect(spawnSync('xmllint', ['--noout', '--schema', xsd, sample], { encoding: 'utf8' }).status).toBe(0);
    writeFileSync(sample, '<GenreText>Not A Genre Of Ours</GenreText>');
    expect(spawnSync('xmllint', ['--noout', '--schema', xsd, sample], { encoding: 'utf8' }).status).not.toBe(0);
  });
});
