import { mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../main/bridge/dispatch';
import { packagingHandlers } from '../../../main/bridge/handlers/packaging';
import type { Handlers } from '../../../main/bridge/types';
import { PackagingService } from '../../../main/services/packaging';
import { PackageDeliveries } from '../../../main/services/packaging/deliveries';
import { SftpDeliveryService } from '../../../main/services/packaging/sftp-delivery';
import { createMemoryBackend, createSettingsService } from '../../../main/services/settings';
import { createMemoryVault } from '../../../main/services/token-vault';
import { STORE_DDEX_PARTY } from '../../../shared/constants';
import { emptyRelease } from '../../../shared/packaging/draft';
import { PKG_MSG } from '../../../shared/packaging/messages';
import type { ScanProgress } from '../../../shared/packaging/model';
import { png, tempDir, tone } from '../../fixtures/audio';

/** Deliveries with no SFTP server configured (the delivery channels are tested in deliver.test.ts). */
const noDeliveries = (packaging: PackagingService) =>
  new PackageDeliveries({
    sftp: new SftpDeliveryService({ vault: createMemoryVault(), server: () => ({ host: '127.0.0.1', port: 1 }) }),
    packaging,
    settings: createSettingsService(createMemoryBackend()),
    server: undefined,
  });
const { dir: home, cleanup } = tempDir('pkgs-home-');
const { dir: elsewhere, cleanup: cleanup2 } = tempDir('pkgs-else-');
const progress: ScanProgress[] = [];
const service = new PackagingService({
  browseRoots: [home],
  fetchSupplier: async (id) => ({ id: id ?? 1, name: 'Sandbox Supplier', ddex_party_id: id === 2 ? 'PADPIDA1' : 'PADPIDA2014120301' }),
  emitScanProgress: (p) => progress.push(p),
});
let scope = 'app:baseware user:supplier brand:dance';
const session = {
  status: async () => ({
    signedIn: true,
    user: { userId: 1, username: 'u', scope, features: [], brand: 'brand:dance', brands: ['brand:dance'] },
  }),
};
const handlers = packagingHandlers({ packaging: service, deliveries: noDeliveries(service), session }) as unknown as Handlers;
const ctx = { transport: 'host' as const, origin: 'http://127.0.0.1' };
const call = (channel: string, req: unknown) => dispatch(handlers, channel, req, ctx);

beforeAll(() => {
  mkdirSync(join(home, 'music'));
  mkdirSync(join(home, 'out'));
  tone(join(home, 'music'), { name: 'one.wav', seconds: 1 });
  tone(join(home, 'music'), { name: 'two.flac', seconds: 1 });
  png(join(home, 'music'), 'cover.png', 600, 600);
  tone(elsewhere, { name: 'x.wav', seconds: 1 });
  symlinkSync(elsewhere, join(home, 'escape'));
});
afterAll(async () => {
  await service.close();
  cleanup();
  cleanup2();
});

describe('packaging bridge handlers', () => {
  it('answer only the roles that may package (main checks, not only the route guard)', async () => {
    scope = 'app:control staff:finance brand:dance';
    expect(await call('packagingBrowse', {})).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
    scope = 'app:control staff:content_ops brand:dance';
    expect((await call('packagingBrowse', {})).ok).toBe(true);
    scope = 'app:baseware user:supplier brand:dance';
  });

  it("coupon writers (support) may pick a CSV file (a coupon's users) but nothing else; only .csv files are listed and picked", async () => {
    writeFileSync(join(home, 'music', 'users.csv'), 'user_id\n1\n');
    scope = 'app:control staff:support brand:dance';
    try {
      expect(await call('packagingBrowse', { path: join(home, 'music') })).toMatchObject({
        ok: false,
        error: { code: 'forbidden', status: 403 },
      });
      expect(await call('packagingBrowsePick', { path: join(home, 'music', 'cover.png'), kind: 'coverArt' })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
      const listed = await call('packagingBrowse', { path: join(home, 'music'), show: 'csv' });
      expect(listed.ok && (listed.value as { entries: { name: string }[] }).entries.map((e) => e.name)).toEqual(['users.csv']);
      expect(await call('packagingBrowsePick', { path: join(home, 'music', 'cover.png'), kind: 'csv' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_pick' },
      });
      expect((await call('packagingBrowsePick', { path: join(home, 'music', 'users.csv'), kind: 'csv' })).ok).toBe(true);
      scope = 'app:control staff:finance brand:dance';
      expect(await call('packagingBrowse', { path: join(home, 'music'), show: 'csv' })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    } finally {
      rmSync(join(home, 'music', 'users.csv'));
      scope = 'app:baseware user:supplier brand:dance';
    }
  });

  it("page module writers (curation) may pick an image (an item's, to crop) but nothing else", async () => {
    png(join(home, 'music'), 'module.png', 800, 400);
    scope = 'app:control staff:curation brand:dance';
    try {
      expect(await call('packagingBrowse', { path: join(home, 'music') })).toMatchObject({
        ok: false,
        error: { code: 'forbidden', status: 403 },
      });
      expect(await call('packagingPick', { kind: 'audioFolder' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      const listed = await call('packagingBrowse', { path: join(home, 'music'), show: 'images' });
      expect(listed.ok && (listed.value as { entries: { name: string }[] }).entries.map((e) => e.name)).toEqual([
        'cover.png',
        'module.png',
      ]);
      expect((await call('packagingBrowsePick', { path: join(home, 'music', 'module.png'), kind: 'coverArt' })).ok).toBe(true);
      expect(await call('packagingScan', { scanId: 'x', paths: [join(home, 'music')] })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
      scope = 'app:control staff:finance brand:dance';
      expect(await call('packagingBrowse', { path: join(home, 'music'), show: 'images' })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    } finally {
      rmSync(join(home, 'music', 'module.png'));
      scope = 'app:baseware user:supplier brand:dance';
    }
  });

  it('browses inside the roots only, and never above them', async () => {
    const top = await call('packagingBrowse', {});
    expect(top.ok && (top.value as { parent: unknown }).parent).toBeNull();
    const names = top.ok ? (top.value as { entries: { name: string }[] }).entries.map((e) => e.name) : [];
    expect(names).toEqual(['music', 'out']); // the link out of the root is not listed
    const out = await call('packagingBrowse', { path: elsewhere });
    expect(out).toMatchObject({ ok: false, error: { code: 'forbidden_path' } });
  });

  it('answers native: false without dialogs (browser host)', async () => {
    expect(await call('packagingPick', { kind: 'audioFolder' })).toEqual({ ok: true, value: { native: false, paths: [] } });
  });

  it('reads only what the user picked: browsing grants nothing, an unpicked path is refused', async () => {
    // inside the browse roots but never picked: listing it was fine, reading it is not
    expect(await call('packagingScan', { scanId: 'p1', paths: [join(home, 'music')] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path', message: PKG_MSG.notPicked },
    });
    expect(await call('packagingCoverArt', { path: join(home, 'music', 'cover.png') })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
    expect(await call('packagingPicked', { paths: [join(home, 'music')] })).toEqual({ ok: true, value: { picked: [] } });
    // a pick through the folder browser: must be inside its roots and of the kind asked for
    expect(await call('packagingBrowsePick', { path: elsewhere, kind: 'audioFolder' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
    expect(await call('packagingBrowsePick', { path: join(home, 'escape'), kind: 'audioFolder' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
    expect(await call('packagingBrowsePick', { path: join(home, 'music', 'one.wav'), kind: 'audioFolder' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_pick' },
    });
    expect(await call('packagingBrowsePick', { path: join(home, 'music'), kind: 'audioFolder' })).toEqual({
      ok: true,
      value: { path: realpathSync(join(home, 'music')) },
    });
    expect(await call('packagingPicked', { paths: [join(home, 'music'), join(home, 'music', 'one.wav'), join(home, 'out')] })).toEqual({
      ok: true,
      value: { picked: [join(home, 'music'), join(home, 'music', 'one.wav')] },
    });
    // the picked folder does not open its siblings
    expect(await call('packagingScan', { scanId: 'p2', paths: [join(home, 'out')] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
  });

  it('refuses a symlink out of a picked folder, whether asked for directly or met while scanning', async () => {
    const picked = join(home, 'linked');
    mkdirSync(picked);
    tone(picked, { name: 'in.wav', seconds: 1 });
    symlinkSync(elsewhere, join(picked, 'out-dir'));
    symlinkSync(join(elsewhere, 'x.wav'), join(picked, 'out.wav'));
    expect((await call('packagingBrowsePick', { path: picked, kind: 'audioFolder' })).ok).toBe(true);
    expect(await call('packagingScan', { scanId: 'l1', paths: [join(picked, 'out-dir')] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
    expect(await call('packagingScan', { scanId: 'l2', paths: [join(picked, 'out.wav')] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
    const r = await call('packagingScan', { scanId: 'l3', paths: [picked] });
    const entries = r.ok ? (r.value as { entries: { name: string; status: string }[] }).entries : [];
    expect(entries.filter((e) => e.status === 'ok').map((e) => e.name)).toEqual(['in.wav']);
    expect(
      entries
        .filter((e) => e.status === 'refused')
        .map((e) => e.name)
        .sort(),
    ).toEqual(['out-dir', 'out.wav']);
  });

  it('scans inside a picked folder and refuses paths outside it', async () => {
    const r = await call('packagingScan', { scanId: 'a1', paths: [join(home, 'music')] });
    expect(r.ok).toBe(true);
    const entries = r.ok ? (r.value as { entries: { name: string; status: string }[] }).entries : [];
    expect(
      entries
        .filter((e) => e.status === 'ok')
        .map((e) => e.name)
        .sort(),
    ).toEqual(['one.wav', 'two.flac']);
    expect(entries.find((e) => e.name === 'cover.png')?.status).toBe('unsupported');
    expect(progress.some((p) => p.scanId === 'a1' && p.entry)).toBe(true);
    expect(await call('packagingScan', { scanId: 'a2', paths: [elsewhere] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
    expect(await call('packagingScan', { scanId: 'a3', paths: [join(home, 'escape')] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
  });

  it('reads cover art size in main', async () => {
    const r = await call('packagingCoverArt', { path: join(home, 'music', 'cover.png') });
    expect(r).toMatchObject({ ok: true, value: { width: 600, height: 600, format: 'png' } });
  });

  it('checks the sender party id with the §5 messages', async () => {
    expect(await call('packagingSender', {})).toMatchObject({
      ok: true,
      value: { partyId: 'PADPIDA2014120301', partyIdMessage: 'Valid DDEX Party ID', valid: true },
    });
    expect(await call('packagingSender', { supplierId: 2 })).toMatchObject({
      ok: true,
      value: { partyIdMessage: 'Invalid DDEX Party ID', valid: false },
    });
  });

  it('builds a package from scanned files; refuses with the sender error otherwise', async () => {
    const scanned = await service.scan('b1', [join(home, 'music')]);
    const ok = scanned.filter((e) => e.status === 'ok');
    const cover = await service.coverArt(join(home, 'music', 'cover.png'));
    // the output folder must be picked too
    const unpicked = { buildId: 'b0', release: emptyRelease(), tracks: [], coverArt: cover, outputDir: join(home, 'out') };
    await expect(service.build(unpicked)).rejects.toMatchObject({ code: 'forbidden_path' });
    expect((await call('packagingBrowsePick', { path: join(home, 'out'), kind: 'outputFolder' })).ok).toBe(true);
    const req = {
      buildId: 'b2',
      release: {
        ...emptyRelease(),
        title: 'R',
        upc: '4006381333931',
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
        title: e.name,
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
      outputDir: join(home, 'out'),
    };
    const bad = await call('packagingBuild', { ...req, supplierId: 2 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_package' } });
    expect(readdirSync(join(home, 'out'))).toEqual([]);
    const r = await call('packagingBuild', req);
    expect(r).toMatchObject({ ok: true, value: { xml: '4006381333931/4006381333931.xml' } });
    const folder = (r as { value: { folder: string } }).value.folder;
    expect(folder).toMatch(new RegExp(`^${join(home, 'out')}/\\d{17}$`));
    // the recipient is the store's configured party id
    expect(readFileSync(join(folder, '4006381333931', '4006381333931.xml'), 'utf8')).toContain(
      `<MessageRecipient>\n      <PartyId>${STORE_DDEX_PARTY.partyId}</PartyId>`,
    );
    expect(await call('packagingBuild', { ...req, buildId: 'b3', outputDir: elsewhere })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
  });
});

describe('picks with native dialogs (Electron)', () => {
  const { dir, cleanup: cleanup3 } = tempDir('pkgs-native-');
  let answer: string[] = [];
  let drop: ((path: string) => void) | undefined;
  const native = new PackagingService({
    fetchSupplier: async () => ({ id: 1, name: 'S', ddex_party_id: 'PADPIDA2014120301' }),
    dialogs: { pick: async () => answer, onDrop: (l) => (drop = l) },
  });
  const nativeCall = (channel: string, req: unknown) =>
    dispatch(packagingHandlers({ packaging: native, deliveries: noDeliveries(native), session }) as unknown as Handlers, channel, req, ctx);
  beforeAll(() => {
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    tone(join(dir, 'a'), { name: 'a.wav', seconds: 1 });
    tone(join(dir, 'b'), { name: 'b.wav', seconds: 1 });
    png(dir, 'cover.png', 600, 600);
  });
  afterAll(async () => {
    await native.close();
    cleanup3();
  });

  it('reads what the native dialog picked, nothing else; the folder browser is not offered', async () => {
    expect(await nativeCall('packagingScan', { scanId: 'n1', paths: [join(dir, 'a')] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
    answer = [join(dir, 'a')];
    expect(await nativeCall('packagingPick', { kind: 'audioFolder' })).toEqual({
      ok: true,
      value: { native: true, paths: [realpathSync(join(dir, 'a'))] },
    });
    expect((await nativeCall('packagingScan', { scanId: 'n2', paths: [join(dir, 'a')] })).ok).toBe(true);
    expect(await nativeCall('packagingScan', { scanId: 'n3', paths: [join(dir, 'b')] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
    expect(await nativeCall('packagingBrowse', {})).toMatchObject({ ok: false, error: { code: 'forbidden_path' } });
    expect(await nativeCall('packagingBrowsePick', { path: join(dir, 'b'), kind: 'audioFolder' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
  });

  it('reads a file the preload reported as dropped, and only that file', async () => {
    expect(await nativeCall('packagingCoverArt', { path: join(dir, 'cover.png') })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
    drop!(join(dir, 'cover.png'));
    expect(await nativeCall('packagingCoverArt', { path: join(dir, 'cover.png') })).toMatchObject({
      ok: true,
      value: { width: 600, height: 600 },
    });
    expect(await nativeCall('packagingScan', { scanId: 'n4', paths: [join(dir, 'b')] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_path' },
    });
  });

  it('picks last for this launch: a resumed draft in the same launch may read them, a restarted console may not', async () => {
    const paths = [join(dir, 'a'), join(dir, 'cover.png')];
    expect(await nativeCall('packagingPicked', { paths })).toEqual({ ok: true, value: { picked: paths } });
    const restarted = new PackagingService({
      fetchSupplier: async () => ({ id: 1, name: 'S', ddex_party_id: null }),
      dialogs: { pick: async () => [] },
    });
    expect(await restarted.pickedOf(paths)).toEqual([]);
    await expect(restarted.scan('r1', [join(dir, 'a')])).rejects.toMatchObject({ code: 'forbidden_path' });
    await restarted.close();
  });
});

describe('cancelling through the bridge (packagingCancel)', () => {
  const { dir, cleanup: cleanup4 } = tempDir('pkgs-cancel-');
  let onScan: (p: ScanProgress) => void = () => {};
  let onBuild: (p: { buildId: string; step: string }) => void = () => {};
  const svc = new PackagingService({
    browseRoots: [dir],
    concurrency: 1,
    fetchSupplier: async () => ({ id: 1, name: 'S', ddex_party_id: 'PADPIDA2014120301' }),
    emitScanProgress: (p) => onScan(p),
    emitBuildProgress: (p) => onBuild(p),
  });
  const c = (channel: string, req: unknown) =>
    dispatch(packagingHandlers({ packaging: svc, deliveries: noDeliveries(svc), session }) as unknown as Handlers, channel, req, ctx);
  beforeAll(async () => {
    mkdirSync(join(dir, 'audio'));
    mkdirSync(join(dir, 'out'));
    for (const n of [1, 2, 3]) tone(join(dir, 'audio'), { name: `${n}.flac`, seconds: 30, bits: 24, rate: 96000 });
    png(dir, 'cover.png', 1400, 1400);
    for (const [path, kind] of [
      [join(dir, 'audio'), 'audioFolder'],
      [join(dir, 'out'), 'outputFolder'],
      [join(dir, 'cover.png'), 'coverArt'],
    ] as const) {
      expect((await c('packagingBrowsePick', { path, kind })).ok).toBe(true);
    }
  });
  afterAll(async () => {
    await svc.close();
    cleanup4();
  });

  const buildRequest = async (buildId: string, files: { path: string; name: string }[]) => ({
    buildId,
    release: {
      ...emptyRelease(),
      title: 'R',
      upc: '4006381333931',
      label: { id: 1, name: 'L' },
      releaseType: { id: 1, name: 'Single' },
      releaseDate: '2026-12-01',
      streetDate: '2026-12-01',
      genre: { id: 1, name: 'House' },
    },
    tracks: files.map((e, i) => ({
      path: e.path,
      fileName: e.name,
      position: i + 1,
      title: e.name,
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
    coverArt: await svc.coverArt(join(dir, 'cover.png')),
    outputDir: join(dir, 'out'),
  });

  it('a scan cancelled mid-file stops with "cancelled" and its files cannot be packaged', async () => {
    let cancelled = false;
    onScan = (p) => {
      if (p.scanId === 'x1' && p.bytesDone > 0 && !cancelled) {
        cancelled = true;
        void c('packagingCancel', { id: 'x1' });
      }
    };
    const r = await c('packagingScan', { scanId: 'x1', paths: [join(dir, 'audio')] });
    expect(cancelled).toBe(true);
    expect(r).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    // nothing of the cancelled scan was kept: a build with its files is refused
    const files = [1, 2, 3].map((n) => ({ path: realpathSync(join(dir, 'audio', `${n}.flac`)), name: `${n}.flac` }));
    const b = await c('packagingBuild', await buildRequest('x2', files));
    expect(b).toMatchObject({ ok: false, error: { code: 'invalid_package' } });
    expect(JSON.stringify(b)).toContain('was not scanned in this session');
    expect(readdirSync(join(dir, 'out'))).toEqual([]);
  });

  it('a build cancelled after its first file leaves nothing in the output folder', async () => {
    onScan = () => {};
    const scanned = await c('packagingScan', { scanId: 'x3', paths: [join(dir, 'audio')] });
    const files = scanned.ok
      ? (scanned.value as { entries: { path: string; name: string; status: string }[] }).entries.filter((e) => e.status === 'ok')
      : [];
    expect(files).toHaveLength(3);
    const steps: string[] = [];
    onBuild = (p) => {
      steps.push(p.step);
      if (p.buildId === 'x4' && steps.length === 1) void c('packagingCancel', { id: 'x4' });
    };
    const r = await c('packagingBuild', await buildRequest('x4', files));
    expect(steps[0]).toMatch(/^Copying 1\.flac|^Copied /);
    expect(r).toMatchObject({ ok: false, error: { code: 'cancelled', message: 'The build was cancelled' } });
    expect(readdirSync(join(dir, 'out'))).toEqual([]);
    // and the same build, not cancelled, is written
    onBuild = () => {};
    expect(await c('packagingBuild', await buildRequest('x5', files))).toMatchObject({ ok: true });
  });
});
