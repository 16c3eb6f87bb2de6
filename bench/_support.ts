/**
 * Shared by the search-ui, export and editor benches: a throwaway PostgreSQL server (the
 * testing.md recipe), the seeded catalogue at a scale, the API as a child process
 * (so its memory is its own), memory sampling, percentiles and the table, Chromium's
 * flags, and the console (API, browser host, bridge client) signed in as a user would.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { isSeeded, seed } from '../server/seed/seed';
import WebSocket from 'ws';
import { startHost } from '../main/host/index';
import { createMemoryVault } from '../main/services/token-vault';
import { issueTokens } from '../server/auth/tokens';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';

export const ADMIN_SCOPE = 'app:control staff:admin brand:dance brand:dj';

export interface Pg {
  url: string;
  port: number;
  stop(): void;
}

export function argOf(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? fallback : argv[i + 1];
}

export function startPostgres(): Pg {
  const root = '/usr/lib/postgresql';
  const bin =
    process.env.PGBIN ??
    (existsSync(root)
      ? readdirSync(root)
          .sort()
          .map((v) => join(root, v, 'bin'))
          .filter((b) => existsSync(join(b, 'initdb')))
          .pop()
      : undefined);
  if (!bin) throw new Error('PostgreSQL binaries not found (Debian package postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'pgbench-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    if (!asRoot) return execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
    const q = [join(bin, cmd), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', q], { stdio: 'pipe' });
  };
  if (asRoot) {
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    chmodSync(dir, 0o700);
  }
  const port = 56500 + Math.floor(Math.random() * 400);
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-o',
    `-k ${dir} -p ${port} -h 127.0.0.1 -c shared_buffers=512MB -c fsync=off -c synchronous_commit=off -c max_wal_size=4GB`,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => {
      run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Migrates and seeds (scale 200 = one million tracks); returns the seconds it took and an admin token. */
export async function prepare(
  url: string,
  scale: number,
  log: (m: string) => void,
): Promise<{ seedSeconds: number; token: string; db: Db }> {
  const db = await openPostgres(url);
  await migrate(db);
  const t = performance.now();
  if (!(await isSeeded(db))) await seed(db, { seed: 1, scale, log });
  const seedSeconds = (performance.now() - t) / 1000;
  await db.exec('vacuum analyze');
  const { access_token: token } = await issueTokens(db, { accessTtl: 7200, refreshTtl: 7200 }, 1, 'store-console', ADMIN_SCOPE);
  return { seedSeconds, token, db };
}

export interface ApiChild {
  api: string;
  idp: string;
  pid: number;
  stop(): Promise<void>;
}

/** The built API (dist/server/cli.mjs) as a child process against `url`, with the project's V8 flags as the console runs it. */
export async function startApiChild(url: string): Promise<ApiChild> {
  execFileSync(process.execPath, ['scripts/build.mjs', '--only=server'], { stdio: 'inherit' });
  const child: ChildProcess = fork('dist/server/cli.mjs', [], {
    env: { ...process.env, DATABASE_URL: url, API_PORT: '0', IDP_PORT: '0' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: [...NODE_FLAGS],
  });
  const ready = await new Promise<{ api: string; idp: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { api: string; idp: string }));
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
  return {
    ...ready,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number | 'self' = 'self'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Samples RSS every `ms` until stopped: start, peak and the samples (with when each was taken, performance.now()). */
export function sampleRss(pid: number | 'self', ms = 50) {
  const samples: number[] = [rssMb(pid)];
  const times: number[] = [performance.now()];
  const take = () => {
    samples.push(rssMb(pid));
    times.push(performance.now());
  };
  const timer = setInterval(() => {
    try {
      take();
    } catch {
      /* process gone */
    }
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { startMb: samples[0], peakMb: Math.max(...samples), endMb: samples[samples.length - 1], samples, times };
    },
  };
}

export const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Prints rows as an aligned table. */
export function table(rows: (string | number)[][]): void {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const r of rows)
    console.log(r.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  '));
}

/** Chromium's flags for the benches' pages (headless, no sandbox as root, no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A minimal bridge client over the host's WebSocket (the same wire the renderer uses). */
async function bridgeClient(origin: string, key: string) {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/bridge?key=${encodeURIComponent(key)}`, { origin });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 1;
  const waiting = new Map<number, (r: { ok: boolean; value?: unknown; error?: unknown }) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { t: string; id: number; result: { ok: boolean; value?: unknown; error?: unknown } };
    if (msg.t === 'result') waiting.get(msg.id)?.(msg.result);
  });
  const call = <T>(channel: string, request: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, (r) => (waiting.delete(id), r.ok ? resolve(r.value as T) : reject(new Error(JSON.stringify(r.error)))));
      ws.send(JSON.stringify({ t: 'call', id, channel, request }));
    });
  return { call, close: () => ws.close() };
}

/** Signs the host's session in through the identity provider's form, as a user would. */
async function signInHost(bridge: BridgeClient, username: string, password: string) {
  const start = await bridge.call<{ mode: string; url: string }>('sessionSignIn', {});
  const authorize = new URL(start.url);
  // Open the form first, as a browser does: its anti-CSRF token and nonce cookie go back with the POST.
  const page = await fetch(authorize);
  const csrf = /name="csrf_token" value="([^"]*)"/.exec(await page.text())?.[1] ?? '';
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const form = new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), csrf_token: csrf, username, password });
  const r = await fetch(authorize, { method: 'POST', headers: { cookie }, body: form, redirect: 'manual' });
  const back = new URL(r.headers.get('location')!);
  await bridge.call('sessionCompleteSignIn', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
}

export type BridgeClient = Awaited<ReturnType<typeof bridgeClient>>;

/**
 * The console without Electron, as the UI benches drive it: the API child on `url`, the
 * renderer built, the browser host (memory vault) and a bridge client signed in as the
 * sandbox admin. stop() ends them in turn.
 */
export async function startConsole(url: string, dataDir: string) {
  const api = await startApiChild(url);
  const stops: (() => unknown)[] = [() => api.stop()];
  const stop = async () => {
    for (const s of stops.reverse()) await s();
  };
  try {
    execFileSync(process.execPath, ['scripts/build.mjs', '--only=renderer'], { stdio: 'inherit' });
    const host = await startHost({ distDir: 'dist', dataDir, apiUrl: api.api, idpUrl: api.idp, vault: createMemoryVault() });
    stops.push(() => host.stop());
    const bridge = await bridgeClient(host.origin, host.key);
    stops.push(() => bridge.close());
    await signInHost(bridge, 'admin', 'sandbox-admin');
    return { api, host, bridge, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
