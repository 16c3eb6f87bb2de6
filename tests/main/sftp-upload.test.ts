/**
 * main's package delivery over SFTP (main/services/packaging/sftp-upload.ts) against the
 * API's own drop server: the batch arrives whole with BatchComplete last and is queued
 * for ingestion once; progress counts bytes; a cancelled delivery resumes, skipping the
 * files already on the server whole (size and SHA-256) and sending a changed one again.
 */
import { newSshKeyPair } from '../../shared/packaging/ssh-key';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryCancelled, deliverPackage, type DeliveryProgress, type SftpTarget } from '../../main/services/packaging/sftp-upload';
import { hashPassword } from '../../server/auth/crypto';
import { INGEST_BATCH_JOB } from '../../shared/api/endpoints/jobs';
import { tempDir } from '../fixtures/audio';
import { startTestServer, type RunningServer } from '../server/helpers';

const { dir, cleanup } = tempDir('sftp-upload-');
let server: RunningServer;
let target: SftpTarget;

/** A package as the writer makes it: <batch>/<UPC>/… then <batch>/BatchComplete_<batch>.xml. */
function writePackage(batch: string): string[] {
  const upc = '5012345678900';
  const files = [
    `${batch}/${upc}/${upc}.xml`,
    `${batch}/${upc}/resources/${upc}_01_001.wav`,
    `${batch}/${upc}/resources/${upc}_01_002.wav`,
    `${batch}/BatchComplete_${batch}.xml`,
  ];
  for (const [i, f] of files.entries()) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), Buffer.alloc(i === 1 || i === 2 ? 3 * 1024 * 1024 : 200, i + 1));
  }
  return files;
}

const jobsFor = (batch: string) =>
  server.db.query<{ payload: { batch_dir: string } }>("select payload from jobs where kind = $1 and payload->>'batch_dir' like $2", [
    INGEST_BATCH_JOB,
    `%/${batch}`,
  ]);

describe('deliverPackage (SFTP)', () => {
  beforeAll(async () => {
    server = await startTestServer({ sftp: {}, worker: false });
    await server.db.query("insert into ftp_users (supplier_id, username, password_hash) values (1, 'deliverer', $1)", [
      await hashPassword('deliver-pw'),
    ]);
    target = {
      host: '127.0.0.1',
      port: server.sftp!.port,
      username: 'deliverer',
      password: 'deliver-pw',
      hostKey: server.sftp!.hostPublicKey,
    };
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    cleanup();
  });

  it('uploads the batch, BatchComplete last, with byte progress; one ingest-batch job', async () => {
    const batch = '20261124200000001';
    const files = writePackage(batch);
    const seen: DeliveryProgress[] = [];
    const r = await deliverPackage(target, dir, files, { onProgress: (p) => seen.push(p) });
    expect(r).toEqual({ uploaded: files, skipped: [] });
    const root = join(server.sftp!.dropDir, '1');
    for (const f of files) expect(readFileSync(join(root, f)).equals(readFileSync(join(dir, f))), f).toBe(true);
    const total = files.reduce((n, f) => n + readFileSync(join(dir, f)).length, 0);
    expect(seen.at(-1)).toMatchObject({ filesDone: 4, filesTotal: 4, bytesDone: total, bytesTotal: total });
    // Bytes never go backwards.
    for (let i = 1; i < seen.length; i++) expect(seen[i].bytesDone).toBeGreaterThanOrEqual(seen[i - 1].bytesDone);
    expect(await jobsFor(batch)).toHaveLength(1);
  });

  it('refuses a wrong host key', async () => {
    const other = newSshKeyPair().public;
    await expect(deliverPackage({ ...target, hostKey: other }, dir, [])).rejects.toThrow();
  });

  it('a cancelled delivery resumes: files already there whole are skipped, a changed one is sent again', async () => {
    const batch = '20261124200000002';
    const files = writePackage(batch);
    const stop = new AbortController();
    // Cancel once the second file has started.
    await expect(
      deliverPackage(target, dir, files, {
        signal: stop.signal,
        onProgress: (p) => {
          if (p.filesDone === 2) stop.abort();
        },
      }),
    ).rejects.toBeInstanceOf(DeliveryCancelled);
    expect(await jobsFor(batch)).toHaveLength(0);
    // The first file changes locally (same size): it must go again.
    writeFileSync(join(dir, files[0]), Buffer.alloc(200, 9));
    const r = await deliverPackage(target, dir, files);
    expect(r.skipped).toEqual([files[1]]);
    expect(r.uploaded).toEqual([files[0], files[2], files[3]]);
    const root = join(server.sftp!.dropDir, '1');
    expect(readFileSync(join(root, files[0]))).toEqual(Buffer.alloc(200, 9));
    expect(await jobsFor(batch)).toHaveLength(1);
  });
});
