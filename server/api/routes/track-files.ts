/**
 * A track's audio as content ops handle it (shared/api/endpoints/track-files.ts): replacing
 * its source audio (PATCH /v4/content-ops/track-file-update/), the on-demand and beatdrop
 * encodes (POST /v4/encode/on-demand/, /v4/encode/beatdrop/) and its files by guid
 * (GET /v4/al/files/{guid}/).
 *
 * - Writes take TRACK_AUDIO_WRITE (the tracks read rule and the catalogue write rule:
 *   admin, content ops) and the track's visibility (another's is 404); the files list
 *   SUPPORT_DOWNLOADS_RULE (staff who read the track: it hands out downloads).
 * - track-file-update: the body is streamed to a private temporary file, hashed (MD5) and
 *   counted as it is written (more than TRACK_FILE_MAX_BYTES is a 413), then probed by
 *   ffmpeg as ingestion probes a delivery's audio (server/ingest/files.ts: decodes, its
 *   duration); the declared size, MD5 and duration are checked with ingestion's words
 *   (400 `{"file": ["<name>: <reason>"]}`). Only a file that passes is stored, under a new
 *   key (`tracks/<id>/source-<uuid>.<suffix>`); then one transaction replaces the track's
 *   audio file rows with the new source, makes the track "Pending Audio Encode" (§4: not
 *   CONVERTED, so hidden and disabled, catalog/visibility.ts; shown again when its encode
 *   converts it if it was shown) with its history row, and queues its encode (an `encode`
 *   job of the track, jobs/encode.ts, polled at /v4/jobs/encode/{id}/). When the release's
 *   encode key is taken (another encode queued or running) the transaction rolls back and
 *   the stored file is removed: 409 "Failed to start encode job." and why; nothing changed.
 *   The previous source file is removed after the commit only when a track-file-update had
 *   stored it (a delivery's kept files stay with the delivery; the old encodes' files are
 *   overwritten by the new encode).
 * - on-demand and beatdrop: a staged encode (jobs/encode.ts EncodePayload.staged) of the
 *   one track, storing only the format asked (on demand) or the lo-fi previews (beatdrop):
 *   the track keeps its status and its other files while it runs, and the new files are
 *   swapped in when it succeeds. Only a CONVERTED track (one whose full encode succeeded)
 *   takes one: another needs its full encode (re-encode), and a format that is the track's
 *   source is not encoded (409 each, after §8's "Failed to start encode job.").
 * - al/files: each audio file row of the track in the §9 order of formats, with its size,
 *   its duration read from the file's header (music-metadata, the first bytes of the file,
 *   the whole file only when its header is not at its start) and, when stored, its
 *   download: the support download's path and the console's media target (main's mediaUrl
 *   channel turns it into a media ticket URL).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SUPPORT_DOWNLOADS_RULE, TRACK_AUDIO_WRITE } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import { mediaEndpoints } from '../../../shared/api/endpoints/media';
import {
  BEATDROP_FORMATS,
  TRACK_FILE_MAX_BYTES,
  TRACK_FILE_MSG,
  TRACK_FILE_TYPES,
  trackFileEndpoints as ep,
  type TrackFile,
} from '../../../shared/api/endpoints/track-files';
import { pathOf } from '../../../shared/api';
import { MSG } from '../../../shared/messages';
import { audioFormatOf } from '../../../shared/packaging/audio-formats';
import { AUDIO_FORMAT, AUDIO_FORMATS, type AudioFormat } from '../../../shared/vocabularies';
import { visibilityFor } from '../../catalog/visibility';
import type { Db } from '../../db/client';
import { audio_files, tracks } from '../../db/schema';
import { DURATION_TOLERANCE_SECONDS } from '../../ingest/files';
import { ENCODE_BUSY, encodeKey, noSourceAudioReason, type EncodePayload } from '../../jobs/encode';
import { SingletonBlocked, type JobQueue } from '../../jobs/queue';
import { probe } from '../../jobs/transcode';
import type { Storage } from '../../storage';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import { addEndpoint, endpointsOf, registerHandlers } from '../route';
import { fetchVisible } from './lists';

const TRACKS = LIST_DEF_BY_KEY.get('tracks')!;

/** The encode status of a track whose new source waits for its encode (spec §4 "Pending Audio Encode"). */
export const PENDING_AUDIO_ENCODE = 'Pending Audio Encode';

/** Why an on-demand or beatdrop encode is refused (after §8's "Failed to start encode job."). */
export const ENCODE_REFUSED = {
  notConverted: 'This track is not CONVERTED: start its full encode (re-encode) first.',
} as const;

/** Bytes of a file's start music-metadata reads for its duration before reading the whole file. */
const HEADER_BYTES = 256 * 1024;

const formatTerm = (f: AudioFormat) => AUDIO_FORMAT.find((t) => t.value === f)!;
const formatOrder = (f: string) => (AUDIO_FORMATS as readonly string[]).indexOf(f);
const busy = () => new HttpError(409, { detail: `${MSG.encodeStartFailed} ${ENCODE_BUSY}` });

/** The track as this user's list shows it, or 404. */
async function visibleTrack(db: Db, user: RequestUser, id: number) {
  const row = await fetchVisible(db, TRACKS, user, id);
  if (!row) throw notFound();
  const [t] = await db.orm
    .select({ id: tracks.id, release_id: tracks.release_id, isrc: tracks.isrc, encode_status: tracks.encode_status })
    .from(tracks)
    .where(eq(tracks.id, id));
  if (!t) throw notFound();
  return t;
}

/** Streams the body to `file`, hashing and counting it; more than TRACK_FILE_MAX_BYTES is a 413. */
async function receive(body: Readable, file: string): Promise<{ size: number; md5: string }> {
  const md5 = createHash('md5');
  let size = 0;
  async function* counted(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > TRACK_FILE_MAX_BYTES) throw new HttpError(413, { detail: `The file is larger than ${TRACK_FILE_MAX_BYTES} bytes.` });
      md5.update(chunk);
      yield chunk;
    }
  }
  await pipeline(body, counted, createWriteStream(file));
  return { size, md5: md5.digest('hex') };
}

/** A file's duration in seconds from its header (null when it cannot be read). */
async function durationOf(storage: Storage, key: string, size: number, mimeType: string): Promise<number | null> {
  const attempt = async (range?: { start: number; end: number }) => {
    const stream = await storage.stream(key, range);
    if (!stream) return null;
    try {
      // music-metadata (an ES module) loads with the first upload, not with the API.
      const { parseStream } = await import('music-metadata');
      const meta = await parseStream(stream, { size, mimeType }, { duration: false, skipCovers: true });
      const d = meta.format.duration;
      return typeof d === 'number' && Number.isFinite(d) && d > 0 ? Math.round(d * 1000) / 1000 : null;
    } finally {
      stream.destroy();
    }
  };
  try {
    if (size > HEADER_BYTES) {
      const head = await attempt({ start: 0, end: HEADER_BYTES - 1 }).catch(() => null);
      if (head !== null) return head;
    }
    return await attempt();
  } catch {
    return null;
  }
}

/** A download's file name: the track's ISRC (or `track-<id>`), the format when the suffix does not say it, the suffix (as support downloads name it). */
function downloadName(track: { id: number; isrc: string | null }, format: AudioFormat): string {
  const base = (track.isrc && track.isrc.replace(/[^A-Za-z0-9_-]/g, '')) || `track-${track.id}`;
  const { suffix } = formatTerm(format);
  return format === suffix ? `${base}.${suffix}` : `${base}-${format}.${suffix}`;
}

export function registerTrackFileRoutes(app: FastifyInstance, db: Db, storage: Storage, jobs: JobQueue) {
  // The audio body is the raw request stream: its parser lives in this scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser([...TRACK_FILE_TYPES], (_req, payload, done) => done(null, payload));
    addEndpoint(scope, db, ep.trackFileUpdate, {
      rule: TRACK_AUDIO_WRITE,
      bodyLimit: TRACK_FILE_MAX_BYTES,
      handler: async (req, reply, user) => {
        const { track_id: trackId, file_name: fileName, size: declaredSize, md5: declaredMd5, duration: declaredDuration } = req.query;
        const track = await visibleTrack(db, user, trackId);
        const format = audioFormatOf(fileName);
        if (!format) throw badRequest('file_name', TRACK_FILE_MSG.fileName);
        const refuse = (reason: string) => badRequest('file', `${fileName}: ${reason}`);
        const dir = await mkdtemp(join(tmpdir(), 'track-file-'));
        try {
          const local = join(dir, `source.${formatTerm(format).suffix}`);
          const got = await receive(req.body as unknown as Readable, local);
          // Ingestion's checks (server/ingest/files.ts), in its words: the declared size and MD5, audio that decodes, its duration.
          if (got.size === 0) throw refuse(TRACK_FILE_MSG.empty);
          if (declaredSize !== undefined && declaredSize !== got.size) throw refuse(TRACK_FILE_MSG.sizeDiffers(got.size, declaredSize));
          if (declaredMd5 !== undefined && declaredMd5 !== got.md5) throw refuse(TRACK_FILE_MSG.md5Differs);
          const seconds = await probe(local).then(
            (p) => p.seconds,
            () => null,
          );
          if (seconds === null || !(seconds > 0)) throw refuse(TRACK_FILE_MSG.notDecodable);
          if (declaredDuration !== undefined && Math.abs(seconds - declaredDuration) > DURATION_TOLERANCE_SECONDS) {
            throw refuse(TRACK_FILE_MSG.durationDiffers(seconds, declaredDuration));
          }

          const key = `tracks/${trackId}/source-${randomUUID()}.${formatTerm(format).suffix}`;
          await storage.putFile(key, local);
          let result;
          try {
            result = await db.transaction(async (tx) => {
              const audited = { encode_status: tracks.encode_status, enabled: tracks.enabled, hidden: tracks.hidden };
              const [before] = await tx.orm.select(audited).from(tracks).where(eq(tracks.id, trackId)).for('update');
              if (!before) throw notFound();
              const old = await tx.orm
                .select({ format: audio_files.format, key: audio_files.storage_key, size: audio_files.size_bytes })
                .from(audio_files)
                .where(eq(audio_files.track_id, trackId))
                .orderBy(asc(audio_files.id));
              await tx.orm.delete(audio_files).where(eq(audio_files.track_id, trackId));
              await tx.orm.insert(audio_files).values({ track_id: trackId, format, size_bytes: got.size, storage_key: key });
              const [after] = await tx.orm
                .update(tracks)
                .set({ encode_status: PENDING_AUDIO_ENCODE, ...visibilityFor(PENDING_AUDIO_ENCODE), version: sql`${tracks.version} + 1` })
                .where(eq(tracks.id, trackId))
                .returning(audited);
              const changes: Record<string, { old: unknown; new: unknown }> = {
                source_audio: {
                  old: ((f) => (f ? { format: f.format, size_bytes: f.size, storage_key: f.key } : null))(
                    old.find((f) => formatTerm(f.format).lossless),
                  ),
                  new: { format, size_bytes: got.size, md5: got.md5, file_name: fileName, storage_key: key },
                },
              };
              for (const k of Object.keys(audited) as (keyof typeof audited)[])
                if (after[k] !== before[k]) changes[k] = { old: before[k], new: after[k] };
              await recordHistory(tx, { entity: 'tracks', entityId: trackId, userId: user.id, action: 'update', changes });
              const payload = { release_id: track.release_id, track_id: trackId } satisfies EncodePayload;
              const job = await jobs.enqueue('encode', user.id, { ...payload }, { singletonKey: encodeKey(track.release_id) }, tx);
              if (!job) throw busy();
              return { job, old: old.map((f) => f.key), status: after.encode_status };
            });
          } catch (e) {
            await storage.delete(key).catch(() => false);
            if (e instanceof SingletonBlocked) throw busy();
            throw e;
          }
          // The previous source, when a track-file-update stored it (no row names it now); a delivery's files stay with it.
          const mine = `tracks/${trackId}/source-`;
          await Promise.all(
            result.old
              .filter((k) => k.startsWith(mine) && k !== key)
              .map((k) => storage.delete(k).catch((err: unknown) => req.log.warn({ err, key: k }, 'Old source audio not removed'))),
          );
          reply.code(202);
          return {
            track_id: trackId,
            format,
            size_bytes: got.size,
            md5: got.md5,
            duration_seconds: Math.round(seconds * 1000) / 1000,
            encode_status: result.status,
            job: { id: result.job.id, state: result.job.state },
          };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    });
  });

  /** Starts a staged encode of `formats` of a CONVERTED track (202), or says why not (409). */
  const startFormats = async (user: RequestUser, trackId: number, formats: AudioFormat[]) => {
    const track = await visibleTrack(db, user, trackId);
    if (track.encode_status !== 'CONVERTED')
      throw new HttpError(409, { detail: `${MSG.encodeStartFailed} ${ENCODE_REFUSED.notConverted}` });
    const noSource = await noSourceAudioReason(db, storage, track.release_id, trackId);
    if (noSource) throw new HttpError(409, { detail: `${MSG.encodeStartFailed} ${noSource}` });
    const sources = await db.orm.select({ format: audio_files.format }).from(audio_files).where(eq(audio_files.track_id, trackId));
    const lossless = sources.map((s) => s.format).filter((f) => formatTerm(f).lossless);
    const wanted = formats.filter((f) => !lossless.includes(f));
    if (wanted.length === 0) throw new HttpError(409, { detail: `${MSG.encodeStartFailed} ${TRACK_FILE_MSG.sourceFormat}` });
    const payload = { release_id: track.release_id, track_id: trackId, staged: true, formats: wanted } satisfies EncodePayload;
    const job = await jobs.enqueue('encode', user.id, { ...payload }, { singletonKey: encodeKey(track.release_id) });
    if (!job) throw busy();
    return { id: job.id, state: job.state };
  };

  registerHandlers(app, db, endpointsOf(ep, 'encodeOnDemand', 'encodeBeatdrop', 'files'), {
    encodeOnDemand: {
      rule: TRACK_AUDIO_WRITE,
      handler: async (req, reply, user) => {
        const started = await startFormats(user, req.body.track_id, [req.body.format]);
        reply.code(202);
        return started;
      },
    },

    encodeBeatdrop: {
      rule: TRACK_AUDIO_WRITE,
      handler: async (req, reply, user) => {
        const started = await startFormats(user, req.body.track_id, [...BEATDROP_FORMATS]);
        reply.code(202);
        return started;
      },
    },

    files: {
      rule: SUPPORT_DOWNLOADS_RULE,
      handler: async (req, _reply, user) => {
        const [byGuid] = await db.orm.select({ id: tracks.id }).from(tracks).where(eq(tracks.guid, req.params.guid));
        if (!byGuid) throw notFound();
        const track = await visibleTrack(db, user, byGuid.id);
        const rows = (
          await db.orm
            .select({ format: audio_files.format, size: audio_files.size_bytes, key: audio_files.storage_key })
            .from(audio_files)
            .where(eq(audio_files.track_id, track.id))
            .orderBy(asc(audio_files.id))
        ).sort((a, b) => formatOrder(a.format) - formatOrder(b.format));
        const results: TrackFile[] = [];
        for (const r of rows) {
          const term = formatTerm(r.format);
          const size = await storage.size(r.key);
          const stored = size !== null;
          results.push({
            track_id: track.id,
            format: r.format,
            label: term.label,
            content_type: term.mime,
            file_name: downloadName(track, r.format),
            size_bytes: size ?? r.size,
            duration_seconds: stored ? await durationOf(storage, r.key, size, term.mime) : null,
            stored,
            download: stored
              ? {
                  path: pathOf(mediaEndpoints.supportDownload, { id: track.id, format: r.format }),
                  media_target: { kind: 'supportDownload', trackId: track.id, format: r.format },
                }
              : null,
          });
        }
        return onePage(results);
      },
    },
  });
}
