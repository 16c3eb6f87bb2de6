/**
 * A throwaway PostgreSQL server for tests (testing.md recipe): initdb + pg_ctl into a
 * temp dir on a free loopback port, as user postgres when running as root. Returns
 * a skip reason only when the PostgreSQL binaries are not installed, and never under CI
 * (env CI set): there it throws instead, so no PostgreSQL test skips silently where
 * .ci/run was meant to install the server. Every PostgreSQL-only test starts its server
 * here (postgres.test.ts, job-workers.test.ts, explain.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  url: string;
  stop(): Promise<void>;
}

type Env = Readonly<Record<string, string | undefined>>;

/** PGBIN when set (only there: a wrong PGBIN is not found, not passed over), else the newest /usr/lib/postgresql/N/bin. */
function pgBin(env: Env): string | null {
  if (env.PGBIN) return existsSync(join(env.PGBIN, 'initdb')) ? env.PGBIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(root, versions[versions.length - 1], 'bin') : null;
}

async function freePort(from: number): Promise<number> {
  for (let p = from; p < from + 200; p++) {
    const ok = await new Promise<boolean>((resolve) => {
      const srv = createServer().once('error', () => resolve(false)).listen(p, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) return p;
  }
  throw new Error('no free port for PostgreSQL');
}

/** True when env CI is set (not empty, `0` or `false`), as CI services set it. */
export function isCi(env: Env = process.env): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return !!ci && ci !== '0' && ci !== 'false';
}

export const PG_REQUIRED_IN_CI = 'PostgreSQL tests do not skip when CI is set';

export async function startPgCluster(env: Env = process.env): Promise<PgCluster | { skip: string }> {
  const bin = pgBin(env);
  if (!bin) {
    const skip = env.PGBIN
      ? `PostgreSQL binaries not found in PGBIN=${env.PGBIN}`
      : 'PostgreSQL binaries not found under /usr/lib/postgresql (Debian package postgresql); set PGBIN to override';
    if (isCi(env)) throw new Error(`${PG_REQUIRED_IN_CI}: ${skip}`);
    return { skip };
  }
  const dir = mkdtempSync(join(tmpdir(), 'pgtest-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    if (asRoot) {
      const quoted = [join(bin, cmd), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
    }
    return execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const port = await freePort(55432 + Math.floor(Math.random() * 100));
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', ['-D', data, '-o', `-k ${dir} -p ${port} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, '-l', join(dir, 'log'), '-w', 'start']);
  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test file that dies before its afterAll still takes its server down.
  process.once('exit', stopSync);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => stopSync(),
  };
}
