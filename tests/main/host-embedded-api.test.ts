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
    writeFileSync(
      cliPath,
      "process.send({ type: 'ready', api: 41000, idp: 41001, sftp: 'sftp://127.0.0.1:41002', sftpHostKey: 'ssh-ed25519 AAAAhost' });\nsetInterval(() => {}, 1000);\n",
    );
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

describe('startEmbeddedApi and the documented ports', () => {
  /** A stand-in API that reports the ports it was given (0: any free one) as its ready message. */
  async function portsGiven(env: Record<string, string | undefined>): Promise<{ api: string; idp: string; sftp: string | null }> {
    const cliPath = join(dir, 'cli-ports.mjs');
    writeFileSync(
      cliPath,
      "process.send({ type: 'ready', api: process.env.API_PORT, idp: process.env.IDP_PORT, sftp: 'sftp://127.0.0.1:' + process.env.SFTP_PORT });\nsetInterval(() => {}, 1000);\n",
    );
    const saved = { API_PORT: process.env.API_PORT, IDP_PORT: process.env.IDP_PORT, SFTP_PORT: process.env.SFTP_PORT };
    Object.assign(process.env, env);
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
    try {
      const api = await startEmbeddedApi({ cliPath, dataDir: join(dir, 'ports'), timeoutMs: 20_000 });
      await api.stop();
      return { api: api.apiUrl, idp: api.idpUrl, sftp: api.sftpUrl };
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }

  it('gives the sandbox API_PORT, IDP_PORT and SFTP_PORT when they are set', async () => {
    expect(await portsGiven({ API_PORT: '41010', IDP_PORT: '41011', SFTP_PORT: '41012' })).toEqual({
      api: 'http://127.0.0.1:41010',
      idp: 'http://127.0.0.1:41011',
      sftp: 'sftp://127.0.0.1:41012',
    });
  });

  it('and any free port (0) when they are not', async () => {
    expect(await portsGiven({ API_PORT: undefined, IDP_PORT: undefined, SFTP_PORT: undefined })).toEqual({
      api: 'http://127.0.0.1:0',
      idp: 'http://127.0.0.1:0',
      sftp: 'sftp://127.0.0.1:0',
    });
  });
});
