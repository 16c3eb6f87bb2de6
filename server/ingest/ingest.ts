/**
 * Ingestion (issue 15): a supplier's batch folder → deliveries → the catalogue → encodes.
 *
 * The `ingest-batch` job (enqueued by the SFTP drop when a batch's BatchComplete file
 * arrives, payload `{ supplier_id, batch_dir }`) makes one delivery per release folder
 * of the batch (`<UPC>/<UPC>.xml` and its `resources/`), keeps the folder's files in
 * storage under `deliveries/<delivery id>/`, then for each delivery:
 *   1. validates the XML against the ERN 4.3 schema (index-error, §8 "the XML file did
 *      not validate");
 *   2. applies the supplier's rules: label mappings (blacklisted: filter-rejected, not
 *      mapped and not one of its labels: filter-error, unless the supplier auto-creates
 *      labels), a label with no normal characters (ingest-error, fatal), genre mappings
 *      (restricted: filter-rejected, not mapped: filter-error), the default exclusive
 *      period when the message gives none;
 *   3. decides album_action: purge (a PurgeReleaseMessage), delete (every deal ended),
 *      update (the supplier has a release with that UPC; refused with reingestion-error
 *      within REINGEST_BLOCK_SECONDS of its last change), insert (refused with
 *      ingestion-error already-live-error when the label already has that UPC from
 *      another supplier, metadata-processing-error missing-isrc when a track has no
 *      ISRC); a cover art that is missing or not square is encoding-error invalid-image;
 *   4. inserts or updates the release, its tracks, artists (main and remixers),
 *      songwriters, publishers, territories, deal dates and price tiers (the release deal's
 *      and each track's PriceCode) in one transaction
 *      (release-ingested; an update is `updated` with "updated metadata successfully");
 *   5. queues the release's encode job (jobs/encode.ts, once per delivery and ingest
 *      job): its per-track jobs end the delivery encoded, or encoding-error when a track
 *      could not be encoded.
 * Every status change appends a delivery_events row (the delivery's timeline) in the
 * transaction that sets it. A run stopped half-way is retried by pg-boss: a delivery is
 * found again by (job, XML path), so a retry picks up where the last run stopped and never
 * makes a second delivery, release or audio file row.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, isAbsolute, join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { EXCLUSIVE_PERIODS, REINGEST_BLOCK_SECONDS } from '../../shared/constants';
import type { IngestBatchPayload } from '../../shared/api/endpoints/jobs';
import { DELIVERY_STATUS_MESSAGES } from '../../shared/messages';
import { recordHistory } from '../api/history';
import type { Db, Queryable } from '../db/client';
import { queueDeliveryEncode } from '../jobs/encode';
import type { JobContext, JobKind } from '../jobs/queue';
import type { Storage } from '../storage';
import { readErn, type ErnDeal, type ErnRelease } from './read-ern';
import { setDeliveryStatus, type DeliveryMessageKey } from './status';
import { validateErn43 } from './validate-ern';

/** Statuses after which a delivery's metadata is in the catalogue and its tracks wait for encoding. */
const INGESTED = ['release-ingested', 'updated'];

/** A delivery refused by a rule: its release_status and §8 message. */
export class DeliveryRefused extends Error {
  constructor(readonly status: string, readonly key: DeliveryMessageKey | null, detail?: string) {
    super(detail ?? (key ? DELIVERY_STATUS_MESSAGES[key] : status));
  }
}

/** The release folders of a batch: each sub-folder holding an XML file, with that file's path relative to the batch. */
async function releaseFolders(batchDir: string): Promise<{ folder: string; xml: string }[]> {
  const out: { folder: string; xml: string }[] = [];
  for (const d of (await readdir(batchDir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!d.isDirectory() || d.name.startsWith('.')) continue;
    const files = (await readdir(join(batchDir, d.name))).filter((f) => f.toLowerCase().endsWith('.xml')).sort();
    const xml = files.find((f) => f === `${d.name}.xml`) ?? files[0];
    if (xml) out.push({ folder: d.name, xml: `${d.name}/${xml}` });
  }
  return out;
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/')).sort();
}

/** The delivery's XML in storage. */
export const deliveryXmlKey = (prefix: string, xmlPath: string) => `${prefix}/${basename(xmlPath)}`;

/** Creates (or, on a retry, finds) the delivery of one release folder; copies the folder's files into storage. */
async function openDelivery(db: Db, storage: Storage, jobId: number, supplierId: number, batchDir: string, r: { folder: string; xml: string }) {
  const [found] = await db.query<{ id: number; release_status: string; storage_prefix: string }>(
    'select id, release_status, storage_prefix from deliveries where ingest_job_id = $1 and xml_file_path = $2', [jobId, r.xml]);
  let d = found;
  if (!d) {
    const xml = await readFile(join(batchDir, r.xml), 'utf8');
    let title = r.folder;
    let artist = '';
    let label = '';
    try {
      const ern = readErn(xml);
      title = ern.title || title;
      if (ern.kind === 'new') ({ artist, label } = ern);
    } catch { /* the XML is checked next: what it says is shown when it can be read */ }
    d = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number; release_status: string }>(
        `insert into deliveries (title, artist, label_name, supplier_id, release_status, album_action, xml_file_path, batch_dir, ingest_job_id)
         values ($1, $2, $3, $4, 'release-received', 'insert', $5, $6, $7) returning id, release_status`,
        [title.slice(0, 500), artist.slice(0, 500), label.slice(0, 500), supplierId, r.xml, batchDir, jobId]);
      const prefix = `deliveries/${row.id}`;
      await tx.query('update deliveries set storage_prefix = $2 where id = $1', [row.id, prefix]);
      await tx.query("insert into delivery_events (delivery_id, release_status) values ($1, 'release-received')", [row.id]);
      return { ...row, storage_prefix: prefix };
    });
  }
  if (d.release_status === 'release-received') {
    const dir = join(batchDir, r.folder);
    const files: { path: string; size: number }[] = [];
    // putFile: copied by the kernel, so a package of long hi-res tracks costs the worker no buffers.
    for (const f of await filesUnder(dir)) files.push({ path: f, size: (await storage.putFile(`${d.storage_prefix}/${f}`, join(dir, f))).size });
    await db.query('update deliveries set files = $2::jsonb where id = $1', [d.id, JSON.stringify(files)]);
  }
  return d;
}

const norm = (s: string) => s.trim().toLowerCase();

/** The label a delivery's label name maps to for its supplier, by the supplier's rules; or refused. */
async function resolveLabel(tx: Queryable, supplier: { id: number; auto_create_labels: boolean }, name: string, userId: number | null): Promise<number> {
  if (!name.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '')) throw new DeliveryRefused('ingest-error', 'fatal');
  const [m] = await tx.query<{ label_id: number | null; blacklisted: boolean }>(
    'select label_id, blacklisted from supplier_label_mappings where supplier_id = $1 and lower(source_label) = $2 order by id limit 1', [supplier.id, norm(name)]);
  if (m?.blacklisted) throw new DeliveryRefused('filter-rejected', 'restricted-label');
  if (m?.label_id) return m.label_id;
  if (m) throw new DeliveryRefused('filter-error', 'non-existent-label');
  const [own] = await tx.query<{ id: number }>('select id from labels where supplier_id = $1 and lower(name) = $2 order by id limit 1', [supplier.id, norm(name)]);
  if (own) return own.id;
  if (!supplier.auto_create_labels) throw new DeliveryRefused('filter-error', 'non-existent-label');
  const [made] = await tx.query<{ id: number }>('insert into labels (name, supplier_id) values ($1, $2) returning id', [name.trim(), supplier.id]);
  await recordHistory(tx, { entity: 'labels', entityId: made.id, userId, action: 'ingest', changes: { name: { old: null, new: name.trim() } } });
  return made.id;
}

/** The genre a delivery's genre name maps to for its supplier; or refused. */
async function resolveGenre(tx: Queryable, supplierId: number, name: string | null): Promise<number | null> {
  if (!name || name === 'Unknown') return null;
  const [m] = await tx.query<{ genre_id: number | null; restricted: boolean }>(
    'select genre_id, restricted from supplier_genre_mappings where supplier_id = $1 and lower(source_genre) = $2 order by id limit 1', [supplierId, norm(name)]);
  if (m?.restricted) throw new DeliveryRefused('filter-rejected', 'restricted-genre');
  if (m?.genre_id) return m.genre_id;
  if (!m) {
    const [g] = await tx.query<{ id: number }>('select id from genres where lower(name) = $1', [norm(name)]);
    if (g) return g.id;
  }
  throw new DeliveryRefused('filter-error', 'non-existent-genre');
}

/** The release's dates from its deals: street date, exclusive end, pre-order start. */
function dealDates(deals: ErnDeal[]) {
  const sale = deals.filter((d) => !d.preOrder && d.start);
  const starts = sale.map((d) => d.start!).sort();
  const exclusive = sale.find((d) => d.exclusive);
  const preOrder = deals.find((d) => d.preOrder && d.start);
  return {
    street: starts[0] ?? null,
    exclusiveEnd: exclusive?.end ?? null,
    preOrderStart: preOrder?.start ?? null,
    /** Every deal has ended (a takedown, ERN 4's way: deals whose end date is past). */
    ended: deals.length > 0 && deals.every((d) => d.end !== null && d.end < new Date().toISOString().slice(0, 10)),
  };
}

/** The store's price tier the deals name (ERN PriceCode; a sale deal's before a pre-order's); null when none does. */
function priceTier(deals: ErnDeal[]): string | null {
  const priced = deals.filter((d) => d.priceCode);
  return (priced.find((d) => !d.preOrder) ?? priced[0])?.priceCode?.slice(0, 64) ?? null;
}

/** Countries a track's deals name (none: Worldwide, no restriction). */
function territories(deals: ErnDeal[]): string[] {
  const all = deals.flatMap((d) => d.territories);
  return all.length === 0 || all.includes('Worldwide') ? [] : [...new Set(all)];
}

const AUDIO_SUFFIX: Record<string, 'wav' | 'flac' | 'aiff'> = { '.wav': 'wav', '.flac': 'flac', '.aif': 'aiff', '.aiff': 'aiff' };

/** The cover art is there and square (the §9 default crop is 1400x1400). */
async function checkImage(storage: Storage, prefix: string, ern: ErnRelease): Promise<void> {
  const bytes = ern.image ? await storage.get(`${prefix}/${ern.image.uri}`) : null;
  const meta = bytes ? await sharp(bytes).metadata().catch(() => null) : null;
  if (!meta?.width || meta.width !== meta.height) throw new DeliveryRefused('encoding-error', 'invalid-image');
}

async function artistId(tx: Queryable, name: string): Promise<number> {
  const [a] = await tx.query<{ id: number }>('select id from artists where lower(name) = $1 order by id limit 1', [norm(name)]);
  if (a) return a.id;
  const [made] = await tx.query<{ id: number }>('insert into artists (name) values ($1) returning id', [name.trim()]);
  return made.id;
}

export interface IngestOptions {
  /** Re-ingest with this genre instead of the one the message maps to. */
  overrideGenreId?: number | null;
  /** Who asked (null: the job). */
  userId?: number | null;
}

/**
 * Ingests one delivery from its XML in storage: checks and rules, then the catalogue
 * rows. Answers the release to encode, or null when it was refused or there is nothing to encode.
 */
export async function ingestDelivery(db: Db, storage: Storage, deliveryId: number, opts: IngestOptions = {}): Promise<number | null> {
  const userId = opts.userId ?? null;
  const [d] = await db.query<{ supplier_id: number; storage_prefix: string; xml_file_path: string }>(
    'select supplier_id, storage_prefix, xml_file_path from deliveries where id = $1', [deliveryId]);
  const prefix = d.storage_prefix;
  const xml = await storage.get(deliveryXmlKey(prefix, d.xml_file_path));
  try {
    if (!xml) throw new DeliveryRefused('index-error', 'index-error', 'The delivery has no XML file.');
    const v = await validateErn43(xml);
    if (!v.valid) {
      throw new DeliveryRefused('index-error', 'index-error', v.errors.slice(0, 5).map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message)).join('\n'));
    }
    const ern = readErn(xml.toString('utf8'));
    return await db.transaction(async (tx) => {
      const [supplier] = await tx.query<{ id: number; auto_create_labels: boolean; default_exclusive_period: number | null }>(
        'select id, auto_create_labels, default_exclusive_period from suppliers where id = $1', [d.supplier_id]);
      const [existing] = ern.upc
        ? await tx.query<{ id: number; label_id: number; changed: boolean }>(
          `select r.id, r.label_id, exists (select 1 from record_history h where h.entity = 'releases' and h.entity_id = r.id and h.action <> 'job'
             and h.created_at > now() - make_interval(secs => $3)) changed
           from releases r where r.supplier_id = $1 and r.upc = $2 order by r.id limit 1 for update`, [supplier.id, ern.upc, REINGEST_BLOCK_SECONDS])
        : [];
      if (ern.kind === 'purge') {
        if (!existing) throw new DeliveryRefused('ingest-error', null, 'There is no release of the supplier with that UPC to purge.');
        await takeDown(tx, existing.id, true, userId);
        await setDeliveryStatus(tx, deliveryId, 'release-ingested', null, { album_action: 'purge', release_id: existing.id, label_id: existing.label_id, ingested: true });
        return null;
      }
      if (existing?.changed) throw new DeliveryRefused('reingestion-error', 'reingestion-error');
      const labelId = await resolveLabel(tx, supplier, ern.label, userId);
      const genreId = opts.overrideGenreId ?? await resolveGenre(tx, supplier.id, ern.genre);
      const trackGenres = await Promise.all(ern.tracks.map((t) => (opts.overrideGenreId ?? (t.genre === ern.genre ? genreId : resolveGenre(tx, supplier.id, t.genre)))));
      const dates = dealDates(ern.deals);
      if (existing && dates.ended) {
        await takeDown(tx, existing.id, false, userId);
        await setDeliveryStatus(tx, deliveryId, 'release-ingested', null, { album_action: 'delete', release_id: existing.id, label_id: labelId, genre_id: genreId, ingested: true });
        return null;
      }
      if (!existing) {
        const [live] = await tx.query('select 1 from releases where label_id = $1 and upc = $2 limit 1', [labelId, ern.upc]);
        if (live) throw new DeliveryRefused('ingestion-error', 'already-live-error');
        if (ern.tracks.some((t) => !t.isrc)) throw new DeliveryRefused('metadata-processing-error', 'missing-isrc');
      }
      await checkImage(storage, prefix, ern);
      const releaseId = await writeRelease(tx, ern, { supplierId: supplier.id, labelId, genreId, trackGenres, existingId: existing?.id ?? null, prefix, userId,
        exclusivePeriod: ern.exclusivePeriodLabel === undefined ? (supplier.default_exclusive_period ?? 0) : (EXCLUSIVE_PERIODS.find((p) => p.label === ern.exclusivePeriodLabel)?.days ?? 0) });
      await setDeliveryStatus(tx, deliveryId, existing ? 'updated' : 'release-ingested', existing ? 'updated' : null,
        { album_action: existing ? 'update' : 'insert', release_id: releaseId, label_id: labelId, genre_id: genreId, ingested: true });
      return releaseId;
    });
  } catch (e) {
    if (!(e instanceof DeliveryRefused)) throw e;
    await db.transaction((tx) => setDeliveryStatus(tx, deliveryId, e.status, e.key, { detail: e.key && e.message === DELIVERY_STATUS_MESSAGES[e.key] ? null : e.message }));
    return null;
  }
}

/** A takedown (delete) disables the release's tracks; a purge also hides them. */
async function takeDown(tx: Queryable, releaseId: number, purge: boolean, userId: number | null) {
  const rows = await tx.query<{ id: number }>(
    'update tracks set enabled = false, hidden = hidden or $2, version = version + 1 where release_id = $1 returning id', [releaseId, purge]);
  for (const r of rows) await recordHistory(tx, { entity: 'tracks', entityId: r.id, userId, action: 'ingest', changes: { enabled: { old: null, new: false } } });
}

interface WriteContext {
  supplierId: number;
  labelId: number;
  genreId: number | null;
  trackGenres: (number | null)[];
  existingId: number | null;
  prefix: string;
  userId: number | null;
  exclusivePeriod: number | null;
}

/** Inserts or updates the release and its tracks from the message; answers the release id. */
async function writeRelease(tx: Queryable, ern: ErnRelease, c: WriteContext): Promise<number> {
  const dates = dealDates(ern.deals);
  const [type] = ern.releaseType
    ? await tx.query<{ id: number }>("select id from reference_items where list = 'release-types' and lower(name) = $1", [norm(ern.releaseType)])
    : [];
  const fields = [
    ern.title.slice(0, 250), ern.catalogNumber, ern.upc, c.labelId, c.supplierId, c.genreId, type?.id ?? null,
    dates.street ?? ern.releaseDate, ern.releaseDate ?? dates.street, dates.preOrderStart, dates.exclusiveEnd,
    c.exclusivePeriod, dates.preOrderStart !== null, ern.explicit, priceTier(ern.deals),
  ];
  let releaseId: number;
  if (c.existingId === null) {
    const [r] = await tx.query<{ id: number }>(
      `insert into releases (title, catalog_number, upc, label_id, supplier_id, genre_id, release_type_id, street_date, release_date,
         pre_order_date, exclusive_date, exclusive_period, is_available_for_pre_order, is_explicit, price_tier, encode_status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'Pending Audio Encode') returning id`, fields);
    releaseId = r.id;
    await recordHistory(tx, { entity: 'releases', entityId: releaseId, userId: c.userId, action: 'ingest', changes: { title: { old: null, new: ern.title } } });
  } else {
    releaseId = c.existingId;
    await tx.query(
      `update releases set title = $1, catalog_number = $2, upc = $3, label_id = $4, supplier_id = $5, genre_id = $6, release_type_id = $7,
         street_date = $8, release_date = $9, pre_order_date = $10, exclusive_date = $11, exclusive_period = $12,
         is_available_for_pre_order = $13, is_explicit = $14, price_tier = $15, version = version + 1
       where id = $16`, [...fields, releaseId]);
    await recordHistory(tx, { entity: 'releases', entityId: releaseId, userId: c.userId, action: 'ingest', changes: { title: { old: null, new: ern.title } } });
  }
  if (ern.image) {
    await tx.query(
      `insert into release_images (release_id, variant, storage_key, content_type, width, height, size_bytes)
       values ($1, 'original', $2, $3, 1400, 1400, 0)
       on conflict (release_id, variant) do update set storage_key = excluded.storage_key, content_type = excluded.content_type`,
      [releaseId, `${c.prefix}/${ern.image.uri}`, ern.image.uri.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg']);
  }
  const releaseArtists = [...new Set(ern.tracks.flatMap((t) => t.artists))];
  await tx.query('delete from release_artists where release_id = $1', [releaseId]);
  for (const [i, name] of releaseArtists.entries()) {
    await tx.query('insert into release_artists (release_id, artist_id, position) values ($1, $2, $3) on conflict do nothing', [releaseId, await artistId(tx, name), i + 1]);
  }
  for (const [i, t] of ern.tracks.entries()) {
    const [key] = t.key ? await tx.query<{ id: number }>('select id from musical_keys where lower(name) = $1', [norm(t.key)]) : [];
    const [same] = await tx.query<{ id: number }>(
      'select id from tracks where release_id = $1 and (($2::text is not null and isrc = $2) or position = $3) order by (isrc = $2) desc nulls last, id limit 1',
      [releaseId, t.isrc, t.position]);
    const values = [
      t.title.slice(0, 250), t.mixName?.slice(0, 128) ?? null, t.isrc, t.bpm !== null && t.bpm >= 20 && t.bpm <= 999 ? t.bpm : null, key?.id ?? null,
      c.trackGenres[i], t.copyright?.slice(0, 1000) ?? null, t.position, t.artists.join(', '),
      dates.street ?? ern.releaseDate, dates.exclusiveEnd, c.labelId, priceTier(t.deals),
    ];
    let trackId: number;
    if (same) {
      trackId = same.id;
      await tx.query(
        `update tracks set title = $1, mix_name = $2, isrc = $3, bpm = $4, key_id = $5, genre_id = $6, copyright_holder = $7, position = $8,
           artist_names = $9, release_date = $10, exclusive_date = $11, label_id = $12, price_tier = $13, enabled = true, version = version + 1
         where id = $14`, [...values, trackId]);
    } else {
      const [row] = await tx.query<{ id: number }>(
        `insert into tracks (title, mix_name, isrc, bpm, key_id, genre_id, copyright_holder, position, artist_names, release_date, exclusive_date,
           label_id, price_tier, release_id, supplier_id, encode_status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'Pending Audio Encode') returning id`, [...values, releaseId, c.supplierId]);
      trackId = row.id;
    }
    await recordHistory(tx, { entity: 'tracks', entityId: trackId, userId: c.userId, action: 'ingest', changes: { title: { old: null, new: t.title } } });
    await tx.query('delete from track_artists where track_id = $1', [trackId]);
    const roles: [string, 'artist' | 'remixer'][] = [...t.artists.map((n): [string, 'artist'] => [n, 'artist']), ...t.remixers.map((n): [string, 'remixer'] => [n, 'remixer'])];
    for (const [n, [name, role]] of roles.entries()) {
      await tx.query('insert into track_artists (track_id, artist_id, role, position) values ($1, $2, $3, $4) on conflict do nothing', [trackId, await artistId(tx, name), role, n + 1]);
    }
    await tx.query('delete from track_songwriters where track_id = $1', [trackId]);
    for (const name of t.songwriters) await tx.query('insert into track_songwriters (track_id, name) values ($1, $2)', [trackId, name]);
    await tx.query('delete from track_publishers where track_id = $1', [trackId]);
    for (const name of t.publishers) await tx.query('insert into track_publishers (track_id, name) values ($1, $2)', [trackId, name]);
    await tx.query('delete from track_countries_allowed where track_id = $1', [trackId]);
    const codes = territories(t.deals.length ? t.deals : ern.deals);
    if (codes.length) {
      await tx.query('insert into track_countries_allowed (track_id, country_id) select $1, id from countries where code = any($2::text[])', [trackId, codes]);
    }
    const format = t.file ? AUDIO_SUFFIX[extname(t.file.uri).toLowerCase()] : undefined;
    if (t.file && format) {
      await tx.query(
        `insert into audio_files (track_id, format, size_bytes, storage_key) values ($1, $2, 0, $3)
         on conflict (track_id, format) do update set storage_key = excluded.storage_key`, [trackId, format, `${c.prefix}/${t.file.uri}`]);
    }
  }
  return releaseId;
}

/** Runs an ingest-batch job. */
async function ingestBatch(db: Db, storage: Storage, jobId: number, payload: IngestBatchPayload, owner: number | null, { signal, enqueue }: JobContext) {
  if (!enqueue) throw new Error('An ingest-batch job runs on a job queue.');
  if (!Number.isInteger(payload.supplier_id) || typeof payload.batch_dir !== 'string' || !isAbsolute(payload.batch_dir)) {
    throw new Error('An ingest-batch job needs a supplier_id and an absolute batch_dir.');
  }
  const results: { delivery_id: number; release_status: string }[] = [];
  for (const r of await releaseFolders(payload.batch_dir)) {
    signal.throwIfAborted();
    const d = await openDelivery(db, storage, jobId, payload.supplier_id, payload.batch_dir, r);
    if (d.release_status === 'release-received') await ingestDelivery(db, storage, d.id, { userId: owner });
    const [now] = await db.query<{ release_status: string; release_id: number | null; album_action: string }>(
      'select release_status, release_id, album_action from deliveries where id = $1', [d.id]);
    if (INGESTED.includes(now.release_status) && now.release_id !== null && (now.album_action === 'insert' || now.album_action === 'update')) {
      await queueDeliveryEncode(db, (payload, options) => enqueue('encode', payload, options), d.id, now.release_id, `ingest:${jobId}`);
    }
    const [end] = await db.query<{ release_status: string }>('select release_status from deliveries where id = $1', [d.id]);
    results.push({ delivery_id: d.id, release_status: end.release_status });
  }
  return { deliveries: results };
}

/** Limits of the ingest kind: as the encode kind's (a run encodes whole releases). */
export const INGEST_EXPIRE_SECONDS = 30 * 60;

export function ingestKind(storage: Storage, limits: Partial<Pick<JobKind, 'expireInSeconds' | 'retryLimit' | 'retryDelaySeconds'>> = {}): JobKind & Required<Pick<JobKind, 'run'>> {
  return {
    run: async (db, job, ctx) => ({ result: await ingestBatch(db, storage, job.id, job.payload as unknown as IngestBatchPayload, job.owner_id, ctx) }),
    expireInSeconds: INGEST_EXPIRE_SECONDS, retryLimit: 2, retryDelaySeconds: 1, ...limits,
  };
}
