/**
 * Shared by the search-ui and export benches: a throwaway PostgreSQL server (the
 * testing.md recipe), the seeded catalogue at a scale, the API as a child process
 * (so its memory is its own), and memory sampling.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { isSeeded, seed } from '../server/seed/seed';
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
  const bin = process.env.PGBIN ?? (existsSync(root) ? readdirSync(root).sort().map((v) => join(root, v, 'bin')).filter((b) => existsSync(join(b, 'initdb'))).pop() : undefined);
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
  run('pg_ctl', ['-D', join(dir, 'data'), '-o', `-k ${dir} -p ${port} -h 127.0.0.1 -c shared_buffers=512MB -c fsync=off -c synchronous_commit=off -c max_wal_size=4GB`, '-l', join(dir, 'log'), '-w', 'start']);
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
export async function prepare(url: string, scale: number, log: (m: string) => void): Promise<{ seedSeconds: number; token: string; db: Db }> {
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

/** Samples RSS every `ms` until stopped: start, peak and the samples. */
export function sampleRss(pid: number | 'self', ms = 50) {
  const samples: number[] = [rssMb(pid)];
  const timer = setInterval(() => {
    try {
      samples.push(rssMb(pid));
    } catch {
      /* process gone */
    }
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssMb(pid));
      return { startMb: samples[0], peakMb: Math.max(...samples), endMb: samples[samples.length - 1], samples };
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
  for (const r of rows) console.log(r.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  '));
}
