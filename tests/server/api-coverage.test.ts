/**
 * API coverage of spec §7 groups, path by path: every path the spec names has a route
 * in the API (what each answers is tested by its suite). Groups: Artists, Labels, Suppliers, Charts, Playlists, and content ops'
 * label-managers, statements: every path of these groups has a route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, routeTable, type RouteEntry } from '../../server/api/app';
import { startTestServer, type RunningServer } from './helpers';

let server: RunningServer;
let routes: readonly RouteEntry[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const app = await buildApi(server.db, { accessTtl: 60, refreshTtl: 60 }, { jobs: server.jobs, storage: server.storage });
  await app.ready();
  routes = routeTable(app);
  await app.close();
});
afterAll(async () => server?.close());

type Call = readonly [method: string, path: string];
const A = '/v4/catalog/artists';
const L = '/v4/catalog/labels';
const S = '/v4/catalog/suppliers';
const C = '/v4/catalog/charts';
const P = '/v4/catalog/playlists';
const COVERED: Record<string, readonly Call[]> = {
  Artists: [
    ['POST', `${A}/`],
    ['GET', `${A}/1/`],
    ['PATCH', `${A}/1/`],
    ['POST', `${A}/1/images/`],
    ['GET', `${A}/1/muzooka-mappings/`],
    ['POST', `${A}/1/muzooka-mappings/`],
    ['PATCH', `${A}/1/muzooka-mappings/1/`],
    ['DELETE', `${A}/1/muzooka-mappings/1/`],
    ['POST', `${A}/1/sync/`],
    ['DELETE', `${A}/1/sync/`],
    ['POST', `${A}/1/pull-image/`],
  ],
  Labels: [
    ['GET', `${L}/`],
    ['GET', `${L}/1/`],
    ['PATCH', `${L}/1/`],
    ['GET', `${L}/1/contracts/`],
    ['POST', `${L}/1/contracts/`],
    ['PATCH', `${L}/1/contracts/1/`],
    ['GET', `${L}/1/mappings/`],
    ['POST', `${L}/1/images/`],
    ['GET', `${L}/1/download-csv/`],
  ],
  Suppliers: [
    ['POST', `${S}/`],
    ['GET', `${S}/1/`],
    ['PATCH', `${S}/1/`],
    ['GET', `${S}/1/labels/`],
    ...(['label-mappings', 'genre-mappings'] as const).flatMap((m): Call[] => [
      ['GET', `${S}/1/${m}/`],
      ['POST', `${S}/1/${m}/`],
      ['PATCH', `${S}/1/${m}/1/`],
      ['DELETE', `${S}/1/${m}/1/`],
    ]),
    ['GET', `${S}/1/contracts/`],
    ['POST', `${S}/1/contracts/`],
    ['PATCH', `${S}/1/contracts/1/`],
    ['GET', `${S}/1/contacts/`],
    ['POST', `${S}/1/contacts/`],
    ['PATCH', `${S}/1/contacts/1/`],
    ['GET', `${S}/1/notes/`],
    ['POST', `${S}/1/notes/`],
    ['GET', `${S}/1/subscribers/`],
    ['POST', `${S}/1/sales/`],
    ['POST', `${S}/1/sales-export/`],
  ],
  Charts: [
    ['GET', `${C}/`],
    ['POST', `${C}/`],
    ['GET', `${C}/1/`],
    ['PATCH', `${C}/1/`],
    ['GET', `${C}/1/tracks/`],
    ['PUT', `${C}/1/tracks/`],
    ['GET', `${C}/1/playlist-mappings/`],
    ['POST', `${C}/1/playlist-mappings/`],
    ['PATCH', `${C}/1/playlist-mappings/1/`],
    ['POST', `${C}/1/images/`],
  ],
  Playlists: [
    ['GET', `${P}/`],
    ['POST', `${P}/`],
    ['GET', `${P}/1/`],
    ['PATCH', `${P}/1/`],
    ['GET', `${P}/1/tracks/`],
    ['PUT', `${P}/1/tracks/bulk/`],
    ['GET', `${P}/1/chart-mapping/`],
    ['GET', `${P}/1/partners/`],
    ['PUT', `${P}/1/partners-bulk/`],
  ],
  'content ops label-managers': [
    ['GET', '/v4/content-ops/label-managers/'],
    ['POST', '/v4/content-ops/label-managers/'],
    ['PATCH', '/v4/content-ops/label-managers/1/'],
  ],
  'Suppliers service-agreement': [['POST', '/v4/catalog/suppliers/1/service-agreement/']],
  Statements: [
    ['GET', `${L}/1/statements/`],
    ['GET', `${S}/1/statements/music/`],
    ['GET', `${S}/1/statements/download-csv/`],
  ],
  'content ops track-file-update, publishers; encode on-demand, beatdrop; al/files': [
    ['PATCH', '/v4/content-ops/track-file-update/'],
    ['POST', '/v4/content-ops/publishers/'],
    ['DELETE', '/v4/content-ops/publishers/1/'],
    ['POST', '/v4/encode/on-demand/'],
    ['POST', '/v4/encode/beatdrop/'],
    ['GET', '/v4/al/files/a7fa5d88-1b7e-3075-bd3b-a4db575c0d3e/'],
  ],
  'Accounts downloads, my/billing, billing, fileclasses, media/images, pipeline': [
    ['GET', '/v4/accounts/orders/1/downloads/'],
    ['PATCH', '/v4/accounts/orders/1/downloads/'],
    ['GET', '/v4/my/billing/'],
    ['PATCH', '/v4/my/billing/'],
    ['GET', '/v4/billing/'],
    ['GET', '/v4/fileclasses/'],
    ['POST', '/v4/media/images/'],
    ['GET', '/v4/pipeline/'],
  ],
};
/** Whether the API registered a route for the call (its path parameters filled). */
function routeExists(method: string, path: string): boolean {
  return routes.some((r) => r.method === method && new RegExp(`^${r.url.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(path));
}

describe('spec §7 coverage', () => {
  it.each(Object.entries(COVERED).flatMap(([group, calls]) => calls.map((c) => [group, ...c] as const)))(
    '%s: %s %s answers',
    async (_g, method, path) => {
      expect(routeExists(method, path)).toBe(true);
    },
  );
});
