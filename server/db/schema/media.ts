/**
 * Media of the catalogue (spec §5, §9): a release's cover-art images and a track's audio
 * files. The rows say what exists and where; the bytes are in the storage module
 * (server/storage/) under `storage_key`. Neither table has a row version: the rows are
 * replaced whole by an upload or an ingestion, never edited field by field.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { IMAGE_VARIANTS } from '../../../shared/api/endpoints/media';
import { AUDIO_FORMATS } from '../../../shared/vocabularies';
import { releases, tracks } from './catalogue';
import { fkey, now, timestamptz } from './columns';
import { users } from './parties';

/** `col in ('a', 'b', …)` over a fixed list of words. */
const oneOfWords = (words: readonly string[]) => sql.raw(words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', '));

/** A release's images: the uploaded original and the crops made from it (§9: the default 1400x1400). */
export const release_images = pgTable(
  'release_images',
  {
    release_id: integer().notNull(),
    variant: text().$type<(typeof IMAGE_VARIANTS)[number]>().notNull(),
    storage_key: text().notNull(),
    content_type: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    size_bytes: integer().notNull(),
    uploaded_by: integer(),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [
    primaryKey({ name: 'release_images_pkey', columns: [t.release_id, t.variant] }),
    fkey('release_images', t.release_id, releases.id),
    fkey('release_images', t.uploaded_by, users.id),
    check('release_images_variant_check', sql`${t.variant} in (${oneOfWords(IMAGE_VARIANTS)})`),
    check('release_images_check', sql`${t.width} > 0 and ${t.height} > 0 and ${t.size_bytes} >= 0`),
  ],
);

/** A track's audio files, one per §9 format. */
export const audio_files = pgTable(
  'audio_files',
  {
    id: serial().primaryKey(),
    track_id: integer().notNull(),
    format: text().$type<(typeof AUDIO_FORMATS)[number]>().notNull(),
    size_bytes: bigint({ mode: 'number' }).notNull(),
    storage_key: text().notNull(),
    /**
     * The file was written at `storage_key` (issue 27): false only for the seed's rows of
     * realistic sizes whose files were never made. Any later write of the row (a file stored
     * at its key by an upload, ingestion or encode) makes it true (trigger audio_files_written,
     * migration 0029). The search filter has_source_audio reads it.
     */
    stored: boolean().notNull().default(true),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('audio_files', t.track_id, tracks.id),
    unique('audio_files_track_id_format_key').on(t.track_id, t.format),
    check('audio_files_format_check', sql`${t.format} in (${oneOfWords(AUDIO_FORMATS)})`),
    check('audio_files_size_bytes_check', sql`${t.size_bytes} >= 0`),
  ],
);

/**
 * Images uploaded through the generic POST /v4/media/images/ (spec §7 "POST media/images"):
 * a JPEG or PNG kept as it came, for whatever names its URL (page-module items, pages,
 * notes). Not tied to a record, so no cascade removes it.
 */
export const media_images = pgTable(
  'media_images',
  {
    id: serial().primaryKey(),
    storage_key: text().notNull().unique('media_images_storage_key_key'),
    content_type: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    size_bytes: integer().notNull(),
    uploaded_by: integer(),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('media_images', t.uploaded_by, users.id),
    check('media_images_check', sql`${t.width} > 0 and ${t.height} > 0 and ${t.size_bytes} > 0`),
  ],
);
