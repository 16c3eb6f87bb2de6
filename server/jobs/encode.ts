/**
 * Encode jobs (spec §4): POST /v4/catalog/releases/{id}/reencode/ encodes every track of a
 * release, POST /v4/catalog/tracks/{id}/reencode/ one track. "Re-encoding a release blocks
 * further encodes until the job finishes": the kind's pg-boss policy is 'exclusive' and
 * every encode job of a release, whole or one track, carries the singleton key
 * encodeKey(release id), so while one is queued or running, starting another of that
 * release enqueues nothing (the route answers 409 "Failed to start encode job."); of
 * concurrent starts exactly one is queued (pg-boss's unique index decides).
 *
 * A run sets each track TRANSCODING (committed at once, so the console sees it), then
 * transcodes its lossless source file (§9 audio upload types) from storage with ffmpeg
 * (jobs/transcode.ts) into the other §9 formats, stores each encode at
 * `tracks/<id>/<format>.<suffix>` and fills its audio_files row (one per track and
 * format: a retry replaces, never adds), then sets the track CONVERTED with `encoded_at` =
 * now; a track without a stored source, or whose encode fails or comes out shorter or
 * longer than its source, is ERROR. A run stopped half-way (its worker killed, past its
 * expiry) is retried by pg-boss and encodes the release again. A whole-release job sets the
 * release TRANSCODING first; after any encode the release is ERROR when one of its tracks
 * is, CONVERTED when all are. Every change bumps the row's version and writes a history
 * row ('job', by the job's owner) in the same transaction.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LOSSLESS_FORMATS, type EncodeStatus } from '../../shared/vocabularies';
import { recordHistory } from '../api/history';
import type { Db, Queryable } from '../db/client';
import { audio_files, releases, tracks } from '../db/schema';
import { finishDeliveryEncode } from '../ingest/status';
import type { Storage } from '../storage';
import type { JobHandler, JobKind } from './queue';
import { TranscodeError, transcode } from './transcode';

/** What an encode job is asked to do: a whole release (track_id null) or one of its tracks. */
export interface EncodePayload {
  release_id: number;
  track_id: number | null;
  /** A re-ingested delivery whose encode this is: it ends encoded or encoding-error. */
  delivery_id?: number;
}

/** The singleton key every encode job of a release carries. */
export const encodeKey = (releaseId: number) => `release:${releaseId}`;

/**
 * Limits of the encode kind: a run may take ENCODE_EXPIRE_SECONDS (real encodes of a
 * release of long hi-res tracks take minutes; the console's poller gives up waiting at
 * 120 s, spec §4, the job goes on; a worker that died is noticed at the expiry), then it is retried up to ENCODE_RETRY_LIMIT times,
 * ENCODE_RETRY_DELAY_SECONDS after the first failure and doubling. While it waits for a
 * retry the job still holds its release's key.
 */
export const ENCODE_EXPIRE_SECONDS = 30 * 60;
export const ENCODE_RETRY_LIMIT = 2;
export const ENCODE_RETRY_DELAY_SECONDS = 1;

type Changes = Record<string, { old: unknown; new: unknown }>;

/** Sets a track's encode status (and encoded_at when converted), with its history row; nothing when nothing changes. */
async function setTrack(tx: Queryable, id: number, status: EncodeStatus, userId: number | null): Promise<void> {
  const [old] = await tx.orm.select({ encode_status: tracks.encode_status, encoded_at: tracks.encoded_at })
    .from(tracks).where(eq(tracks.id, id)).for('update');
  if (!old) return;
  const converted = status === 'CONVERTED';
  if (old.encode_status === status && !converted) return;
  const [now] = await tx.orm.update(tracks)
    .set({ encode_status: status, ...(converted && { encoded_at: sql`now()` }), version: sql`${tracks.version} + 1` })
    .where(eq(tracks.id, id)).returning({ encode_status: tracks.encode_status, encoded_at: tracks.encoded_at });
  const changes: Changes = {};
  if (now.encode_status !== old.encode_status) changes.encode_status = { old: old.encode_status, new: now.encode_status };
  if (now.encoded_at !== old.encoded_at) changes.encoded_at = { old: old.encoded_at, new: now.encoded_at };
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

/**
 * Encodes one track from its source into every other §9 format, stored with their rows;
 * 'ERROR' when there is no source or ffmpeg's encode fails its checks. Anything else
 * (storage, database, a stop) is thrown: the run fails and is retried.
 */
async function encodeTrack(db: Queryable, storage: Storage, trackId: number, signal: AbortSignal): Promise<EncodeStatus> {
  const source = await sourceOf(db, storage, trackId);
  if (!source) return 'ERROR';
  const dir = await mkdtemp(join(tmpdir(), `encode-${trackId}-`));
  try {
    const input = await storage.stream(source.key);
    if (!input) return 'ERROR';
    const path = join(dir, `source.${source.key.split('.').pop() ?? 'audio'}`);
    await pipeline(input, createWriteStream(path), { signal });
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
      const { size } = await storage.put(key, createReadStream(o.path));
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

/** Encodes a release (or one of its tracks), as an encode job's run does; ingestion runs it too. */
export async function encodeRelease(db: Db, storage: Storage, p: EncodePayload, owner: number | null, signal: AbortSignal): Promise<EncodeOutcome> {
  const ids = (await db.orm.select({ id: tracks.id }).from(tracks)
    .where(and(eq(tracks.release_id, p.release_id), p.track_id === null ? undefined : eq(tracks.id, p.track_id)))
    .orderBy(asc(tracks.position), asc(tracks.id))).map((t) => t.id);
  await db.transaction(async (tx) => {
    if (p.track_id === null) await setRelease(tx, p.release_id, 'TRANSCODING', owner);
    for (const id of ids) await setTrack(tx, id, 'TRANSCODING', owner);
  });
  const results: { id: number; encode_status: EncodeStatus }[] = [];
  for (const id of ids) {
    signal.throwIfAborted();
    const status = await encodeTrack(db, storage, id, signal);
    await db.transaction((tx) => setTrack(tx, id, status, owner));
    results.push({ id, encode_status: status });
  }
  const release = await db.transaction(async (tx) => {
    await tx.orm.select({ id: releases.id }).from(releases).where(eq(releases.id, p.release_id)).for('update');
    const all = await tx.orm.select({ s: tracks.encode_status }).from(tracks).where(eq(tracks.release_id, p.release_id));
    const status = releaseStatus(all.map((t) => t.s));
    if (status) await setRelease(tx, p.release_id, status, owner);
    const [r] = await tx.orm.select({ encode_status: releases.encode_status }).from(releases).where(eq(releases.id, p.release_id));
    return r?.encode_status ?? null;
  });
  return {
    release_id: p.release_id, track_id: p.track_id, release_encode_status: release, tracks: results,
    converted: results.filter((r) => r.encode_status === 'CONVERTED').length,
    errors: results.filter((r) => r.encode_status === 'ERROR').length,
  };
}

export function encodeJob(storage: Storage): JobHandler {
  return async (db, job, { signal }) => {
    const p = job.payload as unknown as EncodePayload;
    const result = await encodeRelease(db, storage, p, job.owner_id, signal);
    if (p.delivery_id !== undefined) await finishDeliveryEncode(db, p.delivery_id, result);
    return { result };
  };
}

/** The encode kind; `limits` lets a test expire a run sooner. */
export function encodeKind(storage: Storage, limits: Partial<Pick<JobKind, 'expireInSeconds' | 'retryLimit' | 'retryDelaySeconds'>> = {}): JobKind {
  return {
    run: encodeJob(storage), policy: 'exclusive',
    expireInSeconds: ENCODE_EXPIRE_SECONDS, retryLimit: ENCODE_RETRY_LIMIT, retryDelaySeconds: ENCODE_RETRY_DELAY_SECONDS, ...limits,
  };
}
