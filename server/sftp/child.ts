/**
 * The API server's side of the SFTP process (issue 26): `npm run server` and the
 * console's sandbox start the drop server as a child process (child_process.fork of the
 * server's entry with --sftp), so neither its connections nor its password hashes weigh
 * on the API's event loop or file descriptors. On PGlite the child asks this process for
 * its database answers over IPC (serveBackend); with DATABASE_URL it connects itself.
 * The child stops when this process closes it, and on its own when this process is gone
 * (the IPC channel's 'disconnect', server/process.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { serveBackend, type DropBackend } from './backend';
import type { DropServer } from './drop-server';
import type { SftpReadyMessage } from './process';

export interface SftpChildOptions {
  /** The server's entry (dist/server/cli.mjs, or the bundle runTs made), run with --sftp. */
  entry: string;
  dropDir: string;
  keyDir?: string;
  port: number;
  host?: string;
  /** The child connects here itself; without it, it asks `backend` over IPC. */
  databaseUrl?: string;
  backend?: DropBackend;
  /** Its health listener's port (default: none, unless env SFTP_HEALTH_PORT says). */
  healthPort?: number;
  /** Environment besides this process's (limits: SFTP_MAX_CONNECTIONS…). */
  env?: NodeJS.ProcessEnv;
  log?: (msg: string) => void;
  /** How long to wait for its ready message. */
  timeoutMs?: number;
}

export interface SftpChild extends Omit<DropServer, 'connections' | 'metrics'> {
  child: ChildProcess;
  /** The child's health listener, when it runs. */
  health: string | null;
}

export async function startSftpChild(opts: SftpChildOptions): Promise<SftpChild> {
  const viaIpc = !opts.databaseUrl;
  if (viaIpc && !opts.backend) throw new Error('startSftpChild: a databaseUrl or a backend');
  const args = [
    '--sftp',
    '--drop-dir',
    opts.dropDir,
    ...(opts.keyDir ? ['--key-dir', opts.keyDir] : []),
    ...(viaIpc ? ['--db-over-ipc'] : []),
  ];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.env,
    SFTP_PORT: String(opts.port),
    ...(opts.host && { SFTP_HOST: opts.host }),
    ...(opts.healthPort !== undefined && { SFTP_HEALTH_PORT: String(opts.healthPort) }),
    // Inside Electron (the sandbox's utility process) process.execPath is Electron: run it as Node.
    ...(process.versions.electron && { ELECTRON_RUN_AS_NODE: '1' }),
  };
  if (viaIpc) delete env.DATABASE_URL;
  else env.DATABASE_URL = opts.databaseUrl;
  const child = fork(opts.entry, args, { env, execArgv: [...NODE_FLAGS], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const unserve = viaIpc ? serveBackend(child, opts.backend!) : () => undefined;
  let ready: SftpReadyMessage;
  try {
    ready = await new Promise<SftpReadyMessage>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the SFTP process did not report ready within ${(opts.timeoutMs ?? 60_000) / 1000} s`)),
        opts.timeoutMs ?? 60_000,
      );
      const onMessage = (m: unknown) => {
        if (!m || typeof m !== 'object' || (m as SftpReadyMessage).type !== 'ready') return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(m as SftpReadyMessage);
      };
      child.on('message', onMessage);
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the SFTP process exited before it was ready (${signal ?? `code ${code}`})`));
      });
    });
  } catch (e) {
    unserve();
    child.kill('SIGKILL');
    throw e;
  }
  child.removeAllListeners('exit');
  child.removeAllListeners('error');
  let stopping = false;
  child.on('error', (e) => opts.log?.(`sftp process: ${e.message}`));
  child.once('exit', (code, signal) => {
    unserve();
    if (!stopping) opts.log?.(`The SFTP process stopped (${signal ?? `code ${code}`}).`);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    url: ready.sftp,
    port: ready.port,
    hostPublicKey: ready.sftpHostKey,
    health: ready.health,
    child,
    close: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(force);
      }
      unserve();
    },
  };
}
