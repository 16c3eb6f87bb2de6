import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashPool } from '../../../main/services/packaging/hash-pool';
import { scan } from '../../../main/services/packaging/scanner';
import { VERIFY_MSG } from '../../../main/services/packaging/verify-audio';
import type { ScanEntry } from '../../../shared/packaging/model';
import { tempDir, tone } from '../../fixtures/audio';

let dir: string;
let cleanup: () => void;
const hashes = new HashPool(1);
let entries: ScanEntry[];

/** The first `fraction` of a file, as a cut-short upload or copy leaves it. */
function truncate(from: string, to: string, fraction: number) {
  const b = readFileSync(from);
  writeFileSync(to, b.subarray(0, Math.floor(b.length * fraction)));
}

/** Flips bytes in the middle of the audio (after the headers), as a bad disk or transfer does. */
function damage(from: string, to: string) {
  const b = Buffer.from(readFileSync(from));
  for (let i = Math.floor(b.length / 2); i < Math.floor(b.length / 2) + 3000; i += 7) b[i] ^= 0x5a;
  writeFileSync(to, b);
}

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  const flac = tone(dir, { name: 'good.flac', seconds: 3, bits: 24 });
  tone(dir, { name: 'good16.flac', seconds: 2 });
  const aiff = tone(dir, { name: 'good.aiff', seconds: 3 });
  truncate(flac, join(dir, 'cut.flac'), 0.4);
  damage(flac, join(dir, 'damaged.flac'));
  truncate(aiff, join(dir, 'cut.aiff'), 0.4);
  // Every frame valid, but STREAMINFO's MD5 (at byte 8 + 18) is not the decoded samples'.
  const altered = Buffer.from(readFileSync(flac));
  altered.fill(0x11, 8 + 18, 8 + 34);
  writeFileSync(join(dir, 'altered.flac'), altered);
  entries = await scan({ scanId: 'v', paths: [dir], hashes });
}, 60_000);
afterAll(async () => {
  await hashes.close();
  cleanup();
});

const entry = (name: string) => entries.find((e) => e.name === name)!;
const errors = (name: string) => entry(name).issues.filter((i) => i.level === 'error');

describe('the audio itself is verified', () => {
  it('passes intact FLAC (16 and 24 bit: the decoded samples match the stored MD5) and AIFF', () => {
    for (const n of ['good.flac', 'good16.flac', 'good.aiff']) {
      expect(entry(n).status).toBe('ok');
      expect(errors(n)).toEqual([]);
    }
  });

  it('refuses a FLAC cut to 40 % of its length, saying how much of it decodes', () => {
    const e = errors('cut.flac');
    expect(e).toHaveLength(1);
    expect(e[0].code).toBe('truncated');
    expect(e[0].message).toMatch(/^The FLAC audio is cut short or damaged: \d+ of the 132300 samples its header announces decode$/);
  });

  it('refuses a FLAC with damaged frames', () => {
    const e = errors('damaged.flac');
    expect(e).toHaveLength(1);
    expect(e[0].message).toMatch(/^The FLAC audio is cut short or damaged: \d+ of the 132300 samples/);
  });

  it('refuses a FLAC whose frames all decode but whose samples differ from the stored MD5', () => {
    expect(errors('altered.flac')).toEqual([{ level: 'error', code: 'damaged', message: VERIFY_MSG.flacDamaged }]);
  });

  it('refuses an AIFF cut to 40 % of its length', () => {
    expect(errors('cut.aiff')).toEqual([{ level: 'error', code: 'truncated', message: VERIFY_MSG.aiffTruncated }]);
  });
});
