/**
 * The same identity-provider and list suites on a PostgreSQL server this test starts
 * (initdb + pg_ctl into a temp dir). Skips, saying why, only when the PostgreSQL
 * binaries are not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type RunningServer } from './helpers';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { authSuite } from './suites/auth';
import { listSuite } from './suites/lists';
import { jobSuite } from './suites/jobs';
import { mySupplierSuite } from './suites/my-supplier';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[postgres.test] skipped: ${skip}`);

describe.skipIf(skip !== null)('PostgreSQL server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl: (cluster as PgCluster).url });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await (cluster as PgCluster).stop();
  });

  it('runs on the server engine with pg_trgm', async () => {
    expect(server.db.kind).toBe('postgres');
    const [row] = await server.db.query<{ n: number }>("select count(*)::int as n from pg_extension where extname = 'pg_trgm'");
    expect(row.n).toBe(1);
  });
  describe('identity provider', () => authSuite(() => server));
  describe('lists', () => listSuite(() => server));
  describe('jobs', () => jobSuite(() => server));
  describe('own supplier', () => mySupplierSuite(() => server));
});
