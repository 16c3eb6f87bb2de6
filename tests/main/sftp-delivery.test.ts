/**
 * main's delivery key and deliveries (main/services/packaging/sftp-delivery.ts): the key
 * pair is made once per supplier, its private half only in the vault (the keychain in the
 * app), the public half accepted by the drop server once content ops adds it to the
 * supplier's SFTP user; a delivery with it arrives and is queued for ingestion; cancel by id.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SftpDeliveryService, deliveryKeyAccount } from '../../main/services/packaging/sftp-delivery';
import { DeliveryCancelled } from '../../main/services/packaging/sftp-upload';
import { createMemoryVault } from '../../main/services/token-vault';
import { INGEST_BATCH_JOB } from '../../shared/api/endpoints/jobs';
import { tempDir } from '../fixtures/audio';
import { api, signIn, startTestServer, type RunningServer } from '../server/helpers';

const { dir, cleanup } = tempDir('sftp-delivery-');
let server: RunningServer;

describe('SftpDeliveryService', () => {
  beforeAll(async () => {
    server = await startTestServer({ sftp: {}, worker: false });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    cleanup();
  });

  it('makes one key per supplier, keeps its private half in the vault only, and delivers with it', async () => {
    const vault = createMemoryVault();
    const service = new SftpDeliveryService({
      vault,
      server: () => ({ host: '127.0.0.1', port: server.sftp!.port, hostKey: server.sftp!.hostPublicKey }),
    });
    const key = await service.deliveryKey(1);
    expect(key.publicKey).toMatch(/^ssh-ed25519 /);
    expect(key.fingerprint).toMatch(/^SHA256:/);
    expect(await service.deliveryKey(1)).toEqual(key);
    expect((await service.deliveryKey(2)).publicKey).not.toBe(key.publicKey);
    expect(JSON.stringify(key)).not.toContain('PRIVATE KEY');
    expect(vault.entries.get(deliveryKeyAccount(1))).toContain('PRIVATE KEY');

    // Content ops adds the public key to the supplier's SFTP user through the API.
    const t = (await signIn(server, 'contentops', 'sandbox-contentops')).access_token;
    const user = await api(server, t, '/v4/content-ops/ftp-users/', {
      method: 'POST',
      body: { supplier_id: 1, username: 'wizard-delivery' },
    });
    expect(
      (await api(server, t, `/v4/content-ops/ftp-users/${user.body.id}/keys/`, { method: 'POST', body: { public_key: key.publicKey } }))
        .status,
    ).toBe(201);

    const batch = '20261124210000001';
    const files = [`${batch}/X/X.xml`, `${batch}/BatchComplete_${batch}.xml`];
    for (const f of files) {
      mkdirSync(join(dir, f, '..'), { recursive: true });
      writeFileSync(join(dir, f), `<${f}/>`);
    }
    const r = await service.deliver({ deliveryId: 'd1', supplierId: 1, username: 'wizard-delivery', root: dir, files });
    expect(r.uploaded).toEqual(files);
    const jobs = await server.db.query("select 1 from jobs where kind = $1 and payload->>'batch_dir' like $2", [
      INGEST_BATCH_JOB,
      `%/${batch}`,
    ]);
    expect(jobs).toHaveLength(1);

    // Another supplier's key is not this user's: refused.
    await expect(service.deliver({ deliveryId: 'd2', supplierId: 2, username: 'wizard-delivery', root: dir, files })).rejects.toThrow();
  });

  it('cancels a running delivery by id', async () => {
    const vault = createMemoryVault();
    // A server that never answers the SSH handshake keeps the delivery running until cancelled.
    const net = await import('node:net');
    const silent = net.createServer(() => undefined);
    await new Promise<void>((res) => silent.listen(0, '127.0.0.1', () => res()));
    try {
      const service = new SftpDeliveryService({
        vault,
        server: () => ({ host: '127.0.0.1', port: (silent.address() as { port: number }).port }),
      });
      writeFileSync(join(dir, 'one.xml'), 'x');
      const running = service.deliver({ deliveryId: 'c1', supplierId: 1, username: 'u', root: dir, files: ['one.xml'] });
      setTimeout(() => service.cancel('c1'), 300);
      await expect(running).rejects.toBeInstanceOf(DeliveryCancelled);
    } finally {
      silent.close();
    }
  });
});
