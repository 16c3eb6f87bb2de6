/**
 * Copies one file into the package and proves the copy: the file is streamed to its
 * place (reporting bytes as they are written, so a large file shows progress), then
 * the copy is read back in 2 MiB chunks and hashed in the worker pool; a hash that
 * differs from the expected MD5 fails the package. A source gone since the scan is
 * said in words, never as a raw ENOENT.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { abortError } from './abort';
import type { HashPool } from './hash-pool';
import { CHUNK_SIZE } from './scan-file';

export async function md5OfFile(path: string, hashes: HashPool, signal?: AbortSignal, onBytes?: (n: number) => void): Promise<string> {
  const fh = await open(path, 'r');
  const session = hashes.begin();
  try {
    for (let pos = 0; ;) {
      if (signal?.aborted) throw abortError();
      const buf = Buffer.from(hashes.buffers.take(CHUNK_SIZE), 0, CHUNK_SIZE);
      const { bytesRead } = await fh.read(buf, 0, CHUNK_SIZE, pos);
      if (!bytesRead) break;
      pos += bytesRead;
      onBytes?.(bytesRead);
      await session.update(bytesRead === CHUNK_SIZE ? buf : buf.subarray(0, bytesRead), true);
    }
    return await session.digest();
  } catch (e) {
    session.abort();
    throw e;
  } finally {
    await fh.close();
  }
}

export class SourceMissingError extends Error {
  constructor(readonly file: string) {
    super(`${basename(file)} was moved or deleted after the scan: put it back, or scan its folder again`);
    this.name = 'SourceMissingError';
  }
}

export class CopyMismatchError extends Error {
  constructor(readonly file: string) {
    super(`The copy of ${file} does not match the scanned file (MD5 differs)`);
    this.name = 'CopyMismatchError';
  }
}

/** Copies `from` to `to` and answers the copy's MD5, failing when it is not `expected`. */
export async function copyVerified(
  from: string,
  to: string,
  expected: string | undefined,
  hashes: HashPool,
  signal?: AbortSignal,
  onBytes?: (n: number) => void,
): Promise<string> {
  if (signal?.aborted) throw abortError();
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      onBytes?.(chunk.length);
      done(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(from, { highWaterMark: CHUNK_SIZE }), count, createWriteStream(to), { signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw abortError();
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && (e as NodeJS.ErrnoException).path === from) throw new SourceMissingError(from);
    throw e;
  }
  const md5 = await md5OfFile(to, hashes, signal, onBytes);
  if (expected && md5 !== expected) throw new CopyMismatchError(from);
  return md5;
}
