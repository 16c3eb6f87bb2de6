/**
 * Live streams, host and tracklist vendors and link partners on PGlite and on a
 * PostgreSQL server: POST creates (a live stream on the active brand), DELETE removes
 * with a history row "delete" (a stream with its stages; a vendor a stream names is
 * refused), and the write rules (live: admin, curation; link partners: admin).
 * Each test works on records it creates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MSG } from '../../../shared/api/endpoints';
import { CURATION_MSG } from '../../../shared/api/endpoints';
import { MSG } from '../../../shared/messages';
import { zonedWallClock } from '../../../shared/api/zoned-time';
import { LIVE_TIME_ZONE } from '../../../shared/constants';
import { SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import { api, signIn, type RunningServer } from '../helpers';

export function liveSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(get(), a.username, a.password)).access_token);
  });
  const as =
    (username: string, brand = 'brand:dj') =>
    (path: string, init: Parameters<typeof api>[3] = {}) =>
      api(get(), tokens.get(username)!, path, { ...init, headers: { 'x-brand': brand, ...init.headers } });
  let n = 0;
  const name = (what: string) => `Live suite ${what} ${Date.now().toString(36)}-${++n}`;
  const history = (entity: string, id: number) =>
    get().db.query<{ action: string }>('select action from record_history where entity = $1 and entity_id = $2 order by id', [entity, id]);

  describe('live streams: create and delete', () => {
    it('creates a stream on the active brand (history "create", ETag), the other brand does not see it', async () => {
      const host = await as('curation')('/v4/catalog/host-vendors/', { method: 'POST', body: { name: name('host') } });
      expect(host.status, JSON.stringify(host.body)).toBe(201);
      const r = await as('curation')('/v4/catalog/live-streams/', {
        method: 'POST',
        body: { name: name('stream'), is_auto_enabled: true, host_vendor_id: host.body.id },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ enabled: false, is_auto_enabled: true, host_vendor: { id: host.body.id } });
      expect(r.headers.get('etag')).toBe(`"v${r.body.version as number}"`);
      const [row] = await get().db.query<{ brand: string }>('select brand from live_streams where id = $1', [r.body.id]);
      expect(row.brand).toBe('brand:dj');
      expect((await history('live_streams', r.body.id as number)).map((h) => h.action)).toEqual(['create']);
      expect((await as('curation', 'brand:dance')(`/v4/catalog/live-streams/${r.body.id as number}/`)).status).toBe(404);
    });

    it('refuses a stream created enabled (it has no stage yet, §5), a blank name, and unknown fields', async () => {
      const enabled = await as('curation')('/v4/catalog/live-streams/', { method: 'POST', body: { name: name('enabled'), enabled: true } });
      expect([enabled.status, enabled.body]).toEqual([400, { enabled: [CURATION_MSG.stageRequired] }]);
      const blank = await as('curation')('/v4/catalog/live-streams/', { method: 'POST', body: {} });
      expect([blank.status, Object.keys(blank.body)]).toEqual([400, ['name']]);
      const extra = await as('curation')('/v4/catalog/live-streams/', { method: 'POST', body: { name: 'x', brand: 'brand:dance' } });
      expect([extra.status, Object.keys(extra.body)]).toEqual([400, ['brand']]);
    });

    it('deletes a stream with its stages (history "delete"), then it is gone', async () => {
      const r = await as('admin')('/v4/catalog/live-streams/', { method: 'POST', body: { name: name('deleted') } });
      const id = r.body.id as number;
      await as('admin')(`/v4/catalog/live-streams/${id}/stages/`, { method: 'PUT', body: { stages: [{ name: 'Main', number: 1 }] } });
      const d = await as('curation')(`/v4/catalog/live-streams/${id}/`, { method: 'DELETE' });
      expect(d.status).toBe(204);
      expect((await as('curation')(`/v4/catalog/live-streams/${id}/`)).status).toBe(404);
      const [{ c }] = await get().db.query<{ c: number }>('select count(*)::int as c from live_stream_stages where live_stream_id = $1', [
        id,
      ]);
      expect(c).toBe(0);
      expect((await history('live_streams', id)).map((h) => h.action)).toEqual(['create', 'update', 'delete']);
      expect((await as('curation')(`/v4/catalog/live-streams/${id}/`, { method: 'DELETE' })).status).toBe(404);
    });
  });

  describe('live streams: start and end in Mountain time (§3 "MDT", §9)', () => {
    it('takes the Denver wall clock across the March change, answers instants; refuses the skipped hour and an end before the start', async () => {
      const r = await as('curation')('/v4/catalog/live-streams/', {
        method: 'POST',
        body: { name: name('dst'), start_at: '2026-03-07T22:00', end_at: '2026-03-08T04:00' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect([r.body.start_at, r.body.end_at].map((v) => new Date(v as string).toISOString())).toEqual([
        '2026-03-08T05:00:00.000Z',
        '2026-03-08T10:00:00.000Z',
      ]);
      const id = r.body.id as number;
      const patch = (body: Record<string, unknown>, etag: string) =>
        as('curation')(`/v4/catalog/live-streams/${id}/`, { method: 'PATCH', body, headers: { 'if-match': etag } });
      const skipped = await patch({ start_at: '2026-03-08T02:30' }, r.headers.get('etag')!);
      expect([skipped.status, Object.keys(skipped.body)]).toEqual([400, ['start_at']]);
      const backwards = await patch({ end_at: '2026-03-07T21:00' }, r.headers.get('etag')!);
      expect([backwards.status, backwards.body]).toEqual([400, { end_at: [MSG.endAfterStart] }]);
      // The repeated November hour: the offset picks the second 01:30 (MST), an hour after the first.
      const nov = await patch({ start_at: '2026-11-01T01:30', end_at: '2026-11-01T01:30-07:00' }, r.headers.get('etag')!);
      expect(nov.status, JSON.stringify(nov.body)).toBe(200);
      expect(new Date(nov.body.end_at as string).getTime() - new Date(nov.body.start_at as string).getTime()).toBe(3_600_000);
    });

    it('answers whether the stream is visible now (§4): enabled, or auto enabled with now between its start and end', async () => {
      const hour = 3_600_000;
      // The API takes the Denver wall clock (minutes), as the form sends it.
      const iso = (ms: number) => zonedWallClock(new Date(ms), LIVE_TIME_ZONE);
      const now = Date.now();
      const mk = async (body: Record<string, unknown>) => {
        const r = await as('curation')('/v4/catalog/live-streams/', { method: 'POST', body: { name: name('visible'), ...body } });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return r.body;
      };
      const current = await mk({ is_auto_enabled: true, start_at: iso(now - hour), end_at: iso(now + hour) });
      const past = await mk({ is_auto_enabled: true, start_at: iso(now - 2 * hour), end_at: iso(now - hour) });
      const manual = await mk({ is_auto_enabled: false, start_at: iso(now - hour), end_at: iso(now + hour) });
      expect([current.visible, past.visible, manual.visible]).toEqual([true, false, false]);
    });
  });

  describe('vendors and link partners: create, edit, delete', () => {
    it.each(['host-vendors', 'tracklist-vendors'])('%s: created, renamed, deleted; refused while a stream names it', async (path) => {
      const v = await as('curation')(`/v4/catalog/${path}/`, { method: 'POST', body: { name: name('vendor') } });
      expect(v.status, JSON.stringify(v.body)).toBe(201);
      const id = v.body.id as number;
      const p = await as('curation')(`/v4/catalog/${path}/${id}/`, {
        method: 'PATCH',
        body: { name: name('renamed') },
        headers: { 'if-match': v.headers.get('etag')! },
      });
      expect(p.status).toBe(200);
      const field = path === 'host-vendors' ? 'host_vendor_id' : 'tracklist_vendor_id';
      const s = await as('curation')('/v4/catalog/live-streams/', { method: 'POST', body: { name: name('uses'), [field]: id } });
      expect(s.status).toBe(201);
      const noun = path === 'host-vendors' ? 'host vendor' : 'tracklist vendor';
      const refused = await as('curation')(`/v4/catalog/${path}/${id}/`, { method: 'DELETE' });
      expect([refused.status, refused.body]).toEqual([400, { id: [LIVE_MSG.vendorInUse(noun, 1)] }]);
      expect((await as('curation')(`/v4/catalog/live-streams/${s.body.id as number}/`, { method: 'DELETE' })).status).toBe(204);
      expect((await as('curation')(`/v4/catalog/${path}/${id}/`, { method: 'DELETE' })).status).toBe(204);
      expect((await history(path.replace('-', '_'), id)).map((h) => h.action)).toEqual(['create', 'update', 'delete']);
    });

    it('link partners: admin creates and deletes; curation reads them but may not write (docs/decisions.md "Who may write": store-wide reference data)', async () => {
      const denied = await as('curation')('/v4/catalog/link-partners/', { method: 'POST', body: { name: name('partner') } });
      expect(denied.status).toBe(403);
      const lp = await as('admin')('/v4/catalog/link-partners/', {
        method: 'POST',
        body: { name: name('partner'), url: 'https://partner.example/x' },
      });
      expect([lp.status, lp.body.url]).toEqual([201, 'https://partner.example/x']);
      expect((await as('curation')(`/v4/catalog/link-partners/${lp.body.id as number}/`, { method: 'DELETE' })).status).toBe(403);
      expect((await as('admin')(`/v4/catalog/link-partners/${lp.body.id as number}/`, { method: 'DELETE' })).status).toBe(204);
      expect((await as('admin')(`/v4/catalog/link-partners/${lp.body.id as number}/`)).status).toBe(404);
    });
  });
}
