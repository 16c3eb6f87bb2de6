/**
 * What main's scanner answers for one file and what the audio checks say about it.
 * These schemas are the packaging bridge channels' response shapes.
 */
import { z } from 'zod';

/** The container as read from the file's own header, not its name. */
export const AudioContainer = z.enum(['WAVE', 'FLAC', 'AIFF', 'AIFF-C']);
export type AudioContainer = z.infer<typeof AudioContainer>;

export const AudioFormat = z.object({
  container: AudioContainer,
  /** The codec string music-metadata reports (e.g. "PCM", "FLAC", "non-PCM (65534)"): shown, never judged. */
  codec: z.string(),
  /** The RIFF fmt chunk's format tag (1 PCM, 3 float, 65534 WAVE_FORMAT_EXTENSIBLE); null outside WAVE. */
  wavFormatTag: z.number().int().nullable(),
  /** The AIFF-C compression type (e.g. "NONE", "sowt"); null outside AIFF-C. */
  aiffCompression: z.string().nullable(),
  lossless: z.boolean(),
  sampleRate: z.number(),
  bitsPerSample: z.number().int(),
  channels: z.number().int(),
  /** Seconds. */
  duration: z.number(),
  numberOfSamples: z.number().int().nullable(),
});
export type AudioFormat = z.infer<typeof AudioFormat>;

/** Embedded tags used to pre-fill track fields. */
export const AudioTags = z.object({
  title: z.string().optional(),
  /** The release the file says it belongs to (shared/packaging/releases.ts). */
  album: z.string().optional(),
  artist: z.string().optional(),
  isrc: z.string().optional(),
  bpm: z.number().optional(),
  key: z.string().optional(),
});
export type AudioTags = z.infer<typeof AudioTags>;

export const Issue = z.object({
  level: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
});
export type Issue = z.infer<typeof Issue>;

export const ScanStatus = z.enum(['ok', 'unsupported', 'unreadable', 'corrupt', 'refused']);

/** One file the scan saw; files it could not use carry a reason and are never dropped. */
export const ScanEntry = z.object({
  /** Real absolute path (inside a picked folder). */
  path: z.string(),
  /** The file name as shown. */
  name: z.string(),
  size: z.number().int(),
  status: ScanStatus,
  reason: z.string().optional(),
  /** The DDEX hash: MD5 of the whole file, hex. */
  md5: z.string().optional(),
  format: AudioFormat.optional(),
  tags: AudioTags.optional(),
  issues: z.array(Issue),
});
export type ScanEntry = z.infer<typeof ScanEntry>;

export const ScanProgress = z.object({
  scanId: z.string(),
  filesDone: z.number().int(),
  filesTotal: z.number().int(),
  bytesDone: z.number(),
  bytesTotal: z.number(),
  /** The file that just finished, when one did. */
  entry: ScanEntry.optional(),
});
export type ScanProgress = z.infer<typeof ScanProgress>;
