import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIsoDuration } from '../../../main/services/packaging/ern';
import { STORE_RECIPIENT } from '../../../main/services/packaging';
import { HashPool } from '../../../main/services/packaging/hash-pool';
import { readImageInfo } from '../../../main/services/packaging/image-info';
import {
  PackageInvalidError,
  writePackage,
  type BuildProgress,
  type PackageRequest,
} from '../../../main/services/packaging/package-writer';
import { scan } from '../../../main/services/packaging/scanner';
import { emptyRelease, type CoverArt, type TrackDraft } from '../../../shared/packaging/draft';
import type { ScanEntry } from '../../../shared/packaging/model';
import { jpeg, md5sum, png, soxi, tempDir, tone } from '../../fixtures/audio';
import { xmllint } from '../../fixtures/ddex';

const hashes = new HashPool(2);
const { dir, cleanup } = tempDir('pkgw-');
const src = join(dir, 'src');
const out = join(dir, 'out');
let entries: Map<string, ScanEntry>;
let cover: CoverArt;

beforeAll(async () => {
  mkdirSync(src);
  mkdirSync(out);
  tone(src, { name: 'a.wav', seconds: 3.25 });
  tone(src, { name: 'b.flac', seconds: 2, bits: 24, rate: 48000 });
  tone(src, { name: 'c.aiff', seconds: 1.75 });
  const list = await scan({ scanId: 'w', paths: [src], hashes });
  entries = new Map(list.map((e) => [e.path, e]));
  const art = png(src, 'cover.png', 1400, 1400);
  const info = await readImageInfo(art);
  cover = { path: art, width: info.width, height: info.height, format: info.format, size: info.size };
});
afterAll(async () => {
  await hashes.close();
  cleanup();
});

const upc = '036000291452';
function request(over: Partial<PackageRequest> = {}): PackageRequest {
  const files = [...entries.values()].filter((e) => e.status === 'ok');
  const tracks: TrackDraft[] = files.map((e, i) => ({
    path: e.path,
    fileName: e.name,
    position: files.length - i,
    title: `Track ${e.name}`,
    mixName: '',
    isrc: `GB-ABC-24-0000${i + 1}`,
    bpm: 120,
    key: null,
    genre: null,
    subGenre: null,
    artists: ['Artist'],
    remixers: [],
    songwriters: [],
    publishers: [],
    copyrightHolder: 'Test Records',
  }));
  return {
    release: {
      ...emptyRelease(),
      title: 'Release',
      upc,
      label: { id: 1, name: 'Test Records' },
      releaseType: { id: 1, name: 'Album' },
      releaseDate: '2026-12-01',
      streetDate: '2026-12-01',
      genre: { id: 1, name: 'Techno' },
    },
    tracks,
    coverArt: cover,
    entries,
    outputDir: out,
    hashes,
    sender: { partyId: 'PADPIDA2014120301', name: 'Sandbox Supplier' },
    recipient: STORE_RECIPIENT,
    ...over,
  };
}
const xp = (file: string, expr: string) => execFileSync('xmllint', ['--xpath', expr, file], { encoding: 'utf8' }).trim();
const outList = () => readdirSync(out);

describe('writePackage', () => {
  it('writes <batch id>/<UPC>/ with a schema-valid ERN whose figures match soxi and md5sum, BatchComplete in the batch folder', async () => {
    const now = new Date('2026-11-24T10:11:12.345Z');
    const res = await writePackage(request({ now }));
    expect(res.folder).toBe(join(out, '20261124101112345'));
    expect(readdirSync(res.folder).sort()).toEqual([upc, 'BatchComplete_20261124101112345.xml']);
    expect(res.batchComplete).toBe('BatchComplete_20261124101112345.xml');
    const folder = join(res.folder, upc);
    expect(readdirSync(folder).sort()).toEqual([`${upc}.xml`, 'resources']);
    expect(res.xml).toBe(`${upc}/${upc}.xml`);
    for (const f of res.files) expect(statSync(join(res.folder, f.name)).size).toBe(f.size);
    const xmlFile = join(folder, `${upc}.xml`);
    expect(xmllint(xmlFile).ok).toBe(true);

    const n = Number(xp(xmlFile, 'count(//SoundRecording)'));
    expect(n).toBe(3);
    for (let i = 1; i <= n; i++) {
      const sr = `(//SoundRecording)[${i}]`;
      const uri = xp(xmlFile, `string(${sr}//DeliveryFile/File/URI)`);
      const file = join(folder, uri);
      const s = soxi(file);
      expect(xp(xmlFile, `string(${sr}//DeliveryFile/File/HashSum/HashSumValue)`)).toBe(md5sum(file));
      expect(Number(xp(xmlFile, `string(${sr}//DeliveryFile/SamplingRate)`))).toBe(s.rate);
      expect(Number(xp(xmlFile, `string(${sr}//DeliveryFile/BitsPerSample)`))).toBe(s.bits);
      expect(Number(xp(xmlFile, `string(${sr}//DeliveryFile/NumberOfChannels)`))).toBe(s.channels);
      expect(parseIsoDuration(xp(xmlFile, `string(${sr}/Duration)`))).toBeCloseTo(s.seconds, 3);
      expect(Number(xp(xmlFile, `string(${sr}//DeliveryFile/File/FileSize)`))).toBe(statSync(file).size);
    }
    const img = join(folder, xp(xmlFile, 'string(//Image//File/URI)'));
    expect(xp(xmlFile, 'string(//Image//HashSumValue)')).toBe(md5sum(img));
    expect(xp(xmlFile, 'string(//MessageSender/PartyId)')).toBe('PADPIDA2014120301');
    expect(xp(xmlFile, 'string(//Release/ReleaseId/ICPN)')).toBe(upc);
    // sequence follows the wizard's positions
    expect(xp(xmlFile, 'string(//ResourceGroupContentItem[1]/SequenceNumber)')).toBe('1');
    expect(readFileSync(join(res.folder, res.batchComplete), 'utf8')).toBe('');
    expect(outList()).toEqual(['20261124101112345']);
  });

  it('refuses to overwrite an existing package', async () => {
    await expect(writePackage(request())).rejects.toThrow(/already exists/);
  });

  it('a failed write leaves nothing', async () => {
    const o2 = join(dir, 'out-fail');
    mkdirSync(o2);
    let n = 0;
    const run = writePackage(
      request({
        outputDir: o2,
        afterFile: () => {
          if (++n === 2) throw new Error('disk full');
        },
      }),
    );
    await expect(run).rejects.toThrow('disk full');
    expect(readdirSync(o2)).toEqual([]);
  });

  it('a cancelled write leaves nothing', async () => {
    const o3 = join(dir, 'out-cancel');
    mkdirSync(o3);
    const ac = new AbortController();
    const run = writePackage(request({ outputDir: o3, signal: ac.signal, afterFile: () => ac.abort() }));
    await expect(run).rejects.toMatchObject({ name: 'AbortError', message: 'The build was cancelled' });
    expect(readdirSync(o3)).toEqual([]);
  });

  it('a file deleted after the scan is named in words, not as a raw ENOENT, and nothing is left', async () => {
    const o5 = join(dir, 'out-gone');
    mkdirSync(o5);
    const gone = join(src, 'gone.wav');
    tone(src, { name: 'gone.wav', seconds: 1 });
    const scanned = await scan({ scanId: 'g', paths: [gone], hashes });
    const r = request({ outputDir: o5, entries: new Map([...entries, [scanned[0].path, scanned[0]]]) });
    r.tracks = [{ ...r.tracks[0], path: scanned[0].path, fileName: 'gone.wav', position: 1 }];
    rmSync(gone);
    const err = await writePackage(r).catch((e: Error) => e);
    expect((err as Error).message).toBe('gone.wav was moved or deleted after the scan: put it back, or scan its folder again');
    expect((err as Error).message).not.toMatch(/ENOENT/);
    expect(readdirSync(o5)).toEqual([]);
  });

  it('copying a large file reports its bytes as they copy, not only when it is done', async () => {
    const o6 = join(dir, 'out-progress');
    mkdirSync(o6);
    const big = tone(src, { name: 'big.wav', seconds: 60, bits: 24, rate: 96000 }); // ~35 MB
    const [e] = await scan({ scanId: 'b', paths: [big], hashes });
    const r = request({ outputDir: o6, entries: new Map([...entries, [e.path, e]]), progressIntervalMs: 0 });
    r.tracks = [{ ...r.tracks[0], path: e.path, fileName: 'big.wav', position: 1, isrc: 'GB-ABC-24-00009' }];
    const seen: BuildProgress[] = [];
    await writePackage({ ...r, onProgress: (p) => seen.push(p) });
    const during = seen.filter((p) => p.step === 'Copying big.wav');
    expect(during.length).toBeGreaterThan(5);
    const bytes = during.map((p) => p.bytesDone!);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(bytes[0]).toBeLessThan(e.size);
    expect(seen.at(-1)).toMatchObject({ step: 'Package complete', bytesDone: seen.at(-1)!.bytesTotal });
  });

  it('refuses an invalid draft or sender before writing anything', async () => {
    const o4 = join(dir, 'out-invalid');
    mkdirSync(o4);
    const bad = request({ outputDir: o4, sender: { partyId: 'PADPIDA123', name: 'x' } });
    bad.release = { ...bad.release, upc: '036000291453' };
    const err = await writePackage(bad).catch((e) => e);
    expect(err).toBeInstanceOf(PackageInvalidError);
    expect((err as PackageInvalidError).issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['UPC/EAN check digit is wrong', 'Invalid DDEX Party ID']),
    );
    expect(readdirSync(o4)).toEqual([]);
  });

  it('refuses files that were not scanned', async () => {
    const r = request({ outputDir: join(dir, 'out-invalid') });
    r.tracks = [{ ...r.tracks[0], path: '/etc/passwd', position: 1 }];
    await expect(writePackage(r)).rejects.toThrow(/not scanned/);
  });

  describe('cover art is judged by main from the file itself', () => {
    const issuesOf = async (r: PackageRequest) => {
      const err = await writePackage(r).catch((e) => e);
      expect(err).toBeInstanceOf(PackageInvalidError);
      return (err as PackageInvalidError).issues.filter((i) => i.level === 'error').map((i) => i.message);
    };

    it('refuses a small image whose size the renderer forged as 1400x1400, writing nothing', async () => {
      const o = join(dir, 'out-forged-small');
      mkdirSync(o);
      const small = png(src, 'small.png', 400, 400);
      const forged = { ...cover, path: small, size: statSync(small).size }; // claims 1400x1400
      const messages = await issuesOf(request({ outputDir: o, coverArt: forged }));
      expect(messages).toContain('Cover art must be at least 500x500');
      expect(messages).toContain('The cover art file changed since it was chosen (it is now 400x400): choose it again');
      expect(readdirSync(o)).toEqual([]);
    });

    it('refuses a non-square image whatever the renderer says', async () => {
      const o = join(dir, 'out-forged-wide');
      mkdirSync(o);
      const wide = png(src, 'wide.png', 1400, 700);
      const messages = await issuesOf(request({ outputDir: o, coverArt: { ...cover, path: wide, size: statSync(wide).size } }));
      expect(messages).toContain('Cover art must be square');
      expect(readdirSync(o)).toEqual([]);
    });

    it('refuses an image replaced after it was chosen, even by a valid one', async () => {
      const o = join(dir, 'out-changed');
      mkdirSync(o);
      const art = join(src, 'changing.png');
      copyFileSync(cover.path, art);
      const chosen = { ...cover, path: art };
      png(src, 'changing.png', 1000, 1000); // replaced in place after the wizard read it
      const messages = await issuesOf(request({ outputDir: o, coverArt: chosen }));
      expect(messages).toEqual(['The cover art file changed since it was chosen (it is now 1000x1000): choose it again']);
      expect(readdirSync(o)).toEqual([]);
    });

    it('refuses a file that is not a JPEG or PNG', async () => {
      const o = join(dir, 'out-not-image');
      mkdirSync(o);
      const fake = join(src, 'fake.png');
      copyFileSync(join(src, 'a.wav'), fake);
      const messages = await issuesOf(request({ outputDir: o, coverArt: { ...cover, path: fake } }));
      expect(messages).toContain('Cover art must be a JPEG or PNG image');
      expect(readdirSync(o)).toEqual([]);
    });
  });

  it('verifies the artwork copy against the source hash: a mismatch leaves no package', async () => {
    const o = join(dir, 'out-art-mismatch');
    mkdirSync(o);
    const art = join(src, 'mutating.png');
    copyFileSync(cover.path, art);
    // the source changes after main hashed it and before the copy (same header, other bytes)
    const run = writePackage(
      request({ outputDir: o, coverArt: { ...cover, path: art }, beforeCopy: (p) => appendFileSync(p, Buffer.from([1])) }),
    );
    await expect(run).rejects.toThrow(/does not match the scanned file \(MD5 differs\)/);
    expect(readdirSync(o)).toEqual([]);
  });
});

describe('readImageInfo', () => {
  it("reads a baseline and a progressive JPEG's size from its SOF header, past APPn and DQT segments", async () => {
    expect(await readImageInfo(jpeg(src, 'base.jpg', 1400, 1200))).toMatchObject({ format: 'jpeg', width: 1400, height: 1200 });
    expect(await readImageInfo(jpeg(src, 'prog.jpeg', 600, 600, true))).toMatchObject({ format: 'jpeg', width: 600, height: 600 });
  });

  it("refuses anything but JPEG or PNG with the wizard's message", async () => {
    await expect(readImageInfo(join(src, 'a.wav'))).rejects.toThrow('Cover art must be a JPEG or PNG image');
  });
});
