import { linkSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HashPool } from '../../../main/services/packaging/hash-pool';
import { scan } from '../../../main/services/packaging/scanner';
import { tempDir, tone } from '../../fixtures/audio';

const hashes = new HashPool(1);
const { dir, cleanup } = tempDir('pkg-same-');
beforeAll(() => {
  tone(dir, { name: 'a.wav', seconds: 1 });
  tone(dir, { name: 'b.wav', seconds: 1 });
  symlinkSync(join(dir, 'a.wav'), join(dir, 'c-link.wav'));
  linkSync(join(dir, 'b.wav'), join(dir, 'd-hard.wav'));
});
afterAll(async () => {
  await hashes.close();
  cleanup();
});

it('a link (symbolic or hard) to another file of the folder is the same recording: listed as refused, never a second track', async () => {
  const entries = await scan({ scanId: 's', paths: [dir], hashes });
  expect(entries.filter((e) => e.status === 'ok').map((e) => e.name)).toEqual(['a.wav', 'b.wav']);
  const refused = entries.filter((e) => e.status === 'refused').map((e) => [e.name, e.reason]);
  expect(refused).toEqual([
    ['c-link.wav', 'The same file as a.wav: a recording is packaged once'],
    ['d-hard.wav', 'The same file as b.wav: a recording is packaged once'],
  ]);
});
