/**
 * Create defaults that are true (issue 27): for every record type created here, the body
 * the create form sends untouched (its required fields filled) creates a record whose
 * every defaulted field holds the declaration's default, and so does a body that leaves
 * them all out: the server stores the declared defaults, never a column's own. Coupons,
 * page modules and labels are created disabled unless Enabled is turned on; a live stream
 * is created disabled, and asking to create one enabled is refused (it has no stage yet).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { principalFrom } from '../../shared/access';
import {
  artistEndpoints,
  chartEndpoints,
  couponEndpoints,
  hypeEndpoints,
  labelEndpoints,
  pageEndpoints,
  pageModuleEndpoints,
  playlistEndpoints,
  releaseEndpoints,
  simpleRecordEndpoints,
  supplierEndpoints,
  trackEndpoints,
  CURATION_MSG,
} from '../../shared/api/endpoints';
import { RECORD_DECLS, RECORDS, createDefaults, mayCreate, type RecordDecl, type RecordKey } from '../../shared/records';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { WRITES, columnOf } from '../../server/domain/records/defs';
import { createBody, createFields, createInitialValues } from '../../renderer/features/records/create-model';
import { api, signIn, startTestServer, type RunningServer } from './helpers';

const BRAND = 'brand:dance';
const CREATE_PATHS: Partial<Record<RecordKey, string>> = {
  tracks: trackEndpoints.create.path,
  releases: releaseEndpoints.create.path,
  artists: artistEndpoints.create.path,
  labels: labelEndpoints.create.path,
  pages: pageEndpoints.create.path,
  page_modules: pageModuleEndpoints.create.path,
  coupons: couponEndpoints.create.path,
  live_streams: simpleRecordEndpoints.live_streams.create.path,
  host_vendors: simpleRecordEndpoints.host_vendors.create.path,
  tracklist_vendors: simpleRecordEndpoints.tracklist_vendors.create.path,
  link_partners: simpleRecordEndpoints.link_partners.create.path,
  hype_offers: hypeEndpoints.createOffer.path,
  suppliers: supplierEndpoints.create.path,
  charts: chartEndpoints.create.path,
  playlists: playlistEndpoints.create.path,
};
const CREATABLE = RECORD_DECLS.filter((d) => d.create).map((d) => d.key as RecordKey);

let server: RunningServer;
const tokens = new Map<string, string>();
/** The required fields of each type, naming seeded records. */
let required: (type: RecordKey) => Record<string, unknown>;
let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++n}`;

/** A sandbox account that may create the type on the brand. */
function creator(type: RecordKey) {
  const a = SANDBOX_ACCOUNTS.find(
    (x) => x.brands.includes(BRAND) && mayCreate(principalFrom([x.app, x.role, ...x.brands].join(' '), [], BRAND), type),
  );
  if (!a) throw new Error(`nobody creates ${type}`);
  return { account: a, principal: principalFrom([a.app, a.role, ...a.brands].join(' '), [], BRAND) };
}

const post = (type: RecordKey, body: Record<string, unknown>) =>
  api(server, tokens.get(creator(type).account.username)!, CREATE_PATHS[type]!, { method: 'POST', body, headers: { 'x-brand': BRAND } });

/** The stored row's value of each defaulted field (by its column). */
async function stored(type: RecordKey, id: number): Promise<Record<string, unknown>> {
  const w = WRITES[type];
  const [row] = await server.db.query(`select * from ${w.table} where id = $1`, [id]);
  return Object.fromEntries(Object.keys(createDefaults(RECORDS[type])).map((f) => [f, row[columnOf(w, f)]]));
}

beforeAll(async () => {
  server = await startTestServer();
  for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(server, a.username, a.password)).access_token);
  const one = async (sql: string) => (await server.db.query<{ id: number }>(sql))[0].id;
  const release = await one('select id from releases order by id limit 1');
  const label = await one('select id from labels order by id limit 1');
  const supplier = await one('select id from suppliers order by id limit 1');
  const page = await one(`select id from pages where brand = '${BRAND}' order by id limit 1`);
  const pageType = await one("select id from reference_items where list = 'page-types' and name = 'Landing Page'");
  const moduleType = await one("select id from reference_items where list = 'page-module-types' order by id limit 1");
  const discountType = await one("select id from reference_items where list = 'discount-types' order by id limit 1");
  required = (type) =>
    (
      ({
        tracks: { release_id: release, title: unique('Track ') },
        releases: { label_id: label, title: unique('Release ') },
        labels: { supplier_id: supplier, name: unique('Defaults Label '), confirm_similar: true },
        pages: { name: unique('Page '), slug: unique('defaults-page-'), page_type_id: pageType },
        page_modules: { page_id: page, name: unique('Module '), module_type_id: moduleType, slot: 'header' },
        coupons: { code: unique('DEFAULTS').toUpperCase(), discount_type_id: discountType },
        hype_offers: { label_id: label, name: unique('Offer '), price: 4.99, start_date: '2026-01-01', end_date: '2026-12-31' },
        suppliers: {
          name: unique('Supplier '),
          contacts: [
            {
              contact_type_id: 1,
              first_name: 'Ada',
              last_name: 'Lovelace',
              country_id: 1,
              phone: '+1 303 555 0142',
              email: 'ada@example.com',
            },
          ],
          contracts: [{ contract_type_id: 1, start_date: '2026-01-01' }],
        },
        charts: { title: unique('Chart ') },
      }) as Partial<Record<RecordKey, Record<string, unknown>>>
    )[type] ?? { name: unique(`${type} `) };
});
afterAll(async () => server?.close());

describe('every create form creates what it shows', () => {
  it('covers every record type created here', () => {
    expect(Object.keys(CREATE_PATHS).sort()).toEqual([...CREATABLE].sort());
  });

  it.each(CREATABLE)(
    '%s: the untouched form body and a body without the defaulted fields both store the declared defaults',
    async (type) => {
      const decl = RECORDS[type] as RecordDecl;
      const defaults = createDefaults(decl);
      const fields = createFields(decl, creator(type).principal);
      const formBody = createBody(decl, fields, createInitialValues(decl, fields));
      for (const body of [{ ...formBody, ...required(type) }, required(type)]) {
        const r = await post(type, body);
        expect(r.status, `${type} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`).toBe(201);
        expect(await stored(type, r.body.id as number)).toEqual(defaults);
      }
    },
  );
});

describe('Enabled on create', () => {
  it.each(['coupons', 'page_modules', 'labels'] as const)('%s: created disabled when left off, enabled when turned on', async (type) => {
    const off = await post(type, required(type));
    expect(off.status, JSON.stringify(off.body)).toBe(201);
    expect(off.body.enabled).toBe(false);
    const on = await post(type, { ...required(type), enabled: true });
    expect(on.status, JSON.stringify(on.body)).toBe(201);
    expect(on.body.enabled).toBe(true);
    expect((await stored(type, on.body.id as number)).enabled).toBe(true);
  });

  it('a live stream is created disabled; asked to be created enabled, it is refused: it has no stage yet', async () => {
    const r = await post('live_streams', { name: unique('Stream ') });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ enabled: false, stages: [] });
    const enabled = await post('live_streams', { name: unique('Stream '), enabled: true });
    expect([enabled.status, enabled.body]).toEqual([400, { enabled: [CURATION_MSG.stageRequired] }]);
  });
});
