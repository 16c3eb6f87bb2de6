/**
 * The PostgreSQL-only tests (postgres.test.ts, job-workers.test.ts, explain.test.ts) start
 * their server with startPgCluster: without the binaries it gives a skip reason, except
 * under CI, where it fails.
 */
import { describe, expect, it } from 'vitest';
import { isCi, PG_REQUIRED_IN_CI, startPgCluster } from './pg-cluster';

const missing = '/nonexistent/postgresql/bin';

describe('startPgCluster without PostgreSQL binaries', () => {
  it('gives a skip reason, naming where it looked, when CI is not set', async () => {
    await expect(startPgCluster({ PGBIN: missing })).resolves.toEqual({ skip: `PostgreSQL binaries not found in PGBIN=${missing}` });
    await expect(startPgCluster({ PGBIN: missing, CI: 'false' })).resolves.toHaveProperty('skip');
  });

  it('fails instead when CI is set', async () => {
    await expect(startPgCluster({ PGBIN: missing, CI: 'true' })).rejects.toThrow(
      `${PG_REQUIRED_IN_CI}: PostgreSQL binaries not found in PGBIN=${missing}`,
    );
    await expect(startPgCluster({ PGBIN: missing, CI: '1' })).rejects.toThrow(PG_REQUIRED_IN_CI);
  });

  it('CI counts as set unless empty, 0 or false', () => {
    expect([undefined, '', '0', 'false', 'FALSE'].map((CI) => isCi({ CI }))).toEqual([false, false, false, false, false]);
    expect(['true', '1', 'yes', 'github'].map((CI) => isCi({ CI }))).toEqual([true, true, true, true]);
  });
});
