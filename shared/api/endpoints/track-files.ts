/**
 * A track's audio as content ops handle it (spec §7 "content ops … track-file-update
 * PATCH"; "Others: encode POSTs for on-demand and beatdrop; files by guid (al/files)"):
 *
 * - PATCH /v4/content-ops/track-file-update/?track_id=&file_name=[&size=&md5=&duration=]
 *   replaces a track's source audio with the request body (the file's bytes, streamed,
 *   never read whole), checked as ingestion checks a delivery's audio (server/ingest/
 *   files.ts): a WAV, FLAC or AIFF file (§9 audio upload types, by the file name's suffix,
 *   shared/packaging/audio-formats.ts) that decodes, and, when the caller declares them,
 *   its size, MD5 and duration (within DURATION_TOLERANCE_SECONDS). The new source
 *   replaces the track's audio file rows, the track becomes "Pending Audio Encode" (§4: not
 *   CONVERTED, so hidden and disabled until its encode converts it) and an `encode` job of
 *   the track is queued, in one transaction: a refused file changes nothing.
 * - POST /v4/encode/on-demand/ `{track_id, format}`: an encode of one track into one §9
 *   format (ENCODABLE_FORMATS) from its stored source.
 * - POST /v4/encode/beatdrop/ `{track_id}`: the preview (clip) encode: the lo-fi previews
 *   (§9 "lo-fi preview mp3/mp4", the first PREVIEW_SECONDS) from the stored source.
 *   Both answer 202 JobStarted, polled at GET /v4/jobs/encode/{id}/ like every encode.
 * - GET /v4/al/files/{track_guid}/: a track's audio files by its guid, each with its
 *   format, size, duration and the way to download it (the support download's API path
 *   and the console's media target, which main turns into a media ticket URL).
 */
import { z } from 'zod';
import { AUDIO_FORMAT, AUDIO_FORMATS, type AudioFormat } from '../../vocabularies';
import { endpoint } from '../endpoint';
import { listEnvelope } from '../envelope';
import { JobStarted } from './jobs';
import { formatSeconds } from '../../format';

/** The most bytes a track-file-update takes (a long 24-bit/96 kHz WAV fits); more is a 413. */
export const TRACK_FILE_MAX_BYTES = 2 * 1024 ** 3;

/** Content types the track-file-update body may have (the format is the file name's, as ingestion reads it). */
export const TRACK_FILE_TYPES = [
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/flac',
  'audio/x-flac',
  'audio/aiff',
  'audio/x-aiff',
  'application/octet-stream',
] as const;

/** Every §9 format an on-demand encode may make (the encoder's list: server/jobs/transcode.ts ENCODES). */
export const ENCODABLE_FORMATS: readonly AudioFormat[] = AUDIO_FORMATS;
/** What a beatdrop encode makes: the lo-fi previews (§9), the clip the store plays. */
export const BEATDROP_FORMATS: readonly AudioFormat[] = AUDIO_FORMAT.filter((f) => f.preview).map((f) => f.value);

export const TRACK_FILE_MSG = {
  body: 'Send the audio file as the body, with Content-Type audio/wav, audio/flac, audio/aiff or application/octet-stream.',
  fileName: 'The file must be WAV, FLAC or AIFF (.wav, .flac, .aiff, .aif or .aifc).',
  md5: 'Enter the MD5 as 32 hexadecimal digits.',
  size: 'Enter the size in bytes as a whole number.',
  duration: 'Enter the duration in seconds as a positive number.',
  trackId: 'Enter a valid track id.',
  format: `Select one of: ${AUDIO_FORMATS.join(', ')}.`,
  empty: 'The file is empty.',
  /** The ingestion's words (server/ingest/files.ts), about the file sent. */
  notDecodable: 'the audio does not decode',
  sizeDiffers: (got: number, declared: number) => `the file has ${got} bytes, the request says ${declared}`,
  md5Differs: 'the file is not the one described (its MD5 differs): send it again',
  durationDiffers: (got: number, declared: number) => `the audio lasts ${formatSeconds(got)}, the request says ${formatSeconds(declared)}`,
  sourceFormat: "This is the track's source format: it is kept as it came, not encoded.",
} as const;

/** A positive int4 id in a query string or body. */
const trackId = z.union(
  [
    z
      .number({ error: TRACK_FILE_MSG.trackId })
      .int(TRACK_FILE_MSG.trackId)
      .positive(TRACK_FILE_MSG.trackId)
      .max(999_999_999, TRACK_FILE_MSG.trackId),
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, TRACK_FILE_MSG.trackId)
      .transform(Number),
  ],
  { error: TRACK_FILE_MSG.trackId },
);

/** The query of PATCH …/track-file-update/: which track, the file's name (its format) and what the caller declares of it. */
export const TrackFileUpdateQuery = z.strictObject({
  track_id: trackId,
  file_name: z
    .string({ error: TRACK_FILE_MSG.fileName })
    .trim()
    .min(1, TRACK_FILE_MSG.fileName)
    .max(255, TRACK_FILE_MSG.fileName)
    .regex(/\.(wav|flac|aiff?|aifc)$/i, TRACK_FILE_MSG.fileName),
  size: z
    .string()
    .regex(/^\d{1,15}$/, TRACK_FILE_MSG.size)
    .transform(Number)
    .optional(),
  md5: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/, TRACK_FILE_MSG.md5)
    .transform((s) => s.toLowerCase())
    .optional(),
  duration: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,6})?$/, TRACK_FILE_MSG.duration)
    .transform(Number)
    .refine((n) => n > 0, TRACK_FILE_MSG.duration)
    .optional(),
});

/** The body: the file's bytes as a stream (never read whole). */
export const AudioStream = z.custom<AsyncIterable<Uint8Array>>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { pipe?: unknown }).pipe === 'function',
  { error: TRACK_FILE_MSG.body },
);

const formatValue = z.enum(AUDIO_FORMATS, { error: TRACK_FILE_MSG.format });

/** What PATCH …/track-file-update/ answers (202): the stored source and the encode job it queued. */
export const TrackFileUpdated = z.object({
  track_id: z.number().int(),
  format: formatValue,
  size_bytes: z.number().int(),
  md5: z.string(),
  duration_seconds: z.number(),
  encode_status: z.string(),
  job: JobStarted,
});
export type TrackFileUpdated = z.infer<typeof TrackFileUpdated>;

export const OnDemandEncodeBody = z.strictObject({ track_id: trackId, format: formatValue });
export const BeatdropEncodeBody = z.strictObject({ track_id: trackId });

/** The media target the console hands main's mediaUrl channel for a support download (shared/bridge/channels/media.ts). */
export const SupportDownloadTarget = z.object({ kind: z.literal('supportDownload'), trackId: z.number().int(), format: formatValue });

/** One audio file of a track, as GET /v4/al/files/{guid}/ lists it. */
export const TrackFile = z.object({
  track_id: z.number().int(),
  format: formatValue,
  label: z.string(),
  content_type: z.string(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  /** Seconds, as read from the file's header; null when the file is not in storage or its length cannot be read. */
  duration_seconds: z.number().nullable(),
  /** Whether the file is in storage (only then can it be downloaded). */
  stored: z.boolean(),
  /** The API path of its bytes (GET, as an attachment), and the console's media target for a ticket URL; null when not stored. */
  download: z.object({ path: z.string(), media_target: SupportDownloadTarget }).nullable(),
});
export type TrackFile = z.infer<typeof TrackFile>;

export const trackFileEndpoints = {
  trackFileUpdate: endpoint({
    method: 'PATCH',
    path: '/v4/content-ops/track-file-update/',
    query: TrackFileUpdateQuery,
    body: AudioStream,
    response: TrackFileUpdated,
    doc: 'Replaces a track\'s source audio with the body (WAV, FLAC or AIFF by `file_name`; at most TRACK_FILE_MAX_BYTES), checked as ingestion checks audio (decodes; the declared size, md5, duration), and queues its encode (202). The track is "Pending Audio Encode", hidden and disabled, until the encode converts it. 409 "Failed to start encode job." while an encode of its release runs; a refused file changes nothing.',
  }),
  encodeOnDemand: endpoint({
    method: 'POST',
    path: '/v4/encode/on-demand/',
    body: OnDemandEncodeBody,
    response: JobStarted,
    doc: 'Starts an `encode` job making one §9 format of a track from its stored source (202; poll /v4/jobs/encode/{id}/). 409 "Failed to start encode job." while an encode of its release runs, when it has no source, or when the format is its source\'s.',
  }),
  encodeBeatdrop: endpoint({
    method: 'POST',
    path: '/v4/encode/beatdrop/',
    body: BeatdropEncodeBody,
    response: JobStarted,
    doc: "Starts an `encode` job making a track's lo-fi previews (the clip: MP3 and MP4, the first two minutes) from its stored source (202). 409 as on-demand.",
  }),
  files: endpoint({
    method: 'GET',
    path: '/v4/al/files/:guid/',
    params: z.object({ guid: z.guid() }),
    response: listEnvelope(TrackFile),
    doc: "The audio files of the track with this guid, in the §9 order of formats: format, size, duration, and its download (the support download's path and media target) when stored.",
  }),
};
