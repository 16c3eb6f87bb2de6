import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHandlers } from '../bridge';
import { checkHostUrl, checkSftpUrl, defaultDataDir, EXTERNAL_ALLOWLIST, jobTimeoutMsFromEnv, trimUrl, type MainConfig } from '../config';
import { createServices } from '../services';
import { createConfBackend } from './conf-settings';
import { createKeychainVault, createMemoryVault, type TokenVault } from '../services/token-vault';
import { startEmbeddedApi, type EmbeddedApi } from './embedded-api';
import { MEMORY_VAULT_NOTE, PRIVATE_KEYRING_ENV, PRIVATE_KEYRING_NOTE } from './keyring';
import { startHostServer, type HostServer } from './server';

export const READY_PREFIX = 'Console ready: ';

export {
  KEYRING_TOOLS,
  MEMORY_VAULT_NOTE,
  onPath,
  planKeyring,
  PRIVATE_KEYRING_ENV,
  probeSecretService,
  runInPrivateKeyring,
} from './keyring';

/**
 * The one line the start prints on stdout: the URL to open, and where sign-ins live when it
 * is not the OS keychain (the private keyring, or main's memory).
 */
export function readyLine(url: string, env: NodeJS.ProcessEnv = process.env, opts: { memoryVault?: boolean } = {}): string {
  const note = opts.memoryVault ? MEMORY_VAULT_NOTE : env[PRIVATE_KEYRING_ENV] === '1' ? PRIVATE_KEYRING_NOTE : '';
  return `${READY_PREFIX}${url}${note}`;
}

export interface HostOptions {
  /** The dist/ folder (renderer/ and server/cli.mjs inside). Default: beside this file. */
  distDir?: string;
  /** Settings and the sandbox's data (default: the user's data folder). */
  dataDir?: string;
  port?: number;
  /** Use this API / identity host instead of starting the embedded sandbox. */
  apiUrl?: string;
  /**
   * Use this already running sandbox (another host's `api`) instead of starting one: the
   * console is the sandbox's as if it had started it, and leaves it running when it stops.
   * Several consoles on one sandbox, each with its own data folder (settings, keychain
   * entry, session), as several users' desktops on one store; the e2e tests keep one per
   * account this way.
   */
  sandbox?: EmbeddedApi;
  idpUrl?: string;
  sentryDsn?: string;
  /** The store's SFTP drop server for deliveries when apiUrl is given (the sandbox has its own). */
  sftpUrl?: string;
  sftpHostKey?: string;
  vault?: TokenVault;
  /**
   * The sandbox on a machine without a keychain (main/host/keyring.ts `memory`): main keeps
   * its sign-ins in this process's memory (createMemoryVault). Refused with apiUrl: a real
   * store's tokens go to the OS keychain or nowhere.
   */
  sessionsInMemory?: boolean;
  version?: string;
  key?: string;
  /** main's job poller timeout (tests only; default 120 s): CONSOLE_JOB_TIMEOUT_MS, see jobTimeoutMsFromEnv. */
  jobTimeoutMs?: number;
}

export interface RunningHost {
  url: string;
  origin: string;
  key: string;
  apiUrl: string;
  idpUrl: string;
  server: HostServer;
  api: EmbeddedApi | null;
  stop(): Promise<void>;
}

/** Host options from the environment (what `npm start` documents). */
export function hostOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): HostOptions {
  return {
    dataDir: defaultDataDir(env),
    port: env.HOST_PORT ? Number(env.HOST_PORT) : undefined,
    apiUrl: env.API_URL || undefined,
    idpUrl: env.IDP_URL || env.API_URL || undefined,
    sentryDsn: env.SENTRY_DSN || undefined,
    sftpUrl: env.SFTP_URL || undefined,
    sftpHostKey: env.SFTP_HOST_KEY || undefined,
    ...(env.CONSOLE_JOB_TIMEOUT_MS ? { jobTimeoutMs: jobTimeoutMsFromEnv(env) } : {}),
  };
}

/**
 * The browser host: the embedded sandbox API in a child process (unless API_URL is
 * given), main's services, and the renderer + WebSocket bridge on 127.0.0.1.
 */
export async function startHost(opts: HostOptions = {}): Promise<RunningHost> {
  // Refused before anything starts: tokens must not travel in clear (https, or http on loopback).
  const apiUrl = opts.apiUrl ? checkHostUrl('API_URL', opts.apiUrl) : undefined;
  if (opts.sessionsInMemory && apiUrl)
    throw new Error('Sign-ins are kept in memory for the sandbox only: with API_URL the console needs the OS keychain.');
  const idpUrl = opts.idpUrl ? checkHostUrl('IDP_URL', opts.idpUrl) : apiUrl;
  const sftp = opts.sftpUrl ? checkSftpUrl(opts.sftpUrl, opts.sftpHostKey) : undefined;
  const distDir = opts.distDir ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = opts.dataDir ?? defaultDataDir();
  mkdirSync(dataDir, { recursive: true });

  const ownApi = !apiUrl && !opts.sandbox;
  const api = apiUrl
    ? null
    : (opts.sandbox ?? (await startEmbeddedApi({ cliPath: join(distDir, 'server', 'cli.mjs'), dataDir: join(dataDir, 'sandbox') })));
  const stopApi = async () => {
    if (ownApi) await api?.stop();
  };
  try {
    const config: MainConfig = {
      apiUrl: apiUrl ?? trimUrl(api!.apiUrl),
      idpUrl: idpUrl ?? trimUrl(api!.idpUrl),
      dataDir,
      environment: api ? 'sandbox' : 'production',
      version: opts.version ?? process.env.npm_package_version ?? '0.1.0',
      sentryDsn: opts.sentryDsn,
      externalAllowlist: EXTERNAL_ALLOWLIST,
      // The sandbox delivers to its own drop server (its host key pinned); otherwise SFTP_URL.
      sftp: api?.sftpUrl ? checkSftpUrl(api.sftpUrl, api.sftpHostKey ?? undefined) : sftp,
      jobTimeoutMs: opts.jobTimeoutMs,
    };
    let origin = '';
    const services = createServices(config, {
      transport: 'host',
      vault: opts.vault ?? (opts.sessionsInMemory ? createMemoryVault() : createKeychainVault()),
      settings: createConfBackend(dataDir),
      // The renderer's tab opens the link once main approved it (see renderer/lib/bridge.ts).
      openExternal: async () => {},
      signIn: async (session) => ({ mode: 'redirect', url: session.beginSignIn(`${origin}/auth/verify`).url }),
    });
    const server = await startHostServer({
      rendererDir: join(distDir, 'renderer'),
      port: opts.port,
      handlers: createHandlers(services),
      events: services.events,
      apiUrl: config.apiUrl,
      key: opts.key,
      media: services.media,
    });
    origin = server.origin;
    return {
      url: server.url,
      origin: server.origin,
      key: server.key,
      apiUrl: config.apiUrl,
      idpUrl: config.idpUrl,
      server,
      api,
      stop: async () => {
        await server.close();
        await stopApi();
      },
    };
  } catch (err) {
    await stopApi();
    throw err;
  }
}

/** Run directly (node dist/host/index.mjs): start, print the ready line, stop on a signal. */
export async function main(): Promise<void> {
  let host: RunningHost;
  try {
    host = await startHost(hostOptionsFromEnv());
  } catch (err) {
    console.error(`Console failed to start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  console.log(readyLine(host.url));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void host.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  host.api?.child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`The sandbox API stopped (${signal ?? `code ${code}`}); see ${join(defaultDataDir(), 'sandbox', 'server.log')}`);
    stop();
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void main();
