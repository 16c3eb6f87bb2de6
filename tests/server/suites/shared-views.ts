/**
 * Views shared with the team (issue 18) on PGlite and on a PostgreSQL server: shared with
 * a role on the sharer's active brand, listed for that role (the role's default first),
 * opened by link by a permitted user and 404 for anyone else; a link never widens access
 * (a filter the reader may not use is dropped and named); only admin shares with another
 * role or sets a default (one per role, brand and type); a sharer cannot share a filter it
 * may not use; removal by whoever shared it or admin.
 */
import { beforeAll, expect, it } from 'vitest';
import { SHARED_VIEW_MSG } from '../../../shared/api/endpoints/shared-views';
import { api, signIn, type RunningServer } from '../helpers';

const V = '/v4/accounts/me/shared-views/';
const DANCE = { 'x-brand': 'brand:dance' };
const DJ = { 'x-brand': 'brand:dj' };

export function sharedViewSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  const as = (who: string, path: string, init: Parameters<typeof api>[3] = {}) =>
    api(get(), tokens.get(who)!, path, { ...init, headers: { ...DANCE, ...init.headers } });
  beforeAll(async () => {
    for (const u of ['admin', 'contentops', 'curation', 'marketing', 'supplier'])
      tokens.set(u, (await signIn(get(), u, `sandbox-${u}`)).access_token);
  });

  it('shared with a role on a brand: listed for that role, opened by link; another role, another brand or a supplier gets 404 or 403', async () => {
    const name = `Team tracks ${Date.now()}`;
    const made = await as('contentops', V, {
      method: 'POST',
      body: { type: 'tracks', name, filters: { title: 'love', bpm: '120' }, columns: ['isrc'], order_by: '-id', role: 'staff:content_ops' },
    });
    expect([made.status, made.body.name, made.body.brand, made.body.filters, made.body.dropped]).toEqual([
      201,
      name,
      'brand:dance',
      { title: 'love', bpm: '120' },
      { filters: [], columns: [] },
    ]);
    const id = made.body.id as number;
    const mine = await as('contentops', `${V}?type=tracks`);
    expect(mine.body.results!.map((v) => v.id)).toContain(id);
    expect((await as('admin', `${V}${id}/`)).status).toBe(200);
    expect((await as('curation', `${V}${id}/`)).status).toBe(404);
    expect((await as('curation', `${V}?type=tracks`)).body.results!.map((v) => v.id)).not.toContain(id);
    expect((await as('contentops', `${V}${id}/`, { headers: DJ })).status).toBe(404);
    expect((await as('supplier', `${V}${id}/`)).status).toBe(403);
  });

  it('a link never widens access: a filter the reader may not use is dropped and named', async () => {
    const made = await as('admin', V, {
      method: 'POST',
      body: { type: 'labels', name: `Managed ${Date.now()}`, filters: { name: 'a', label_manager: '1' }, role: 'staff:content_ops' },
    });
    expect([made.status, made.body.filters]).toEqual([201, { name: 'a', label_manager: '1' }]);
    const read = await as('contentops', `${V}${made.body.id}/`);
    expect([read.status, read.body.filters, read.body.dropped]).toEqual([200, { name: 'a' }, { filters: ['label_manager'], columns: [] }]);
    // The stored view keeps what it was shared with.
    const [{ filters }] = await get().db.query<{ filters: unknown }>('select filters from shared_views where id = $1', [made.body.id]);
    expect(filters).toEqual({ name: 'a', label_manager: '1' });
  });

  it('only admin shares with another role or sets a default; a sharer cannot share a filter it may not use or an unknown column', async () => {
    const body = { type: 'labels', name: `Other ${Date.now()}`, filters: {}, role: 'staff:marketing' };
    expect((await as('contentops', V, { method: 'POST', body })).body).toEqual({ role: [SHARED_VIEW_MSG.otherRole] });
    expect((await as('contentops', V, { method: 'POST', body: { ...body, role: 'staff:content_ops', is_default: true } })).body).toEqual({
      is_default: [SHARED_VIEW_MSG.setDefault],
    });
    const bad = await as('contentops', V, {
      method: 'POST',
      body: { ...body, role: 'staff:content_ops', filters: { label_manager: '1' } },
    });
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['filters']]);
    const col = await as('contentops', V, { method: 'POST', body: { ...body, role: 'staff:content_ops', columns: ['nope'] } });
    expect([col.status, Object.keys(col.body)]).toEqual([400, ['columns']]);
    expect((await as('contentops', V, { method: 'POST', body: { ...body, role: 'staff:nobody' } })).status).toBe(400);
    // A NUL (which PostgreSQL text and jsonb cannot hold) is a 400, never a 500.
    expect((await as('contentops', V, { method: 'POST', body: { ...body, role: 'staff:content_ops', name: 'a\u0000b' } })).status).toBe(
      400,
    );
    expect(
      (await as('contentops', V, { method: 'POST', body: { ...body, role: 'staff:content_ops', filters: { name: 'a\u0000b' } } })).status,
    ).toBe(400);
    expect((await as('contentops', V, { method: 'POST', body: { ...body, type: 'nope', role: 'staff:content_ops' } })).body).toMatchObject({
      type: expect.any(Array),
    });
  });

  it('one default per role, brand and type, listed first; setting another unsets it', async () => {
    const mk = async (name: string) =>
      as('admin', V, { method: 'POST', body: { type: 'artists', name, filters: {}, role: 'staff:marketing', is_default: true } });
    const first = await mk(`Z default ${Date.now()}`);
    const second = await mk(`Z default two ${Date.now()}`);
    const list = await as('marketing', `${V}?type=artists`);
    const defaults = list.body.results!.filter((v) => v.is_default).map((v) => v.id);
    expect([first.status, second.status, defaults, list.body.results![0].id]).toEqual([201, 201, [second.body.id], second.body.id]);
  });

  it('removed by whoever shared it or admin; anyone else of the role is refused', async () => {
    const made = await as('contentops', V, {
      method: 'POST',
      body: { type: 'tracks', name: `Gone ${Date.now()}`, filters: {}, role: 'staff:content_ops' },
    });
    const byAdmin = await as('admin', V, {
      method: 'POST',
      body: { type: 'tracks', name: `Admin's ${Date.now()}`, filters: {}, role: 'staff:content_ops' },
    });
    expect((await as('contentops', `${V}${byAdmin.body.id}/`, { method: 'DELETE' })).body).toEqual({ detail: SHARED_VIEW_MSG.notYours });
    expect((await as('contentops', `${V}${made.body.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await as('contentops', `${V}${made.body.id}/`)).status).toBe(404);
    expect((await as('admin', `${V}${byAdmin.body.id}/`, { method: 'DELETE' })).status).toBe(204);
  });
}
