/**
 * Encode jobs (spec §4): POST /v4/catalog/releases/{id}/reencode/ encodes every track of a
 * release, POST /v4/catalog/tracks/{id}/reencode/ one track. "Re-encoding a release blocks
 * further encodes until the job finishes": the kind's pg-boss policy is 'exclusive' and
 * every encode job of a release, whole or one track, carries the singleton key
 * encodeKey(release id), so while one is queued or running, starting another of that
 * release enqueues nothing (the route answers 409 "Failed to start encode job."); of
 * concurrent starts exactly one is queued (pg-boss's unique index decides).
 *
 * A run fans out (so that every worker process encodes tracks of one release at once):
 * the encode job sets the release (a whole-release job) and each track TRANSCODING
 * (committed at once, so the console sees it) and queues one encode-track job per track,
 * then waits for them, holding the release's key, and answers the outcome. Each
 * encode-track job transcodes its track's lossless source file (§9 audio upload types)
 * from storage with ffmpeg (jobs/transcode.ts) into the other §9 formats, stores each
 * encode at `tracks/<id>/<format>.<suffix>` and fills its audio_files row (one per track
 * and format: a retry replaces, never adds), then sets the track CONVERTED with
 * `encoded_at` = now; a track without a stored source, or whose encode fails or comes out
 * shorter or longer than its source, is ERROR. The track job that finishes last ends the
 * run under the release's row lock: the release ERROR when one of its tracks is,
 * CONVERTED when all are, and the delivery (an ingestion's or re-ingest's encode) encoded
 * or encoding-error, once. A run stopped half-way (its worker killed, past its expiry) is
 * retried by pg-boss: a retried encode job queues no second set of track jobs, a retried
 * track job encodes its track again unless it had already finished it. Every change bumps
 * the row's version and writes a history row ('job', by the job's owner) in the same
 * transaction.
 *
 * A re-encode (the reencode routes: EncodePayload.staged, issue 27) cannot lose a release:
 * it changes no status while it runs (the tracks keep their status and visibility, the old
 * encodes keep serving); each track's new encodes are stored beside the old ones, at
 * stagedKey (`tracks/<id>/reencode-<job id>/<format>.<suffix>`), and only when every track
 * of the job succeeded are they swapped in, in one transaction (the rows point to the new
 * files, the tracks CONVERTED with `encoded_at` = now), the old files deleted after the
 * commit. When one failed, the new files are removed, nothing else changes, and the job
 * ends ERROR saying which track and format failed (reencodeFailure).
 *
 * A worker that dies (issue 25): its runs' leases are no longer renewed, so they run again
 * within JOB_LEASE_SECONDS and a lease check (jobs/queue.ts), not after the 30-minute
 * expiry, and the release's key is held no longer than that; its ffmpeg exits with it
 * (jobs/transcode.ts, the tether); its files are in its own work folder
 * (jobs/work-folder.ts), which the next worker to start on the machine removes. While an
 * encode of a release is queued or running, another start is refused in plain words
 * (ENCODE_BUSY, after §8's "Failed to start encode job.").
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ENCODE_TRACK_JOB } from '../../shared/api/endpoints/jobs';
import { LOSSLESS_FORMATS, type AudioFormat, type EncodeStatus } from '../../shared/vocabularies';
import { recordHistory } from '../domain/history';
import type { Db, Queryable } from '../db/client';
import { visibilityFor } from '../catalog/visibility';
import { audio_files, releases, tracks } from '../db/schema';
import { finishDeliveryEncode, setDeliveryStatus } from '../ingest/status';
import type { Storage } from '../storage';
import type { EnqueueOptions, JobContext, JobHandler, JobKind, JobRow } from './queue';
import { ENCODES, TranscodeError, transcode } from './transcode';
import { workFolder, workRootOf, type WorkFolder } from './work-folder';

/** What an encode job is asked to do: a whole release (track_id null) or one of its tracks. */
export interface EncodePayload {
  release_id: number;
  track_id: number | null;
  /** A re-ingested delivery whose encode this is: it ends encoded or encoding-error. */
  delivery_id?: number;
  /** What queued a delivery's encode (its ingest job, or a re-ingest): one encode each. */
  origin?: string;
  /**
   * A re-encode (the reencode routes, issue 27): the new encodes are written beside the old
   * ones and swapped in only when every track's succeeded (see runStagedEncode).
   */
  staged?: boolean;
  /**
   * A staged encode of these formats only (POST /v4/encode/on-demand/ and beatdrop/,
   * server/api/routes/track-files.ts): the other formats' files and rows are left alone.
   */
  formats?: AudioFormat[];
}

/** The singleton key every encode job of a release carries. */
export const encodeKey = (releaseId: number) => `release:${releaseId}`;

/** Why an encode of a release cannot start now (the 409 after §8's text; a delivery's encoding-error detail). */
export const ENCODE_BUSY = 'An encode of this release is already queued or running; it can be started again when it finishes.';

/**
 * Limits of the encode kind: a live run may take ENCODE_EXPIRE_SECONDS (real encodes of a
 * release of long hi-res tracks take minutes; the console's poller gives up waiting at
 * 120 s, spec §4, the job goes on; a worker that died is noticed when its lease is not
 * renewed, JOB_LEASE_SECONDS, long before), then it is retried up to ENCODE_RETRY_LIMIT times,
 * ENCODE_RETRY_DELAY_SECONDS after the first failure and doubling. While it waits for a
 * retry the job still holds its release's key.
 */
export const ENCODE_EXPIRE_SECONDS = 30 * 60;
export const ENCODE_RETRY_LIMIT = 2;
export const ENCODE_RETRY_DELAY_SECONDS = 1;

type Changes = Record<string, { old: unknown; new: unknown }>;

/**
 * Sets a track's encode status (and encoded_at when converted) and the visibility that goes
 * with it (catalog/visibility.ts: spec §4), with its history row; nothing when nothing changes.
 */
async function setTrack(tx: Queryable, id: number, status: EncodeStatus, userId: number | null): Promise<void> {
  const audited = { encode_status: tracks.encode_status, encoded_at: tracks.encoded_at, enabled: tracks.enabled, hidden: tracks.hidden };
  const [old] = await tx.orm.select(audited).from(tracks).where(eq(tracks.id, id)).for('update');
  if (!old) return;
  const converted = status === 'CONVERTED';
  if (old.encode_status === status && !converted) return;
  const [now] = await tx.orm
    .update(tracks)
    .set({
      encode_status: status,
      ...(converted && { encoded_at: sql`now()` }),
      ...visibilityFor(status),
      version: sql`${tracks.version} + 1`,
    })
    .where(eq(tracks.id, id))
    .returning(audited);
  const changes: Changes = {};
  for (const k of Object.keys(audited) as (keyof typeof audited)[]) if (now[k] !== old[k]) changes[k] = { old: old[k], new: now[k] };
  await recordHistory(tx, { entity: 'tracks', entityId: id, userId, action: 'job', changes });
}

/** Sets a release's encode status, with its history row; nothing when it already has it. */
async function setRelease(tx: Queryable, id: number, status: EncodeStatus, userId: number | null): Promise<void> {
  const [old] = await tx.orm.select({ encode_status: releases.encode_status }).from(releases).where(eq(releases.id, id)).for('update');
  if (!old || old.encode_status === status) return;
  await tx.orm
    .update(releases)
    .set({ encode_status: status, version: sql`${releases.version} + 1` })
    .where(eq(releases.id, id));
  await recordHistory(tx, {
    entity: 'releases',
    entityId: id,
    userId,
    action: 'job',
    changes: { encode_status: { old: old.encode_status, new: status } },
  });
}

/** The release's status from its tracks': ERROR when one is, CONVERTED when all are (a release without tracks has nothing encoded: ERROR). */
function releaseStatus(statuses: readonly string[]): EncodeStatus | null {
  if (statuses.length === 0 || statuses.includes('ERROR')) return 'ERROR';
  return statuses.every((s) => s === 'CONVERTED') ? 'CONVERTED' : null;
}

/** The track's lossless source in storage (its row's format and key), or null. */
async function sourceOf(db: Queryable, storage: Storage, trackId: number): Promise<{ format: string; key: string } | null> {
  const files = await db.orm
    .select({ format: audio_files.format, key: audio_files.storage_key })
    .from(audio_files)
    .where(and(eq(audio_files.track_id, trackId), inArray(audio_files.format, [...LOSSLESS_FORMATS])))
    .orderBy(asc(audio_files.id));
  for (const f of files) if (await storage.exists(f.key)) return f;
  return null;
}

/** Why an encode cannot start when tracks have no stored source audio (issue 27: it would turn them ERROR and hide them). */
export const NO_SOURCE_AUDIO = {
  release: 'This release has no source audio to encode from.',
  track: 'This track has no source audio to encode from.',
  some: (missing: number, all: number) => `${missing} of the ${all} tracks of this release have no source audio to encode from.`,
} as const;

/**
 * The tracks an encode of a release (or of one of its tracks) would leave without audio:
 * those with no lossless source in storage, as encodeTrack finds it.
 */
export async function tracksWithoutSource(
  db: Queryable,
  storage: Storage,
  releaseId: number,
  trackId: number | null,
): Promise<{ all: number; missing: number[] }> {
  const ids = (
    await db.orm
      .select({ id: tracks.id })
      .from(tracks)
      .where(and(eq(tracks.release_id, releaseId), trackId === null ? undefined : eq(tracks.id, trackId)))
  ).map((t) => t.id);
  const missing: number[] = [];
  for (const id of ids) if (!(await sourceOf(db, storage, id))) missing.push(id);
  return { all: ids.length, missing };
}

/** The refusal of an encode of a release (or one track) some of whose tracks have no source audio, or null when all have one. */
export async function noSourceAudioReason(
  db: Queryable,
  storage: Storage,
  releaseId: number,
  trackId: number | null,
): Promise<string | null> {
  const { all, missing } = await tracksWithoutSource(db, storage, releaseId, trackId);
  if (missing.length === 0) return null;
  if (trackId !== null) return NO_SOURCE_AUDIO.track;
  return missing.length === all ? NO_SOURCE_AUDIO.release : NO_SOURCE_AUDIO.some(missing.length, all);
}

/**
 * The record fact `has_source_audio` of a release or a track (GET by id): false when a
 * re-encode of it would be refused for want of source audio (noSourceAudioReason).
 */
export async function hasSourceAudio(db: Queryable, storage: Storage, type: 'releases' | 'tracks', id: number): Promise<boolean> {
  const [t] =
    type === 'tracks' ? await db.orm.select({ release_id: tracks.release_id }).from(tracks).where(eq(tracks.id, id)) : [{ release_id: id }];
  if (!t) return false;
  return (await tracksWithoutSource(db, storage, t.release_id, type === 'tracks' ? id : null)).missing.length === 0;
}

/**
 * Encodes one track from its source into every other §9 format, stored with their rows;
 * 'ERROR' when there is no source or ffmpeg's encode fails its checks. Anything else
 * (storage, database, a stop) is thrown: the run fails and is retried.
 */
async function encodeTrack(db: Queryable, storage: Storage, work: WorkFolder, trackId: number, signal: AbortSignal): Promise<EncodeStatus> {
  const source = await sourceOf(db, storage, trackId);
  if (!source) return 'ERROR';
  await mkdir(work.path, { recursive: true });
  const dir = await mkdtemp(join(work.path, `encode-${trackId}-`));
  try {
    const path = join(dir, `source.${source.key.split('.').pop() ?? 'audio'}`);
    // Copies (the source in, each encode out) go file to file: no buffers in the worker (issue 15: its RSS stays flat with track length).
    if (!(await storage.copyOut(source.key, path))) return 'ERROR';
    signal.throwIfAborted();
    let outputs;
    try {
      outputs = await transcode(path, dir, signal);
    } catch (e) {
      if (e instanceof TranscodeError) return 'ERROR';
      throw e;
    }
    for (const o of outputs) {
      if (o.format === source.format) continue; // the source itself is kept as it came
      signal.throwIfAborted();
      const key = `tracks/${trackId}/${o.format}.${o.suffix}`;
      const { size } = await storage.putFile(key, o.path);
      await db.orm
        .insert(audio_files)
        .values({ track_id: trackId, format: o.format, size_bytes: size, storage_key: key })
        .onConflictDoUpdate({ target: [audio_files.track_id, audio_files.format], set: { size_bytes: size, storage_key: key } });
    }
    return 'CONVERTED';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where a re-encode (job `jobId`) stores a track's new encode of `format`: beside the old encodes, never on their keys. */
export const stagedKey = (trackId: number, jobId: number, format: string, suffix: string) =>
  `tracks/${trackId}/reencode-${jobId}/${format}.${suffix}`;

/** Every key a re-encode (job `jobId`) may have stored for a track: one per §9 encode. */
const stagedKeys = (trackId: number, jobId: number) => ENCODES.map((e) => stagedKey(trackId, jobId, e.format, e.container));

/** What a re-encode's track job answers: the encodes it stored, or why it could not. */
export type StagedTrackResult =
  | { track_id: number; staged: true; ok: true; files: { format: string; storage_key: string; size_bytes: number }[] }
  | { track_id: number; staged: true; ok: false; format: string | null; error: string };

/**
 * Encodes one track of a re-encode from its source into every other §9 format, each stored
 * at its stagedKey; no row and no status changes (the old encodes keep serving). A track
 * without a stored source or whose encode fails its checks answers why (ok false); anything
 * else is thrown (the run is retried), the encodes it had stored removed first.
 */
async function encodeTrackStaged(
  db: Queryable,
  storage: Storage,
  work: WorkFolder,
  p: EncodeTrackPayload,
  signal: AbortSignal,
): Promise<StagedTrackResult> {
  const fail = (error: string, format: string | null = null): StagedTrackResult => ({
    track_id: p.track_id,
    staged: true,
    ok: false,
    format,
    error,
  });
  const source = await sourceOf(db, storage, p.track_id);
  if (!source) return fail('no source audio in storage to encode from');
  await mkdir(work.path, { recursive: true });
  const dir = await mkdtemp(join(work.path, `encode-${p.track_id}-`));
  const stored: string[] = [];
  try {
    const path = join(dir, `source.${source.key.split('.').pop() ?? 'audio'}`);
    if (!(await storage.copyOut(source.key, path))) return fail('no source audio in storage to encode from');
    signal.throwIfAborted();
    let outputs;
    try {
      outputs = await transcode(path, dir, signal);
    } catch (e) {
      if (e instanceof TranscodeError) return fail(e.message, e.format ?? null);
      throw e;
    }
    const files: { format: string; storage_key: string; size_bytes: number }[] = [];
    for (const o of outputs) {
      if (o.format === source.format) continue; // the source itself is kept as it came
      if (p.formats && !p.formats.includes(o.format)) continue; // an on-demand or beatdrop encode stores its formats only
      signal.throwIfAborted();
      const key = stagedKey(p.track_id, p.parent_job_id, o.format, o.suffix);
      stored.push(key);
      const { size } = await storage.putFile(key, o.path);
      files.push({ format: o.format, storage_key: key, size_bytes: size });
    }
    return { track_id: p.track_id, staged: true, ok: true, files };
  } catch (e) {
    await Promise.all(stored.map((k) => storage.delete(k).catch(() => false)));
    throw e;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The plain-words error of a re-encode that was not applied: which tracks (and formats) failed, and why. */
export function reencodeFailure(failures: { track: string; format: string | null; error: string }[]): string {
  // ffmpeg's log names its parts with their memory addresses ("[flac @ 0x55d…]"): noise to a reader.
  const why = (e: string) => e.replace(/ @ 0x[0-9a-f]+\]/g, ']').trim();
  const each = failures.map(
    (f) => `${f.track}${f.format ? ` could not be encoded to ${f.format}` : ' could not be encoded'}: ${why(f.error)}`,
  );
  const text = each.join('; ');
  return `The re-encode was not applied; the previous encodes are kept and still served. ${text}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/**
 * Ends a re-encode (EncodePayload.staged) once every track job of it has ended. When each
 * stored its encodes, swaps them in, in one transaction holding the release's row lock: each
 * track's audio_files rows point to the new files, the track is CONVERTED with `encoded_at` =
 * now (a track that was not is shown again as catalog/visibility.ts says), the release
 * follows; the old files are deleted after the commit. When one failed, nothing changes but
 * storage: every file the run stored is removed, and the job ends ERROR saying which track
 * and format failed. Both are safe to run again (a retried parent): a swapped row already
 * at its new key is left alone, a removed file is gone already.
 */
async function endStagedRun(
  db: Db,
  storage: Storage,
  jobId: number,
  p: EncodePayload,
  owner: number | null,
  jobs: { track_id: number; state: string; result: unknown }[],
): Promise<EncodeOutcome | null> {
  const ids = jobs.map((j) => j.track_id);
  const names = new Map(
    (ids.length === 0
      ? []
      : await db.orm.select({ id: tracks.id, title: tracks.title, isrc: tracks.isrc }).from(tracks).where(inArray(tracks.id, ids))
    ).map((t) => [t.id, `Track ${t.id} “${t.title}”${t.isrc ? ` (${t.isrc})` : ''}`]),
  );
  const failures: { track: string; format: string | null; error: string }[] = [];
  const files: { track_id: number; format: string; storage_key: string; size_bytes: number }[] = [];
  for (const j of jobs) {
    const track = names.get(j.track_id) ?? `Track ${j.track_id}`;
    const r = (j.result ?? {}) as Partial<StagedTrackResult> & { detail?: string };
    if (j.state !== 'DONE') failures.push({ track, format: null, error: r.detail ?? 'its encode job failed' });
    else if (r.ok === false) failures.push({ track, format: r.format ?? null, error: r.error ?? 'its encode failed' });
    else if (r.ok === true) for (const f of r.files ?? []) files.push({ track_id: j.track_id, ...f });
    else failures.push({ track, format: null, error: 'its encode job answered nothing' });
  }
  if (failures.length > 0) {
    for (const id of ids) await removeStaged(storage, id, jobId);
    const detail = reencodeFailure(failures);
    // The job ends ERROR with its detail now (the queue finishes it once: its DONE is not written over this), not retried.
    await db.query(
      "update jobs set state = 'ERROR', result = $2::jsonb, updated_at = now() where id = $1 and state in ('PENDING', 'RUNNING')",
      [jobId, JSON.stringify({ detail })],
    );
    return null;
  }
  const old: string[] = [];
  await db.transaction(async (tx) => {
    await tx.orm.select({ id: releases.id }).from(releases).where(eq(releases.id, p.release_id)).for('update');
    for (const f of files) {
      const [was] = await tx.orm
        .select({ key: audio_files.storage_key })
        .from(audio_files)
        .where(and(eq(audio_files.track_id, f.track_id), eq(audio_files.format, f.format as AudioFormat)))
        .for('update');
      if (was?.key === f.storage_key) continue; // swapped in already (a retried run)
      if (was) old.push(was.key);
      await tx.orm
        .insert(audio_files)
        .values({ track_id: f.track_id, format: f.format as AudioFormat, size_bytes: f.size_bytes, storage_key: f.storage_key })
        .onConflictDoUpdate({
          target: [audio_files.track_id, audio_files.format],
          set: { size_bytes: f.size_bytes, storage_key: f.storage_key },
        });
    }
    for (const id of ids) await setTrack(tx, id, 'CONVERTED', owner);
    if (p.track_id === null || ids.length > 0) {
      const all = await tx.orm.select({ s: tracks.encode_status }).from(tracks).where(eq(tracks.release_id, p.release_id));
      const status = ids.length === 0 ? null : releaseStatus(all.map((t) => t.s));
      if (status) await setRelease(tx, p.release_id, status, owner);
    }
  });
  // After the commit: the old files no row names any more (a key another row still names is kept).
  const still =
    old.length === 0
      ? []
      : (await db.orm.select({ key: audio_files.storage_key }).from(audio_files).where(inArray(audio_files.storage_key, old))).map(
          (r) => r.key,
        );
  for (const k of old) if (!still.includes(k)) await storage.delete(k);
  return outcomeOf(db, p, ids);
}

/** The outcome of a run over tracks `ids`: the release's status and each track's. */
async function outcomeOf(db: Queryable, p: EncodePayload, ids: number[]): Promise<EncodeOutcome> {
  const results =
    ids.length === 0
      ? []
      : await db.orm
          .select({ id: tracks.id, encode_status: tracks.encode_status })
          .from(tracks)
          .where(inArray(tracks.id, ids))
          .orderBy(asc(tracks.position), asc(tracks.id));
  const [r] = await db.orm.select({ encode_status: releases.encode_status }).from(releases).where(eq(releases.id, p.release_id));
  const list = results.map((t) => ({ id: t.id, encode_status: t.encode_status as EncodeStatus }));
  return {
    release_id: p.release_id,
    track_id: p.track_id,
    release_encode_status: r?.encode_status ?? null,
    tracks: list,
    converted: list.filter((t) => t.encode_status === 'CONVERTED').length,
    errors: list.filter((t) => t.encode_status !== 'CONVERTED').length,
  };
}

/** What one encode run did: the release's status after it and each track's. */
export interface EncodeOutcome {
  release_id: number;
  track_id: number | null;
  release_encode_status: string | null;
  tracks: { id: number; encode_status: EncodeStatus }[];
  converted: number;
  errors: number;
}

/** What an encode-track job is asked to do: one track of its parent encode job's run. */
export interface EncodeTrackPayload {
  release_id: number;
  track_id: number;
  /** The encode job whose run this track is part of (its tracks are its children's). */
  parent_job_id: number;
  delivery_id?: number;
  /** A re-encode's track (EncodePayload.staged): its encodes are stored at stagedKey, nothing else changes. */
  staged?: boolean;
  /** EncodePayload.formats of a staged encode: only these are stored. */
  formats?: AudioFormat[];
}

/** Milliseconds between an encode job's looks at its tracks' jobs while it waits for them. */
export const ENCODE_WAIT_MS = 250;

/** The tracks of an encode job's run: those of its encode-track jobs. */
async function runTracks(db: Queryable, parentJobId: number): Promise<{ track_id: number; state: string; result: unknown }[]> {
  return db.query<{ track_id: number; state: string; result: unknown }>(
    `select (payload->>'track_id')::int track_id, state, result from jobs
     where kind = $1 and payload->>'parent_job_id' = $2 order by id`,
    [ENCODE_TRACK_JOB, String(parentJobId)],
  );
}

/**
 * Ends a run when none of its tracks is TRANSCODING any more: the release ERROR when one of
 * its tracks is, CONVERTED when all are, and the delivery (if the run has one) encoded or
 * encoding-error. Holds the release's row lock, so of the track jobs finishing at once the
 * last one to commit ends it; each change is made only from the state before it (a release
 * already at its status, a delivery already encoded or encoding-error are left alone), so
 * a retried track job or the waiting parent ending it again changes nothing.
 */
async function endRunIfDone(
  tx: Queryable,
  p: { release_id: number; parent_job_id: number; delivery_id?: number },
  owner: number | null,
): Promise<boolean> {
  await tx.orm.select({ id: releases.id }).from(releases).where(eq(releases.id, p.release_id)).for('update');
  const ids = (await runTracks(tx, p.parent_job_id)).map((t) => t.track_id);
  const mine = ids.length === 0 ? [] : await tx.orm.select({ s: tracks.encode_status }).from(tracks).where(inArray(tracks.id, ids));
  if (mine.some((t) => t.s === 'TRANSCODING')) return false;
  const all = await tx.orm.select({ s: tracks.encode_status }).from(tracks).where(eq(tracks.release_id, p.release_id));
  const status = releaseStatus(all.map((t) => t.s));
  if (status) await setRelease(tx, p.release_id, status, owner);
  if (p.delivery_id !== undefined) {
    const [d] = await tx.query<{ release_status: string }>('select release_status from deliveries where id = $1 for update', [
      p.delivery_id,
    ]);
    if (d && !DELIVERY_ENCODE_ENDS.includes(d.release_status)) {
      const errors = mine.filter((t) => t.s !== 'CONVERTED').length;
      await finishDeliveryEncode(tx, p.delivery_id, { tracks: mine, errors });
    }
  }
  return true;
}

/** A delivery's statuses once its encode has ended. */
const DELIVERY_ENCODE_ENDS = ['encoded', 'encoding-error'];

/**
 * Runs an encode job: the first run sets the release (a whole-release job) and its tracks
 * TRANSCODING and queues one encode-track job per track, in one transaction holding the
 * job's row lock (a retried run finds them queued and queues none); then it waits until
 * every one of them has ended (the last to finish has ended the run: endRunIfDone) and
 * answers the outcome. A track job pg-boss gave up on leaves its track ERROR.
 */
async function runEncode(
  db: Db,
  storage: Storage | null,
  jobId: number,
  p: EncodePayload,
  owner: number | null,
  ctx: JobContext,
): Promise<EncodeOutcome | null> {
  const enqueue = ctx.enqueue;
  if (!enqueue) throw new Error('An encode job runs on a job queue.');
  if (p.staged) {
    if (!storage) throw new Error('A re-encode job needs the store.');
    return runStagedEncode(db, storage, jobId, p, owner, { ...ctx, enqueue });
  }
  const run = { release_id: p.release_id, parent_job_id: jobId, ...(p.delivery_id !== undefined && { delivery_id: p.delivery_id }) };
  await db.transaction(async (tx) => {
    await tx.query('select id from jobs where id = $1 for update', [jobId]);
    if ((await runTracks(tx, jobId)).length > 0) return;
    const ids = (
      await tx.orm
        .select({ id: tracks.id })
        .from(tracks)
        .where(and(eq(tracks.release_id, p.release_id), p.track_id === null ? undefined : eq(tracks.id, p.track_id)))
        .orderBy(asc(tracks.position), asc(tracks.id))
    ).map((t) => t.id);
    if (p.track_id === null) await setRelease(tx, p.release_id, 'TRANSCODING', owner);
    for (const id of ids) {
      await setTrack(tx, id, 'TRANSCODING', owner);
      await enqueue(ENCODE_TRACK_JOB, { ...run, track_id: id } satisfies EncodeTrackPayload, {}, tx);
    }
    if (ids.length === 0) await endRunIfDone(tx, run, owner);
  });
  for (;;) {
    const jobs = await runTracks(db, jobId);
    if (jobs.every((j) => j.state === 'DONE' || j.state === 'ERROR')) {
      const failed = jobs.filter((j) => j.state === 'ERROR').map((j) => j.track_id);
      await db.transaction(async (tx) => {
        for (const id of failed) {
          const [t] = await tx.orm.select({ s: tracks.encode_status }).from(tracks).where(eq(tracks.id, id));
          if (t?.s === 'TRANSCODING') await setTrack(tx, id, 'ERROR', owner);
        }
        await endRunIfDone(tx, run, owner);
      });
      return outcomeOf(
        db,
        p,
        jobs.map((j) => j.track_id),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, ENCODE_WAIT_MS));
    ctx.signal.throwIfAborted();
  }
}

/**
 * Runs a re-encode (EncodePayload.staged, issue 27): the first run queues one encode-track
 * job per track (holding the job's row lock, and the release's, as an encode's first step
 * does), changing no status: while it runs the tracks keep their status and visibility and
 * the old encodes keep serving. It waits until every track job has ended, then swaps the
 * new encodes in or, when one failed, removes them and ends ERROR (endStagedRun).
 */
async function runStagedEncode(
  db: Db,
  storage: Storage,
  jobId: number,
  p: EncodePayload,
  owner: number | null,
  ctx: JobContext & Required<Pick<JobContext, 'enqueue'>>,
): Promise<EncodeOutcome | null> {
  await db.transaction(async (tx) => {
    await tx.query('select id from jobs where id = $1 for update', [jobId]);
    if ((await runTracks(tx, jobId)).length > 0) return;
    await tx.orm.select({ id: releases.id }).from(releases).where(eq(releases.id, p.release_id)).for('update');
    const ids = (
      await tx.orm
        .select({ id: tracks.id })
        .from(tracks)
        .where(and(eq(tracks.release_id, p.release_id), p.track_id === null ? undefined : eq(tracks.id, p.track_id)))
        .orderBy(asc(tracks.position), asc(tracks.id))
    ).map((t) => t.id);
    for (const id of ids) {
      await ctx.enqueue(
        ENCODE_TRACK_JOB,
        {
          release_id: p.release_id,
          parent_job_id: jobId,
          track_id: id,
          staged: true,
          ...(p.formats && { formats: p.formats }),
        } satisfies EncodeTrackPayload,
        {},
        tx,
      );
    }
  });
  for (;;) {
    const jobs = await runTracks(db, jobId);
    if (jobs.every((j) => j.state === 'DONE' || j.state === 'ERROR')) return endStagedRun(db, storage, jobId, p, owner, jobs);
    await new Promise((resolve) => setTimeout(resolve, ENCODE_WAIT_MS));
    if (ctx.signal.aborted) {
      // Cancelled (its row ended): what its tracks stored so far is removed (a track still encoding removes its own).
      // Stopped to run again (the row still open): the files stay for the retry to swap in.
      if (!(await parentOpen(db, jobId))) for (const j of jobs) await removeStaged(storage, j.track_id, jobId);
      ctx.signal.throwIfAborted();
    }
  }
}

/** Whether a re-encode's own job is still PENDING or RUNNING (not cancelled, not ended). */
async function parentOpen(db: Queryable, jobId: number): Promise<boolean> {
  const [j] = await db.query<{ state: string }>('select state from jobs where id = $1', [jobId]);
  return j?.state === 'PENDING' || j?.state === 'RUNNING';
}

/** Removes every file a re-encode (job `jobId`) may have stored for a track. */
async function removeStaged(storage: Storage, trackId: number, jobId: number): Promise<void> {
  await Promise.all(stagedKeys(trackId, jobId).map((k) => storage.delete(k)));
}

/**
 * Runs a re-encode's track job (encodeTrackStaged); when its re-encode has ended meanwhile
 * (cancelled), what it stored is removed and it answers why.
 */
async function runStagedTrack(
  db: Db,
  storage: Storage,
  work: WorkFolder,
  p: EncodeTrackPayload,
  signal: AbortSignal,
): Promise<StagedTrackResult> {
  const result = await encodeTrackStaged(db, storage, work, p, signal);
  if (await parentOpen(db, p.parent_job_id)) return result;
  await removeStaged(storage, p.track_id, p.parent_job_id);
  return { track_id: p.track_id, staged: true, ok: false, format: null, error: 'the re-encode was stopped before this track finished' };
}

/**
 * Runs an encode-track job: encodes its track (when it is still TRANSCODING: a retry of a
 * run that had already finished it does nothing), then sets the track's status and, if it
 * was the run's last, ends the run, in one transaction.
 */
async function runEncodeTrack(
  db: Db,
  storage: Storage,
  work: WorkFolder,
  p: EncodeTrackPayload,
  owner: number | null,
  signal: AbortSignal,
) {
  if (p.staged) return runStagedTrack(db, storage, work, p, signal);
  const [t] = await db.orm.select({ s: tracks.encode_status }).from(tracks).where(eq(tracks.id, p.track_id));
  if (t?.s !== 'TRANSCODING') return { track_id: p.track_id, encode_status: t?.s ?? null, skipped: true };
  const status = await encodeTrack(db, storage, work, p.track_id, signal);
  signal.throwIfAborted();
  const ended = await db.transaction(async (tx) => {
    await setTrack(tx, p.track_id, status, owner);
    return endRunIfDone(tx, p, owner);
  });
  return { track_id: p.track_id, encode_status: status, ended_run: ended };
}

/** The encode job's handler; `storage`: the store a re-encode's files are in (removed when it fails, the old ones when it succeeds). */
export function encodeJob(storage: Storage | null = null): JobHandler {
  return async (db, job, ctx) => ({
    result: await runEncode(db, storage, job.id, job.payload as unknown as EncodePayload, job.owner_id, ctx),
  });
}

/** The encode kind; `limits` lets a test expire a run sooner; `storage` as encodeJob's. */
export function encodeKind(
  limits: Partial<Pick<JobKind, 'expireInSeconds' | 'retryLimit' | 'retryDelaySeconds'>> = {},
  storage: Storage | null = null,
): JobKind {
  return {
    run: encodeJob(storage),
    policy: 'exclusive',
    ordered: true,
    expireInSeconds: ENCODE_EXPIRE_SECONDS,
    retryLimit: ENCODE_RETRY_LIMIT,
    retryDelaySeconds: ENCODE_RETRY_DELAY_SECONDS,
    ...limits,
  };
}

/**
 * The encode-track kind: each worker process runs one at a time (one ffmpeg is about one
 * core: two workers on two cores encode two tracks at once); `limits` as encodeKind's.
 * Its files are in this process's work folder under `workRoot` (default `.work` in the
 * storage folder), prepared when the process starts working (JobKind.start).
 */
export function encodeTrackKind(
  storage: Storage,
  limits: Partial<Pick<JobKind, 'expireInSeconds' | 'retryLimit' | 'retryDelaySeconds'>> = {},
  workRoot?: string,
): JobKind {
  let work: WorkFolder | null = null;
  const folder = () => (work ??= workFolder(workRoot ?? workRootOf(storage)));
  return {
    start: () => folder().prepare(),
    run: async (db, job, { signal }) => ({
      result: await runEncodeTrack(db, storage, folder(), job.payload as unknown as EncodeTrackPayload, job.owner_id, signal),
    }),
    concurrency: 1,
    // A track whose worker died runs next, not after the rest of the queue.
    ordered: true,
    expireInSeconds: ENCODE_EXPIRE_SECONDS,
    retryLimit: ENCODE_RETRY_LIMIT,
    retryDelaySeconds: ENCODE_RETRY_DELAY_SECONDS,
    ...limits,
  };
}

/** Both encode kinds, as a worker registers them. */
export function encodeKinds(
  storage: Storage,
  limits: Partial<Pick<JobKind, 'expireInSeconds' | 'retryLimit' | 'retryDelaySeconds'>> = {},
  workRoot?: string,
) {
  return { encode: encodeKind(limits, storage), [ENCODE_TRACK_JOB]: encodeTrackKind(storage, limits, workRoot) };
}

/**
 * Queues the encode of a delivery's release (ingestion, re-ingest): once per delivery and
 * `origin` (the ingest job or request that asks: a retried ingestion queues none again);
 * when another encode of the release holds its key, the delivery is encoding-error.
 */
export async function queueDeliveryEncode(
  db: Db,
  enqueue: (payload: Record<string, unknown>, options: EnqueueOptions) => Promise<JobRow | null>,
  deliveryId: number,
  releaseId: number,
  origin: string,
): Promise<JobRow | null> {
  const [queued] = await db.query<{ id: number }>(
    "select id from jobs where kind = 'encode' and payload->>'delivery_id' = $1 and payload->>'origin' = $2",
    [String(deliveryId), origin],
  );
  if (queued) return null;
  const payload = { release_id: releaseId, track_id: null, delivery_id: deliveryId, origin } satisfies EncodePayload;
  const job = await enqueue({ ...payload }, { singletonKey: encodeKey(releaseId) });
  if (!job) {
    await db.transaction((tx) => setDeliveryStatus(tx, deliveryId, 'encoding-error', null, { detail: ENCODE_BUSY }));
  }
  return job;
}
