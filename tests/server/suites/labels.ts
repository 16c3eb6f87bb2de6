/**
 * The label calls of issue 14 on PGlite and on a PostgreSQL server: the §5 hype-trial
 * rule (start required, end required, start not after end) through PATCH, and POST
 * create with §8's similar-name warning (trigram similarity on both engines), continued
 * with confirm_similar; the content-ops label-managers GET/POST/PATCH; a label's
 * contracts, mappings, image, CSV and an unclaimed label's temporary account; a chart's image.
 */
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { LABEL_MANAGER_MSG } from '../../../shared/api';
import {
  LABEL_CLAIMED_MSG,
  chartImageEndpoints,
  labelImageEndpoints,
  recordImageMsg,
  tempAccountEmailOf,
} from '../../../shared/api/endpoints';
import { pathOf } from '../../../shared/api/endpoint';
import { CHART_IMAGE_SIDE, LABEL_IMAGE_SIDE } from '../../../shared/constants';
import { LABEL_CSV_COLUMNS } from '../../../server/api/routes/labels';
import { MSG } from '../../../shared/messages';
import { RECORD_MSG } from '../../../shared/records';
import { api, signIn, type RunningServer } from '../helpers';

const DANCE = { 'x-brand': 'brand:dance' };

export function labelSuite(get: () => RunningServer) {
  let admin = '';
  let contentops = '';
  beforeAll(async () => {
    admin = (await signIn(get(), 'admin', 'sandbox-admin')).access_token;
    contentops = (await signIn(get(), 'contentops', 'sandbox-contentops')).access_token;
  });
  const create = (body: Record<string, unknown>, token = contentops) =>
    api(get(), token, '/v4/catalog/labels/', { method: 'POST', body, headers: DANCE });
  const L = '/v4/catalog/labels/';
  const upload = (path: string, token: string, bytes: Buffer) =>
    fetch(`${get().api}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', ...DANCE },
      body: new Uint8Array(bytes),
    });
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#204060' } })
      .png()
      .toBuffer();

  it("contracts: listed, added (type from contract-types, end after start) and changed with If-Match, in the label's history; content ops writes, curation does not", async () => {
    const made = await create({ name: `Contract Label ${Date.now()}`, supplier_id: 2, confirm_similar: true });
    const path = `${L}${made.body.id}/contracts/`;
    expect((await api(get(), admin, path)).body.results).toEqual([]);
    const bad = await api(get(), contentops, path, {
      method: 'POST',
      body: { contract_type_id: 999, start_date: '2026-01-01', end_date: '2025-01-01' },
    });
    expect([bad.status, Object.keys(bad.body).sort()]).toEqual([400, ['end_date']]);
    const unknownType = await api(get(), contentops, path, { method: 'POST', body: { contract_type_id: 999, start_date: '2026-01-01' } });
    expect([unknownType.status, unknownType.body]).toEqual([400, { contract_type_id: [MSG.selectFromList] }]);
    const added = await api(get(), contentops, path, { method: 'POST', body: { contract_type_id: 2, start_date: '2026-01-01' } });
    expect([added.status, added.body]).toMatchObject([
      201,
      { contract_type: { id: 2, name: 'Licence' }, start_date: '2026-01-01', end_date: null, active: true },
    ]);
    const one = `${path}${added.body.id}/`;
    const stale = await api(get(), contentops, one, { method: 'PATCH', body: { active: false }, headers: { 'if-match': '"99"' } });
    expect(stale.status).toBe(412);
    const ch = await api(get(), contentops, one, {
      method: 'PATCH',
      body: { active: false, end_date: '2026-12-31' },
      headers: { 'if-match': added.headers.get('etag')! },
    });
    expect([ch.status, ch.body.active, ch.body.end_date]).toEqual([200, false, '2026-12-31']);
    expect(
      (
        await api(get(), contentops, one, {
          method: 'PATCH',
          body: { end_date: '2025-12-31' },
          headers: { 'if-match': ch.headers.get('etag')! },
        })
      ).body,
    ).toEqual({ end_date: [MSG.endAfterStart] });
    const curation = (await signIn(get(), 'curation', 'sandbox-curation')).access_token;
    expect((await api(get(), curation, path, { method: 'POST', body: { contract_type_id: 1, start_date: '2026-01-01' } })).status).toBe(
      403,
    );
    const history = await api(get(), admin, `${L}${made.body.id}/history/`);
    expect(JSON.stringify(history.body.results)).toContain('contracts');
    expect((await api(get(), admin, `${L}2000000000/contracts/`)).status).toBe(404);
  });

  it('mappings: the supplier label mappings that name the label, with their supplier', async () => {
    const made = await create({ name: `Mapped Label ${Date.now()}`, supplier_id: 2, confirm_similar: true });
    const id = made.body.id as number;
    expect((await api(get(), admin, `${L}${id}/mappings/`)).body.results).toEqual([]);
    const m = await api(get(), admin, `/v4/catalog/suppliers/2/label-mappings/`, {
      method: 'POST',
      body: { source_label: `Mapped ${id}`, label_id: id },
    });
    expect(m.status, JSON.stringify(m.body)).toBe(201);
    const list = await api(get(), admin, `${L}${id}/mappings/`);
    const [{ name: supplier }] = await get().db.query<{ name: string }>('select name from suppliers where id = 2');
    expect(list.body.results).toMatchObject([
      { id: m.body.id, supplier_id: 2, supplier, source_label: `Mapped ${id}`, label: { id }, blacklisted: false },
    ]);
  });

  it('image: at least 500x500 and square (§5, in its words), stored as a 500x500 JPEG and served; the replaced file is removed', async () => {
    const made = await create({ name: `Image Label ${Date.now()}`, supplier_id: 2, confirm_similar: true });
    const id = made.body.id as number;
    const msg = recordImageMsg('labels');
    const small = await upload(pathOf(labelImageEndpoints.uploadImage, { id }), contentops, await png(400, 300));
    expect([small.status, await small.json()]).toEqual([400, { image: [msg.tooSmall, msg.notSquare] }]);
    const junk = await upload(pathOf(labelImageEndpoints.uploadImage, { id }), contentops, Buffer.from([1, 2, 3]));
    expect([junk.status, await junk.json()]).toEqual([400, { image: [msg.format] }]);
    expect((await api(get(), admin, pathOf(labelImageEndpoints.image, { id }))).status).toBe(404);
    const up = await upload(pathOf(labelImageEndpoints.uploadImage, { id }), contentops, await png(900, 900));
    const body = await up.json();
    expect([up.status, body.image_url, body.version]).toEqual([
      201,
      pathOf(labelImageEndpoints.image, { id }),
      (made.body.version as number) + 1,
    ]);
    const img = await fetch(`${get().api}${pathOf(labelImageEndpoints.image, { id })}`, { headers: { authorization: `Bearer ${admin}` } });
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([img.status, meta.format, meta.width, meta.height]).toEqual([200, 'jpeg', LABEL_IMAGE_SIDE, LABEL_IMAGE_SIDE]);
    const [{ image_key: first }] = await get().db.query<{ image_key: string }>('select image_key from labels where id = $1', [id]);
    expect((await upload(pathOf(labelImageEndpoints.uploadImage, { id }), contentops, await png(500, 500))).status).toBe(201);
    expect(await get().storage.size(first)).toBeNull();
    const curation = (await signIn(get(), 'curation', 'sandbox-curation')).access_token;
    expect((await upload(pathOf(labelImageEndpoints.uploadImage, { id }), curation, await png(500, 500))).status).toBe(403);
  });

  it('chart image: any JPEG or PNG, centre-cropped to a square JPEG; curation writes charts', async () => {
    const curation = (await signIn(get(), 'curation', 'sandbox-curation')).access_token;
    const chart = await api(get(), curation, '/v4/catalog/charts/', { method: 'POST', body: { title: 'Image Chart' }, headers: DANCE });
    expect(chart.status, JSON.stringify(chart.body)).toBe(201);
    const id = chart.body.id as number;
    const up = await upload(pathOf(chartImageEndpoints.uploadImage, { id }), curation, await png(1200, 600));
    expect([up.status, (await up.json()).image_url]).toEqual([201, pathOf(chartImageEndpoints.image, { id })]);
    const img = await fetch(`${get().api}${pathOf(chartImageEndpoints.image, { id })}`, {
      headers: { authorization: `Bearer ${curation}`, ...DANCE },
    });
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([img.status, meta.width, meta.height]).toEqual([200, CHART_IMAGE_SIDE, CHART_IMAGE_SIDE]);
    const junk = await upload(pathOf(chartImageEndpoints.uploadImage, { id }), curation, Buffer.from('not an image'));
    expect([junk.status, await junk.json()]).toEqual([400, { image: [recordImageMsg('charts').format] }]);
    const marketing = (await signIn(get(), 'marketing', 'sandbox-marketing')).access_token;
    expect((await upload(pathOf(chartImageEndpoints.uploadImage, { id }), marketing, await png(500, 500))).status).toBe(403);
  });

  it("download-csv: one line per track of the label's releases; a supplier user downloads only its own labels", async () => {
    const [{ n }] = await get().db.query<{ n: number }>(
      'select count(*)::int n from tracks t join releases r on r.id = t.release_id where r.label_id = 1',
    );
    const r = await fetch(`${get().api}${L}1/download-csv/`, { headers: { authorization: `Bearer ${admin}` } });
    const text = await r.text();
    const lines = text.trimEnd().split('\r\n');
    expect([r.status, r.headers.get('content-type'), r.headers.get('x-total-count')]).toEqual([200, 'text/csv; charset=utf-8', String(n)]);
    expect(lines[0]).toBe(LABEL_CSV_COLUMNS.join(','));
    expect(lines.length).toBe(n + 1);
    const supplier = (await signIn(get(), 'supplier', 'sandbox-supplier')).access_token;
    const [{ id: other }] = await get().db.query<{ id: number }>('select id from labels where supplier_id <> 1 order by id limit 1');
    expect((await fetch(`${get().api}${L}1/download-csv/`, { headers: { authorization: `Bearer ${supplier}` } })).status).toBe(200);
    expect((await fetch(`${get().api}${L}${other}/download-csv/`, { headers: { authorization: `Bearer ${supplier}` } })).status).toBe(404);
  });

  it('temporary account of an unclaimed label: generated on request, shown once (only its hash kept), signs in as the label; a claimed label has none', async () => {
    const [{ id }] = await get().db.query<{ id: number }>('select id from labels where not claimed order by id limit 1');
    const lm = (await signIn(get(), 'labelmgmt', 'sandbox-labelmgmt')).access_token;
    const r = await api(get(), lm, `${L}${id}/temp-account/`, { method: 'POST' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const { username, password, email } = r.body as { username: string; password: string; email: string };
    expect([password.length >= 16, email]).toEqual([true, tempAccountEmailOf(username)]);
    const [u] = await get().db.query<{ password_hash: string; label_id: number; role: string }>(
      'select password_hash, label_id, role from users where username = $1',
      [username],
    );
    expect([u.label_id, u.role, u.password_hash.includes(password)]).toEqual([id, 'user:label', false]);
    const signedIn = await signIn(get(), username, password);
    expect(signedIn.access_token).toBeTruthy();
    const again = await api(get(), lm, `${L}${id}/temp-account/`, { method: 'POST' });
    expect([again.status, again.body.username, again.body.password === password]).toEqual([201, username, false]);
    await expect(signIn(get(), username, password)).rejects.toThrow();
    expect((await api(get(), lm, `/v4/auth/temp-account-email/?label_id=${id}`)).body).toMatchObject({ claimed: false, username, email });
    const claimed = await api(get(), lm, `${L}1/temp-account/`, { method: 'POST' });
    expect([claimed.status, claimed.body]).toEqual([409, { detail: LABEL_CLAIMED_MSG }]);
    const curation = (await signIn(get(), 'curation', 'sandbox-curation')).access_token;
    expect((await api(get(), curation, `${L}${id}/temp-account/`, { method: 'POST' })).status).toBe(403);
  });

  it('§5 hype trial: start required, end required, start not after end; both empty is no trial', async () => {
    const made = await create({ name: `Hype Rule Records ${Date.now()}`, supplier_id: 2, confirm_similar: true });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = `/v4/catalog/labels/${made.body.id}/`;
    const patch = async (body: Record<string, unknown>) => {
      const etag = (await api(get(), admin, path, { headers: DANCE })).headers.get('etag')!;
      return api(get(), admin, path, { method: 'PATCH', body, headers: { ...DANCE, 'if-match': etag } });
    };
    expect((await patch({ hype_trial_end: '2026-03-01' })).body).toEqual({ hype_trial_start: [RECORD_MSG.hypeStartRequired] });
    expect((await patch({ hype_trial_start: '2026-03-01' })).body).toEqual({ hype_trial_end: [RECORD_MSG.hypeEndRequired] });
    expect((await patch({ hype_trial_start: '2026-03-02', hype_trial_end: '2026-03-01' })).body).toEqual({
      hype_trial_start: [RECORD_MSG.hypeStartAfterEnd],
    });
    const ok = await patch({ hype_trial_start: '2026-03-01', hype_trial_end: '2026-03-01' });
    expect([ok.status, ok.body.hype_trial_start, ok.body.hype_trial_end]).toEqual([200, '2026-03-01', '2026-03-01']);
    expect((await patch({ hype_trial_end: null })).body).toEqual({ hype_trial_end: [RECORD_MSG.hypeEndRequired] });
    const cleared = await patch({ hype_trial_start: null, hype_trial_end: null });
    expect([cleared.status, cleared.body.hype_trial_start]).toEqual([200, null]);
  });

  it('§8: a new label of an identical or close normalised name is a 409 listing the matches; confirm_similar continues', async () => {
    const base = `Quasar Twelve Audio ${Date.now() % 100000}`;
    const first = await create({ name: base, supplier_id: 2 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    for (const name of [base.toUpperCase(), `${base.replace(/ /g, '-')}!`, `${base}s`]) {
      const r = await create({ name, supplier_id: 3 });
      expect([r.status, r.body.name], name).toEqual([409, [MSG.labelExists]]);
      expect((r.body.similar_labels as { id: number }[])[0], name).toMatchObject({ id: first.body.id, name: base });
    }
    expect((await get().db.query('select count(*)::int n from labels where name = $1', [base.toUpperCase()]))[0].n).toBe(0);
    const other = await create({ name: `Zyx Completely Unrelated ${Date.now()}`, supplier_id: 3 });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const cont = await create({ name: base.toUpperCase(), supplier_id: 3, confirm_similar: true });
    expect([cont.status, cont.body.name, (cont.body.supplier as { id: number }).id]).toEqual([201, base.toUpperCase(), 3]);
  });

  it('create needs a name and an existing supplier; only the labels write rule creates (content ops yes, curation no)', async () => {
    expect(Object.keys((await create({ supplier_id: 2 })).body)).toEqual(['name']);
    const r = await create({ name: `Nowhere Label ${Date.now()}`, supplier_id: 2_000_000_000 });
    expect([r.status, r.body]).toEqual([400, { supplier_id: [MSG.selectFromList] }]);
    const curation = (await signIn(get(), 'curation', 'sandbox-curation')).access_token;
    expect((await create({ name: 'x', supplier_id: 2 }, curation)).status).toBe(403);
  });

  it('label managers: listed with the labels each manages, created, renamed and disabled; names unique in any case', async () => {
    const lm = (await signIn(get(), 'labelmgmt', 'sandbox-labelmgmt')).access_token;
    const PATH = '/v4/content-ops/label-managers/';
    const list = await api(get(), lm, PATH);
    const [{ n }] = await get().db.query<{ n: number }>('select count(*)::int n from labels where label_manager_id = 1');
    const first = list.body.results!.find((m) => m.id === 1)!;
    expect([list.status, first.label_count, (first.labels as unknown[]).length]).toEqual([200, n, Math.min(n, 50)]);
    const name = `E2E Manager ${Date.now()}`;
    const made = await api(get(), lm, PATH, { method: 'POST', body: { name } });
    expect([made.status, made.body.name, made.body.enabled, made.body.label_count]).toEqual([201, name, true, 0]);
    const twice = await api(get(), lm, PATH, { method: 'POST', body: { name: name.toUpperCase() } });
    expect([twice.status, twice.body]).toEqual([400, { name: [LABEL_MANAGER_MSG.nameTaken] }]);
    const one = `${PATH}${made.body.id}/`;
    const ch = await api(get(), lm, one, { method: 'PATCH', body: { name: `${name} Renamed`, enabled: false } });
    expect([ch.status, ch.body.name, ch.body.enabled, ch.body.version]).toEqual([
      200,
      `${name} Renamed`,
      false,
      (made.body.version as number) + 1,
    ]);
    expect((await api(get(), lm, one, { method: 'PATCH', body: { name: first.name } })).body).toEqual({
      name: [LABEL_MANAGER_MSG.nameTaken],
    });
    expect((await api(get(), lm, `${PATH}2000000000/`, { method: 'PATCH', body: { enabled: true } })).status).toBe(404);
    expect((await api(get(), lm, PATH, { method: 'POST', body: { name: ' ' } })).status).toBe(400);
    expect((await api(get(), contentops, PATH)).status).toBe(403);
  });
}
