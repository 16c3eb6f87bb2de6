/**
 * The label calls of issue 14 on PGlite and on a PostgreSQL server: the §5 hype-trial
 * rule (start required, end required, start not after end) through PATCH, and POST
 * create with §8's similar-name warning (trigram similarity on both engines), continued
 * with confirm_similar; the content-ops label-managers GET/POST/PATCH.
 */
import { beforeAll, expect, it } from 'vitest';
import { LABEL_MANAGER_MSG } from '../../../shared/api';
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
  const create = (body: Record<string, unknown>, token = contentops) => api(get(), token, '/v4/catalog/labels/', { method: 'POST', body, headers: DANCE });

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
    expect((await patch({ hype_trial_start: '2026-03-02', hype_trial_end: '2026-03-01' })).body).toEqual({ hype_trial_start: [RECORD_MSG.hypeStartAfterEnd] });
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
    expect([r.status, r.body]).toEqual([400, { supplier_id: [RECORD_MSG.noSuchRecord] }]);
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
    expect([ch.status, ch.body.name, ch.body.enabled, ch.body.version]).toEqual([200, `${name} Renamed`, false, (made.body.version as number) + 1]);
    expect((await api(get(), lm, one, { method: 'PATCH', body: { name: first.name } })).body).toEqual({ name: [LABEL_MANAGER_MSG.nameTaken] });
    expect((await api(get(), lm, `${PATH}2000000000/`, { method: 'PATCH', body: { enabled: true } })).status).toBe(404);
    expect((await api(get(), lm, PATH, { method: 'POST', body: { name: ' ' } })).status).toBe(400);
    expect((await api(get(), contentops, PATH)).status).toBe(403);
  });
}
