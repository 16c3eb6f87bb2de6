/**
 * The audio files a delivery may carry (spec §9 audio upload types: WAV, FLAC, AIFF), by
 * file suffix, and the lossless format each is stored as. One list for the packaging
 * wizard (main's scanner and file picker) and for ingestion (server/ingest): a file the
 * wizard puts in a package is one the store takes in. `.aif` and `.aifc` are AIFF's
 * other usual names; AIFF-C (uncompressed, big or little endian) is stored as aiff, as
 * ffmpeg decodes both alike.
 */
export const AUDIO_SUFFIX_FORMATS = {
  '.wav': 'wav',
  '.flac': 'flac',
  '.aiff': 'aiff',
  '.aif': 'aiff',
  '.aifc': 'aiff',
} as const satisfies Record<string, 'wav' | 'flac' | 'aiff'>;

export type AudioSuffix = keyof typeof AUDIO_SUFFIX_FORMATS;

/** The accepted suffixes, lower case with their dot. */
export const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set(Object.keys(AUDIO_SUFFIX_FORMATS));

/** The stored lossless format of a file name or suffix (any case), or null when it is not accepted audio. */
export function audioFormatOf(nameOrSuffix: string): 'wav' | 'flac' | 'aiff' | null {
  const dot = nameOrSuffix.lastIndexOf('.');
  const suffix = (dot < 0 ? nameOrSuffix : nameOrSuffix.slice(dot)).toLowerCase();
  return (AUDIO_SUFFIX_FORMATS as Record<string, 'wav' | 'flac' | 'aiff'>)[suffix] ?? null;
}
