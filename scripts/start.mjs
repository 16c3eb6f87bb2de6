// npm start: builds what is needed, then starts the console on the sandbox API.
//   - Electron when its binary is installed (it starts the sandbox in a utilityProcess);
//   - otherwise the browser host (the sandbox in a child process) and prints ONE line:
//       Console ready: http://127.0.0.1:PORT/#key=…
// Ctrl-C stops everything, the sandbox API included.
// On Linux without a Secret Service (OS keychain) the sandbox starts inside a private
// keyring of its own (dbus-run-session + gnome-keyring, main/host/keyring.ts), or where
// those are not installed keeps its sign-ins in main's memory, and the ready line says so;
// with API_URL it stops before sign-in and says how to fix it.
// --private-keyring (npm run start:headless): always inside a private keyring.
// --verbose: the build's own output too (otherwise shown only when the build fails).
// It prints the ready line on stdout and, on stderr, where the data lives and real problems.
// Environment: CONSOLE_DATA_DIR (default $XDG_DATA_HOME/store-console or
// ~/.local/share/store-console), HOST_PORT (default: a free port), API_URL and
// IDP_URL (use an existing API instead of the sandbox), SENTRY_DSN, CONSOLE_BROWSER_HOST=1
// (use the browser host even where Electron is installed).
// It runs with the project's V8 flags (scripts/node-flags.mjs): started without them, it
// starts itself again with them, and Electron gets them as --js-flags.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JS_FLAGS, withNodeFlags } from './node-flags.mjs';

await withNodeFlags();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

// What a build prints is for developers: shown with --verbose (on stderr, so stdout carries only
// the ready line), or when the build fails; otherwise the start says only what a user needs.
const verbose = process.argv.includes('--verbose');
const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
  stdio: ['ignore', verbose ? 2 : 'pipe', verbose ? 2 : 'pipe'],
  encoding: 'utf8',
});
if (build.status !== 0) {
  if (!verbose) process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
  console.error('Console failed to start: the build failed (see above).');
  process.exit(build.status ?? 1);
}

const hostModule = await import(pathToFileURL(join(root, 'dist/host/index.mjs')).href);
const {
  startHost,
  hostOptionsFromEnv,
  readyLine,
  planKeyring,
  probeSecretService,
  onPath,
  KEYRING_TOOLS,
  PRIVATE_KEYRING_ENV,
  runInPrivateKeyring,
} = hostModule;
const hostOptions = hostOptionsFromEnv(process.env);

// The OS keychain, before anything starts (main/host/keyring.ts).
const inPrivateKeyring = process.env[PRIVATE_KEYRING_ENV] === '1';
const privateKeyringAsked = process.argv.includes('--private-keyring');
const keyring = planKeyring({
  platform: process.platform,
  secretService: process.platform !== 'linux' || (privateKeyringAsked && !inPrivateKeyring) ? true : await probeSecretService(),
  sandbox: !process.env.API_URL,
  inPrivateKeyring,
  privateKeyringAsked,
  toolsInstalled: onPath(KEYRING_TOOLS),
});
if (keyring.action === 'stop') {
  console.error(keyring.message);
  process.exit(1);
}
if (keyring.action === 'private-keyring') {
  const flags = process.argv.slice(2).filter((a) => a === '--verbose');
  process.exit(
    await runInPrivateKeyring(root, [process.execPath, ...process.execArgv, 'scripts/start.mjs', ...flags], hostOptions.dataDir),
  );
}
// No keychain on this machine (and none to start): the sandbox's sign-ins stay in main's memory.
const sessionsInMemory = keyring.action === 'memory';

/** The installed Electron binary, or null. Never `require('electron')`: it downloads a missing binary. */
function electronBinary() {
  if (process.env.CONSOLE_BROWSER_HOST === '1') return null;
  try {
    const pkg = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(pkg, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const rel = readFileSync(pathFile, 'utf8').trim();
    const bin = process.env.ELECTRON_OVERRIDE_DIST_PATH ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, rel) : join(pkg, 'dist', rel);
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

const electron = electronBinary();
if (electron) {
  // Electron's main reads V8 flags only from --js-flags on its own command line (before its isolate exists).
  const child = spawn(electron, [`--js-flags=${JS_FLAGS}`, '.'], { stdio: 'inherit', env: process.env });
  const forward = (sig) => () => child.kill(sig);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  let host;
  try {
    host = await startHost({ ...hostOptions, distDir: join(root, 'dist'), sessionsInMemory });
  } catch (err) {
    console.error(`Console failed to start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  // Where the data lives (stderr: stdout carries only the ready line).
  console.error(
    `Console data: ${hostOptions.dataDir}${host.api ? ' (settings and the sandbox database, kept between starts)' : ' (settings)'}`,
  );
  console.log(readyLine(host.url, process.env, { memoryVault: sessionsInMemory }));
  // stdout carries only the ready line: the sandbox's SFTP drop server goes to stderr.
  if (host.api?.sftpUrl) console.error(`SFTP drop server: ${host.api.sftpUrl}`);
  let stopping = false;
  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    host.stop().finally(() => process.exit(code));
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(0));
  host.api?.child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`The sandbox API stopped (${signal ?? `code ${code}`}); its log is server.log in the sandbox data folder.`);
    stop(1);
  });
}
