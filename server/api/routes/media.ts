/**
 * The media of releases and tracks (shared/api/endpoints/media.ts): cover art, audio
 * files, the preview stream, support downloads and the re-encode calls.
 *
 * - Reads take the type's read rule (spec §6) and its row visibility (a supplier's or
 *   label's own rows only; another's is 404, fetchVisible); support downloads take
 *   SUPPORT_DOWNLOADS_RULE (staff only). Writes take the catalogue write rule (admin and
 *   content ops) and the same visibility.
 * - Cover art: the raw body (image/jpeg or image/png, at most COVER_ART_MAX_BYTES) is read
 *   by sharp: its real dimensions (EXIF orientation applied) must pass the §5 rule of the
 *   packaging wizard (rules.coverArt: at least 500x500, square), in its words, as
 *   `{"image": [...]}`; anything sharp cannot read as a JPEG or PNG is a 400 too. The
 *   original and the §9 default crop (IMAGE_CROPS.default, JPEG) go to storage under new
 *   keys, the rows are replaced in one transaction with the history row, and only then
 *   are the previous files removed: readers see the old cover or the new one.
 * - Files are streamed from storage with HTTP Range (206, 416 past the end).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { combineRanges, parse as parseRange } from 'range-parser';
import { loadSharp } from '../../lazy-modules';
import { SUPPORT_DOWNLOADS_RULE, WRITE_RULES, allOf, searchType } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import {
  COVER_ART_TYPES,
  IMAGE_VARIANTS,
  MEDIA_MSG,
  mediaEndpoints,
  type AudioFile,
  type ImageVariant,
  type ReleaseImage,
  type SupportDownload,
} from '../../../shared/api/endpoints/media';
import { COVER_ART_MAX_BYTES, COVER_ART_MAX_SIDE, IMAGE_CROPS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { PKG_MSG } from '../../../shared/packaging/messages';
import { coverArt } from '../../../shared/packaging/rules';
import { AUDIO_FORMAT, AUDIO_FORMATS, type AudioFormat } from '../../../shared/vocabularies';
import type { Db, Row } from '../../db/client';
import { audio_files, release_images, releases, tracks } from '../../db/schema';
import { ENCODE_BUSY, encodeKey, noSourceAudioReason, type EncodePayload } from '../../jobs/encode';
import type { JobQueue } from '../../jobs/queue';
import type { ByteRange, Storage } from '../../storage';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import { addEndpoint, endpointsOf, registerHandlers } from '../route';
import { fetchVisible } from './lists';

const TYPES = {
  releases: { def: LIST_DEF_BY_KEY.get('releases')!, read: searchType('releases')!.rule },
  tracks: { def: LIST_DEF_BY_KEY.get('tracks')!, read: searchType('tracks')!.rule },
};
/** The catalogue write rule (admin, content ops) of a type its writer must also read. */
const writeOf = (type: keyof typeof TYPES) => allOf(TYPES[type].read, WRITE_RULES.catalogue);

/** The object as its list shows it to this user, or 404 (missing, or another supplier's or label's). */
async function visible(db: Db, type: keyof typeof TYPES, user: RequestUser, id: number): Promise<Row> {
  const row = await fetchVisible(db, TYPES[type].def, user, id);
  if (!row) throw notFound();
  return row;
}

const formatTerm = (f: AudioFormat) => AUDIO_FORMAT.find((t) => t.value === f)!;
const formatOrder = (f: string) => (AUDIO_FORMATS as readonly string[]).indexOf(f);

/** What the stream plays, best first: the lo-fi previews, then (until previews are encoded) the lossless sources. */
const STREAM_FORMATS: readonly AudioFormat[] = [
  ...AUDIO_FORMAT.filter((t) => t.preview).map((t) => t.value),
  ...AUDIO_FORMAT.filter((t) => t.lossless).map((t) => t.value),
];

/**
 * Sends a stored file: its type and length, `Accept-Ranges: bytes`; a byte Range that
 * comes to one part gets 206 with that part, one wholly past the end 416; a malformed one,
 * or one of several parts, is ignored (the whole file, 200, as RFC 9110 allows).
 */
/** How often a cover-art GET reads its row again when the file it named was replaced meanwhile. */
const IMAGE_READ_ATTEMPTS = 5;

export async function sendStored(
  storage: Storage,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  contentType: string,
  attachment?: string,
): Promise<FastifyReply> {
  const size = await storage.size(key);
  if (size === null) throw new HttpError(404, { detail: MEDIA_MSG.notStored });
  let range: ByteRange | undefined;
  const header = req.headers.range;
  const r = typeof header === 'string' ? parseRange(size, header) : null;
  if (r && r.type === 'bytes' && !(r.code & 1)) {
    if (r.ranges.length === 0 && size !== 0) {
      throw new HttpError(416, { detail: 'The requested range is not satisfiable.' }, { 'content-range': `bytes */${size}` });
    }
    const parts = combineRanges(r.ranges);
    if (parts.length === 1) range = { start: parts[0].start, end: parts[0].end };
  }
  const body = await storage.stream(key, range);
  if (!body) throw new HttpError(404, { detail: MEDIA_MSG.notStored });
  reply.header('content-type', contentType).header('accept-ranges', 'bytes').header('cache-control', 'private, no-cache');
  if (attachment) reply.header('content-disposition', `attachment; filename="${attachment}"`);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', range ? range.end - range.start + 1 : size);
  return reply.send(body);
}

/** An image as stored: its bytes and what the row says of them. */
interface ImageFile {
  variant: ImageVariant;
  bytes: Buffer;
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

/** sharp's options for untrusted input: no image bigger than COVER_ART_MAX_SIDE² pixels is decoded. */
export const SHARP_INPUT = { limitInputPixels: COVER_ART_MAX_SIDE * COVER_ART_MAX_SIDE, failOn: 'warning' } as const;

/**
 * An uploaded image's format and its dimensions as shown (EXIF orientation applied), from
 * its header only (so its size is checked before anything is decoded); anything but a
 * readable JPEG or PNG (an empty body included) throws `unreadable()`.
 */
export async function imageHeader(
  bytes: Buffer,
  unreadable: () => HttpError,
): Promise<{ format: 'jpeg' | 'png'; width: number; height: number }> {
  // sharp refuses an empty buffer by throwing at once, not through its promise (issue 26: that was a 500).
  if (bytes.length === 0) throw unreadable();
  const meta = await (async () => loadSharp()(bytes, { ...SHARP_INPUT, limitInputPixels: false }).metadata())().catch(() => {
    throw unreadable();
  });
  if (meta.format !== 'jpeg' && meta.format !== 'png') throw unreadable();
  const { width, height } = meta.autoOrient ?? meta;
  return { format: meta.format, width, height };
}

/** Reads and checks the upload (§5), and makes the §9 default crop. Bad images are 400 `{"image": [...]}`. */
async function coverArtFiles(bytes: Buffer): Promise<ImageFile[]> {
  const unreadable = () => badRequest('image', PKG_MSG.coverArtFormat);
  const meta = await imageHeader(bytes, unreadable);
  const { width, height } = meta;
  if (width > COVER_ART_MAX_SIDE || height > COVER_ART_MAX_SIDE) throw badRequest('image', MEDIA_MSG.tooLarge);
  const { errors } = coverArt({ width, height });
  if (errors.length) throw new HttpError(400, { image: errors });
  const [w, h] = IMAGE_CROPS.default;
  // The pixels are decoded only here: a file whose header reads but whose data is broken fails now.
  const crop = await loadSharp()(bytes, SHARP_INPUT)
    .autoOrient()
    .resize(w, h, { fit: 'cover' })
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw unreadable();
    });
  return [
    { variant: 'original', bytes, contentType: `image/${meta.format}`, ext: meta.format === 'png' ? 'png' : 'jpg', width, height },
    { variant: 'default', bytes: crop.data, contentType: 'image/jpeg', ext: 'jpg', width: crop.info.width, height: crop.info.height },
  ];
}

const IMAGE_FIELDS = {
  variant: release_images.variant,
  width: release_images.width,
  height: release_images.height,
  content_type: release_images.content_type,
  size_bytes: release_images.size_bytes,
  created_at: release_images.created_at,
};
const byVariant = (a: { variant: string }, b: { variant: string }) =>
  (IMAGE_VARIANTS as readonly string[]).indexOf(a.variant) - (IMAGE_VARIANTS as readonly string[]).indexOf(b.variant);

async function releaseImages(db: Pick<Db, 'orm'>, releaseId: number): Promise<ReleaseImage[]> {
  const rows = await db.orm.select(IMAGE_FIELDS).from(release_images).where(eq(release_images.release_id, releaseId));
  return rows.sort(byVariant);
}

/** A track's audio file rows, in the §9 order of formats. */
async function trackFiles(db: Pick<Db, 'orm'>, trackId: number) {
  const rows = await db.orm
    .select({
      id: audio_files.id,
      format: audio_files.format,
      size_bytes: audio_files.size_bytes,
      storage_key: audio_files.storage_key,
      created_at: audio_files.created_at,
    })
    .from(audio_files)
    .where(eq(audio_files.track_id, trackId))
    .orderBy(asc(audio_files.id));
  return rows.sort((a, b) => formatOrder(a.format) - formatOrder(b.format));
}

/** A download's file name: the track's ISRC (or `track-<id>`), the format when the suffix does not say it, the suffix. */
function downloadName(track: Row, format: AudioFormat): string {
  const base = (typeof track.isrc === 'string' && track.isrc.replace(/[^A-Za-z0-9_-]/g, '')) || `track-${String(track.id)}`;
  const { suffix } = formatTerm(format);
  return format === suffix ? `${base}.${suffix}` : `${base}-${format}.${suffix}`;
}

export function registerMediaRoutes(app: FastifyInstance, db: Db, storage: Storage, jobs: JobQueue) {
  // The upload takes raw image bodies: their parser lives in this route's own scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser([...COVER_ART_TYPES], { parseAs: 'buffer', bodyLimit: COVER_ART_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    addEndpoint(scope, db, mediaEndpoints.uploadImage, {
      rule: writeOf('releases'),
      bodyLimit: COVER_ART_MAX_BYTES,
      handler: async (req, reply, user) => {
        const id = req.params.id;
        await visible(db, 'releases', user, id);
        const body = req.body;
        const files = await coverArtFiles(Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
        const stem = `releases/${id}/cover/${randomUUID()}`;
        const keys = files.map((f) => `${stem}-${f.variant}.${f.ext}`);
        let replaced: string[] = [];
        try {
          for (const [i, f] of files.entries()) await storage.put(keys[i], f.bytes);
          replaced = await db.transaction(async (tx) => {
            // One upload at a time per release: the later one replaces the earlier one's rows (and files).
            await tx.orm.select({ id: releases.id }).from(releases).where(eq(releases.id, id)).for('update');
            const old = await tx.orm
              .select({ variant: release_images.variant, key: release_images.storage_key })
              .from(release_images)
              .where(eq(release_images.release_id, id));
            await tx.orm.delete(release_images).where(eq(release_images.release_id, id));
            await tx.orm.insert(release_images).values(
              files.map((f, i) => ({
                release_id: id,
                variant: f.variant,
                storage_key: keys[i],
                content_type: f.contentType,
                width: f.width,
                height: f.height,
                size_bytes: f.bytes.length,
                uploaded_by: user.id,
              })),
            );
            const before = old.find((o) => o.variant === 'original')?.key ?? null;
            await recordHistory(tx, {
              entity: 'releases',
              entityId: id,
              userId: user.id,
              action: 'update',
              changes: { cover_art: { old: before, new: keys[0] } },
            });
            return old.map((o) => o.key);
          });
        } catch (e) {
          await Promise.all(keys.map((k) => storage.delete(k).catch(() => false)));
          throw e;
        }
        // The old cover's files, now that no row names them (a failure here leaves an unnamed file, never a missing one).
        await Promise.all(
          replaced.map((k) => storage.delete(k).catch((err: unknown) => req.log.warn({ err, key: k }, 'Old cover art not removed'))),
        );
        reply.code(201);
        return onePage(await releaseImages(db, id));
      },
    });
  });

  /** Enqueues the encode job of a release (or one of its tracks): 409 while one of that release is queued or running (§8's text, then why). */
  const startEncode = async (reply: FastifyReply, user: RequestUser, payload: EncodePayload) => {
    // Refused before anything changes when a track has no source audio: the encode would turn it ERROR (issue 27).
    const noSource = await noSourceAudioReason(db, storage, payload.release_id, payload.track_id);
    if (noSource) throw new HttpError(409, { detail: `${MSG.encodeStartFailed} ${noSource}` });
    const job = await jobs.enqueue('encode', user.id, { ...payload }, { singletonKey: encodeKey(payload.release_id) });
    if (!job) throw new HttpError(409, { detail: `${MSG.encodeStartFailed} ${ENCODE_BUSY}` });
    reply.code(202);
    return { id: job.id, state: job.state };
  };

  registerHandlers(
    app,
    db,
    endpointsOf(
      mediaEndpoints,
      'images',
      'image',
      'audioFiles',
      'stream',
      'supportDownloads',
      'supportDownload',
      'reencodeRelease',
      'reencodeTrack',
    ),
    {
      images: {
        rule: TYPES.releases.read,
        handler: async (req, _reply, user) => {
          await visible(db, 'releases', user, req.params.id);
          return onePage(await releaseImages(db, req.params.id));
        },
      },

      image: {
        rule: TYPES.releases.read,
        handler: async (req, reply, user) => {
          const { id, variant } = req.params;
          await visible(db, 'releases', user, id);
          // An upload committed after the row was read deletes the file it names: read the row again for
          // the new one (uploads can follow each other, so a few times; the last miss is the 404).
          for (let attempt = 1; ; attempt++) {
            const [img] = await db.orm
              .select({ key: release_images.storage_key, type: release_images.content_type })
              .from(release_images)
              .where(and(eq(release_images.release_id, id), eq(release_images.variant, variant)));
            if (!img) throw notFound();
            try {
              return await sendStored(storage, req, reply, img.key, img.type);
            } catch (err) {
              if (!(err instanceof HttpError && err.status === 404) || attempt >= IMAGE_READ_ATTEMPTS) throw err;
            }
          }
        },
      },

      audioFiles: {
        rule: TYPES.tracks.read,
        handler: async (req, _reply, user) => {
          await visible(db, 'tracks', user, req.params.id);
          const rows = await trackFiles(db, req.params.id);
          const results: AudioFile[] = await Promise.all(rows.map(async (r) => ({ ...r, stored: await storage.exists(r.storage_key) })));
          return onePage(results);
        },
      },

      stream: {
        rule: TYPES.tracks.read,
        handler: async (req, reply, user) => {
          await visible(db, 'tracks', user, req.params.id);
          const rows = (await trackFiles(db, req.params.id))
            .filter((r) => STREAM_FORMATS.includes(r.format))
            .sort((a, b) => STREAM_FORMATS.indexOf(a.format) - STREAM_FORMATS.indexOf(b.format));
          for (const r of rows) {
            if (await storage.exists(r.storage_key)) return sendStored(storage, req, reply, r.storage_key, formatTerm(r.format).mime);
          }
          throw new HttpError(404, { detail: MEDIA_MSG.noAudio });
        },
      },

      supportDownloads: {
        rule: SUPPORT_DOWNLOADS_RULE,
        handler: async (req, _reply, user) => {
          const track = await visible(db, 'tracks', user, req.params.id);
          const results: SupportDownload[] = [];
          for (const r of await trackFiles(db, req.params.id)) {
            const size = await storage.size(r.storage_key);
            if (size === null) continue;
            results.push({
              format: r.format,
              file_name: downloadName(track, r.format),
              content_type: formatTerm(r.format).mime,
              size_bytes: size,
            });
          }
          return onePage(results);
        },
      },

      supportDownload: {
        rule: SUPPORT_DOWNLOADS_RULE,
        handler: async (req, reply, user) => {
          const { id, format } = req.params;
          const track = await visible(db, 'tracks', user, id);
          const [file] = await db.orm
            .select({ key: audio_files.storage_key })
            .from(audio_files)
            .where(and(eq(audio_files.track_id, id), eq(audio_files.format, format)));
          if (!file) throw notFound();
          return sendStored(storage, req, reply, file.key, formatTerm(format).mime, downloadName(track, format));
        },
      },

      reencodeRelease: {
        rule: writeOf('releases'),
        handler: async (req, reply, user) => {
          await visible(db, 'releases', user, req.params.id);
          return startEncode(reply, user, { release_id: req.params.id, track_id: null, staged: true });
        },
      },

      reencodeTrack: {
        rule: writeOf('tracks'),
        handler: async (req, reply, user) => {
          await visible(db, 'tracks', user, req.params.id);
          const [t] = await db.orm.select({ release_id: tracks.release_id }).from(tracks).where(eq(tracks.id, req.params.id));
          return startEncode(reply, user, { release_id: t.release_id, track_id: req.params.id, staged: true });
        },
      },
    },
  );
}
