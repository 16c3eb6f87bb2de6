/**
 * The storage module (server/storage): put/get/stream/size/exists/delete by key in a
 * local folder, atomic writes (a failed upload leaves nothing at its key, and the old
 * file untouched), keys that cannot leave the folder, and the temporary store removed on close.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultStorage } from '../../server/app';
import { InvalidStorageKey, STALE_TEMP_MS, keySegments, openStorage, type LocalStorage } from '../../server/storage';

let store: LocalStorage;
beforeEach(async () => {
  store = await openStorage({ temporary: true });
});
afterEach(async () => store.close());

/** A body that yields some bytes, then fails as a dropped connection does. */
async function* failingBody() {
  yield Buffer.from('partial data ');
  yield Buffer.from('more ');
  throw new Error('connection reset');
}

describe('storage', () => {
  it('puts, gets, sizes, streams (whole and a byte range) and deletes by key', async () => {
    expect(await store.put('releases/1/cover/a.jpg', Buffer.from('0123456789'))).toEqual({ size: 10 });
    expect((await store.get('releases/1/cover/a.jpg'))!.toString()).toBe('0123456789');
    expect(await store.size('releases/1/cover/a.jpg')).toBe(10);
    expect(await store.exists('releases/1/cover/a.jpg')).toBe(true);
    expect(await text((await store.stream('releases/1/cover/a.jpg'))!)).toBe('0123456789');
    expect(await text((await store.stream('releases/1/cover/a.jpg', { start: 2, end: 5 }))!)).toBe('2345');
    // On disk under the folder, by its segments.
    expect(await readFile(join(store.folder, 'releases', '1', 'cover', 'a.jpg'), 'utf8')).toBe('0123456789');
    expect(await store.delete('releases/1/cover/a.jpg')).toBe(true);
    expect(await store.delete('releases/1/cover/a.jpg')).toBe(false);
    expect(await store.get('releases/1/cover/a.jpg')).toBeNull();
    expect(await store.stream('releases/1/cover/a.jpg')).toBeNull();
    expect(await store.size('releases/1/cover/a.jpg')).toBeNull();
    expect(await store.exists('releases/1/cover/a.jpg')).toBe(false);
  });

  it('stores a stream body and text, replacing what the key held', async () => {
    await store.put('a/b.txt', 'first');
    expect(await store.put('a/b.txt', Readable.from([Buffer.from('sec'), 'ond']))).toEqual({ size: 6 });
    expect((await store.get('a/b.txt'))!.toString()).toBe('second');
  });

  it('a failed upload leaves no file at its key, no temporary file, and the old file as it was', async () => {
    await expect(store.put('tracks/1/wav.wav', failingBody())).rejects.toThrow('connection reset');
    expect(await store.exists('tracks/1/wav.wav')).toBe(false);
    await store.put('tracks/1/wav.wav', 'the old file');
    await expect(store.put('tracks/1/wav.wav', failingBody())).rejects.toThrow('connection reset');
    expect((await store.get('tracks/1/wav.wav'))!.toString()).toBe('the old file');
    expect(await readdir(join(store.folder, '.tmp'))).toEqual([]);
  });

  it('putFile stores a copy of a local file and copyOut writes one back, file to file; a missing file is an error or false', async () => {
    const dir = join(store.folder, '..', `${Date.now()}-files`);
    await mkdir(dir);
    try {
      const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
      await writeFile(join(dir, 'in.wav'), bytes);
      expect(await store.putFile('tracks/2/wav.wav', join(dir, 'in.wav'))).toEqual({ size: bytes.length });
      expect((await store.get('tracks/2/wav.wav'))!.equals(bytes)).toBe(true);
      await writeFile(join(dir, 'in.wav'), 'replaced');
      expect(await store.putFile('tracks/2/wav.wav', join(dir, 'in.wav'))).toEqual({ size: 8 });
      expect(await store.copyOut('tracks/2/wav.wav', join(dir, 'out.wav'))).toBe(true);
      expect(await readFile(join(dir, 'out.wav'), 'utf8')).toBe('replaced');
      expect(await store.copyOut('tracks/2/none.wav', join(dir, 'none.wav'))).toBe(false);
      expect(existsSync(join(dir, 'none.wav'))).toBe(false);
      // A missing source leaves the old file as it was and no temporary file.
      await expect(store.putFile('tracks/2/wav.wav', join(dir, 'missing.wav'))).rejects.toThrow(/ENOENT/);
      expect((await store.get('tracks/2/wav.wav'))!.toString()).toBe('replaced');
      expect(await readdir(join(store.folder, '.tmp'))).toEqual([]);
      await expect(store.putFile('../outside', join(dir, 'in.wav'))).rejects.toThrow(InvalidStorageKey);
      await expect(store.copyOut('.tmp/x', join(dir, 'x'))).rejects.toThrow(InvalidStorageKey);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses keys that could leave the folder or name its temporary files', async () => {
    for (const key of [
      '',
      '/etc/passwd',
      '../outside',
      'a/../../outside',
      'a/./b',
      'a//b',
      'a/',
      '.tmp/x',
      '.hidden',
      'a\\..\\b',
      'C:/x',
      'a\u0000b',
      'a b',
      'x'.repeat(600),
      `${'x'.repeat(256)}/a`,
    ]) {
      expect(() => keySegments(key), key).toThrow(InvalidStorageKey);
      await expect(store.put(key, 'x'), key).rejects.toThrow(InvalidStorageKey);
      await expect(store.get(key), key).rejects.toThrow(InvalidStorageKey);
      await expect(store.delete(key), key).rejects.toThrow(InvalidStorageKey);
    }
    expect(existsSync(join(store.folder, '..', 'outside'))).toBe(false);
    expect(keySegments('releases/12/cover/0b1e-original.jpg')).toEqual(['releases', '12', 'cover', '0b1e-original.jpg']);
  });

  it('a temporary store is removed with its files on close', async () => {
    const t = await openStorage({ temporary: true });
    await t.put('x/y.bin', Buffer.from([1, 2, 3]));
    expect(existsSync(t.folder)).toBe(true);
    await t.close();
    expect(existsSync(t.folder)).toBe(false);
  });

  it('a folder store keeps its files across opens, and clears only stale temporary files', async () => {
    const dir = join(tmpdir(), `storage-test-${process.pid}-${Date.now()}`);
    const a = await openStorage({ dir });
    await a.put('k/v.txt', 'kept');
    await a.close();
    await mkdir(join(dir, '.tmp'), { recursive: true });
    await writeFile(join(dir, '.tmp', 'stale'), 'left by a dead process');
    const old = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    await utimes(join(dir, '.tmp', 'stale'), old, old);
    await writeFile(join(dir, '.tmp', 'fresh'), 'another process is writing');
    const b = await openStorage({ dir });
    expect((await b.get('k/v.txt'))!.toString()).toBe('kept');
    expect(await readdir(join(dir, '.tmp'))).toEqual(['fresh']);
    await b.close();
    expect(existsSync(dir)).toBe(true);
    await rm(dir, { recursive: true, force: true });
  });

  it('a server keeps its files in storageDir, else beside its PGlite folder, else in a temporary folder', async () => {
    const base = join(tmpdir(), `storage-server-${process.pid}-${Date.now()}`);
    const given = (await defaultStorage({ storageDir: join(base, 'files'), dataDir: join(base, 'sandbox', 'pglite') })) as LocalStorage;
    expect(given.folder).toBe(join(base, 'files'));
    const beside = (await defaultStorage({ dataDir: join(base, 'sandbox', 'pglite') })) as LocalStorage;
    expect(beside.folder).toBe(join(base, 'sandbox', 'storage'));
    await Promise.all([given.close(), beside.close()]);
    expect(existsSync(join(base, 'sandbox', 'storage'))).toBe(true);
    const temp = (await defaultStorage({})) as LocalStorage;
    expect(temp.folder.startsWith(tmpdir())).toBe(true);
    await temp.close();
    expect(existsSync(temp.folder)).toBe(false);
    await rm(base, { recursive: true, force: true });
  });
});
