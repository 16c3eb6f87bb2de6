import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { urlOf } from '../config';
import { NODE_FLAGS } from '../../scripts/node-flags.mjs';

export interface EmbeddedApi {
  apiUrl: string;
  idpUrl: string;
  /** The sandbox's SFTP drop server (sftp://127.0.0.1:P), where suppliers deliver packages. */
  sftpUrl: string | null;
  /** Its host key (OpenSSH public key line), pinned by main's deliveries. */
  sftpHostKey: string | null;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The ready message of server/cli.ts: ports or URLs of the API and identity provider. */
interface ReadyMessage {
  type: 'ready';
  api: string | number;
  idp: string | number;
  sftp?: string;
  sftpHostKey?: string;
}

/**
 * Starts the sandbox API (dist/server/cli.mjs) in its own process, never on this
 * event loop, with its PGlite data in `dataDir/pglite` so the sandbox survives
 * restarts. Its output goes to `dataDir/server.log`. Resolves when it reports ready.
 * It runs with the project's V8 flags (NODE_FLAGS) and nothing of this process's execArgv.
 */
export async function startEmbeddedApi(opts: {
  cliPath: string;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<EmbeddedApi> {
  mkdirSync(opts.dataDir, { recursive: true });
  const logPath = join(opts.dataDir, 'server.log');
  const log = openSync(logPath, 'a');
  const pglite = join(opts.dataDir, 'pglite');
  const child = fork(opts.cliPath, ['--data-dir', pglite, '--sandbox'], {
    // API_PORT, IDP_PORT and SFTP_PORT as documented (README "Configuration"); unset, any free port.
    env: {
      ...process.env,
      API_PORT: process.env.API_PORT || '0',
      IDP_PORT: process.env.IDP_PORT || '0',
      SFTP_PORT: process.env.SFTP_PORT || '0',
      ...opts.env,
      CONSOLE_DATA_DIR: pglite,
    },
    stdio: ['ignore', log, log, 'ipc'],
    execArgv: [...NODE_FLAGS],
  });
  closeSync(log);
  const killOnExit = () => child.kill('SIGTERM');
  process.on('exit', killOnExit);

  const tail = () => {
    try {
      return readFileSync(logPath, 'utf8').split('\n').slice(-15).join('\n');
    } catch {
      return '';
    }
  };

  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`the sandbox API did not report ready within ${(opts.timeoutMs ?? 120_000) / 1000} s`)),
      opts.timeoutMs ?? 120_000,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(new Error(`${err.message}\n--- ${logPath} (last lines) ---\n${tail()}`));
    };
    child.on('message', (msg: unknown) => {
      if (msg && typeof msg === 'object' && (msg as ReadyMessage).type === 'ready') {
        clearTimeout(timer);
        resolve(msg as ReadyMessage);
      }
    });
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`the sandbox API exited before it was ready (${signal ?? `code ${code}`})`)));
  });
  child.removeAllListeners('exit');
  child.removeAllListeners('error');

  return {
    apiUrl: urlOf(ready.api),
    idpUrl: urlOf(ready.idp),
    sftpUrl: ready.sftp ?? null,
    sftpHostKey: ready.sftpHostKey ?? null,
    child,
    stop: () =>
      new Promise<void>((done) => {
        process.off('exit', killOnExit);
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}
