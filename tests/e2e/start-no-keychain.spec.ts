/**
 * The README's two commands on a fresh machine with no keychain at all (issue 30): no D-Bus
 * session, and neither dbus-run-session nor gnome-keyring-daemon on PATH. `npm start` starts
 * the sandbox with its sign-ins kept in main's memory and says so in its one line; a sandbox
 * account signs in in Chromium; no token is written anywhere in the data folder (settings,
 * the sandbox's log and database) or the start's output, and none reaches the page (its
 * storage, cookies, HTML, or any bridge frame). With API_URL the same machine stops before
 * sign-in, naming the Debian packages to install. A machine with the keyring's programs but
 * no D-Bus session runs the sandbox in a private keyring (and with API_URL stops, naming
 * `npm run start:headless`). Each test starts its own console: they run side by side.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test, expect } from './fixtures';
import { hashToken } from '../../server/auth/crypto';
import { openPglite } from '../../server/db/client';
import { copyTemplateSandbox } from '../fixtures/seed-template';
import { KEYRING_PACKAGES } from '../../main/host/keyring';
import { consoleEnv, refused, scriptLines, startConsole, startUntilExit, stopConsole } from './helpers/console-start';
import { submitSignInForm } from './helpers/sign-in';

/** The ready line of a console that runs its sandbox inside its own private keyring. */
const READY_PRIVATE =
  /^Console ready: (http:\/\/127\.0\.0\.1:\d+\/#key=[A-Za-z0-9_-]+) \(private keyring: sign-ins last until the console stops\)$/;
/** A headless machine with the keyring's programs: no D-Bus session, so no Secret Service (the tests themselves run inside one). */
const NO_SECRET_SERVICE = { DBUS_SESSION_BUS_ADDRESS: undefined, GNOME_KEYRING_CONTROL: undefined };
const READY_MEMORY =
  /^Console ready: (http:\/\/127\.0\.0\.1:\d+\/#key=[A-Za-z0-9_-]+) \(no keychain here: sign-ins are kept in memory until the console stops\)$/;

/**
 * A PATH with what `npm start` runs (node, npm, a shell) and nothing of the keyring: the
 * programs linked into a folder of their own.
 */
function pathWithoutKeyring(): string {
  const bin = mkdtempSync(join(tmpdir(), 'bin-no-keyring-'));
  const npmCli = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  const found = (name: string) =>
    (process.env.PATH ?? '')
      .split(':')
      .map((d) => join(d, name))
      .find((p) => {
        try {
          return statSync(p).isFile();
        } catch {
          return false;
        }
      });
  for (const [name, target] of [
    ['node', process.execPath],
    ['npm', found('npm') ?? npmCli],
    ['sh', '/bin/sh'],
    ['bash', '/bin/bash'],
    ['env', '/usr/bin/env'],
  ] as const) {
    symlinkSync(target, join(bin, name));
  }
  return bin;
}

/** A headless machine: no D-Bus session (so no Secret Service), and no keyring programs to start one. */
function noKeychainEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = consoleEnv(dataDir, { PATH: pathWithoutKeyring(), ...extra });
  for (const k of ['DBUS_SESSION_BUS_ADDRESS', 'GNOME_KEYRING_CONTROL', 'KEYCHAIN_AVAILABLE', 'CONSOLE_PRIVATE_KEYRING']) delete env[k];
  return env;
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

/** The token-shaped strings of a text (43 base64url characters, as newToken makes them) whose SHA-256 is one of `hashes`. */
function tokensIn(text: string, hashes: Set<string>): string[] {
  return [...text.matchAll(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g)]
    .map((m) => m[0])
    .filter((t) => hashes.has(hashToken(t)));
}

let child: ChildProcess | undefined;
let dataDir = '';

test.afterEach(async () => {
  if (child) await stopConsole(child);
  child = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("without any keychain, npm start keeps the sandbox's sign-ins in memory, says so, and a sign-in works; no token reaches the disk, the output or the page", async ({
  page,
}) => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'console-no-keychain-'));
  // The sandbox as a first start seeds it (the template's copy: seeding is not what this test is about).
  copyTemplateSandbox(dataDir);

  const started = await startConsole(noKeychainEnv(dataDir), READY_MEMORY);
  child = started.child;
  const { url } = started;
  // One line on stdout; on stderr where the data lives, and nothing of the build.
  expect(scriptLines(started.stdout())).toEqual([expect.stringMatching(READY_MEMORY)]);
  expect(started.stderr()).toContain(`Console data: ${dataDir}`);
  expect(started.stderr()).not.toMatch(/Secure storage unavailable|built renderer|chunks are larger/);

  // Everything the page receives or sends over the bridge.
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => frames.push(String(f.payload)));
    ws.on('framereceived', (f) => frames.push(String(f.payload)));
  });
  await page.goto(url);
  await page.getByTestId('sign-in').click();
  await submitSignInForm(page, { username: 'admin', password: 'sandbox-admin' });
  await expect(page.getByText('Ada Admin').first()).toBeVisible();
  // The session lives in main as long as the console runs: a reload keeps it.
  await page.reload();
  await expect(page.getByText('Ada Admin').first()).toBeVisible();
  await page.goto(new URL('/catalog?type=tracks', url).href);
  await expect(page.getByTestId('search-tracks')).toBeVisible();
  const pageSide = [
    await page.content(),
    JSON.stringify(await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }))),
    JSON.stringify(await page.context().cookies()),
    ...frames,
  ].join('\n');

  // Ctrl-C: the console and its sandbox stop; then the sandbox's database says which tokens were issued.
  await stopConsole(child);
  const db = await openPglite(join(dataDir, 'sandbox', 'pglite'));
  const hashes = new Set((await db.query<{ token_hash: string }>('select token_hash from oauth_tokens')).map((r) => r.token_hash));
  await db.close();
  expect(hashes.size, 'the sign-in issued tokens').toBeGreaterThan(0);

  expect(tokensIn(pageSide, hashes), 'tokens in the page').toEqual([]);
  expect(tokensIn(`${started.stdout()}\n${started.stderr()}`, hashes), 'tokens in the start output').toEqual([]);
  const found = filesUnder(dataDir).flatMap((f) => tokensIn(readFileSync(f, 'latin1'), hashes).map((t) => `${f}: ${t.slice(0, 6)}…`));
  expect(found, 'tokens in the data folder (settings, logs, database)').toEqual([]);
  // The checks can see a token where one is: the bridge frames and the log are read as text.
  expect(tokensIn(`x ${[...hashes][0]} x`, new Set([hashToken([...hashes][0])]))).toHaveLength(1);
});

test('with API_URL and no keychain, npm start stops before sign-in and names the Debian packages to install', async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'console-no-keychain-api-'));
  const { code, stdout, stderr: err } = await startUntilExit(noKeychainEnv(dataDir, { API_URL: 'https://api.store.example' }));
  expect(code).not.toBe(0);
  expect(scriptLines(stdout)).toEqual([]);
  expect(err).toContain('Secure storage unavailable: this machine has no Secret Service (OS keychain)');
  expect(err).toContain(`sudo apt-get install ${KEYRING_PACKAGES}, then npm run start:headless`);
});

// A machine with the keyring's programs but no D-Bus session (so no Secret Service to reach).
test('without a Secret Service, npm start runs the sandbox in a private keyring, says so in its one line, and a sign-in works', async ({
  page,
}) => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'console-private-keyring-'));
  copyTemplateSandbox(dataDir);
  const started = await startConsole(consoleEnv(dataDir, NO_SECRET_SERVICE), READY_PRIVATE);
  child = started.child;
  expect(scriptLines(started.stdout())).toEqual([expect.stringMatching(READY_PRIVATE)]);
  await page.goto(started.url);
  await page.getByTestId('sign-in').click();
  await submitSignInForm(page, { username: 'admin', password: 'sandbox-admin' });
  await expect(page.getByText('Ada Admin').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Ada Admin').first()).toBeVisible();

  // Ctrl-C stops the console, its sandbox API and the private keyring's session.
  const origin = new URL(started.url).origin;
  const [code, signal] = await stopConsole(child);
  expect(code === 0 || signal === 'SIGINT').toBe(true);
  await expect.poll(() => refused(`${origin}/`), { timeout: 15_000 }).toBe(true);
});

test('with API_URL and no Secret Service, npm start stops before sign-in: "Secure storage unavailable" and the command that fixes it', async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'console-no-secret-service-api-'));
  const {
    code,
    stdout,
    stderr: err,
  } = await startUntilExit(consoleEnv(dataDir, { ...NO_SECRET_SERVICE, API_URL: 'https://api.store.example' }));
  expect(code).not.toBe(0);
  expect(scriptLines(stdout)).toEqual([]);
  expect(err).toContain('Secure storage unavailable: this machine has no Secret Service (OS keychain)');
  expect(err).toContain('npm run start:headless');
});
