/**
 * File storage behind one interface (architecture: "file storage behind one module, a
 * local folder by default"): cover art, audio files, and later delivery packages and page
 * module images. Files are named by keys, relative paths of plain segments such as
 * `releases/12/cover/…-original.jpg`; a key can never name anything outside the store.
 *
 * The local folder implementation writes atomically: the bytes go to a temporary file
 * under `<root>/.tmp/` (flushed to disk), which is then renamed onto the key's path, so a
 * reader sees the old file or the whole new one, and a failed or interrupted upload leaves
 * no file at the key (and the old one, if any, untouched). Keys cannot start with a dot,
 * so `.tmp` is never a key.
 *
 * Another backend (an object store) implements the same interface; nothing outside this
 * folder knows where the bytes are.
 */
import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { constants as fsConstants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep, isAbsolute } from 'node:path';
import type { Readable } from 'node:stream';

/** What put() takes: bytes, text, or a stream of bytes (a request body, a generated file). */
export type StorageBody = Uint8Array | string | AsyncIterable<Uint8Array | string>;

/** An inclusive byte range, as HTTP Range gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /** Stores `body` at `key`, replacing what was there, atomically; answers the stored size. */
  put(key: string, body: StorageBody): Promise<{ size: number }>;
  /**
   * Stores a copy of the local file `file` at `key`, as put() does. No bytes pass through
   * JavaScript (the local folder's kernel copy; an object store's upload from a file), so
   * storing a large file costs the process no memory (issue 15: the ingest worker's RSS).
   */
  putFile(key: string, file: string): Promise<{ size: number }>;
  /** Writes a copy of the file at `key` to the local path `file` (replacing it); false when there is none. */
  copyOut(key: string, file: string): Promise<boolean>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** A stream of the file (or of one byte range of it), or null when there is none. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The file's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; false when there was none. */
  delete(key: string): Promise<boolean>;
  /** Releases what the store holds (a temporary store removes its folder). */
  close(): Promise<void>;
}

/** A key that names no file of the store (empty, absolute, `..`, odd characters). */
export class InvalidStorageKey extends Error {
  constructor(key: string, why: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}: ${why}`);
    this.name = 'InvalidStorageKey';
  }
}

export const MAX_KEY_LENGTH = 512;
/** Age after which a temporary file is taken for one a dead process left behind (a day). */
export const STALE_TEMP_MS = 24 * 3600 * 1000;
/** A segment: letters, digits, `.`, `_`, `-`, starting with a letter or digit (so never `.`, `..` or `.tmp`). */
export const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** The key's segments, or InvalidStorageKey. */
export function keySegments(key: string): string[] {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKey(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKey(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (key.startsWith('/') || isAbsolute(key)) throw new InvalidStorageKey(key, 'absolute');
  const segments = key.split('/');
  for (const s of segments) {
    if (!KEY_SEGMENT.test(s))
      throw new InvalidStorageKey(
        key,
        `segment ${JSON.stringify(s)} is not letters, digits, '.', '_' or '-' starting with a letter or digit`,
      );
  }
  return segments;
}

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT' || (e as NodeJS.ErrnoException)?.code === 'ENOTDIR';

/** A store in a local folder (created when missing). */
export class LocalStorage implements Storage {
  private readonly root: string;
  private readonly tmp: string;

  private constructor(
    root: string,
    private readonly onClose?: () => Promise<void>,
  ) {
    this.root = resolve(root);
    this.tmp = join(this.root, '.tmp');
  }

  /**
   * The store in `dir`, created when missing. Temporary files older than STALE_TEMP_MS
   * (left by a process that died mid-write) are removed; younger ones may belong to
   * another process writing to the same folder.
   */
  static async open(dir: string): Promise<LocalStorage> {
    const s = new LocalStorage(dir);
    await mkdir(s.tmp, { recursive: true });
    const now = Date.now();
    for (const name of await readdir(s.tmp)) {
      const p = join(s.tmp, name);
      const st = await stat(p).catch(() => null);
      if (st && now - st.mtimeMs > STALE_TEMP_MS) await rm(p, { force: true, recursive: true });
    }
    return s;
  }

  /** A store in a new temporary folder, removed with everything in it on close() (in-memory servers, tests). */
  static async temporary(): Promise<LocalStorage> {
    const dir = await mkdtemp(join(tmpdir(), 'store-console-storage-'));
    const s = new LocalStorage(dir, () => rm(dir, { recursive: true, force: true }));
    await mkdir(s.tmp, { recursive: true });
    return s;
  }

  /** The folder the files are in. */
  get folder(): string {
    return this.root;
  }

  /** The file path of a key, checked to lie inside the root. */
  private path(key: string): string {
    const p = join(this.root, ...keySegments(key));
    const rel = relative(this.root, p);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep)[0] === '.tmp')
      throw new InvalidStorageKey(key, 'outside the store');
    return p;
  }

  async put(key: string, body: StorageBody): Promise<{ size: number }> {
    return this.writeAtomically(key, async (temp) => {
      const fh = await open(temp, 'wx');
      try {
        if (typeof body === 'string' || body instanceof Uint8Array) await fh.writeFile(body);
        else for await (const chunk of body) await fh.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        await fh.sync();
      } finally {
        await fh.close();
      }
    });
  }

  async putFile(key: string, file: string): Promise<{ size: number }> {
    return this.writeAtomically(key, async (temp) => {
      // libuv copies in the kernel (copy_file_range/sendfile): no buffer in this process.
      await copyFile(file, temp, fsConstants.COPYFILE_EXCL);
      const fh = await open(temp, 'r+');
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
    });
  }

  async copyOut(key: string, file: string): Promise<boolean> {
    try {
      await copyFile(this.path(key), file);
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  /** Has `write` fill a new temporary file, then renames it onto the key's path; on failure removes it and rethrows. */
  private async writeAtomically(key: string, write: (temp: string) => Promise<void>): Promise<{ size: number }> {
    const target = this.path(key);
    const temp = join(this.tmp, randomUUID());
    try {
      await write(temp);
      const { size } = await stat(temp);
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
      return { size };
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    const p = this.path(key);
    // Opened first, so a missing file is a null here, not an error event after the answer has started.
    const fh = await open(p, 'r').catch((e: unknown) => {
      if (isMissing(e)) return null;
      throw e;
    });
    if (!fh) return null;
    return fh.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | null> {
    let s: Stats;
    try {
      s = await stat(this.path(key));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
    return s.isFile() ? s.size : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async delete(key: string): Promise<boolean> {
    try {
      await unlink(this.path(key));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async close(): Promise<void> {
    await this.onClose?.();
  }
}

/** Where a server keeps its files: a folder, or a temporary one removed on close. */
export type StorageOptions = { dir: string } | { temporary: true };

export function openStorage(opts: StorageOptions): Promise<LocalStorage> {
  return 'dir' in opts ? LocalStorage.open(opts.dir) : LocalStorage.temporary();
}
