/**
 * One file, one streamed pass: chunks of CHUNK_SIZE are read once, in order, into
 * pooled buffers. music-metadata parses them through ChunkTokenizer (copying out
 * only the header and tag bytes it asks for; the audio data it skips is never
 * copied), and each chunk the parser is done with is transferred to the MD5 worker.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { parseFromTokenizer, type IAudioMetadata } from 'music-metadata';
import { checkAudio } from '../../../shared/packaging/audio-checks';
import type { AudioFormat, AudioTags, Issue, ScanEntry } from '../../../shared/packaging/model';
import { abortError } from './abort';
import { isLosslessPcm, readHeaderFields, type HeaderFields } from './audio-header';
import { ChunkTokenizer } from './chunk-tokenizer';
import type { HashPool, HashSession } from './hash-pool';
import { verifyAiff, verifyFlac } from './verify-audio';

/** 1 MiB or more: 64 KiB reads cost 10-20% of throughput here. */
export const CHUNK_SIZE = 2 * 1024 * 1024;

const MIME: Record<string, string> = { WAVE: 'audio/wav', FLAC: 'audio/flac', AIFF: 'audio/aiff', 'AIFF-C': 'audio/aiff' };

export interface ScanFileOptions {
  hashes: HashPool;
  signal?: AbortSignal;
  chunkSize?: number;
  /** Called with the byte count of every chunk read. */
  onBytes?: (n: number) => void;
}

export { abortError };

/** Scans one regular file already confined to a picked folder (see scanner.ts). */
export async function scanFile(path: string, name: string, opts: ScanFileOptions): Promise<ScanEntry> {
  const base = { path, name, size: 0, issues: [] as Issue[] };
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch (e) {
    return { ...base, status: 'unreadable', reason: `The file could not be read (${(e as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const hash = opts.hashes.begin();
  try {
    const size = (await fh.stat()).size;
    if (size === 0) {
      hash.abort();
      return { ...base, status: 'corrupt', reason: 'The file is empty' };
    }
    return await readOnce(fh, hash, { ...base, size }, opts);
  } catch (e) {
    hash.abort();
    if ((e as Error).name === 'AbortError') throw e;
    return { ...base, status: 'unreadable', reason: `The file could not be read (${(e as Error).message})` };
  } finally {
    await fh.close().catch(() => undefined);
  }
}

async function readOnce(fh: FileHandle, hash: HashSession, base: Omit<ScanEntry, 'status'>, opts: ScanFileOptions): Promise<ScanEntry> {
  const chunkSize = Math.max(1024 * 1024, opts.chunkSize ?? CHUNK_SIZE);
  let pos = 0;

  /** Reads the next chunk into a pooled buffer (the hash worker hands buffers back). */
  const next = async (): Promise<Buffer | null> => {
    if (opts.signal?.aborted) throw abortError();
    const buf = Buffer.from(opts.hashes.buffers.take(chunkSize), 0, chunkSize);
    const { bytesRead } = await fh.read(buf, 0, chunkSize, pos);
    if (bytesRead === 0) return null;
    pos += bytesRead;
    opts.onBytes?.(bytesRead);
    return bytesRead === chunkSize ? buf : buf.subarray(0, bytesRead);
  };
  /** Chunks the parser is done with go to the worker, in file order, without a copy. */
  const release = (chunk: Uint8Array) => hash.update(chunk, true);

  // The first chunk decides whether this is audio we read at all.
  const first = await next();
  const h = first ? readHeaderFields(first) : null;
  if (!first || !h?.container) {
    hash.abort();
    return { ...base, status: 'corrupt', reason: 'Not a WAV, FLAC or AIFF file: the header is not recognised' };
  }

  let pending: Uint8Array | null = first;
  const tokenizer = new ChunkTokenizer(
    async () => {
      if (pending) {
        const c = pending;
        pending = null;
        return c;
      }
      return next();
    },
    release,
    { size: base.size, mimeType: MIME[h.container] },
  );
  let meta: IAudioMetadata | null = null;
  let parseError: Error | null = null;
  try {
    meta = await parseFromTokenizer(tokenizer, { duration: false, skipCovers: true });
  } catch (e) {
    parseError = e as Error;
  }
  if (opts.signal?.aborted || parseError?.name === 'AbortError') throw abortError();
  if (parseError || !meta) {
    hash.abort();
    return { ...base, status: 'corrupt', reason: `The audio could not be parsed: ${parseError?.message ?? 'no metadata'}` };
  }
  if (!meta.format.sampleRate || !meta.format.numberOfChannels || !meta.format.bitsPerSample) {
    hash.abort();
    return { ...base, status: 'corrupt', reason: 'The audio header is incomplete (no sample rate, channels or bit depth)' };
  }
  // Whatever the parser left buffered, then the rest of the file, only feeds the hash.
  await tokenizer.drain();
  if (pending) await release(pending);
  for (let c = await next(); c; c = await next()) await release(c);
  const md5 = await hash.digest();

  const format = toFormat(h, meta);
  const issues = checkAudio(format);
  // The audio itself: a FLAC decoded against its stored MD5, an AIFF's sound data against its header.
  if (h.container === 'FLAC') issues.push(...(await verifyFlac(fh, base.size, opts.signal)));
  else if (h.container === 'AIFF' || h.container === 'AIFF-C') issues.push(...(await verifyAiff(fh, base.size)));
  for (const w of meta.quality.warnings) {
    // Only the data-chunk check: music-metadata's "Data chunk size exceeds file size" fires on sound files too.
    if (/data chunk length exceeding file length/i.test(w.message))
      issues.push({ level: 'error', code: 'truncated', message: 'The file is shorter than its header says (truncated)' });
  }
  return { ...base, status: 'ok', md5, format, tags: toTags(meta), issues };
}

function toFormat(h: HeaderFields, meta: IAudioMetadata): AudioFormat {
  const f = meta.format;
  const sampleRate = f.sampleRate ?? 0;
  const numberOfSamples = f.numberOfSamples ?? null;
  const duration = f.duration ?? (numberOfSamples !== null && sampleRate ? numberOfSamples / sampleRate : 0);
  return {
    container: h.container!,
    codec: f.codec ?? '',
    wavFormatTag: h.wavFormatTag,
    aiffCompression: h.aiffCompression,
    lossless: isLosslessPcm(h),
    sampleRate,
    bitsPerSample: f.bitsPerSample ?? 0,
    channels: f.numberOfChannels ?? 0,
    duration,
    numberOfSamples,
  };
}

function toTags(meta: IAudioMetadata): AudioTags {
  const c = meta.common;
  const tags: AudioTags = {};
  if (c.title) tags.title = c.title;
  if (c.album) tags.album = c.album;
  if (c.artist) tags.artist = c.artist;
  if (c.isrc?.[0]) tags.isrc = c.isrc[0];
  if (typeof c.bpm === 'number' && Number.isFinite(c.bpm)) tags.bpm = c.bpm;
  if (c.key) tags.key = c.key;
  return tags;
}
