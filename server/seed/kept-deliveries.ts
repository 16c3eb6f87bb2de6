/**
 * Seeded deliveries that can be re-ingested (issue 27 item 4). The seed's deliveries are
 * legacy rows with no kept files, so re-ingest refuses them (409 "no files kept"). A few
 * refused ones (KEPT_DELIVERIES, each of another release) are given kept files instead
 * (./ern.ts): their storage prefix, the files' facts, and the files themselves written
 * into storage after the seed's transaction. Re-ingesting one updates its release from
 * the message and encodes the one-second WAVs: the whole flow, in the sandbox.
 */
import { loadSharp } from '../lazy-modules';
import { COVER_ART_MIN } from '../../shared/constants';
import type { Queryable } from '../db/client';
import type { Storage } from '../storage';
import { keptDeliveryFiles, type KeptFile, type SeedErnRelease } from './ern';

/** How many seeded deliveries keep their files. */
export const KEPT_DELIVERIES = 8;

/** Statuses of a delivery refused on ingestion, the ones content ops re-ingest (server/ingest/ingest.ts REFUSED). */
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

/** The cover of every kept delivery: a square PNG of the least size §5 allows. */
async function coverPng(): Promise<{ bytes: Buffer; width: number; height: number }> {
  const side = COVER_ART_MIN;
  const bytes = await loadSharp()({ create: { width: side, height: side, channels: 3, background: { r: 32, g: 96, b: 160 } } })
    .png()
    .toBuffer();
  return { bytes, width: side, height: side };
}

/**
 * Picks the kept deliveries (refused, not yet ingested, each of a release of its own whose
 * label the supplier's rules map to itself, and with a genre), gives each its files' rows
 * and answers the files to write.
 */
export async function seedKeptDeliveries(tx: Queryable): Promise<KeptFile[]> {
  const picked = await tx.query<{ id: number; release_id: number; delivered_at: Date }>(
    `select id, release_id, delivered_at from (
       select distinct on (d.release_id) d.id, d.release_id, d.delivered_at
       from deliveries d
       join releases r on r.id = d.release_id
       join labels l on l.id = r.label_id
       where not d.ingested and d.release_status = any($1::text[]) and r.genre_id is not null and l.supplier_id = r.supplier_id
         and not exists (select 1 from supplier_label_mappings m where m.supplier_id = r.supplier_id and lower(m.source_label) = lower(l.name)
                           and (m.blacklisted or m.label_id is null))
       order by d.release_id, d.id) x
     order by id limit $2`,
    [REFUSED, KEPT_DELIVERIES],
  );
  if (!picked.length) return [];
  const releases = await tx.query<Omit<SeedErnRelease, 'tracks'> & { id: number }>(
    `select r.id, r.upc, r.catalog_number as "catalogNumber", r.title, rt.name as "releaseType", l.name as label, g.name as genre,
       (select sg.name from tracks t join sub_genres sg on sg.id = t.sub_genre_id where t.release_id = r.id order by t.position limit 1) as "subGenre",
       to_char(r.release_date, 'YYYY-MM-DD') as "releaseDate", r.is_explicit as explicit, r.exclusive_period as "exclusivePeriod"
     from releases r join labels l on l.id = r.label_id left join genres g on g.id = r.genre_id
     left join reference_items rt on rt.list = 'release-types' and rt.id = r.release_type_id
     where r.id = any($1::int[])`,
    [picked.map((p) => p.release_id)],
  );
  const tracks = await tx.query<
    Omit<SeedErnRelease['tracks'][number], 'artists' | 'remixers' | 'songwriters' | 'publishers'> & {
      release_id: number;
      artists: string[] | null;
      remixers: string[] | null;
      songwriters: string[] | null;
      publishers: string[] | null;
    }
  >(
    `select t.release_id, t.position, t.isrc, t.title, t.mix_name as "mixName", t.copyright_holder as copyright, g.name as genre,
       sg.name as "subGenre", t.bpm, k.name as key,
       array(select a.name from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id and ta.role = 'artist' order by ta.position) as artists,
       array(select a.name from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id and ta.role = 'remixer' order by ta.position) as remixers,
       array(select s.name from track_songwriters s where s.track_id = t.id order by s.id) as songwriters,
       array(select p.name from track_publishers p where p.track_id = t.id order by p.id) as publishers
     from tracks t left join genres g on g.id = t.genre_id left join sub_genres sg on sg.id = t.sub_genre_id
     left join musical_keys k on k.id = t.key_id
     where t.release_id = any($1::int[]) order by t.release_id, t.position`,
    [picked.map((p) => p.release_id)],
  );
  const cover = await coverPng();
  const out: KeptFile[] = [];
  for (const p of picked) {
    const r = releases.find((x) => x.id === p.release_id)!;
    const release: SeedErnRelease = {
      ...r,
      tracks: tracks
        .filter((t) => t.release_id === p.release_id)
        .map(({ release_id: _, ...t }) => ({
          ...t,
          artists: t.artists ?? [],
          remixers: t.remixers ?? [],
          songwriters: t.songwriters ?? [],
          publishers: t.publishers ?? [],
        })),
    };
    const prefix = `deliveries/${p.id}`;
    const files = keptDeliveryFiles(prefix, release, cover, new Date(p.delivered_at));
    await tx.query('update deliveries set storage_prefix = $2, files = $3::jsonb where id = $1', [
      p.id,
      prefix,
      JSON.stringify(files.map((f) => f.file)),
    ]);
    out.push(...files);
  }
  return out;
}

/** Writes the kept deliveries' files into storage (after the seed's transaction: the rows name them). */
export async function writeKeptDeliveries(storage: Storage, files: readonly KeptFile[]): Promise<void> {
  for (const f of files) await storage.put(f.file.key!, f.bytes);
}
