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
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { EXCLUSIVE_PERIODS, REINGEST_BLOCK_SECONDS } from '../../shared/constants';
import { INGEST_BATCH_JOB, type IngestBatchPayload } from '../../shared/api/endpoints/jobs';
import { DELIVERY_STATUS_MESSAGES } from '../../shared/messages';
import { audioFormatOf } from '../../shared/packaging/audio-formats';
import { recordHistory } from '../domain/history';
import { DELIVERED_EXISTING_SET, DELIVERED_NEW, TAKEN_DOWN_SET } from '../catalog/visibility';
import type { Db, Queryable } from '../db/client';
import { queueDeliveryEncode } from '../jobs/encode';
import type { JobContext, JobKind } from '../jobs/queue';
import type { Storage } from '../storage';
import {
  BATCH_FILES_WAIT_SECONDS,
  completedAt,
  ingestBatchKey,
  missingFiles,
  NO_RELEASE_IN_TIME,
  releaseFolders,
  setState,
  waitingMessage,
} from './batch';
import { completeFacts, FileProblem, fileNamed, keepDeliveryFiles, keyOf, verifyDeliveryFiles, type DeliveryFile } from './files';
import { readErn, type ErnDeal, type ErnRelease } from './read-ern';
import { setDeliveryStatus, type DeliveryMessageKey } from './status';
import { validateErn43 } from './validate-ern';
import { ingestions } from '../ops/metrics';

/** Statuses after which a delivery's metadata is in the catalogue and its tracks wait for encoding. */
const INGESTED = ['release-ingested', 'updated'];

/** A delivery refused by a rule: its release_status and §8 message. */
export class DeliveryRefused extends Error {
  constructor(
    readonly status: string,
    readonly key: DeliveryMessageKey | null,
    detail?: string,
  ) {
    super(detail ?? (key ? DELIVERY_STATUS_MESSAGES[key] : status));
  }
}

/** The delivery's XML in storage (as kept before file keys were derived: `<prefix>/<XML file name>`). */
export const deliveryXmlKey = (prefix: string, xmlPath: string) => `${prefix}/${basename(xmlPath)}`;

/** The storage key of the delivery's XML: its kept file's key, else the older rule. */
export function xmlKeyOf(prefix: string, xmlPath: string, files: DeliveryFile[]): string {
  const kept = files.find((f) => f.path === basename(xmlPath).normalize('NFC'));
  return kept ? keyOf(prefix, kept) : deliveryXmlKey(prefix, xmlPath);
}

/**
 * Keeps the release folder's files again from the batch folder, when it is still there (the
 * supplier sent a missing or fixed file): a re-ingest reads what is there now. Keys no
 * longer listed are removed. False when the folder is gone (the kept files are used).
 */
export async function refreshDeliveryFiles(db: Db, storage: Storage, deliveryId: number): Promise<boolean> {
  const [d] = await db.query<{
    batch_dir: string | null;
    xml_file_path: string | null;
    storage_prefix: string | null;
    files: DeliveryFile[];
  }>('select batch_dir, xml_file_path, storage_prefix, files from deliveries where id = $1', [deliveryId]);
  if (!d?.batch_dir || !d.xml_file_path || !d.storage_prefix) return false;
  const dir = join(d.batch_dir, dirname(d.xml_file_path));
  if (!existsSync(dir)) return false;
  const replaced = d.files.filter((f) => f.replaced);
  const files = [
    ...replaced,
    ...(await keepDeliveryFiles(
      storage,
      d.storage_prefix,
      dir,
      undefined,
      (path) => !replaced.some((f) => f.path === path.normalize('NFC')),
    )),
  ];
  const kept = new Set(files.map((f) => keyOf(d.storage_prefix!, f)));
  for (const old of d.files)
    if (!kept.has(keyOf(d.storage_prefix, old))) await storage.delete(keyOf(d.storage_prefix, old)).catch(() => false);
  await db.query('update deliveries set files = $2::jsonb where id = $1', [deliveryId, JSON.stringify(files)]);
  return true;
}

type DeliveryRow = { id: number; release_status: string; storage_prefix: string };

/**
 * The delivery of one release folder of a batch (`r`), or of a batch with no release folder
 * yet (`r` null: its xml_file_path is null); created when there is none. Found again by
 * batch and XML, so a retried or later run of the same batch never makes a second one.
 */
async function deliveryOf(
  db: Db,
  jobId: number,
  supplierId: number,
  batchDir: string,
  r: { folder: string; xml: string } | null,
): Promise<DeliveryRow> {
  const [found] = r
    ? await db.query<DeliveryRow>(
        'select id, release_status, storage_prefix from deliveries where supplier_id = $1 and batch_dir = $2 and xml_file_path = $3 order by id desc limit 1',
        [supplierId, batchDir, r.xml],
      )
    : await db.query<DeliveryRow>(
        'select id, release_status, storage_prefix from deliveries where supplier_id = $1 and batch_dir = $2 and xml_file_path is null order by id desc limit 1',
        [supplierId, batchDir],
      );
  if (found) return found;
  let title = r?.folder ?? basename(batchDir);
  let artist = '';
  let label = '';
  if (r) {
    try {
      const ern = readErn(await readFile(join(batchDir, r.xml), 'utf8'));
      title = ern.title || title;
      if (ern.kind === 'new') ({ artist, label } = ern);
    } catch {
      /* the XML is checked next: what it says is shown when it can be read */
    }
  }
  return db.transaction(async (tx) => {
    // A batch that had no release folder when it was first seen: its delivery becomes this release's.
    const [placeholder] = r
      ? await tx.query<{ id: number }>(
          'select id from deliveries where supplier_id = $1 and batch_dir = $2 and xml_file_path is null order by id limit 1 for update',
          [supplierId, batchDir],
        )
      : [];
    if (placeholder && r) {
      const [row] = await tx.query<DeliveryRow>(
        `update deliveries set title = $2, artist = $3, label_name = $4, xml_file_path = $5, updated_at = now(), version = version + 1
         where id = $1 returning id, release_status, storage_prefix`,
        [placeholder.id, title.slice(0, 500), artist.slice(0, 500), label.slice(0, 500), r.xml],
      );
      return row;
    }
    const [row] = await tx.query<{ id: number; release_status: string }>(
      `insert into deliveries (title, artist, label_name, supplier_id, release_status, album_action, xml_file_path, batch_dir, ingest_job_id)
       values ($1, $2, $3, $4, 'release-received', 'insert', $5, $6, $7) returning id, release_status`,
      [title.slice(0, 500), artist.slice(0, 500), label.slice(0, 500), supplierId, r?.xml ?? null, batchDir, jobId],
    );
    const prefix = `deliveries/${row.id}`;
    await tx.query('update deliveries set storage_prefix = $2 where id = $1', [row.id, prefix]);
    await tx.query("insert into delivery_events (delivery_id, release_status) values ($1, 'release-received')", [row.id]);
    return { ...row, storage_prefix: prefix };
  });
}

/** Creates (or finds) the delivery of one release folder; copies the folder's files into storage while it is received. */
async function openDelivery(
  db: Db,
  storage: Storage,
  jobId: number,
  supplierId: number,
  batchDir: string,
  r: { folder: string; xml: string },
  signal?: AbortSignal,
) {
  const d = await deliveryOf(db, jobId, supplierId, batchDir, r);
  if (d.release_status === 'release-received') {
    // One pass per file: copied into storage in 1 MB chunks, hashed as it goes (files.ts).
    const files = await keepDeliveryFiles(storage, d.storage_prefix, join(batchDir, r.folder), signal);
    await db.query('update deliveries set files = $2::jsonb, status_message = null where id = $1', [d.id, JSON.stringify(files)]);
  }
  return d;
}

/** Says on the delivery (status message and timeline, once per change) what it waits for. */
async function markWaiting(db: Db, d: DeliveryRow, message: string) {
  await db.transaction(async (tx) => {
    const [now] = await tx.query<{ status_message: string | null }>('select status_message from deliveries where id = $1 for update', [
      d.id,
    ]);
    if (now.status_message === message) return;
    await setDeliveryStatus(tx, d.id, 'release-received', null, { message, detail: message });
  });
}

const norm = (s: string) => s.trim().toLowerCase();

/** The label a delivery's label name maps to for its supplier, by the supplier's rules; or refused. */
async function resolveLabel(
  tx: Queryable,
  supplier: { id: number; auto_create_labels: boolean },
  name: string,
  userId: number | null,
): Promise<number> {
  if (!name.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '')) throw new DeliveryRefused('ingest-error', 'fatal');
  const [m] = await tx.query<{ label_id: number | null; blacklisted: boolean }>(
    'select label_id, blacklisted from supplier_label_mappings where supplier_id = $1 and lower(source_label) = $2 order by id limit 1',
    [supplier.id, norm(name)],
  );
  if (m?.blacklisted) throw new DeliveryRefused('filter-rejected', 'restricted-label');
  if (m?.label_id) return m.label_id;
  if (m) throw new DeliveryRefused('filter-error', 'non-existent-label');
  const [own] = await tx.query<{ id: number }>('select id from labels where supplier_id = $1 and lower(name) = $2 order by id limit 1', [
    supplier.id,
    norm(name),
  ]);
  if (own) return own.id;
  if (!supplier.auto_create_labels) throw new DeliveryRefused('filter-error', 'non-existent-label');
  const [made] = await tx.query<{ id: number }>('insert into labels (name, supplier_id) values ($1, $2) returning id', [
    name.trim(),
    supplier.id,
  ]);
  await recordHistory(tx, {
    entity: 'labels',
    entityId: made.id,
    userId,
    action: 'ingest',
    changes: { name: { old: null, new: name.trim() } },
  });
  return made.id;
}

/** The genre a delivery's genre name maps to for its supplier; or refused. */
async function resolveGenre(tx: Queryable, supplierId: number, name: string | null): Promise<number | null> {
  if (!name || name === 'Unknown') return null;
  const [m] = await tx.query<{ genre_id: number | null; restricted: boolean }>(
    'select genre_id, restricted from supplier_genre_mappings where supplier_id = $1 and lower(source_genre) = $2 order by id limit 1',
    [supplierId, norm(name)],
  );
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
  const [d] = await db.query<{ supplier_id: number; storage_prefix: string; xml_file_path: string; files: DeliveryFile[] }>(
    'select supplier_id, storage_prefix, xml_file_path, files from deliveries where id = $1',
    [deliveryId],
  );
  const prefix = d.storage_prefix;
  const xml = await storage.get(xmlKeyOf(prefix, d.xml_file_path, d.files));
  try {
    if (!xml) throw new DeliveryRefused('index-error', 'index-error', 'The delivery has no XML file.');
    const v = await validateErn43(xml);
    if (!v.valid) {
      throw new DeliveryRefused(
        'index-error',
        'index-error',
        v.errors
          .slice(0, 5)
          .map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message))
          .join('\n'),
      );
    }
    const ern = readErn(xml.toString('utf8'));
    let files = d.files;
    if (ern.kind === 'new') {
      files = await completeFacts(storage, prefix, d.files);
      if (files !== d.files) await db.query('update deliveries set files = $2::jsonb where id = $1', [deliveryId, JSON.stringify(files)]);
    }
    const toEncode = await db.transaction(async (tx) => {
      const [supplier] = await tx.query<{ id: number; auto_create_labels: boolean; default_exclusive_period: number | null }>(
        'select id, auto_create_labels, default_exclusive_period from suppliers where id = $1',
        [d.supplier_id],
      );
      const [existing] = ern.upc
        ? await tx.query<{ id: number; label_id: number; changed: boolean }>(
            `select r.id, r.label_id, exists (select 1 from record_history h where h.entity = 'releases' and h.entity_id = r.id and h.action <> 'job'
             and h.created_at > now() - make_interval(secs => $3)) changed
           from releases r where r.supplier_id = $1 and r.upc = $2 order by r.id limit 1 for update`,
            [supplier.id, ern.upc, REINGEST_BLOCK_SECONDS],
          )
        : [];
      if (ern.kind === 'purge') {
        if (!existing) throw new DeliveryRefused('ingest-error', null, 'There is no release of the supplier with that UPC to purge.');
        await takeDown(tx, existing.id, true, userId);
        await setDeliveryStatus(tx, deliveryId, 'release-ingested', null, {
          album_action: 'purge',
          release_id: existing.id,
          label_id: existing.label_id,
          ingested: true,
        });
        return null;
      }
      if (existing?.changed) throw new DeliveryRefused('reingestion-error', 'reingestion-error');
      const labelId = await resolveLabel(tx, supplier, ern.label, userId);
      const genreId = opts.overrideGenreId ?? (await resolveGenre(tx, supplier.id, ern.genre));
      const trackGenres = await Promise.all(
        ern.tracks.map((t) => opts.overrideGenreId ?? (t.genre === ern.genre ? genreId : resolveGenre(tx, supplier.id, t.genre))),
      );
      const dates = dealDates(ern.deals);
      if (existing && dates.ended) {
        await takeDown(tx, existing.id, false, userId);
        await setDeliveryStatus(tx, deliveryId, 'release-ingested', null, {
          album_action: 'delete',
          release_id: existing.id,
          label_id: labelId,
          genre_id: genreId,
          ingested: true,
        });
        return null;
      }
      if (!existing) {
        const [live] = await tx.query('select 1 from releases where label_id = $1 and upc = $2 limit 1', [labelId, ern.upc]);
        if (live) throw new DeliveryRefused('ingestion-error', 'already-live-error');
        if (ern.tracks.some((t) => !t.isrc)) throw new DeliveryRefused('metadata-processing-error', 'missing-isrc');
      }
      // Every file the message names, before anything is written (all or nothing).
      const withAudio = existing
        ? await tx.query<{ position: number; isrc: string | null }>(
            'select t.position, t.isrc from tracks t where t.release_id = $1 and exists (select 1 from audio_files a where a.track_id = t.id)',
            [existing.id],
          )
        : [];
      try {
        verifyDeliveryFiles(files, ern, (position, isrc) =>
          withAudio.some((a) => (isrc !== null && a.isrc === isrc) || a.position === position),
        );
      } catch (e) {
        if (!(e instanceof FileProblem)) throw e;
        throw e.image
          ? new DeliveryRefused('encoding-error', 'invalid-image', e.message)
          : new DeliveryRefused('ingest-error', null, e.message);
      }
      const releaseId = await writeRelease(tx, ern, {
        supplierId: supplier.id,
        labelId,
        genreId,
        trackGenres,
        existingId: existing?.id ?? null,
        prefix,
        files,
        userId,
        exclusivePeriod:
          ern.exclusivePeriodLabel === undefined
            ? (supplier.default_exclusive_period ?? 0)
            : (EXCLUSIVE_PERIODS.find((p) => p.label === ern.exclusivePeriodLabel)?.days ?? 0),
      });
      await setDeliveryStatus(tx, deliveryId, existing ? 'updated' : 'release-ingested', existing ? 'updated' : null, {
        album_action: existing ? 'update' : 'insert',
        release_id: releaseId,
        label_id: labelId,
        genre_id: genreId,
        ingested: true,
      });
      return releaseId;
    });
    ingestions.inc({ outcome: 'ingested' });
    return toEncode;
  } catch (e) {
    if (!(e instanceof DeliveryRefused)) {
      ingestions.inc({ outcome: 'error' });
      throw e;
    }
    await db.transaction((tx) =>
      setDeliveryStatus(tx, deliveryId, e.status, e.key, {
        detail: e.key && e.message === DELIVERY_STATUS_MESSAGES[e.key] ? null : e.message,
        message: e.key ? null : e.message,
      }),
    );
    ingestions.inc({ outcome: 'refused' });
    return null;
  }
}

/**
 * A takedown (delete) disables the release's tracks; a purge also hides them. Neither goes
 * live again when an encode converts it (show_when_converted cleared: catalog/visibility.ts).
 */
async function takeDown(tx: Queryable, releaseId: number, purge: boolean, userId: number | null) {
  const rows = await tx.query<{ id: number }>(
    `update tracks set enabled = false, hidden = hidden or $2, ${TAKEN_DOWN_SET}, version = version + 1 where release_id = $1 returning id`,
    [releaseId, purge],
  );
  for (const r of rows)
    await recordHistory(tx, {
      entity: 'tracks',
      entityId: r.id,
      userId,
      action: 'ingest',
      changes: { enabled: { old: null, new: false } },
    });
}

interface WriteContext {
  supplierId: number;
  labelId: number;
  genreId: number | null;
  trackGenres: (number | null)[];
  existingId: number | null;
  prefix: string;
  files: DeliveryFile[];
  userId: number | null;
  exclusivePeriod: number | null;
}

/** Inserts or updates the release and its tracks from the message; answers the release id. */
async function writeRelease(tx: Queryable, ern: ErnRelease, c: WriteContext): Promise<number> {
  const dates = dealDates(ern.deals);
  const [type] = ern.releaseType
    ? await tx.query<{ id: number }>("select id from reference_items where list = 'release-types' and lower(name) = $1", [
        norm(ern.releaseType),
      ])
    : [];
  const fields = [
    ern.title.slice(0, 250),
    ern.catalogNumber,
    ern.upc,
    c.labelId,
    c.supplierId,
    c.genreId,
    type?.id ?? null,
    dates.street ?? ern.releaseDate,
    ern.releaseDate ?? dates.street,
    dates.preOrderStart,
    dates.exclusiveEnd,
    c.exclusivePeriod,
    dates.preOrderStart !== null,
    ern.explicit,
    priceTier(ern.deals),
  ];
  let releaseId: number;
  if (c.existingId === null) {
    const [r] = await tx.query<{ id: number }>(
      `insert into releases (title, catalog_number, upc, label_id, supplier_id, genre_id, release_type_id, street_date, release_date,
         pre_order_date, exclusive_date, exclusive_period, is_available_for_pre_order, is_explicit, price_tier, encode_status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'Pending Audio Encode') returning id`,
      fields,
    );
    releaseId = r.id;
    await recordHistory(tx, {
      entity: 'releases',
      entityId: releaseId,
      userId: c.userId,
      action: 'ingest',
      changes: { title: { old: null, new: ern.title } },
    });
  } else {
    releaseId = c.existingId;
    await tx.query(
      `update releases set title = $1, catalog_number = $2, upc = $3, label_id = $4, supplier_id = $5, genre_id = $6, release_type_id = $7,
         street_date = $8, release_date = $9, pre_order_date = $10, exclusive_date = $11, exclusive_period = $12,
         is_available_for_pre_order = $13, is_explicit = $14, price_tier = $15, version = version + 1
       where id = $16`,
      [...fields, releaseId],
    );
    await recordHistory(tx, {
      entity: 'releases',
      entityId: releaseId,
      userId: c.userId,
      action: 'ingest',
      changes: { title: { old: null, new: ern.title } },
    });
  }
  const cover = ern.image ? fileNamed(c.files, ern.image.uri) : undefined;
  if (ern.image && cover) {
    const size = cover.image && 'width' in cover.image ? cover.image : { width: 1400, height: 1400 };
    await tx.query(
      `insert into release_images (release_id, variant, storage_key, content_type, width, height, size_bytes)
       values ($1, 'original', $2, $3, $4, $5, $6)
       on conflict (release_id, variant) do update set storage_key = excluded.storage_key, content_type = excluded.content_type,
         width = excluded.width, height = excluded.height, size_bytes = excluded.size_bytes`,
      [
        releaseId,
        keyOf(c.prefix, cover),
        cover.path.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg',
        size.width,
        size.height,
        cover.size,
      ],
    );
  }
  const releaseArtists = [...new Set(ern.tracks.flatMap((t) => t.artists))];
  await tx.query('delete from release_artists where release_id = $1', [releaseId]);
  for (const [i, name] of releaseArtists.entries()) {
    await tx.query('insert into release_artists (release_id, artist_id, position) values ($1, $2, $3) on conflict do nothing', [
      releaseId,
      await artistId(tx, name),
      i + 1,
    ]);
  }
  for (const [i, t] of ern.tracks.entries()) {
    const [key] = t.key ? await tx.query<{ id: number }>('select id from musical_keys where lower(name) = $1', [norm(t.key)]) : [];
    // The sub-genre the message names within the track's genre (the release's when the track names none).
    const subName = t.subGenre ?? (t.genre === null || t.genre === ern.genre ? ern.subGenre : null);
    const [sub] =
      subName && c.trackGenres[i] !== null
        ? await tx.query<{ id: number }>('select id from sub_genres where genre_id = $1 and lower(name) = $2', [
            c.trackGenres[i],
            norm(subName),
          ])
        : [];
    const [same] = await tx.query<{ id: number }>(
      'select id from tracks where release_id = $1 and (($2::text is not null and isrc = $2) or position = $3) order by (isrc = $2) desc nulls last, id limit 1',
      [releaseId, t.isrc, t.position],
    );
    const values = [
      t.title.slice(0, 250),
      t.mixName?.slice(0, 128) ?? null,
      t.isrc,
      t.bpm !== null && t.bpm >= 20 && t.bpm <= 999 ? t.bpm : null,
      key?.id ?? null,
      c.trackGenres[i],
      t.copyright?.slice(0, 1000) ?? null,
      t.position,
      t.artists.join(', '),
      dates.street ?? ern.releaseDate,
      dates.exclusiveEnd,
      c.labelId,
      priceTier(t.deals),
      sub?.id ?? null,
    ];
    let trackId: number;
    if (same) {
      trackId = same.id;
      await tx.query(
        `update tracks set title = $1, mix_name = $2, isrc = $3, bpm = $4, key_id = $5, genre_id = $6, copyright_holder = $7, position = $8,
           artist_names = $9, release_date = $10, exclusive_date = $11, label_id = $12, price_tier = $13, sub_genre_id = $14, ${DELIVERED_EXISTING_SET},
           version = version + 1
         where id = $15`,
        [...values, trackId],
      );
    } else {
      const [row] = await tx.query<{ id: number }>(
        `insert into tracks (title, mix_name, isrc, bpm, key_id, genre_id, copyright_holder, position, artist_names, release_date, exclusive_date,
           label_id, price_tier, sub_genre_id, release_id, supplier_id, encode_status, ${DELIVERED_NEW.columns})
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'Pending Audio Encode', ${DELIVERED_NEW.values}) returning id`,
        [...values, releaseId, c.supplierId],
      );
      trackId = row.id;
    }
    await recordHistory(tx, {
      entity: 'tracks',
      entityId: trackId,
      userId: c.userId,
      action: 'ingest',
      changes: { title: { old: null, new: t.title } },
    });
    await tx.query('delete from track_artists where track_id = $1', [trackId]);
    const roles: [string, 'artist' | 'remixer'][] = [
      ...t.artists.map((n): [string, 'artist'] => [n, 'artist']),
      ...t.remixers.map((n): [string, 'remixer'] => [n, 'remixer']),
    ];
    for (const [n, [name, role]] of roles.entries()) {
      await tx.query('insert into track_artists (track_id, artist_id, role, position) values ($1, $2, $3, $4) on conflict do nothing', [
        trackId,
        await artistId(tx, name),
        role,
        n + 1,
      ]);
    }
    await tx.query('delete from track_songwriters where track_id = $1', [trackId]);
    for (const name of t.songwriters) await tx.query('insert into track_songwriters (track_id, name) values ($1, $2)', [trackId, name]);
    await tx.query('delete from track_publishers where track_id = $1', [trackId]);
    for (const name of t.publishers) await tx.query('insert into track_publishers (track_id, name) values ($1, $2)', [trackId, name]);
    await tx.query('delete from track_countries_allowed where track_id = $1', [trackId]);
    const codes = territories(t.deals.length ? t.deals : ern.deals);
    if (codes.length) {
      await tx.query(
        'insert into track_countries_allowed (track_id, country_id) select $1, id from countries where code = any($2::text[])',
        [trackId, codes],
      );
    }
    const source = t.file ? fileNamed(c.files, t.file.uri) : undefined;
    const format = source ? audioFormatOf(source.path) : null;
    if (source && format) {
      await tx.query(
        `insert into audio_files (track_id, format, size_bytes, storage_key) values ($1, $2, $3, $4)
         on conflict (track_id, format) do update set storage_key = excluded.storage_key, size_bytes = excluded.size_bytes`,
        [trackId, format, source.size, keyOf(c.prefix, source)],
      );
    }
  }
  return releaseId;
}

/** Statuses of a delivery refused for its files or the supplier's rules: the batch opens for the fixed files. */
const REFUSED = [
  'index-error',
  'metadata-processing-error',
  'filter-error',
  'filter-rejected',
  'ingest-error',
  'ingestion-error',
  'encoding-error',
  'reingestion-error',
];

/**
 * Runs an ingest-batch job. A batch whose XMLs name files that are not there yet (its
 * BatchComplete came early) is recorded at once, each delivery saying what it waits for,
 * and stays open (batch.ts); the upload that completes it queues this job again, and a
 * job queued for BATCH_FILES_WAIT_SECONDS after its BatchComplete ingests it whatever has
 * arrived by then (what is missing is refused, named).
 */
async function ingestBatch(
  db: Db,
  storage: Storage,
  jobId: number,
  payload: IngestBatchPayload,
  owner: number | null,
  { signal, enqueue, attempt }: JobContext,
) {
  if (!enqueue) throw new Error('An ingest-batch job runs on a job queue.');
  if (!Number.isInteger(payload.supplier_id) || typeof payload.batch_dir !== 'string' || !isAbsolute(payload.batch_dir)) {
    throw new Error('An ingest-batch job needs a supplier_id and an absolute batch_dir.');
  }
  const batchDir = payload.batch_dir;
  let { releases, missing } = await missingFiles(batchDir);
  const since = await completedAt(batchDir);
  const waitLeft = since ? BATCH_FILES_WAIT_SECONDS - (Date.now() - since.getTime()) / 1000 : 0;
  if ((releases === 0 || missing.size > 0) && waitLeft > 0) {
    await setState(batchDir, 'waiting', true);
    const waiting = [];
    if (releases === 0) {
      const d = await deliveryOf(db, jobId, payload.supplier_id, batchDir, null);
      await markWaiting(db, d, waitingMessage(null));
      waiting.push(d.id);
    }
    for (const r of await releaseFolders(batchDir)) {
      const d = await deliveryOf(db, jobId, payload.supplier_id, batchDir, r);
      if (d.release_status !== 'release-received') continue;
      const absent = missing.get(r.xml);
      // A release folder that is all there waits for the rest of its batch, which is ingested as one.
      await markWaiting(db, d, absent ? waitingMessage(absent) : waitingMessage([...missing.values()].flat()));
      waiting.push(d.id);
    }
    // The upload that completed the batch may have come while this ran (its job could not be
    // queued beside this one): looked at again, a batch complete by now is ingested here.
    ({ releases, missing } = await missingFiles(batchDir));
    if (releases === 0 || missing.size > 0) {
      // The last word after the documented wait: one job per batch, whatever arrives meanwhile.
      await enqueue(
        INGEST_BATCH_JOB,
        { ...payload },
        { singletonKey: `${ingestBatchKey(payload.supplier_id, batchDir)}:deadline`, startAfter: Math.ceil(waitLeft) },
      );
      return { deliveries: [], waiting };
    }
  }
  await setState(batchDir, 'waiting', false);
  const results: { delivery_id: number; release_status: string }[] = [];
  if (releases === 0) {
    const d = await deliveryOf(db, jobId, payload.supplier_id, batchDir, null);
    if (d.release_status === 'release-received') {
      await db.transaction((tx) =>
        setDeliveryStatus(tx, d.id, 'ingest-error', null, { message: NO_RELEASE_IN_TIME, detail: NO_RELEASE_IN_TIME }),
      );
    }
    results.push({ delivery_id: d.id, release_status: 'ingest-error' });
  }
  for (const r of await releaseFolders(batchDir)) {
    signal.throwIfAborted();
    let d: DeliveryRow;
    try {
      d = await openDelivery(db, storage, jobId, payload.supplier_id, batchDir, r, signal);
      if (d.release_status === 'release-received') await ingestDelivery(db, storage, d.id, { userId: owner });
    } catch (e) {
      // Retried by the queue; on its last attempt the delivery says why instead of staying received.
      if (signal.aborted || attempt < INGEST_RETRY_LIMIT) throw e;
      d = await deliveryOf(db, jobId, payload.supplier_id, batchDir, r);
      const message = `Ingestion failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 1000);
      if (d.release_status === 'release-received')
        await db.transaction((tx) => setDeliveryStatus(tx, d.id, 'ingest-error', null, { message, detail: message }));
    }
    const [now] = await db.query<{ release_status: string; release_id: number | null; album_action: string }>(
      'select release_status, release_id, album_action from deliveries where id = $1',
      [d.id],
    );
    if (
      INGESTED.includes(now.release_status) &&
      now.release_id !== null &&
      (now.album_action === 'insert' || now.album_action === 'update')
    ) {
      await queueDeliveryEncode(db, (payload, options) => enqueue('encode', payload, options), d.id, now.release_id, `ingest:${jobId}`);
    }
    const [end] = await db.query<{ release_status: string }>('select release_status from deliveries where id = $1', [d.id]);
    results.push({ delivery_id: d.id, release_status: end.release_status });
  }
  // A refused delivery leaves its batch open for the fixed files (content ops re-ingest).
  await setState(
    batchDir,
    'open',
    results.some((x) => REFUSED.includes(x.release_status)),
  );
  return { deliveries: results };
}

/** Retries of an ingest-batch run (after the first): its last attempt ends a failing delivery ingest-error. */
export const INGEST_RETRY_LIMIT = 2;

/** Limits of the ingest kind: as the encode kind's (a run encodes whole releases). */
export const INGEST_EXPIRE_SECONDS = 30 * 60;

export function ingestKind(
  storage: Storage,
  limits: Partial<Pick<JobKind, 'expireInSeconds' | 'retryLimit' | 'retryDelaySeconds'>> = {},
): JobKind & Required<Pick<JobKind, 'run'>> {
  return {
    run: async (db, job, ctx) => ({
      result: await ingestBatch(db, storage, job.id, job.payload as unknown as IngestBatchPayload, job.owner_id, ctx),
    }),
    expireInSeconds: INGEST_EXPIRE_SECONDS,
    retryLimit: INGEST_RETRY_LIMIT,
    retryDelaySeconds: 1,
    ...limits,
  };
}
