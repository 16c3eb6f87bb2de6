/**
 * The encoder (spec §9 "file suffix formats"): one ffmpeg run decodes a track's lossless
 * source (WAV, FLAC or AIFF) once and writes every format the store keeps: the lossless
 * flac, wav and aiff at the source's bit depth, MP3 320 kbps, AAC 128 and 256 kbps in
 * MP4, and the lo-fi previews (MP3 96 kbps and AAC 64 kbps in MP4, the first
 * PREVIEW_SECONDS). Each output's duration, as ffmpeg decodes it, is checked against the
 * source's (within DURATION_TOLERANCE_SECONDS): a short or broken encode is an error,
 * never stored.
 *
 * ffmpeg: the system's (Debian's `ffmpeg`) when one is on PATH, else the static build
 * the @ffmpeg-installer/ffmpeg registry package ships for this platform (so the sandbox
 * encodes after `npm ci` on a machine without ffmpeg). FFMPEG_PATH names another.
 *
 ffmpeg runs from the worker's program runner (jobs/spawner.ts), a small helper process:
 * started from the worker itself, each run's fork would cost in proportion to the worker's
 * memory. The helper ends with the worker, killing the programs it started.
 *
 * ffmpeg dies with its worker (issue 25): the encode's run writes one more output, the
 * tether (TETHER_ARGS: the audio as 8-bit mono at 1 kHz, ~1 KB per second of audio), to its
 * stdout, a pipe the program runner reads and drops. When the worker dies, however it dies
 * (SIGKILL included), the runner goes with it and the pipe's only reader is gone: ffmpeg's next write of the tether
 * fails with EPIPE, and a failed write of an output is fatal to ffmpeg, which exits
 * (within ~0.1 s here). What does not work: `-progress pipe:1` alone, or the stats on
 * stderr: ffmpeg ignores SIGPIPE and a failed progress or log write (Debian's ffmpeg 5.1
 * ran on for minutes, tested). `setpriv --pdeathsig` works too, but on Linux only and
 * through one more program. The probes (`-f null`, a decode of a second or two) are not
 * tethered: the runner kills them as it ends.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { delimiter, join, sep } from 'node:path';
import { accessSync, constants } from 'node:fs';
import type { AudioFormat } from '../../shared/vocabularies';
import { runProgram } from './spawner';

/** Seconds of the lo-fi previews (as the seed's rows say: two minutes). */
export const PREVIEW_SECONDS = 120;
/** How far an output's duration may be from the source's (the Done-when's 50 ms). */
export const DURATION_TOLERANCE_SECONDS = 0.05;

/** The encodes made from a source, by format: codec, bit rate (kbps, lossy only) and container. */
export const ENCODES: ReadonlyArray<{ format: AudioFormat; codec: string; kbps?: number; container: string; preview?: boolean }> = [
  { format: 'flac', codec: 'flac', container: 'flac' },
  { format: 'wav', codec: 'pcm_le', container: 'wav' },
  { format: 'aiff', codec: 'pcm_be', container: 'aiff' },
  { format: 'mp3', codec: 'libmp3lame', kbps: 320, container: 'mp3' },
  { format: 'aac-128', codec: 'aac', kbps: 128, container: 'mp4' },
  { format: 'aac-256', codec: 'aac', kbps: 256, container: 'mp4' },
  { format: 'preview-mp3', codec: 'libmp3lame', kbps: 96, container: 'mp3', preview: true },
  { format: 'preview-mp4', codec: 'aac', kbps: 64, container: 'mp4', preview: true },
];

export class TranscodeError extends Error {
  /**
   * `format`: the output that failed, when one is known (its duration check, or the output
   * ffmpeg's log names); `log`: the end of ffmpeg's log, when ffmpeg failed.
   */
  constructor(
    message: string,
    readonly format?: AudioFormat,
    readonly log?: string,
  ) {
    super(message);
    this.name = 'TranscodeError';
  }
}

/**
 * The output a failed ffmpeg run names in the first error line of its log (ffmpeg 5:
 * "Error … output stream #1:0"; 6 and later: "[aost#1:0/…] Error …", "[out#1/…] Error …"),
 * as the index of the run's outputs; null when no error line names one.
 */
export function failedOutputIndex(log: string): number | null {
  for (const line of log.split('\n')) {
    if (!/error/i.test(line)) continue;
    const m = /output stream #?(\d+):\d+|\[aost#(\d+):\d+|\[out#(\d+)\//.exec(line);
    if (m) return Number(m[1] ?? m[2] ?? m[3]);
  }
  return null;
}

let found: string | null = null;

function onPath(name: string, path: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return null;
}

/** Where ffmpeg is for this environment: FFMPEG_PATH, the system's on PATH, else the registry package's. */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  const system = onPath(process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg', env.PATH ?? '');
  if (system) return system;
  try {
    const pkg = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    // In the packaged app the binary is unpacked beside the archive (electron-builder.yml asarUnpack).
    const path = pkg.path.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    throw new TranscodeError('No ffmpeg: install ffmpeg (Debian: apt-get install ffmpeg) or run npm ci');
  }
}

/** The ffmpeg binary this process uses (found once). */
export function ffmpegPath(): string {
  return (found ??= findFfmpeg());
}

/** Whether an ffmpeg can be run here (tests say why they skip). */
export function hasFfmpeg(): boolean {
  try {
    return spawnSync(ffmpegPath(), ['-version'], { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  }
}

/**
 * The tether output (see the header): the first audio stream as unsigned 8-bit mono at
 * 1 kHz on stdout, which the worker reads and drops; when the worker is gone ffmpeg's
 * write fails and it exits.
 */
export const TETHER_ARGS = ['-map', '0:a:0', '-c:a', 'pcm_u8', '-ac', '1', '-ar', '1000', '-f', 'u8', 'pipe:1'];

/**
 * Runs ffmpeg; resolves with its stderr, rejects with its last lines on failure; killed on
 * abort. `tether`: with the TETHER_ARGS output on a pipe this process reads (the encode).
 */
async function run(args: string[], signal?: AbortSignal, opts: { tether?: boolean; ffmpeg?: string; keep?: number } = {}): Promise<string> {
  let done;
  try {
    // From the small helper process (jobs/spawner.ts): a fork of this one costs what it has mapped.
    done = await runProgram(opts.ffmpeg ?? ffmpegPath(), ['-hide_banner', '-nostdin', ...args, ...(opts.tether ? TETHER_ARGS : [])], {
      drainStdout: opts.tether,
      signal,
      keep: opts.keep,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new TranscodeError(`ffmpeg could not start: ${(e as Error).message}`);
  }
  if (done.code === 0) return done.stderr;
  const err = done.stderr;
  throw new TranscodeError(`ffmpeg failed (${done.code ?? done.signal}): ${err.trim().split('\n').slice(-3).join(' | ')}`, undefined, err);
}

export interface SourceInfo {
  seconds: number;
  bits: number;
}

/** Decodes a file to nothing and answers its decoded duration (and the source's bit depth). */
export async function probe(file: string, signal?: AbortSignal, ffmpeg?: string): Promise<SourceInfo> {
  const out = await run(['-i', file, '-map', '0:a:0', '-f', 'null', '-progress', 'pipe:2', '-'], signal, { ffmpeg });
  const us = [...out.matchAll(/out_time_us=(\d+)/g)].at(-1);
  if (!us) throw new TranscodeError(`Could not read the duration of ${file}`);
  const bits = /Audio: pcm_[su](\d+)|Audio: flac.*?\((\d+) bit\)|s(16|24|32)p?\b/.exec(out);
  const depth = Number(bits?.[1] ?? bits?.[2] ?? bits?.[3] ?? 16);
  return { seconds: Number(us[1]) / 1e6, bits: depth > 16 ? 24 : 16 };
}

/**
 * Decodes files to nothing in one ffmpeg run and answers each one's decoded duration, in
 * order: the run's closing statistics (at the verbose level) give each input's decoded
 * samples, its stream line its sample rate. One run for all of an encode's outputs, not one
 * each: their decodes are short, and each ffmpeg start costs about 0.1 s of CPU.
 */
export async function decodedSeconds(files: readonly string[], signal?: AbortSignal, ffmpeg?: string): Promise<number[]> {
  if (files.length === 0) return [];
  const args = ['-v', 'verbose'];
  for (const f of files) args.push('-i', f);
  files.forEach((_, i) => args.push('-map', `${i}:a:0`, '-f', 'null', '-'));
  // The log's end is kept (the spawner's default 20,000 characters): about 1 KB an input.
  const out = await run(args, signal, { ffmpeg, keep: 20_000 + files.length * 4_000 });
  return files.map((file, i) => {
    // The first "Stream #i:…: Audio: …, N Hz" is the input's (the outputs' come after).
    const rate = new RegExp(`Stream #${i}:\\d+[^:\\n]*: Audio: [^\\n]*?(\\d+) Hz`).exec(out);
    const samples = new RegExp(`Input stream #${i}:\\d+ \\(audio\\):[^\\n]*?\\((\\d+) samples\\)`).exec(out);
    if (!rate || !samples || !(Number(rate[1]) > 0)) throw new TranscodeError(`Could not read the duration of ${file}`);
    return Number(samples[1]) / Number(rate[1]);
  });
}

export interface Encoded {
  format: AudioFormat;
  /** The file in the work folder. */
  path: string;
  suffix: string;
  seconds: number;
}

/**
 * The bit depth the lossless encodes keep (16 or 24), as probe reads it, from the source's
 * header (music-metadata reads a few KB; no ffmpeg start, which costs about 0.12 s of CPU
 * here). Floating-point samples are 16, as ffmpeg's log reads them. Null when the header
 * cannot be read: the caller probes.
 */
export async function headerBits(source: string): Promise<16 | 24 | null> {
  try {
    // An ES module: loaded with the first encode, not with the worker.
    const { parseFile } = await import('music-metadata');
    const { format } = await parseFile(source, { duration: false, skipCovers: true });
    if (!format.bitsPerSample) return null;
    if (/float/i.test(format.codec ?? '')) return 16;
    return format.bitsPerSample > 16 ? 24 : 16;
  } catch {
    return null;
  }
}

/**
 * Encodes `source` into every ENCODES format in `dir` (one ffmpeg run), then checks each
 * output's decoded duration against the source's (one more run decodes the source and
 * every output). A source whose header says nothing of its bit depth is probed first.
 * `ffmpeg`: another binary than this process's (the tests count its runs).
 */
export async function transcode(source: string, dir: string, signal?: AbortSignal, ffmpeg?: string): Promise<Encoded[]> {
  let bits = await headerBits(source);
  if (bits === null) {
    const probed = await probe(source, signal, ffmpeg);
    if (!(probed.seconds > 0)) throw new TranscodeError('The source has no audio');
    bits = probed.bits === 24 ? 24 : 16;
  }
  const pcm = bits === 24 ? 's24' : 's16';
  const args = ['-y', '-i', source];
  const outs: Encoded[] = [];
  for (const e of ENCODES) {
    const suffix = e.container;
    const path = join(dir, `${e.format}.${suffix}`);
    args.push('-map', '0:a:0', '-map_metadata', '-1');
    if (e.codec === 'pcm_le') args.push('-c:a', `pcm_${pcm}le`);
    else if (e.codec === 'pcm_be') args.push('-c:a', `pcm_${pcm}be`);
    else if (e.codec === 'flac') args.push('-c:a', 'flac', '-sample_fmt', bits === 24 ? 's32' : 's16');
    else args.push('-c:a', e.codec, '-b:a', `${e.kbps}k`, '-ac', '2', '-ar', '44100');
    if (e.preview) args.push('-t', String(PREVIEW_SECONDS));
    if (e.container === 'mp4') args.push('-movflags', '+faststart');
    args.push('-f', e.container === 'aiff' ? 'aiff' : e.container, path);
    outs.push({ format: e.format, path, suffix, seconds: 0 });
  }
  try {
    await run(args, signal, { tether: true, ffmpeg });
  } catch (e) {
    // Which output failed, when ffmpeg's log says (a re-encode's error names the format).
    const i = e instanceof TranscodeError && e.log ? failedOutputIndex(e.log) : null;
    if (i !== null && outs[i]) throw new TranscodeError((e as Error).message, outs[i].format, (e as TranscodeError).log);
    throw e;
  }
  const [sourceSeconds, ...seconds] = await decodedSeconds([source, ...outs.map((o) => o.path)], signal, ffmpeg);
  if (!(sourceSeconds > 0)) throw new TranscodeError('The source has no audio');
  for (const [i, o] of outs.entries()) {
    o.seconds = seconds[i];
    const want = ENCODES.find((e) => e.format === o.format)?.preview ? Math.min(PREVIEW_SECONDS, sourceSeconds) : sourceSeconds;
    if (Math.abs(o.seconds - want) > DURATION_TOLERANCE_SECONDS) {
      throw new TranscodeError(`The ${o.format} encode lasts ${o.seconds.toFixed(3)} s, the source ${want.toFixed(3)} s`, o.format);
    }
  }
  return outs;
}
