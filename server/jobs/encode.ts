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
 * CONVERTED with `encoded_at` = now when the track has a lossless source file (§9 audio
 * upload types) in storage, else ERROR. No audio is transcoded yet: the ingestion issue
 * brings the transcoder, which will write the encodes here. A whole-release job sets the
 * release TRANSCODING first; after any encode the release is ERROR when one of its tracks
 * is, CONVERTED when all are. Every change bumps the row's version and writes a history
 * row ('job', by the job's owner) in the same transaction.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LOSSLESS_FORMATS, type EncodeStatus } from '../../shared/vocabularies';
import { recordHistory } from '../api/history';
import type { Queryable } from '../db/client';
import { audio_files, releases, tracks } from '../db/schema';
import type { Storage } from '../storage';
import type { JobHandler, JobKind } from './queue';

/** What an encode job is asked to do: a whole release (track_id null) or one of its tracks. */
export interface EncodePayload {
  release_id: number;
  track_id: number | null;
}

/** The singleton key every encode job of a release carries. */
export const encodeKey = (releaseId: number) => `release:${releaseId}`;

/**
 * Limits of the encode kind: a run may take ENCODE_EXPIRE_SECONDS (the console's poller
 * gives up at 120 s, spec §4), then it is retried up to ENCODE_RETRY_LIMIT times,
 * ENCODE_RETRY_DELAY_SECONDS after the first failure and doubling. While it waits for a
 * retry the job still holds its release's key.
 */
export const ENCODE_EXPIRE_SECONDS = 60;
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

/** Whether the track has a lossless source file in storage. */
async function hasSource(db: Queryable, storage: Storage, trackId: number): Promise<boolean> {
  const files = await db.orm.select({ key: audio_files.storage_key }).from(audio_files)
    .where(and(eq(audio_files.track_id, trackId), inArray(audio_files.format, [...LOSSLESS_FORMATS])));
  for (const f of files) if (await storage.exists(f.key)) return true;
  return false;
}

export function encodeJob(storage: Storage): JobHandler {
  return async (db, job, { signal }) => {
    const p = job.payload as unknown as EncodePayload;
    const owner = job.owner_id;
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
      const status: EncodeStatus = (await hasSource(db, storage, id)) ? 'CONVERTED' : 'ERROR';
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
      result: {
        release_id: p.release_id, track_id: p.track_id, release_encode_status: release, tracks: results,
        converted: results.filter((r) => r.encode_status === 'CONVERTED').length,
        errors: results.filter((r) => r.encode_status === 'ERROR').length,
      },
    };
  };
}

export function encodeKind(storage: Storage): JobKind {
  return {
    run: encodeJob(storage), policy: 'exclusive',
    expireInSeconds: ENCODE_EXPIRE_SECONDS, retryLimit: ENCODE_RETRY_LIMIT, retryDelaySeconds: ENCODE_RETRY_DELAY_SECONDS,
  };
}
