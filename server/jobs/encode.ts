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
import { LOSSLESS_FORMATS, type EncodeStatus } from '../../shared/vocabularies';
import { recordHistory } from '../api/history';
import type { Db, Queryable } from '../db/client';
import { visibilityFor } from '../catalog/visibility';
import { audio_files, releases, tracks } from '../db/schema';
import { finishDeliveryEncode, setDeliveryStatus } from '../ingest/status';
import type { Storage } from '../storage';
import type { EnqueueOptions, JobContext, JobHandler, JobKind, JobRow } from './queue';
import { TranscodeError, transcode } from './transcode';
import { workFolder, workRootOf, type WorkFolder } from './work-folder';

/** What an encode job is asked to do: a whole release (track_id null) or one of its tracks. */
export interface EncodePayload {
  release_id: number;
  track_id: number | null;
  /** A re-ingested delivery whose encode this is: it ends encoded or encoding-error. */
  delivery_id?: number;
  /** What queued a delivery's encode (its ingest job, or a re-ingest): one encode each. */
  origin?: string;
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
  const [now] = await tx.orm.update(tracks)
    .set({ encode_status: status, ...(converted && { encoded_at: sql`now()` }), ...visibilityFor(status), version: sql`${tracks.version} + 1` })
    .where(eq(tracks.id, id)).returning(audited);
  const changes: Changes = {};
  for (const k of Object.keys(audited) as (keyof typeof audited)[]) if (now[k] !== old[k]) changes[k] = { old: old[k], new: now[k] };
  await recordHistory(tx, { entity: 'tracks', entityId: id, userId, action: 'job', changes });
}

/** Sets a release's encode status, with its history row; nothing when it already has it. */
async function setRelease(tx: Queryable, id: number, status: EncodeStatus, userId: number | null): Promise<void> {
  const [old] = await tx.orm.select({ encode_status: releases.encode_status }).from(releases).where(eq(releases.id, id)).for('update');
  if (!old || old.encode_status === status) return;
  await tx.orm.update(releases).set({ encode_status: status, version: sql`${releases.version} + 1` }).where(eq(releases.id, id));
  await recordHistory(tx, { entity: 'releases', entityId: id, userId, action: 'job', changes: { encode_status: { old: old.encode_status, new: status } } });
}

/** The release's status from its tracks': ERROR when one is, CONVERTED when all are (a release without tracks has nothing encoded: ERROR). */
function releaseStatus(statuses: readonly string[]): EncodeStatus | null {
  if (statuses.length === 0 || statuses.includes('ERROR')) return 'ERROR';
  return statuses.every((s) => s === 'CONVERTED') ? 'CONVERTED' : null;
}

/** The track's lossless source in storage (its row's format and key), or null. */
async function sourceOf(db: Queryable, storage: Storage, trackId: number): Promise<{ format: string; key: string } | null> {
  const files = await db.orm.select({ format: audio_files.format, key: audio_files.storage_key }).from(audio_files)
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
export async function tracksWithoutSource(db: Queryable, storage: Storage, releaseId: number, trackId: number | null): Promise<{ all: number; missing: number[] }> {
  const ids = (await db.orm.select({ id: tracks.id }).from(tracks)
    .where(and(eq(tracks.release_id, releaseId), trackId === null ? undefined : eq(tracks.id, trackId)))).map((t) => t.id);
  const missing: number[] = [];
  for (const id of ids) if (!(await sourceOf(db, storage, id))) missing.push(id);
  return { all: ids.length, missing };
}

/** The refusal of an encode of a release (or one track) some of whose tracks have no source audio, or null when all have one. */
export async function noSourceAudioReason(db: Queryable, storage: Storage, releaseId: number, trackId: number | null): Promise<string | null> {
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
  const [t] = type === 'tracks' ? await db.orm.select({ release_id: tracks.release_id }).from(tracks).where(eq(tracks.id, id)) : [{ release_id: id }];
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
      await db.orm.insert(audio_files).values({ track_id: trackId, format: o.format, size_bytes: size, storage_key: key })
        .onConflictDoUpdate({ target: [audio_files.track_id, audio_files.format], set: { size_bytes: size, storage_key: key } });
    }
    return 'CONVERTED';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
}

/** Milliseconds between an encode job's looks at its tracks' jobs while it waits for them. */
export const ENCODE_WAIT_MS = 250;

/** The tracks of an encode job's run: those of its encode-track jobs. */
async function runTracks(db: Queryable, parentJobId: number): Promise<{ track_id: number; state: string }[]> {
  return db.query<{ track_id: number; state: string }>(
    `select (payload->>'track_id')::int track_id, state from jobs
     where kind = $1 and payload->>'parent_job_id' = $2 order by id`, [ENCODE_TRACK_JOB, String(parentJobId)]);
}

/**
 * Ends a run when none of its tracks is TRANSCODING any more: the release ERROR when one of
 * its tracks is, CONVERTED when all are, and the delivery (if the run has one) encoded or
 * encoding-error. Holds the release's row lock, so of the track jobs finishing at once the
 * last one to commit ends it; each change is made only from the state before it (a release
 * already at its status, a delivery already encoded or encoding-error are left alone), so
 * a retried track job or the waiting parent ending it again changes nothing.
 */
async function endRunIfDone(tx: Queryable, p: { release_id: number; parent_job_id: number; delivery_id?: number }, owner: number | null): Promise<boolean> {
  await tx.orm.select({ id: releases.id }).from(releases).where(eq(releases.id, p.release_id)).for('update');
  const ids = (await runTracks(tx, p.parent_job_id)).map((t) => t.track_id);
  const mine = ids.length === 0 ? [] : await tx.orm.select({ s: tracks.encode_status }).from(tracks).where(inArray(tracks.id, ids));
  if (mine.some((t) => t.s === 'TRANSCODING')) return false;
  const all = await tx.orm.select({ s: tracks.encode_status }).from(tracks).where(eq(tracks.release_id, p.release_id));
  const status = releaseStatus(all.map((t) => t.s));
  if (status) await setRelease(tx, p.release_id, status, owner);
  if (p.delivery_id !== undefined) {
    const [d] = await tx.query<{ release_status: string }>('select release_status from deliveries where id = $1 for update', [p.delivery_id]);
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
async function runEncode(db: Db, jobId: number, p: EncodePayload, owner: number | null, ctx: JobContext): Promise<EncodeOutcome> {
  const enqueue = ctx.enqueue;
  if (!enqueue) throw new Error('An encode job runs on a job queue.');
  const run = { release_id: p.release_id, parent_job_id: jobId, ...(p.delivery_id !== undefined && { delivery_id: p.delivery_id }) };
  await db.transaction(async (tx) => {
    await tx.query('select id from jobs where id = $1 for update', [jobId]);
    if ((await runTracks(tx, jobId)).length > 0) return;
    const ids = (await tx.orm.select({ id: tracks.id }).from(tracks)
      .where(and(eq(tracks.release_id, p.release_id), p.track_id === null ? undefined : eq(tracks.id, p.track_id)))
      .orderBy(asc(tracks.position), asc(tracks.id))).map((t) => t.id);
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
      const results = jobs.length === 0 ? [] : await db.orm.select({ id: tracks.id, encode_status: tracks.encode_status }).from(tracks)
        .where(inArray(tracks.id, jobs.map((j) => j.track_id))).orderBy(asc(tracks.position), asc(tracks.id));
      const [r] = await db.orm.select({ encode_status: releases.encode_status }).from(releases).where(eq(releases.id, p.release_id));
      const list = results.map((t) => ({ id: t.id, encode_status: t.encode_status as EncodeStatus }));
      return {
        release_id: p.release_id, track_id: p.track_id, release_encode_status: r?.encode_status ?? null, tracks: list,
        converted: list.filter((t) => t.encode_status === 'CONVERTED').length,
        errors: list.filter((t) => t.encode_status !== 'CONVERTED').length,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, ENCODE_WAIT_MS));
    ctx.signal.throwIfAborted();
  }
}

/**
 * Runs an encode-track job: encodes its track (when it is still TRANSCODING: a retry of a
 * run that had already finished it does nothing), then sets the track's status and, if it
 * was the run's last, ends the run, in one transaction.
 */
async function runEncodeTrack(db: Db, storage: Storage, work: WorkFolder, p: EncodeTrackPayload, owner: number | null, signal: AbortSignal) {
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

export function encodeJob(): JobHandler {
  return async (db, job, ctx) => ({ result: await runEncode(db, job.id, job.payload as unknown as EncodePayload, job.owner_id, ctx) });
}

/** The encode kind; `limits` lets a test expire a run sooner. */
export function encodeKind(limits: Partial<Pick<JobKind, 'expireInSeconds' | 'retryLimit' | 'retryDelaySeconds'>> = {}): JobKind {
  return {
    run: encodeJob(), policy: 'exclusive', ordered: true,
    expireInSeconds: ENCODE_EXPIRE_SECONDS, retryLimit: ENCODE_RETRY_LIMIT, retryDelaySeconds: ENCODE_RETRY_DELAY_SECONDS, ...limits,
  };
}

/**
 * The encode-track kind: each worker process runs one at a time (one ffmpeg is about one
 * core: two workers on two cores encode two tracks at once); `limits` as encodeKind's.
 * Its files are in this process's work folder under `workRoot` (default `.work` in the
 * storage folder), prepared when the process starts working (JobKind.start).
 */
export function encodeTrackKind(storage: Storage, limits: Partial<Pick<JobKind, 'expireInSeconds' | 'retryLimit' | 'retryDelaySeconds'>> = {}, workRoot?: string): JobKind {
  let work: WorkFolder | null = null;
  const folder = () => (work ??= workFolder(workRoot ?? workRootOf(storage)));
  return {
    start: () => folder().prepare(),
    run: async (db, job, { signal }) => ({ result: await runEncodeTrack(db, storage, folder(), job.payload as unknown as EncodeTrackPayload, job.owner_id, signal) }),
    concurrency: 1,
    // A track whose worker died runs next, not after the rest of the queue.
    ordered: true,
    expireInSeconds: ENCODE_EXPIRE_SECONDS, retryLimit: ENCODE_RETRY_LIMIT, retryDelaySeconds: ENCODE_RETRY_DELAY_SECONDS, ...limits,
  };
}

/** Both encode kinds, as a worker registers them. */
export function encodeKinds(storage: Storage, limits: Partial<Pick<JobKind, 'expireInSeconds' | 'retryLimit' | 'retryDelaySeconds'>> = {}, workRoot?: string) {
  return { encode: encodeKind(limits), [ENCODE_TRACK_JOB]: encodeTrackKind(storage, limits, workRoot) };
}

/**
 * Queues the encode of a delivery's release (ingestion, re-ingest): once per delivery and
 * `origin` (the ingest job or request that asks: a retried ingestion queues none again);
 * when another encode of the release holds its key, the delivery is encoding-error.
 */
export async function queueDeliveryEncode(
  db: Db, enqueue: (payload: Record<string, unknown>, options: EnqueueOptions) => Promise<JobRow | null>,
  deliveryId: number, releaseId: number, origin: string,
): Promise<JobRow | null> {
  const [queued] = await db.query<{ id: number }>(
    "select id from jobs where kind = 'encode' and payload->>'delivery_id' = $1 and payload->>'origin' = $2", [String(deliveryId), origin]);
  if (queued) return null;
  const payload = { release_id: releaseId, track_id: null, delivery_id: deliveryId, origin } satisfies EncodePayload;
  const job = await enqueue({ ...payload }, { singletonKey: encodeKey(releaseId) });
  if (!job) {
    await db.transaction((tx) => setDeliveryStatus(tx, deliveryId, 'encoding-error', null, { detail: ENCODE_BUSY }));
  }
  return job;
}
