import { appendFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashPool } from '../../../main/services/packaging/hash-pool';
import { scan } from '../../../main/services/packaging/scanner';
import type { ScanEntry, ScanProgress } from '../../../shared/packaging/model';
import { corruptFlac, md5sum, soxi, tempDir, tone, unsupported } from '../../fixtures/audio';

let dir: string;
let outside: string;
let cleanup: () => void;
let cleanupOutside: () => void;
const hashes = new HashPool(2);

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  ({ dir: outside, cleanup: cleanupOutside } = tempDir('pkg-outside-'));
  tone(dir, { name: '01 wav16.wav', seconds: 3 });
  tone(dir, { name: '02 wav24.wav', seconds: 2.5, bits: 24, rate: 48000 });
  tone(dir, {
    name: '03 tagged.flac',
    seconds: 4,
    bits: 24,
    comments: ['TITLE=Night Drive', 'ARTIST=Test Artist', 'ISRC=GBABC2400001', 'BPM=124', 'ALBUM=Night Drive EP'],
  });
  tone(dir, { name: '04 plain.aiff', seconds: 1.5 });
  tone(dir, { name: '05 comp.aifc', seconds: 1, type: 'aifc' });
  tone(dir, { name: '06 mono.wav', seconds: 1, channels: 1, rate: 22050, bits: 8 });
  tone(dir, { name: '07 float.wav', seconds: 1, bits: 32, encoding: 'floating-point' });
  // a file big enough for several chunks
  tone(dir, { name: '08 long.flac', seconds: 40, bits: 24, rate: 96000 });
  corruptFlac(dir);
  unsupported(dir, 'garbage.wav');
  unsupported(dir);
  tone(outside, { name: 'secret.wav', seconds: 1 });
  symlinkSync(join(outside, 'secret.wav'), join(dir, 'link-out.wav'));
  // A WAV whose tags come after the audio data (LIST/INFO at the end, as some editors write).
  const tail = tone(dir, { name: '09 tail-tags.wav', seconds: 2 });
  const info = Buffer.concat([
    Buffer.from('INFO'),
    Buffer.from('INAM'),
    u32(11),
    Buffer.from('Tail Title\0\0'),
    Buffer.from('IART'),
    u32(8),
    Buffer.from('Tail Me\0'),
  ]);
  appendFileSync(tail, Buffer.concat([Buffer.from('LIST'), u32(info.length), info]));
  const whole = readFileSync(tail);
  whole.writeUInt32LE(whole.length - 8, 4);
  writeFileSync(tail, whole);
  mkdirSync(join(dir, 'disc2'));
  tone(join(dir, 'disc2'), { name: 'b1.wav', seconds: 1 });
});
afterAll(async () => {
  await hashes.close();
  cleanup();
  cleanupOutside();
});

function u32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

const byName = (entries: ScanEntry[], name: string) => {
  const e = entries.find((x) => x.name === name);
  if (!e) throw new Error(`no entry ${name}`);
  return e;
};

describe('scan', () => {
  it('reads format fields, duration, size and MD5 that match soxi and md5sum', async () => {
    const entries = await scan({ scanId: 's1', paths: [dir], hashes, chunkSize: 1024 * 1024 });
    for (const name of ['01 wav16.wav', '02 wav24.wav', '03 tagged.flac', '04 plain.aiff', '05 comp.aifc', '08 long.flac', 'b1.wav']) {
      const e = byName(entries, name);
      expect(e.status, name).toBe('ok');
      const s = soxi(e.path);
      expect(e.md5, name).toBe(md5sum(e.path));
      expect(e.format?.sampleRate, name).toBe(s.rate);
      expect(e.format?.channels, name).toBe(s.channels);
      expect(e.format?.bitsPerSample, name).toBe(s.bits);
      expect(e.format?.duration, name).toBeCloseTo(s.seconds, 3);
    }
  });

  it('pre-fills tags and judges the format by its fields', async () => {
    const entries = await scan({ scanId: 's2', paths: [dir], hashes });
    expect(byName(entries, '03 tagged.flac').tags).toMatchObject({
      title: 'Night Drive',
      artist: 'Test Artist',
      isrc: 'GBABC2400001',
      bpm: 124,
      album: 'Night Drive EP',
    });
    expect(byName(entries, '01 wav16.wav').issues).toEqual([]);
    const tail = byName(entries, '09 tail-tags.wav');
    expect(tail.tags).toMatchObject({ title: 'Tail Title', artist: 'Tail Me' });
    expect(tail.md5).toBe(md5sum(tail.path));
    const ext = byName(entries, '02 wav24.wav');
    expect(ext.format).toMatchObject({ wavFormatTag: 0xfffe, lossless: true, bitsPerSample: 24 });
    expect(ext.issues.map((i) => [i.level, i.code])).toEqual([['warning', 'extensible']]);
    expect(byName(entries, '05 comp.aifc').issues.map((i) => [i.level, i.code])).toEqual([['warning', 'aiffc']]);
    const mono = byName(entries, '06 mono.wav').issues.map((i) => i.code);
    expect(mono).toEqual(expect.arrayContaining(['sampleRate', 'bitDepth', 'channels']));
    expect(byName(entries, '07 float.wav').issues.filter((i) => i.level === 'error').length).toBeGreaterThan(0);
  });

  it('lists corrupt, unsupported and outside-link files with a reason', async () => {
    const entries = await scan({ scanId: 's3', paths: [dir], hashes });
    expect(byName(entries, 'corrupt.flac')).toMatchObject({ status: 'corrupt' });
    expect(byName(entries, 'corrupt.flac').reason).toBe('The audio header is incomplete (no sample rate, channels or bit depth)');
    expect(byName(entries, 'garbage.wav')).toMatchObject({
      status: 'corrupt',
      reason: 'Not a WAV, FLAC or AIFF file: the header is not recognised',
    });
    expect(byName(entries, 'notes.mp3')).toMatchObject({
      status: 'unsupported',
      reason: 'Unsupported file type .mp3: only WAV, FLAC and AIFF are packaged',
    });
    const link = byName(entries, 'link-out.wav');
    expect(link).toMatchObject({ status: 'refused', reason: 'Links outside the picked folder are not read' });
    expect(link.md5).toBeUndefined();
    expect(entries.some((e) => e.path.startsWith(outside))).toBe(false);
  });

  it('reports progress per file and in bytes', async () => {
    const events: ScanProgress[] = [];
    const entries = await scan({ scanId: 's4', paths: [dir], hashes, progressIntervalMs: 0, onProgress: (p) => events.push(p) });
    const last = events[events.length - 1];
    expect(last.filesDone).toBe(entries.length);
    expect(last.filesTotal).toBe(entries.length);
    expect(last.bytesDone).toBe(last.bytesTotal);
    expect(events.filter((e) => e.entry).length).toBe(entries.length);
    const bytes = events.map((e) => e.bytesDone);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
  });

  it('stops when cancelled', async () => {
    const ac = new AbortController();
    const run = scan({
      scanId: 's5',
      paths: [dir],
      hashes,
      concurrency: 1,
      signal: ac.signal,
      onProgress: (p) => {
        if (p.bytesDone > 0) ac.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('never has more than `concurrency` files in flight, and uses that many', async () => {
    // Every file being read holds one hash session from begin() to digest()/abort():
    // counting open sessions counts the files in flight.
    let open = 0;
    let peak = 0;
    const counted = Object.create(hashes) as HashPool;
    counted.begin = () => {
      const session = hashes.begin();
      peak = Math.max(peak, ++open);
      const digest = session.digest.bind(session);
      const abort = session.abort.bind(session);
      let closed = false;
      const close = () => {
        if (!closed) {
          closed = true;
          open--;
        }
      };
      session.digest = () => {
        close();
        return digest();
      };
      session.abort = () => {
        close();
        abort();
      };
      return session;
    };
    for (const concurrency of [1, 3]) {
      open = 0;
      peak = 0;
      const entries = await scan({ scanId: `c${concurrency}`, paths: [dir], hashes: counted, concurrency });
      expect(entries.filter((e) => e.status === 'ok').length).toBeGreaterThan(concurrency);
      expect(peak, `concurrency ${concurrency}`).toBe(concurrency);
      expect(open).toBe(0);
    }
    open = 0;
    peak = 0;
    await scan({ scanId: 'c20', paths: [dir], hashes: counted, concurrency: 20 });
    expect(peak).toBeLessThanOrEqual(8);
  });
});
