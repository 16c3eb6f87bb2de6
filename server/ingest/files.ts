/**
 * A delivery's files (issue 25: "verify before creating"). Ingestion keeps each file of a
 * release folder in storage and, in the same pass that copies it, learns what it is: its
 * size and MD5 (hashed from the bytes as they are written, so a file is read once) and,
 * for audio, whether it decodes and for how long (ffmpeg decodes it to nothing, as the
 * encoder's probe does; a release folder's audio in one ffmpeg run). These facts are kept
 * with the delivery (deliveries.files), and every file the ERN names is checked against
 * them before anything is created (verifyDeliveryFiles): present, the declared size and
 * MD5, audio that decodes with the declared duration, cover art per §5. A failure names the
 * file and the reason.
 *
 * Storage keys are plain ASCII segments (server/storage), while a supplier may write any
 * file name (spaces, accents in NFC or NFD, long names): deliveryFileKey keeps a segment
 * that is already a valid key and otherwise spells it in ASCII with a hash of the name,
 * so every name has one key and two names never share one. The delivery lists each
 * file's name as it came and its key.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { loadSharp } from '../lazy-modules';
import { COVER_ART_MIN } from '../../shared/constants';
import { audioFormatOf } from '../../shared/packaging/audio-formats';
import { KEY_SEGMENT, type Storage } from '../storage';
import { decodedSeconds, probe } from '../jobs/transcode';
import type { ErnFile, ErnRelease } from './read-ern';

/** A file of a delivery as kept: its path in the release folder, its storage key and what was learnt of it. */
export interface DeliveryFile {
  path: string;
  /** Absent on deliveries kept before keys were derived (their key is `<prefix>/<path>`). */
  key?: string;
  size: number;
  md5?: string;
  /** Audio only: the decoded duration in seconds, or why it does not decode. */
  audio?: { seconds: number } | { error: string };
  /** Images only: the pixel size, or why it cannot be read. */
  image?: { width: number; height: number } | { error: string };
  /** The XML as content ops replaced it (PUT …/xml/): kept when the batch folder is read again. */
  replaced?: boolean;
}

/** Decoded and declared durations may differ by this much (seconds): encoders pad the last frame. */
export const DURATION_TOLERANCE_SECONDS = 1;

/** The storage key of the file at `path` (its release-folder path, any characters) under `prefix`. */
export function deliveryFileKey(prefix: string, path: string): string {
  return [
    prefix,
    ...path.split('/').map((seg) => {
      if (KEY_SEGMENT.test(seg) && seg.length <= 200) return seg;
      // The suffix stays last (the encoder and downloads read it); the name before it in ASCII, then the hash.
      const dot = seg.lastIndexOf('.');
      const suffix = dot > 0 && /^\.[A-Za-z0-9]{1,10}$/.test(seg.slice(dot)) ? seg.slice(dot) : '';
      const stem = (suffix ? seg.slice(0, dot) : seg)
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9._-]+/g, '_')
        .replace(/^[^A-Za-z0-9]+/, '')
        .slice(0, 120);
      const hash = createHash('sha256').update(seg.normalize('NFC')).digest('hex').slice(0, 12);
      return `${stem ? `${stem}-` : 'f-'}${hash}${suffix}`;
    }),
  ].join('/');
}

/** The key of a kept file. */
export const keyOf = (prefix: string, f: DeliveryFile): string => f.key ?? `${prefix}/${f.path}`;

/** Every file under `dir`, as paths relative to it with forward slashes (dot files left out). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((p) => !p.split('/').some((s) => s.startsWith('.')))
    .sort();
}

const isImage = (path: string) => /\.(jpe?g|png)$/i.test(path);

async function imageFacts(file: string): Promise<DeliveryFile['image']> {
  try {
    const m = await loadSharp()(file).metadata();
    return m.width && m.height ? { width: m.width, height: m.height } : { error: 'it is not an image that can be read' };
  } catch {
    return { error: 'it is not an image that can be read' };
  }
}

async function audioFacts(file: string, signal?: AbortSignal, ffmpeg?: string): Promise<NonNullable<DeliveryFile['audio']>> {
  try {
    return { seconds: (await probe(file, signal, ffmpeg)).seconds };
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { error: 'the audio does not decode' };
  }
}

/**
 * How many audio files one ffmpeg run decodes at most. Each ffmpeg start costs about 0.12 s
 * of CPU here (it maps some 200 shared libraries) and a release's files decode in a few
 * seconds at most, so a release folder's audio is decoded in one run (an album's too).
 */
export const AUDIO_FACTS_PER_RUN = 50;

/**
 * The audio facts of `files`, in order: each one's decoded duration, from one ffmpeg run per
 * AUDIO_FACTS_PER_RUN files. A run fails as a whole when one of its files does not decode;
 * its files are then decoded one by one, so the one that does not is named. `ffmpeg`: another
 * binary than this process's (the tests count its runs).
 */
export async function audioFactsOf(
  files: readonly string[],
  signal?: AbortSignal,
  ffmpeg?: string,
): Promise<NonNullable<DeliveryFile['audio']>[]> {
  const out: NonNullable<DeliveryFile['audio']>[] = [];
  for (let i = 0; i < files.length; i += AUDIO_FACTS_PER_RUN) {
    const run = files.slice(i, i + AUDIO_FACTS_PER_RUN);
    let seconds: number[] | null = null;
    if (run.length > 1) {
      try {
        seconds = await decodedSeconds(run, signal, ffmpeg);
      } catch (e) {
        if ((e as Error).name === 'AbortError') throw e;
      }
    }
    if (seconds) out.push(...seconds.map((s) => ({ seconds: s })));
    else for (const f of run) out.push(await audioFacts(f, signal, ffmpeg));
  }
  return out;
}

/**
 * Keeps one file in storage at its key, hashing it as it is copied, and learns what an
 * image is (audio: the caller, for all of a folder's at once).
 * `file` is a local path (the batch folder, or a copy out of storage).
 */
async function keepFile(storage: Storage, prefix: string, path: string, file: string, signal?: AbortSignal): Promise<DeliveryFile> {
  const key = deliveryFileKey(prefix, path);
  const md5 = createHash('md5');
  async function* hashed() {
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20, signal })) {
      md5.update(chunk as Buffer);
      yield chunk as Buffer;
    }
  }
  const { size } = await storage.put(key, hashed());
  const out: DeliveryFile = { path: path.normalize('NFC'), key, size, md5: md5.digest('hex') };
  if (isImage(path)) out.image = await imageFacts(file);
  return out;
}

/** Keeps every file of the release folder `dir` under `prefix`, with what was learnt of each. */
export async function keepDeliveryFiles(
  storage: Storage,
  prefix: string,
  dir: string,
  signal?: AbortSignal,
  include: (path: string) => boolean = () => true,
): Promise<DeliveryFile[]> {
  const out: DeliveryFile[] = [];
  const audio: { kept: DeliveryFile; file: string }[] = [];
  for (const path of (await filesUnder(dir)).filter(include)) {
    signal?.throwIfAborted();
    const kept = await keepFile(storage, prefix, path, join(dir, path), signal);
    if (audioFormatOf(path)) audio.push({ kept, file: join(dir, path) });
    out.push(kept);
  }
  const facts = await audioFactsOf(
    audio.map((a) => a.file),
    signal,
  );
  audio.forEach((a, i) => (a.kept.audio = facts[i]));
  return out;
}

/**
 * The facts of files kept before they were learnt at copy time (older deliveries): each
 * is copied out of storage once, hashed and probed.
 */
export async function completeFacts(storage: Storage, prefix: string, files: DeliveryFile[]): Promise<DeliveryFile[]> {
  if (files.every((f) => f.md5 !== undefined)) return files;
  const tmp = await mkdtemp(join(tmpdir(), 'delivery-facts-'));
  try {
    const out: DeliveryFile[] = [];
    for (const f of files) {
      if (f.md5 !== undefined) {
        out.push(f);
        continue;
      }
      const local = join(tmp, 'file');
      if (!(await storage.copyOut(keyOf(prefix, f), local))) {
        out.push(f);
        continue;
      }
      const md5 = createHash('md5');
      for await (const chunk of createReadStream(local)) md5.update(chunk as Buffer);
      const facts: DeliveryFile = { ...f, key: keyOf(prefix, f), md5: md5.digest('hex') };
      if (audioFormatOf(f.path)) facts.audio = await audioFacts(local);
      else if (isImage(f.path)) facts.image = await imageFacts(local);
      out.push(facts);
      await rm(local, { force: true });
    }
    return out;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** The ERN's URI as a release-folder path: forward slashes, no leading ./, percent-escapes read, NFC. */
export function uriPath(uri: string): string[] {
  const plain = uri
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '');
  const out = [plain.normalize('NFC')];
  try {
    const decoded = decodeURIComponent(plain).normalize('NFC');
    if (decoded !== out[0]) out.push(decoded);
  } catch {
    /* not percent-encoded */
  }
  return out;
}

/** The kept file an ERN URI names, or undefined. */
export function fileNamed(files: DeliveryFile[], uri: string): DeliveryFile | undefined {
  const wanted = uriPath(uri);
  return files.find((f) => wanted.includes(f.path.normalize('NFC')));
}

/** Why a delivery's files do not match what its ERN declares: the file and the reason. */
export class FileProblem extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly image = false,
  ) {
    super(`${file}: ${reason}`);
  }
}

function checkDeclared(f: DeliveryFile, declared: ErnFile): void {
  if (declared.size !== null && declared.size !== f.size) {
    throw new FileProblem(declared.uri, `the file has ${f.size} bytes, the XML says ${declared.size}`);
  }
  if (declared.md5 && f.md5 && declared.md5.toLowerCase() !== f.md5) {
    throw new FileProblem(declared.uri, 'the file is not the one the XML describes (its MD5 differs): send it again');
  }
}

/**
 * Checks every file the ERN names against the kept files: throws the first FileProblem.
 * `hasAudio(position)`: the track already has stored audio in the catalogue (an update
 * may leave its file out).
 */
export function verifyDeliveryFiles(
  files: DeliveryFile[],
  ern: ErnRelease,
  hasAudio: (position: number, isrc: string | null) => boolean = () => false,
): void {
  for (const t of ern.tracks) {
    const label = `Track ${t.position}`;
    if (!t.file) {
      if (hasAudio(t.position, t.isrc)) continue;
      throw new FileProblem(label, 'the XML names no audio file for it');
    }
    const f = fileNamed(files, t.file.uri);
    if (!f) throw new FileProblem(t.file.uri, 'the file is not in the delivery');
    if (!audioFormatOf(f.path)) throw new FileProblem(t.file.uri, 'the file is not WAV, FLAC or AIFF');
    checkDeclared(f, t.file);
    if (f.audio && 'error' in f.audio) throw new FileProblem(t.file.uri, f.audio.error);
    if (f.audio && t.duration !== null && Math.abs(f.audio.seconds - t.duration) > DURATION_TOLERANCE_SECONDS) {
      throw new FileProblem(t.file.uri, `the audio lasts ${f.audio.seconds.toFixed(1)} s, the XML says ${t.duration.toFixed(1)} s`);
    }
  }
  if (!ern.image) throw new FileProblem('Cover art', 'the XML names no cover art', true);
  const img = fileNamed(files, ern.image.uri);
  if (!img) throw new FileProblem(ern.image.uri, 'the file is not in the delivery', true);
  try {
    checkDeclared(img, ern.image);
  } catch (e) {
    throw new FileProblem((e as FileProblem).file, (e as FileProblem).reason, true);
  }
  if (!img.image || 'error' in img.image)
    throw new FileProblem(ern.image.uri, img.image && 'error' in img.image ? img.image.error : 'it is not a JPEG or PNG image', true);
  const { width, height } = img.image;
  if (width !== height) throw new FileProblem(ern.image.uri, `the cover art is ${width}x${height}, it must be square`, true);
  if (width < COVER_ART_MIN)
    throw new FileProblem(ern.image.uri, `the cover art is ${width}x${height}, at least ${COVER_ART_MIN}x${COVER_ART_MIN} is needed`, true);
}
