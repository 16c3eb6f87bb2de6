import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../main/bridge/dispatch';
import { packagingHandlers } from '../../../main/bridge/handlers/packaging';
import type { Handlers } from '../../../main/bridge/types';
import { PackagingService } from '../../../main/services/packaging';
import { emptyRelease } from '../../../shared/packaging/draft';
import type { ScanProgress } from '../../../shared/packaging/model';
import { png, tempDir, tone } from '../../fixtures/audio';

const { dir: home, cleanup } = tempDir('pkgs-home-');
const { dir: elsewhere, cleanup: cleanup2 } = tempDir('pkgs-else-');
const progress: ScanProgress[] = [];
const service = new PackagingService({
  roots: [home],
  fetchSupplier: async (id) => ({ id: id ?? 1, name: 'Sandbox Supplier', ddex_party_id: id === 2 ? 'PADPIDA1' : 'PADPIDA2014120301' }),
  emitScanProgress: (p) => progress.push(p),
});
let scope = 'app:baseware user:supplier brand:dance';
const session = { status: async () => ({ signedIn: true, user: { userId: 1, username: 'u', scope, features: [], brand: 'brand:dance', brands: ['brand:dance'] } }) };
const handlers = packagingHandlers({ packaging: service, session }) as unknown as Handlers;
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

  it('scans inside the roots and refuses paths outside them', async () => {
    const r = await call('packagingScan', { scanId: 'a1', paths: [join(home, 'music')] });
    expect(r.ok).toBe(true);
    const entries = r.ok ? (r.value as { entries: { name: string; status: string }[] }).entries : [];
    expect(entries.filter((e) => e.status === 'ok').map((e) => e.name).sort()).toEqual(['one.wav', 'two.flac']);
    expect(entries.find((e) => e.name === 'cover.png')?.status).toBe('unsupported');
    expect(progress.some((p) => p.scanId === 'a1' && p.entry)).toBe(true);
    expect(await call('packagingScan', { scanId: 'a2', paths: [elsewhere] })).toMatchObject({ ok: false, error: { code: 'forbidden_path' } });
    expect(await call('packagingScan', { scanId: 'a3', paths: [join(home, 'escape')] })).toMatchObject({ ok: false, error: { code: 'forbidden_path' } });
  });

  it('reads cover art size in main', async () => {
    const r = await call('packagingCoverArt', { path: join(home, 'music', 'cover.png') });
    expect(r).toMatchObject({ ok: true, value: { width: 600, height: 600, format: 'png' } });
  });

  it('checks the sender party id with the §5 messages', async () => {
    expect(await call('packagingSender', {})).toMatchObject({ ok: true, value: { partyId: 'PADPIDA2014120301', partyIdMessage: 'Valid DDEX Party ID', valid: true } });
    expect(await call('packagingSender', { supplierId: 2 })).toMatchObject({ ok: true, value: { partyIdMessage: 'Invalid DDEX Party ID', valid: false } });
  });

  it('builds a package from scanned files; refuses with the sender error otherwise', async () => {
    const scanned = await service.scan('b1', [join(home, 'music')]);
    const ok = scanned.filter((e) => e.status === 'ok');
    const cover = await service.coverArt(join(home, 'music', 'cover.png'));
    const req = {
      buildId: 'b2',
      release: { ...emptyRelease(), title: 'R', upc: '4006381333931', label: { id: 1, name: 'L' }, releaseType: { id: 1, name: 'Single' }, releaseDate: '2026-12-01', streetDate: '2026-12-01', genre: { id: 1, name: 'House' } },
      tracks: ok.map((e, i) => ({
        path: e.path, fileName: e.name, position: i + 1, title: e.name, mixName: '', isrc: `GBABC2400${i}01`, bpm: null, key: null, genre: null, subGenre: null,
        artists: ['A'], remixers: [], songwriters: [], publishers: [], copyrightHolder: 'L',
      })),
      coverArt: cover,
      outputDir: join(home, 'out'),
    };
    const bad = await call('packagingBuild', { ...req, supplierId: 2 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_package' } });
    expect(readdirSync(join(home, 'out'))).toEqual([]);
    const r = await call('packagingBuild', req);
    expect(r).toMatchObject({ ok: true, value: { folder: join(home, 'out', '4006381333931') } });
    expect(await call('packagingBuild', { ...req, buildId: 'b3', outputDir: elsewhere })).toMatchObject({ ok: false, error: { code: 'forbidden_path' } });
  });
});
