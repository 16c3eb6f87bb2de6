/**
 * `npm start` on Linux without a Secret Service (a headless machine, a desktop without
 * GNOME Keyring or KWallet). The token vault fails closed there, so sign-in could not keep
 * its tokens. Before anything starts, scripts/start.mjs asks planKeyring what to do:
 * - the sandbox (no API_URL): start again inside `dbus-run-session` with a private,
 *   unlocked gnome-keyring (scripts/start-in-private-keyring.sh), and say so in the ready
 *   line: sign-ins last until the console stops;
 * - the sandbox where dbus-run-session or gnome-keyring-daemon are missing (or the private
 *   keyring gave no Secret Service): main keeps the sandbox's tokens in its own memory (the
 *   sandbox's passwords are public; nothing reaches the disk or the renderer), and the ready
 *   line says so;
 * - a real API host (API_URL): stop before sign-in with "Secure storage unavailable" and
 *   the command that fixes it (npm run start:headless opts into the private keyring), naming
 *   the Debian packages where they are missing.
 * `npm run start:headless` always starts inside a private keyring.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { VAULT_SERVICE } from '../services/token-vault';

/** Set inside the private keyring (by scripts/start-in-private-keyring.sh). */
export const PRIVATE_KEYRING_ENV = 'CONSOLE_PRIVATE_KEYRING';
/** Appended to the ready line when the console runs inside its private keyring. */
export const PRIVATE_KEYRING_NOTE = ' (private keyring: sign-ins last until the console stops)';
/** Appended to the ready line when main keeps the sandbox's sign-ins in its memory. */
export const MEMORY_VAULT_NOTE = ' (no keychain here: sign-ins are kept in memory until the console stops)';
/** The programs the private keyring needs, and the Debian packages that bring them. */
export const KEYRING_TOOLS = ['dbus-run-session', 'gnome-keyring-daemon'] as const;
export const KEYRING_PACKAGES = 'dbus gnome-keyring';
/** How long the Secret Service may take to answer the probe (D-Bus activation included). */
export const PROBE_TIMEOUT_MS = 10_000;

const INSTALL = `sudo apt-get install ${KEYRING_PACKAGES}`;

export type KeyringPlan =
  | { action: 'proceed' }
  | { action: 'private-keyring' }
  /** The sandbox only: main keeps its tokens in its own memory (createMemoryVault), for as long as it runs. */
  | { action: 'memory' }
  /** Stop before anything starts (stderr, exit code 1). */
  | { action: 'stop'; message: string };

export interface KeyringSituation {
  platform: NodeJS.Platform;
  /** @napi-rs/keyring reached a Secret Service (probeSecretService). */
  secretService: boolean;
  /** No API_URL: the console starts its own sandbox. */
  sandbox: boolean;
  /** Already running inside the private keyring. */
  inPrivateKeyring: boolean;
  /** npm run start:headless: the private keyring whatever the rest says. */
  privateKeyringAsked: boolean;
  /** dbus-run-session and gnome-keyring-daemon are installed. */
  toolsInstalled: boolean;
}

export function planKeyring(s: KeyringSituation): KeyringPlan {
  if (s.inPrivateKeyring) {
    if (s.secretService) return { action: 'proceed' };
    if (s.sandbox && !s.privateKeyringAsked) return { action: 'memory' };
    return {
      action: 'stop',
      message:
        'Secure storage unavailable: the private keyring did not start (gnome-keyring-daemon gave no Secret Service), so sign-in could not keep its tokens.',
    };
  }
  if (s.platform !== 'linux') return { action: 'proceed' };
  if (s.privateKeyringAsked) {
    return s.toolsInstalled
      ? { action: 'private-keyring' }
      : {
          action: 'stop',
          message: `Secure storage unavailable: a private keyring needs dbus-run-session and gnome-keyring-daemon. Install them (Debian: ${INSTALL}) and start again.`,
        };
  }
  if (s.secretService) return { action: 'proceed' };
  if (s.sandbox) return s.toolsInstalled ? { action: 'private-keyring' } : { action: 'memory' };
  const fix = s.toolsInstalled ? 'npm run start:headless' : `${INSTALL}, then npm run start:headless`;
  return {
    action: 'stop',
    message: `Secure storage unavailable: this machine has no Secret Service (OS keychain), and the console keeps sign-in tokens nowhere else. Start it inside a private keyring (sign-ins last until it stops): ${fix}; or start it in a desktop session with GNOME Keyring or KWallet.`,
  };
}

/** Whether @napi-rs/keyring reaches a Secret Service, exactly as the token vault would: a read of an entry no one writes. */
export async function probeSecretService(timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  // Without a bus the entry's constructor already throws; with one, the read may fail.
  const read = (async () =>
    new AsyncEntry(VAULT_SERVICE, 'secret-service-probe', { linux: { store: 'secret-service' } }).getPassword())().then(
    () => true,
    () => false,
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether every program is an executable on PATH. */
export function onPath(programs: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  return programs.every((p) =>
    dirs.some((d) => {
      try {
        accessSync(join(d, p), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

/** D-Bus's complaint in unprivileged containers; noise on the console's stderr. */
const NOISE = /Failed to set fd limit/;

/**
 * Runs `command` inside a new D-Bus session with a private, unlocked gnome-keyring (the
 * data folder kept where it was: the keyring moves XDG_DATA_HOME). stdout passes through
 * (the ready line stays one line); a signal here is passed to the whole session, and this
 * resolves with the exit code once the console inside has finished stopping.
 */
export function runInPrivateKeyring(root: string, command: readonly string[], dataDir: string): Promise<number> {
  const child = spawn('dbus-run-session', ['--', 'bash', join(root, 'scripts', 'start-in-private-keyring.sh'), ...command], {
    cwd: root,
    env: { ...process.env, CONSOLE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a signal reaches every process of the session at once.
    detached: true,
  });
  child.stdout.pipe(process.stdout);
  let partial = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    const lines = (partial + d).split('\n');
    partial = lines.pop()!;
    for (const l of lines) if (!NOISE.test(l)) process.stderr.write(`${l}\n`);
  });
  let signalled = false;
  const forward = (sig: NodeJS.Signals) => () => {
    signalled = true;
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // The session has already gone.
    }
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, forward(sig));
  // dbus-run-session ends at the signal at once; the console inside stops after it, and
  // its stdout and stderr close only then.
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal && signalled ? 0 : 1)));
    child.once('error', (err) => {
      process.stderr.write(`Console failed to start: dbus-run-session: ${err.message}\n`);
      resolve(1);
    });
  });
  const closed = Promise.all([child.stdout, child.stderr].map((s) => new Promise((r) => s.once('close', r))));
  return Promise.all([exited, closed]).then(([code]) => {
    if (partial && !NOISE.test(partial)) process.stderr.write(partial);
    return code;
  });
}
