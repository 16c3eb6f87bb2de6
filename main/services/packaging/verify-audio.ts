/**
 * Checks the audio itself, not only its header (issue 15): a FLAC is decoded frame by
 * frame (@wasm-audio-decoders/flac, libFLAC in wasm: no system tool on a supplier's
 * desktop) and the MD5 of the decoded samples compared with the one its STREAMINFO
 * stores, and the samples counted against its header; an AIFF's sound data (SSND) must
 * be as long as its COMM header says and lie inside the file. A file cut short or
 * damaged is an error issue with the reason, so it is never packaged.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import type { Issue } from '../../../shared/packaging/model';
import { abortError } from './abort';

const READ_SIZE = 1024 * 1024;

export const VERIFY_MSG = {
  /** libFLAC drops a frame that fails its CRC, so damaged frames, like a cut, leave samples missing. */
  flacShort: (got: number, want: number) =>
    `The FLAC audio is cut short or damaged: ${got} of the ${want} samples its header announces decode`,
  flacDamaged: 'The FLAC audio is damaged: the decoded samples do not match the MD5 stored in the file',
  flacUndecodable: (why: string) => `The FLAC audio could not be decoded: ${why}`,
  aiffTruncated: 'The AIFF file is shorter than its header says (truncated): the sound data is cut short',
  aiffNoSound: 'The AIFF file has no sound data (SSND) chunk',
} as const;

const error = (code: string, message: string): Issue => ({ level: 'error', code, message });

interface StreamInfo {
  totalSamples: number;
  md5: string | null;
}

/** STREAMINFO's total samples and MD5 (null when the encoder left it unset, all zero). */
function streamInfo(head: Buffer): StreamInfo | null {
  let at =
    head.toString('latin1', 0, 3) === 'ID3'
      ? 10 + (((head[6] & 0x7f) << 21) | ((head[7] & 0x7f) << 14) | ((head[8] & 0x7f) << 7) | (head[9] & 0x7f))
      : 0;
  if (head.toString('latin1', at, at + 4) !== 'fLaC' || head.length < at + 8 + 34) return null;
  at += 4;
  if ((head[at] & 0x7f) !== 0) return null; // the first block is STREAMINFO
  const si = at + 4;
  const totalSamples = (head[si + 13] & 0x0f) * 2 ** 32 + head.readUInt32BE(si + 14);
  const md5 = head.toString('hex', si + 18, si + 34);
  return { totalSamples, md5: /^0+$/.test(md5) ? null : md5 };
}

/** Decoded float samples back to the integers libFLAC decoded, little-endian and interleaved (FLAC's MD5 input). */
function pcmBytes(channels: Float32Array[], samples: number, bits: number): Buffer {
  const bytes = Math.ceil(bits / 8);
  const scale = 2 ** (bits - 1) - 1;
  const min = -(2 ** (bits - 1));
  const out = Buffer.allocUnsafe(samples * channels.length * bytes);
  let o = 0;
  for (let s = 0; s < samples; s++) {
    for (const ch of channels) {
      const v = Math.max(min, Math.min(scale, Math.round(ch[s] * scale)));
      out.writeIntLE(v, o, bytes);
      o += bytes;
    }
  }
  return out;
}

async function readAt(fh: FileHandle, pos: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, pos);
  return buf.subarray(0, bytesRead);
}

/** Decodes the whole FLAC and compares sample count and MD5 with STREAMINFO. */
export async function verifyFlac(fh: FileHandle, size: number, signal?: AbortSignal): Promise<Issue[]> {
  const info = streamInfo(await readAt(fh, 0, 64 * 1024));
  if (!info) return [error('damaged', VERIFY_MSG.flacUndecodable('no STREAMINFO block'))];
  const decoder = new FLACDecoder();
  await decoder.ready;
  const hash = createHash('md5');
  let samples = 0;
  let bits = 0;
  const take = (r: { channelData: Float32Array[]; samplesDecoded: number; bitDepth: number }) => {
    if (!r.samplesDecoded) return;
    bits = r.bitDepth || bits;
    hash.update(pcmBytes(r.channelData, r.samplesDecoded, bits));
    samples += r.samplesDecoded;
  };
  try {
    for (let pos = 0; pos < size; pos += READ_SIZE) {
      if (signal?.aborted) throw abortError();
      const chunk = await readAt(fh, pos, Math.min(READ_SIZE, size - pos));
      if (!chunk.length) break;
      take(await decoder.decode(chunk));
    }
    take(await decoder.flush());
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return [error('damaged', VERIFY_MSG.flacUndecodable((e as Error).message))];
  } finally {
    decoder.free();
  }
  if (info.totalSamples && samples < info.totalSamples) return [error('truncated', VERIFY_MSG.flacShort(samples, info.totalSamples))];
  if (info.md5 && hash.digest('hex') !== info.md5) return [error('damaged', VERIFY_MSG.flacDamaged)];
  return [];
}

/** Walks an AIFF's chunks: the SSND chunk must lie inside the file and hold the COMM header's frames. */
export async function verifyAiff(fh: FileHandle, size: number): Promise<Issue[]> {
  let frames: number | null = null;
  let frameBytes = 0;
  let ssnd: { at: number; size: number } | null = null;
  for (let at = 12; at + 8 <= size;) {
    const h = await readAt(fh, at, 26);
    if (h.length < 8) break;
    const id = h.toString('latin1', 0, 4);
    const len = h.readUInt32BE(4);
    if (id === 'COMM' && h.length >= 16) {
      const channels = h.readUInt16BE(8);
      frames = h.readUInt32BE(10);
      frameBytes = channels * Math.ceil(h.readUInt16BE(14) / 8);
    } else if (id === 'SSND') {
      ssnd = { at, size: len };
    }
    at += 8 + len + (len & 1);
  }
  if (!ssnd) return frames ? [error('truncated', VERIFY_MSG.aiffNoSound)] : [];
  const offset = (await readAt(fh, ssnd.at + 8, 4)).readUInt32BE(0);
  const declaredEnd = ssnd.at + 8 + ssnd.size;
  const needed = 8 + offset + (frames ?? 0) * frameBytes;
  if (declaredEnd > size || needed > ssnd.size) return [error('truncated', VERIFY_MSG.aiffTruncated)];
  return [];
}
