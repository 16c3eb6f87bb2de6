/**
 * The browser host's sandbox API child (startEmbeddedApi): forked with the project's V8
 * flags (scripts/node-flags.mjs) and nothing of this process's execArgv. A stand-in for
 * dist/server/cli.mjs reports ready at once; /proc shows the command line it runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedApi } from '../../main/host/embedded-api';
import { NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { cmdlineOf, isRunning } from '../fixtures/processes';

const dir = mkdtempSync(join(tmpdir(), 'host-embedded-api-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startEmbeddedApi', () => {
  it('forks the API with NODE_FLAGS on its command line, and stop() ends it', async () => {
    const cliPath = join(dir, 'cli.mjs');
    writeFileSync(cliPath, "process.send({ type: 'ready', api: 41000, idp: 41001, sftp: 'sftp://127.0.0.1:41002', sftpHostKey: 'ssh-ed25519 AAAAhost' });\nsetInterval(() => {}, 1000);\n");
    const dataDir = join(dir, 'sandbox');
    const api = await startEmbeddedApi({ cliPath, dataDir, timeoutMs: 20_000 });
    const pid = api.child.pid!;
    try {
      expect(api.apiUrl).toBe('http://127.0.0.1:41000');
      // The sandbox's SFTP drop server, which npm start prints.
      expect(api.sftpUrl).toBe('sftp://127.0.0.1:41002');
      expect(api.sftpHostKey).toBe('ssh-ed25519 AAAAhost');
      expect(cmdlineOf(pid)).toEqual([process.execPath, ...NODE_FLAGS, cliPath, '--data-dir', join(dataDir, 'pglite'), '--sandbox']);
    } finally {
      await api.stop();
    }
    expect(isRunning(pid)).toBe(false);
  });
});
