/**
 * The demo's audio (spec §9 formats): audio file rows with realistic sizes for the tracks
 * of the demo size, and, for a few sandbox tracks, a real short WAV in storage so the
 * preview stream, support downloads and re-encode work in the sandbox. Deterministic:
 * rows and files follow from track ids and encode statuses, no random() is drawn.
 */
import type { Queryable } from '../db/client';
import type { Storage } from '../storage';

/** Tracks with audio file rows: the demo size (scale 1), whatever the scale, so a million-track seed stays quick. */
export const AUDIO_ROW_TRACKS = 5000;

/** Bytes per second of each format: 44.1 kHz 16-bit stereo PCM, FLAC about 60% of it, and the encodes' bit rates. */
const PCM_RATE = 44_100 * 2 * 2;
/** Length of the lo-fi previews, in seconds. */
const PREVIEW_SECONDS = 120;

/** The source's format by track (its file suffix too): mostly WAV, some FLAC, a few AIFF. */
const SOURCE = `case when t.id % 10 < 6 then 'wav' when t.id % 10 < 9 then 'flac' else 'aiff' end`;
/** A track's length in seconds (4 to 9 minutes). */
const SECONDS = '(240 + t.id * 37 % 300)';

/**
 * Audio file rows: every track keeps its lossless source, except ERROR tracks (whose source
 * never arrived); CONVERTED tracks also have the store's encodes (MP3 320, AAC 128/256 in
 * MP4) and the lo-fi previews (MP3 96 kbps, MP4 64 kbps, two minutes). Their files are not
 * made: the rows say so (`stored` false).
 */
export async function seedAudioRows(tx: Queryable, tracks: number): Promise<void> {
  await tx.query(
    `insert into audio_files (track_id, format, size_bytes, storage_key, stored)
     select t.id, f.format, f.size, 'tracks/' || t.id || '/' || f.format || '.' || f.suffix, false
     from tracks t
     cross join lateral (values
       (${SOURCE}, case ${SOURCE} when 'flac' then ${SECONDS} * ${PCM_RATE} * 6 / 10 else ${SECONDS} * ${PCM_RATE} + 54 end::bigint,
        ${SOURCE}, true),
       ('mp3', ${SECONDS} * 40000::bigint, 'mp3', false),
       ('aac-128', ${SECONDS} * 16000::bigint, 'mp4', false),
       ('aac-256', ${SECONDS} * 32000::bigint, 'mp4', false),
       ('preview-mp3', ${PREVIEW_SECONDS * 12_000}::bigint, 'mp3', false),
       ('preview-mp4', ${PREVIEW_SECONDS * 8_000}::bigint, 'mp4', false)
     ) as f(format, size, suffix, source)
     where t.id <= $1 and t.encode_status <> 'ERROR' and (f.source or t.encode_status = 'CONVERTED')
     order by t.id, f.format`,
    [Math.min(tracks, AUDIO_ROW_TRACKS)],
  );
}

/**
 * The sandbox tracks with a real WAV: the first release, and the first release of the
 * sandbox supplier (supplier 1) and of the sandbox label (label 1), so each of those
 * accounts can play one.
 */
const SANDBOX_AUDIO_TRACKS = `select t.id from tracks t where t.release_id in (
    1, (select min(id) from releases where supplier_id = 1), (select min(id) from releases where label_id = 1))
  order by t.id`;

/** Seconds of sine in each sandbox WAV. */
export const SANDBOX_WAV_SECONDS = 1;
const SAMPLE_RATE = 44_100;

/** A mono 16-bit PCM WAV of `seconds` of a sine at `hz` (half amplitude), header and all. */
export function sineWav(hz: number, seconds = SANDBOX_WAV_SECONDS, rate = SAMPLE_RATE): Buffer {
  const samples = Math.round(seconds * rate);
  const data = samples * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28); // bytes per second
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data, 40);
  for (let i = 0; i < samples; i++) b.writeInt16LE(Math.round(0.5 * 32767 * Math.sin((2 * Math.PI * hz * i) / rate)), 44 + i * 2);
  return b;
}

/** Each sandbox track's tone: A3 and the semitones up from it, by its place in the list. */
const toneOf = (n: number) => 220 * 2 ** ((n % 24) / 12);
const wavKey = (trackId: number) => `tracks/${trackId}/wav.wav`;

/** Gives the sandbox tracks their one real file: a WAV source row (replacing their other rows) of the WAV's size. */
export async function seedSandboxAudioRows(tx: Queryable): Promise<number[]> {
  const ids = (await tx.query<{ id: number }>(SANDBOX_AUDIO_TRACKS)).map((r) => r.id);
  await tx.query('delete from audio_files where track_id = any($1::int[])', [ids]);
  await tx.query(
    `insert into audio_files (track_id, format, size_bytes, storage_key) select id, 'wav', $3, key
     from unnest($1::int[], $2::text[]) as x(id, key) order by id`,
    [ids, ids.map(wavKey), sineWav(toneOf(0)).length],
  );
  return ids;
}

/** Writes the sandbox tracks' WAVs into storage (after the seed's transaction: the rows name them). */
export async function writeSandboxAudio(storage: Storage, trackIds: readonly number[]): Promise<void> {
  for (const [n, id] of trackIds.entries()) await storage.put(wavKey(id), sineWav(toneOf(n)));
}
