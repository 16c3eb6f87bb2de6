/**
 * What a supplier meets after the build, through main's bridge handlers: built packages
 * are remembered across a restart (a new service on the same settings store) and can be
 * delivered; a folder already holding the package offers to deliver or replace it; a
 * read-only output folder, one removed, and a cover art moved after it was picked are
 * said in words.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../main/bridge/dispatch';
import { packagingHandlers } from '../../../main/bridge/handlers/packaging';
import type { Handlers } from '../../../main/bridge/types';
import { PackagingService } from '../../../main/services/packaging';
import { BUILT_PACKAGES_KEY } from '../../../main/services/packaging/built-packages';
import { PackageDeliveries } from '../../../main/services/packaging/deliveries';
import { SftpDeliveryService } from '../../../main/services/packaging/sftp-delivery';
import { createMemoryBackend, createSettingsService } from '../../../main/services/settings';
import { createMemoryVault } from '../../../main/services/token-vault';
import type { BuiltPackage } from '../../../shared/bridge/channels/packaging';
import { emptyRelease } from '../../../shared/packaging/draft';
import { PKG_MSG } from '../../../shared/packaging/messages';
import type { ScanEntry } from '../../../shared/packaging/model';
import { png, tempDir, tone } from '../../fixtures/audio';

const { dir: home, cleanup } = tempDir('pkg-built-');
const UPC = '4006381333931';
const store = createMemoryBackend();
let userId = 1;
const session = {
  status: async () => ({
    signedIn: true,
    user: {
      userId,
      username: 'u',
      scope: 'app:baseware user:supplier brand:dance',
      features: [],
      brand: 'brand:dance',
      brands: ['brand:dance'],
    },
  }),
};
const ctx = { transport: 'host' as const, origin: 'http://127.0.0.1' };
const services: PackagingService[] = [];

/** A console on the shared settings store: a new one is a restart. */
function launch() {
  const packaging = new PackagingService({
    browseRoots: [home],
    store,
    fetchSupplier: async (id) => ({ id: id ?? 1, name: 'Sandbox Supplier', ddex_party_id: 'PADPIDA2014120301' }),
  });
  services.push(packaging);
  const deliveries = new PackageDeliveries({
    sftp: new SftpDeliveryService({ vault: createMemoryVault(), server: () => ({ host: '127.0.0.1', port: 1 }) }),
    packaging,
    settings: createSettingsService(createMemoryBackend()),
    server: undefined,
  });
  const handlers = packagingHandlers({ packaging, deliveries, session }) as unknown as Handlers;
  const call = async (channel: string, req: unknown) => dispatch(handlers, channel, req, ctx);
  const pick = async (path: string, kind: string) => expect((await call('packagingBrowsePick', { path, kind })).ok).toBe(true);
  return { packaging, call, pick };
}

/** Picks and scans the audio and cover art, answers the build request into `out`. */
async function ready(c: ReturnType<typeof launch>, out: string, buildId: string) {
  await c.pick(join(home, 'music'), 'audioFolder');
  await c.pick(out, 'outputFolder');
  const scanned = await c.call('packagingScan', { scanId: `s-${buildId}`, paths: [join(home, 'music')] });
  const ok = (scanned as { value: { entries: ScanEntry[] } }).value.entries.filter((e) => e.status === 'ok');
  const cover = ((await c.call('packagingCoverArt', { path: join(home, 'music', 'cover.png') })) as { value: unknown }).value;
  return {
    buildId,
    release: {
      ...emptyRelease(),
      title: 'Remembered',
      upc: UPC,
      label: { id: 1, name: 'L' },
      releaseType: { id: 1, name: 'Single' },
      releaseDate: '2026-12-01',
      streetDate: '2026-12-01',
      genre: { id: 1, name: 'House' },
    },
    tracks: ok.map((e, i) => ({
      path: e.path,
      fileName: e.name,
      position: i + 1,
      title: 'One',
      mixName: '',
      isrc: `GBABC2400${i}01`,
      bpm: null,
      key: null,
      genre: null,
      subGenre: null,
      artists: ['A'],
      remixers: [],
      songwriters: [],
      publishers: [],
      copyrightHolder: 'L',
    })),
    coverArt: cover,
    outputDir: out,
  };
}
const packagesOf = async (c: ReturnType<typeof launch>) =>
  ((await c.call('packagingBuilt', {})) as { value: { packages: BuiltPackage[] } }).value.packages;

beforeAll(() => {
  mkdirSync(join(home, 'music'));
  mkdirSync(join(home, 'out'));
  tone(join(home, 'music'), { name: 'one.wav', seconds: 1 });
  png(join(home, 'music'), 'cover.png', 600, 600);
});
afterAll(async () => {
  for (const s of services) await s.close();
  cleanup();
});

describe('built packages', () => {
  let folder = '';

  it('are remembered across a restart, per user, and can still be delivered', async () => {
    const first = launch();
    const built = await first.call('packagingBuild', await ready(first, join(home, 'out'), 'b1'));
    expect(built.ok).toBe(true);
    folder = (built as { value: { folder: string } }).value.folder;
    expect(await packagesOf(first)).toMatchObject([{ folder, upc: UPC, title: 'Remembered', supplierId: null, deliveredAt: null }]);
    // what main keeps is not a key the renderer may read or write
    expect(store.get(BUILT_PACKAGES_KEY)).toBeTruthy();

    const again = launch();
    expect((await packagesOf(again)).map((p) => p.folder)).toEqual([folder]);
    const batch = folder.split('/').at(-1)!;
    const image = readdirSync(join(folder, UPC, 'resources')).find((f) => f.endsWith('.png'))!;
    expect(again.packaging.builtPackage(folder)).toEqual({
      root: join(home, 'out'),
      batch,
      files: [
        `${batch}/${UPC}/resources/${UPC}_01_001.wav`,
        `${batch}/${UPC}/resources/${image}`,
        `${batch}/${UPC}/${UPC}.xml`,
        `${batch}/BatchComplete_${batch}.xml`,
      ],
    });
    userId = 2;
    try {
      expect(await packagesOf(again)).toEqual([]);
    } finally {
      userId = 1;
    }
  });

  it('building into a folder that holds the package offers to deliver it or replace it; replacing leaves only the new one', async () => {
    const c = launch();
    const req = await ready(c, join(home, 'out'), 'b2');
    const refused = await c.call('packagingBuild', req);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'package_exists', message: PKG_MSG.packageExists(UPC, folder), detail: { folder, upc: UPC, known: true } },
    });
    // someone else's package (not one this user built) can only be replaced
    userId = 2;
    try {
      expect(await c.call('packagingBuild', { ...req, buildId: 'b3' })).toMatchObject({
        ok: false,
        error: { code: 'package_exists', message: PKG_MSG.packageExistsUnknown(UPC, folder), detail: { known: false } },
      });
    } finally {
      userId = 1;
    }
    const replaced = await c.call('packagingBuild', { ...req, buildId: 'b4', replace: folder });
    expect(replaced.ok).toBe(true);
    const fresh = (replaced as { value: { folder: string } }).value.folder;
    expect(fresh).not.toBe(folder);
    expect(existsSync(folder)).toBe(false);
    expect(readdirSync(join(home, 'out'))).toEqual([fresh.split('/').at(-1)]);
    expect((await packagesOf(c)).map((p) => p.folder)).toEqual([fresh]);
    // a package whose folder is gone is forgotten
    rmSync(fresh, { recursive: true });
    expect(await packagesOf(c)).toEqual([]);
  });
});

describe('said in words', () => {
  it('a read-only output folder: it cannot be written, choose another', async () => {
    const c = launch();
    const ro = join(home, 'read-only');
    mkdirSync(ro);
    // root writes through file modes: the immutable attribute refuses it too (EPERM, as a read-only volume does)
    if (process.getuid?.() === 0) execFileSync('chattr', ['+i', ro]);
    else chmodSync(ro, 0o555);
    try {
      const r = await c.call('packagingBuild', await ready(c, ro, 'r1'));
      expect(r).toMatchObject({ ok: false, error: { code: 'output_not_writable', message: PKG_MSG.outputNotWritable(ro) } });
      expect(JSON.stringify(r)).not.toMatch(/EPERM|EACCES|mkdir/);
    } finally {
      if (process.getuid?.() === 0) execFileSync('chattr', ['-i', ro]);
      else chmodSync(ro, 0o755);
    }
  });

  it('an output folder removed after it was chosen: choose it again', async () => {
    const c = launch();
    const gone = join(home, 'out-gone');
    mkdirSync(gone);
    const req = await ready(c, gone, 'g1');
    rmSync(gone, { recursive: true });
    expect(await c.call('packagingBuild', req)).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: PKG_MSG.outputMissing(gone) },
    });
  });

  it('a cover art moved after it was picked is named, with what to do', async () => {
    const c = launch();
    const out = join(home, 'out-cover');
    mkdirSync(out);
    const req = await ready(c, out, 'c1');
    renameSync(join(home, 'music', 'cover.png'), join(home, 'music', 'moved.png'));
    try {
      const r = await c.call('packagingBuild', req);
      expect(r).toMatchObject({ ok: false, error: { message: PKG_MSG.coverArtMissing('cover.png') } });
      expect(PKG_MSG.coverArtMissing('cover.png')).toBe(
        'The cover art file cover.png was moved or deleted after it was chosen: put it back, or choose the cover art again',
      );
      expect(readdirSync(out)).toEqual([]);
    } finally {
      renameSync(join(home, 'music', 'moved.png'), join(home, 'music', 'cover.png'));
    }
  });
});
