/**
 * "Deliver to the store" through the bridge (packagingDeliveryKey, packagingDeliver,
 * packagingCancel; main/services/packaging/deliveries.ts) against the test server's SFTP
 * drop server: the renderer gets the key's public half only; a package built in this
 * launch is delivered as the supplier's SFTP user with the keychain's key, BatchComplete
 * last, with progress, and queues exactly one ingestion; a refused key answers the key to
 * give the store; delivering again resumes; a broken connection and a cancel say so.
 */
import { basename, join } from 'node:path';
import net from 'node:net';
import { mkdirSync, realpathSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../main/bridge/dispatch';
import { packagingHandlers } from '../../../main/bridge/handlers/packaging';
import type { Handlers } from '../../../main/bridge/types';
import type { SftpServer } from '../../../main/config';
import { PackagingService } from '../../../main/services/packaging';
import { PackageDeliveries } from '../../../main/services/packaging/deliveries';
import { SftpDeliveryService, deliveryKeyAccount } from '../../../main/services/packaging/sftp-delivery';
import { createMemoryBackend, createSettingsService } from '../../../main/services/settings';
import { createMemoryVault } from '../../../main/services/token-vault';
import { INGEST_BATCH_JOB } from '../../../shared/api/endpoints/jobs';
import type { BridgeEventPayload } from '../../../shared/bridge/events';
import { emptyRelease } from '../../../shared/packaging/draft';
import { PKG_MSG } from '../../../shared/packaging/messages';
import { newSshKeyPair } from '../../../shared/packaging/ssh-key';
import { png, tempDir, tone } from '../../fixtures/audio';
import { api, signIn, startTestServer, type RunningServer } from '../../server/helpers';

const { dir, cleanup } = tempDir('pkgs-deliver-');
let server: RunningServer;
let scope = 'app:baseware user:supplier brand:dance';
const session = {
  status: async () => ({
    signedIn: true,
    user: { userId: 1, username: 'u', scope, features: [], brand: 'brand:dance', brands: ['brand:dance'] },
  }),
};
const ctx = { transport: 'host' as const, origin: 'http://127.0.0.1' };
const progress: BridgeEventPayload<'packagingDeliverProgress'>[] = [];
const vault = createMemoryVault();
const settings = createSettingsService(createMemoryBackend());
const packaging = new PackagingService({
  browseRoots: [dir],
  // The signed-in supplier's own record: supplier 1.
  fetchSupplier: async (id) => ({ id: id ?? 1, name: 'Sandbox Supplier', ddex_party_id: 'PADPIDA2014120301' }),
});

/** The bridge handlers with deliveries going to `target` (undefined: none configured). */
function bridgeTo(target: SftpServer | undefined) {
  const deliveries = new PackageDeliveries({
    sftp: new SftpDeliveryService({ vault, server: () => target! }),
    packaging,
    settings,
    server: target,
    emitProgress: (p) => progress.push(p),
  });
  const handlers = packagingHandlers({ packaging, deliveries, session }) as unknown as Handlers;
  return (channel: string, req: unknown) => dispatch(handlers, channel, req, ctx);
}
let call: ReturnType<typeof bridgeTo>;
let folder: string;
let token: string;
let ftpUserId: number;

const ingestJobs = async (batch: string) =>
  (await server.db.query("select 1 from jobs where kind = $1 and payload->>'batch_dir' like $2", [INGEST_BATCH_JOB, `%/${batch}`])).length;

beforeAll(async () => {
  server = await startTestServer({ sftp: {}, worker: false });
  call = bridgeTo({ host: '127.0.0.1', port: server.sftp!.port, hostKey: server.sftp!.hostPublicKey });
  token = (await signIn(server, 'contentops', 'sandbox-contentops')).access_token;
  const user = await api(server, token, '/v4/content-ops/ftp-users/', {
    method: 'POST',
    body: { supplier_id: 1, username: 'wizard-deliver' },
  });
  ftpUserId = (user.body as { id: number }).id;

  // A package built by main in this launch, as the wizard's Finish step builds it.
  mkdirSync(join(dir, 'audio'));
  mkdirSync(join(dir, 'out'));
  tone(join(dir, 'audio'), { name: 'one.wav', seconds: 1 });
  png(dir, 'cover.png', 600, 600);
  for (const [path, kind] of [
    [join(dir, 'audio'), 'audioFolder'],
    [join(dir, 'out'), 'outputFolder'],
    [join(dir, 'cover.png'), 'coverArt'],
  ] as const) {
    expect((await call('packagingBrowsePick', { path, kind })).ok).toBe(true);
  }
  expect((await call('packagingScan', { scanId: 's1', paths: [join(dir, 'audio')] })).ok).toBe(true);
  const built = await call('packagingBuild', {
    buildId: 'b1',
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
    tracks: [
      {
        path: realpathSync(join(dir, 'audio', 'one.wav')),
        fileName: 'one.wav',
        position: 1,
        title: 'One',
        mixName: '',
        isrc: 'GBABC2400101',
        bpm: null,
        key: null,
        genre: null,
        subGenre: null,
        artists: ['A'],
        remixers: [],
        songwriters: [],
        publishers: [],
        copyrightHolder: 'L',
      },
    ],
    coverArt: await packaging.coverArt(join(dir, 'cover.png')),
    outputDir: join(dir, 'out'),
  });
  expect(built.ok, JSON.stringify(built)).toBe(true);
  folder = (built as { value: { folder: string } }).value.folder;
}, 120_000);
afterAll(async () => {
  await packaging.close();
  await server?.close();
  cleanup();
});

describe('Deliver to the store (bridge)', () => {
  it("answers the supplier's delivery key (public half and fingerprint) and the server; the private half stays in the keychain", async () => {
    const r = await call('packagingDeliveryKey', {});
    expect(r.ok).toBe(true);
    const key = (r as { value: Record<string, unknown> }).value;
    expect(key).toMatchObject({ supplierId: 1, username: null, server: `sftp://127.0.0.1:${server.sftp!.port}` });
    expect(key.publicKey).toMatch(/^ssh-ed25519 AAAA/);
    expect(key.fingerprint).toMatch(/^SHA256:/);
    expect(JSON.stringify(key)).not.toContain('PRIVATE KEY');
    expect(vault.entries.get(deliveryKeyAccount(1))).toContain('PRIVATE KEY');
  });

  it('is refused to roles that do not package, and for a folder this launch did not build', async () => {
    scope = 'app:control staff:finance brand:dance';
    try {
      expect(await call('packagingDeliveryKey', {})).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
      expect(await call('packagingDeliver', { deliveryId: 'f1', folder, username: 'wizard-deliver' })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    } finally {
      scope = 'app:baseware user:supplier brand:dance';
    }
    expect(await call('packagingDeliver', { deliveryId: 'n1', folder: join(dir, 'audio'), username: 'wizard-deliver' })).toMatchObject({
      ok: false,
      error: { code: 'not_built', message: PKG_MSG.deliverNotBuilt },
    });
    expect(await call('packagingDeliver', { deliveryId: 'n2', folder, username: 'Not A Name!' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await bridgeTo(undefined)('packagingDeliver', { deliveryId: 'n3', folder, username: 'wizard-deliver' })).toMatchObject({
      ok: false,
      error: { code: 'delivery_unavailable', message: PKG_MSG.deliverNoServer },
    });
  });

  it('a key the store has not added is refused with the key to give the store; nothing is ingested', async () => {
    const r = await call('packagingDeliver', { deliveryId: 'k1', folder, username: 'wizard-deliver' });
    const key = (await call('packagingDeliveryKey', {})) as { value: { publicKey: string; fingerprint: string } };
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'delivery_key_refused',
        message: PKG_MSG.deliverKeyRefused('wizard-deliver'),
        detail: { publicKey: key.value.publicKey, fingerprint: key.value.fingerprint },
      },
    });
    expect(await ingestJobs(basename(folder))).toBe(0);
  });

  it('a broken connection says to deliver again; after content ops adds the key it delivers, BatchComplete last, with progress, and queues one ingestion', async () => {
    // Nothing listens there: the connection is refused.
    const closed = net.createServer();
    await new Promise<void>((res) => closed.listen(0, '127.0.0.1', () => res()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((res) => closed.close(() => res()));
    expect(
      await bridgeTo({ host: '127.0.0.1', port })('packagingDeliver', { deliveryId: 'e1', folder, username: 'wizard-deliver' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'delivery_failed', message: PKG_MSG.deliverBroken("the store's SFTP server refused the connection") },
    });

    const key = (await call('packagingDeliveryKey', {})) as { value: { publicKey: string } };
    expect(
      (
        await api(server, token, `/v4/content-ops/ftp-users/${ftpUserId}/keys/`, {
          method: 'POST',
          body: { public_key: key.value.publicKey },
        })
      ).status,
    ).toBe(201);
    progress.length = 0;
    const r = await call('packagingDeliver', { deliveryId: 'd1', folder, username: 'wizard-deliver' });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const batch = basename(folder);
    const value = (r as { value: { batch: string; uploaded: string[]; skipped: string[] } }).value;
    expect(value.batch).toBe(batch);
    expect(value.skipped).toEqual([]);
    expect(value.uploaded.at(-1)).toBe(`${batch}/BatchComplete_${batch}.xml`);
    expect(value.uploaded).toContain(`${batch}/4006381333931/4006381333931.xml`);
    expect(value.uploaded.filter((f) => f.includes('/resources/'))).toHaveLength(2);
    expect(progress.every((p) => p.deliveryId === 'd1')).toBe(true);
    const last = progress.at(-1)!;
    expect(last.bytesDone).toBe(last.bytesTotal);
    expect(last.filesDone).toBe(value.uploaded.length);
    expect(await ingestJobs(batch)).toBe(1);
    // The user name is kept for the next delivery.
    expect(await call('packagingDeliveryKey', {})).toMatchObject({ ok: true, value: { username: 'wizard-deliver' } });

    // Delivering again resumes: everything is already there whole; still one ingestion.
    const again = await call('packagingDeliver', { deliveryId: 'd2', folder, username: 'wizard-deliver' });
    expect(again).toMatchObject({ ok: true, value: { batch, uploaded: [], skipped: value.uploaded } });
    expect(await ingestJobs(batch)).toBe(1);
  });

  it('a server whose host key is not the pinned one is never sent anything', async () => {
    const other = newSshKeyPair().public;
    progress.length = 0;
    expect(
      await bridgeTo({ host: '127.0.0.1', port: server.sftp!.port, hostKey: other })('packagingDeliver', {
        deliveryId: 'h1',
        folder,
        username: 'wizard-deliver',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'delivery_failed', message: PKG_MSG.deliverBroken("the server's host key is not the store's (SFTP_HOST_KEY)") },
    });
    expect(progress.filter((p) => p.bytesDone > 0)).toEqual([]);
  });

  it('packagingCancel stops a running delivery', async () => {
    // A server that never answers the SSH handshake keeps the delivery running until cancelled.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((res) => silent.listen(0, '127.0.0.1', () => res()));
    try {
      const c = bridgeTo({ host: '127.0.0.1', port: (silent.address() as net.AddressInfo).port });
      const running = c('packagingDeliver', { deliveryId: 'c1', folder, username: 'wizard-deliver' });
      await new Promise((res) => setTimeout(res, 300));
      // One delivery of a package at a time.
      expect(await c('packagingDeliver', { deliveryId: 'c2', folder, username: 'wizard-deliver' })).toMatchObject({
        ok: false,
        error: { code: 'conflict', message: PKG_MSG.deliverRunning },
      });
      expect(await c('packagingCancel', { id: 'c1' })).toEqual({ ok: true, value: { ok: true } });
      expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled', message: PKG_MSG.deliverCancelled } });
    } finally {
      silent.close();
    }
  });
});
