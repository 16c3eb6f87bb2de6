/** The server on embedded PGlite (in memory): identity provider and list machinery. */
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, type RunningServer } from './helpers';
import { authSuite } from './suites/auth';
import { listSuite } from './suites/lists';
import { jobSuite } from './suites/jobs';
import { mySupplierSuite } from './suites/my-supplier';
import { bankingSuite } from './suites/banking';
import { writeSuite } from './suites/writes';
import { recordSuite } from './suites/records';
import { badInputSuite } from './suites/bad-input';
import { subresourceSuite } from './suites/subresources';
import { mediaSuite } from './suites/media';
import { artistSuite } from './suites/artists';
import { labelSuite } from './suites/labels';
import { supplierSuite } from './suites/suppliers';
import { chartSuite, djProfileSuite, playlistSuite } from './suites/charts';
import { orderSuite } from './suites/orders';
import { couponSuite } from './suites/coupons';
import { creditSuite } from './suites/credits';
import { curationSuite } from './suites/curation';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('identity provider (PGlite)', () => authSuite(() => server));
describe('lists (PGlite)', () => listSuite(() => server));
describe('jobs (PGlite)', () => jobSuite(() => server));
describe('own supplier (PGlite)', () => mySupplierSuite(() => server));
describe('supplier banking (PGlite)', () => bankingSuite(() => server));
describe('write rules (PGlite)', () => writeSuite(() => server));
describe('records (PGlite)', () => recordSuite(() => server));
describe('bad input (PGlite)', () => badInputSuite(() => server));
describe('track and release sub-resources (PGlite)', () => subresourceSuite(() => server));
describe('media (PGlite)', () => mediaSuite(() => server));
describe('artists (PGlite)', () => artistSuite(() => server));
describe('labels (PGlite)', () => labelSuite(() => server));
describe('suppliers (PGlite)', () => supplierSuite(() => server));
describe('charts (PGlite)', () => chartSuite(() => server));
describe('playlists (PGlite)', () => playlistSuite(() => server));
describe('DJ profiles (PGlite)', () => djProfileSuite(() => server));
describe('orders and refunds (PGlite)', () => orderSuite(() => server));
describe('coupons (PGlite)', () => couponSuite(() => server));
describe('credits (PGlite)', () => creditSuite(() => server));
describe('curation (PGlite)', () => curationSuite(() => server));
