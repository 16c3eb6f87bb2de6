/**
 * What a store's ingestion expects of a delivered audio file, judged by the format
 * fields (sample rate, bit depth, channels, duration, format tag), never by the codec
 * string: music-metadata calls a 24-bit WAVE_FORMAT_EXTENSIBLE file "non-PCM (65534)"
 * while also reporting it lossless.
 */
import type { AudioFormat, Issue } from './model';

export const MIN_SAMPLE_RATE = 44_100;
export const BIT_DEPTHS = [16, 24] as const;
export const WAVE_FORMAT_PCM = 1;
export const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export function checkAudio(f: AudioFormat): Issue[] {
  const issues: Issue[] = [];
  const error = (code: string, message: string) => issues.push({ level: 'error', code, message });
  const warning = (code: string, message: string) => issues.push({ level: 'warning', code, message });

  if (!(f.duration > 0)) error('duration', 'The audio has no duration');
  if (f.sampleRate < MIN_SAMPLE_RATE) error('sampleRate', `Sample rate ${f.sampleRate} Hz is below 44.1 kHz`);
  if (!(BIT_DEPTHS as readonly number[]).includes(f.bitsPerSample)) error('bitDepth', `Bit depth ${f.bitsPerSample} is not 16 or 24 bit`);
  if (f.channels !== 2)
    error('channels', f.channels === 1 ? 'The audio is mono, not stereo' : `The audio has ${f.channels} channels, not stereo`);
  if (!f.lossless) error('lossy', 'The audio is not lossless PCM');
  if (f.container === 'AIFF-C')
    warning('aiffc', `AIFF-C file (compression ${f.aiffCompression ?? 'unknown'}): some stores expect plain AIFF`);
  if (f.container === 'WAVE' && f.wavFormatTag === WAVE_FORMAT_EXTENSIBLE) {
    warning('extensible', 'WAVE_FORMAT_EXTENSIBLE header: some stores expect a plain PCM WAV header');
  } else if (f.container === 'WAVE' && f.wavFormatTag !== WAVE_FORMAT_PCM) {
    error('wavFormat', `WAV format tag ${f.wavFormatTag ?? 'unknown'} is not PCM`);
  }
  return issues;
}

export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((i) => i.level === 'error');
}
