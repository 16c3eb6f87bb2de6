/**
 * The same identity-provider and list suites on a PostgreSQL server this test starts
 * (initdb + pg_ctl into a temp dir). Skips, saying why, only when the PostgreSQL
 * binaries are not installed, and fails instead when CI is set (startPgCluster).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { JOURNAL } from '../../server/db/embedded-migrations';
import { startTestServer, type RunningServer } from './helpers';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { authSuite } from './suites/auth';
import { listSuite } from './suites/lists';
import { exportBytesSuite } from './suites/exports';
import { jobSuite } from './suites/jobs';
import { salesSuite } from './suites/sales';
import { mySupplierSuite } from './suites/my-supplier';
import { bankingSuite } from './suites/banking';
import { statementSuite } from './suites/statements';
import { serviceAgreementSuite } from './suites/service-agreement';
import { writeSuite } from './suites/writes';
import { recordSuite } from './suites/records';
import { badInputSuite } from './suites/bad-input';
import { subresourceSuite } from './suites/subresources';
import { mediaSuite } from './suites/media';
import { artistSuite } from './suites/artists';
import { labelSuite } from './suites/labels';
import { sharedViewSuite } from './suites/shared-views';
import { supplierSuite } from './suites/suppliers';
import { chartSuite, djProfileSuite, playlistPartnerSuite, playlistSuite, subGenreSuite } from './suites/charts';
import { orderSuite } from './suites/orders';
import { couponSuite } from './suites/coupons';
import { hypeSuite } from './suites/hype';
import { userSuite } from './suites/users';
import { creditSuite } from './suites/credits';
import { curationSuite } from './suites/curation';
import { liveSuite } from './suites/live';
import { ftpUserSuite } from './suites/ftp-users';
import { referenceSuite } from './suites/references';
import { shownConvertedSuite } from './suites/shown-converted';
import { accountsCallsSuite } from './suites/accounts-calls';
import { trackFileSuite } from './suites/track-files';
import { referenceDataSuite } from './suites/reference-data';
import { migrationSuite } from './suites/migrations';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[postgres.test] skipped: ${skip}`);

describe.skipIf(skip !== null)('PostgreSQL server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl: await (cluster as PgCluster).seededDatabase(), seededDatabase: true });
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
  describe('export bytes', () => exportBytesSuite(() => server));
  describe('jobs', () => jobSuite(() => server));
  describe('sales', () => salesSuite(() => server));
  describe('own supplier', () => mySupplierSuite(() => server));
  describe('supplier banking', () => bankingSuite(() => server));
  describe('statements', () => statementSuite(() => server));
  describe('service agreement', () => serviceAgreementSuite(() => server));
  describe('write rules', () => writeSuite(() => server));
  describe('records', () => recordSuite(() => server));
  describe('bad input', () => badInputSuite(() => server));
  describe('track and release sub-resources', () => subresourceSuite(() => server));
  describe('media', () => mediaSuite(() => server));
  describe('artists', () => artistSuite(() => server));
  describe('labels', () => labelSuite(() => server));
  describe('shared views', () => sharedViewSuite(() => server));
  describe('suppliers', () => supplierSuite(() => server));
  describe('charts', () => chartSuite(() => server));
  describe('sub-genres', () => subGenreSuite(() => server));
  describe('playlist partners', () => playlistPartnerSuite(() => server));
  describe('playlists', () => playlistSuite(() => server));
  describe('DJ profiles', () => djProfileSuite(() => server));
  describe('orders and refunds', () => orderSuite(() => server));
  describe('coupons', () => couponSuite(() => server));
  describe('hype', () => hypeSuite(() => server));
  describe('users', () => userSuite(() => server));
  describe('credits', () => creditSuite(() => server));
  describe('curation', () => curationSuite(() => server));
  describe('live streams and vendors', () => liveSuite(() => server));
  describe('SFTP users', () => ftpUserSuite(() => server));
  describe('one reference check', () => referenceSuite(() => server));
  describe('§4 shown only when CONVERTED', () => shownConvertedSuite(() => server));
  describe('order downloads, own billing, billing records, file classes, media images, pipeline', () => accountsCallsSuite(() => server));
  describe('track audio, on-demand encodes, files by guid, publishers', () => trackFileSuite(() => server));
  describe('reference data, sandbox money and kept deliveries', () => referenceDataSuite(() => server));
  // Each migration test gets a new, empty database of the same server.
  let n = 0;
  describe('Drizzle migrations', () =>
    migrationSuite(async () => {
      const url = (cluster as PgCluster).url;
      const name = `migrations_${++n}`;
      const admin = await openPostgres(url, 1);
      await admin.exec(`create database ${name}`);
      await admin.close();
      return openPostgres(url.replace(/\/postgres$/, `/${name}`), 2);
    }));

  it('two servers migrating one new database at once: the advisory lock lets one apply, the other finds nothing to do', async () => {
    const url = (cluster as PgCluster).url;
    const admin = await openPostgres(url, 1);
    await admin.exec('create database migrations_race');
    await admin.close();
    const [a, b] = await Promise.all([0, 1].map(() => openPostgres(url.replace(/\/postgres$/, '/migrations_race'), 2)));
    try {
      const results = await Promise.all([migrate(a), migrate(b)]);
      const applied = results.map((r) => r.applied.length).sort();
      expect(applied).toEqual([0, JOURNAL.entries.length]);
      const [n] = await a.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(n.n).toBe(JOURNAL.entries.length);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
