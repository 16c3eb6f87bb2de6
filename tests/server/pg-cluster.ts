/**
 * A throwaway PostgreSQL server for tests (testing.md recipe): pg_ctl into a temp dir on
 * a free loopback port, as user postgres when running as root. Its data folder is a copy
 * of the seed template's cluster (tests/fixtures/seed-template.ts: an empty `postgres`
 * database and the seeded one), or a new initdb when the run made no template. Returns
 * a skip reason only when the PostgreSQL binaries are not installed, and never under CI
 * (env CI set): there it throws instead, so no PostgreSQL test skips silently where
 * .ci/run was meant to install the server. Every PostgreSQL-only test starts its server
 * here (postgres.test.ts, job-workers.test.ts, explain.test.ts).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { copyTree, findPgBin, freePort, pgOwnedTempDir, pgRun, seedTemplate, SEEDED_DB } from '../fixtures/seed-template';

export interface PgCluster {
  /** The cluster's empty `postgres` database. */
  url: string;
  /**
   * A database holding the seed (seed 1, demo size), copied from the run's seeded
   * template (tests/fixtures/seed-template.ts): ready at once, no migration or seed to run.
   * Each call makes another (`CREATE DATABASE … TEMPLATE`), so a file may have several.
   */
  seededDatabase(): Promise<string>;
  stop(): Promise<void>;
}

type Env = Readonly<Record<string, string | undefined>>;

/** True when env CI is set (not empty, `0` or `false`), as CI services set it. */
export function isCi(env: Env = process.env): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return !!ci && ci !== '0' && ci !== 'false';
}

export const PG_REQUIRED_IN_CI = 'PostgreSQL tests do not skip when CI is set';

export async function startPgCluster(env: Env = process.env): Promise<PgCluster | { skip: string }> {
  const bin = findPgBin(env);
  if (!bin) {
    const skip = env.PGBIN
      ? `PostgreSQL binaries not found in PGBIN=${env.PGBIN}`
      : 'PostgreSQL binaries not found under /usr/lib/postgresql (Debian package postgresql); set PGBIN to override';
    if (isCi(env)) throw new Error(`${PG_REQUIRED_IN_CI}: ${skip}`);
    return { skip };
  }
  const dir = pgOwnedTempDir('pgtest-');
  const port = await freePort(55432 + Math.floor(Math.random() * 100));
  const data = join(dir, 'data');
  // A copy of the seed template's cluster (made by the run's global setup) instead of initdb.
  const template = seedTemplate(env);
  const fromTemplate =
    template?.pgData && existsSync(join(template.dir, 'pg-bin')) && readFileSync(join(template.dir, 'pg-bin'), 'utf8') === bin;
  if (fromTemplate) copyTree(template!.pgData!, data);
  else pgRun(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const run = (cmd: string, args: string[]) => pgRun(bin, cmd, args);
  run('pg_ctl', [
    '-D',
    data,
    '-o',
    `-k ${dir} -p ${port} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
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
  const base = `postgres://postgres@127.0.0.1:${port}`;
  let copies = 0;
  return {
    url: `${base}/postgres`,
    seededDatabase: async () => {
      const name = `seeded_${++copies}`;
      if (!fromTemplate) {
        const { openPostgres } = await import('../../server/db/client');
        const { prepareDb } = await import('../../server/app');
        const admin = await openPostgres(`${base}/postgres`, 1);
        await admin.exec(`create database ${name}`);
        await admin.close();
        const db = await openPostgres(`${base}/${name}`, 2);
        await prepareDb(db).finally(() => db.close());
        return `${base}/${name}`;
      }
      const admin = await (await import('../../server/db/client')).openPostgres(`${base}/postgres`, 1);
      await admin.exec(`create database ${name} template ${SEEDED_DB}`);
      await admin.close();
      return `${base}/${name}`;
    },
    stop: async () => stopSync(),
  };
}
