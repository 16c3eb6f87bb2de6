/**
 * The artist calls of spec §7 Artists on PGlite and on a PostgreSQL server: POST create,
 * the §5 Muzooka rule (an ID to enable sync; the ID locked while sync is on) through PATCH,
 * create and POST sync, the associated user, the profile image (upload, pull from the
 * Muzooka stand-in, served back), the Muzooka mappings, and Muzooka failures as clear
 * errors (unknown profile, an error answer, a timeout, not configured).
 */
import { beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { ARTIST_IMAGE_MSG, MUZOOKA_MSG, artistEndpoints as ep, pathOf } from '../../../shared/api';
import { ARTIST_IMAGE_SIDE } from '../../../shared/constants';
import { RECORD_MSG } from '../../../shared/records';
import { muzookaClient } from '../../../server/muzooka/client';
import { STAND_IN_IDS, standInProfile } from '../../../server/muzooka/stand-in';
import { api, signIn, type RunningServer } from '../helpers';

const ARTIST = (id: number) => `/v4/catalog/artists/${id}/`;

export function artistSuite(get: () => RunningServer) {
  let admin = '';
  let curation = '';
  beforeAll(async () => {
    admin = (await signIn(get(), 'admin', 'sandbox-admin')).access_token;
    curation = (await signIn(get(), 'curation', 'sandbox-curation')).access_token;
  });
  /** A new artist made through the API (curation may create artists). */
  const create = async (body: Record<string, unknown>) => {
    const r = await api(get(), curation, pathOf(ep.create), { method: 'POST', body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; version: number } & Record<string, unknown>;
  };
  const patch = async (id: number, body: Record<string, unknown>) => {
    const etag = (await api(get(), admin, ARTIST(id))).headers.get('etag')!;
    return api(get(), admin, ARTIST(id), { method: 'PATCH', body, headers: { 'if-match': etag } });
  };

  it('POST creates an artist (201, ETag, history "create"); the name is required; the §5 rule holds on create', async () => {
    const r = await api(get(), curation, pathOf(ep.create), { method: 'POST', body: { name: 'Suite Artist', bio: 'New.' } });
    expect([r.status, r.body.name, r.body.bio, r.headers.get('etag')]).toEqual([201, 'Suite Artist', 'New.', `"v${r.body.version}"`]);
    const h = await api(get(), admin, `${ARTIST(r.body.id as number)}history/`);
    expect(h.body.results?.[0]?.action).toBe('create');
    const missing = await api(get(), curation, pathOf(ep.create), { method: 'POST', body: { bio: 'x' } });
    expect([missing.status, Object.keys(missing.body)]).toEqual([400, ['name']]);
    const sync = await api(get(), curation, pathOf(ep.create), { method: 'POST', body: { name: 'No Id', muzooka_sync: true } });
    expect([sync.status, sync.body]).toEqual([400, { muzooka_id: [RECORD_MSG.muzookaIdRequired] }]);
  });

  it('§5: enabling Muzooka sync needs a Muzooka ID; the ID cannot change while sync is on, only with sync turned off', async () => {
    const a = await create({ name: 'Rule Artist' });
    expect((await patch(a.id, { muzooka_sync: true })).body).toEqual({ muzooka_id: [RECORD_MSG.muzookaIdRequired] });
    expect((await patch(a.id, { muzooka_sync: true, muzooka_id: '' })).status).toBe(400);
    expect((await patch(a.id, { muzooka_sync: true, muzooka_id: 'mz-30' })).status).toBe(200);
    const locked = await patch(a.id, { muzooka_id: 'mz-45' });
    expect([locked.status, locked.body]).toEqual([400, { muzooka_id: [RECORD_MSG.muzookaIdLocked] }]);
    expect((await patch(a.id, { muzooka_id: null })).body).toEqual({ muzooka_id: [RECORD_MSG.muzookaIdRequired] });
    const [row] = await get().db.query('select muzooka_id, muzooka_sync from artists where id = $1', [a.id]);
    expect(row).toEqual({ muzooka_id: 'mz-30', muzooka_sync: true });
    const both = await patch(a.id, { muzooka_sync: false, muzooka_id: 'mz-45' });
    expect([both.status, both.body.muzooka_id, both.body.muzooka_sync]).toEqual([200, 'mz-45', false]);
  });

  it('the associated user is chosen by id and shown with its username; an unknown user is a 400', async () => {
    const a = await create({ name: 'User Artist' });
    const [u] = await get().db.query<{ id: number; username: string }>("select id, username from users where username = 'artist'");
    const r = await patch(a.id, { user_id: u.id });
    expect([r.status, r.body.user]).toEqual([200, { id: u.id, name: 'artist' }]);
    const bad = await patch(a.id, { user_id: 2_000_000_000 });
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['user_id']]);
  });

  it('POST sync reads the Muzooka profile (the bio follows it) and turns sync on; DELETE turns it off', async () => {
    const none = await create({ name: 'Sync None' });
    const r0 = await api(get(), curation, pathOf(ep.sync, { id: none.id }), { method: 'POST' });
    expect([r0.status, r0.body]).toEqual([400, { muzooka_id: [MUZOOKA_MSG.idRequired] }]);

    const a = await create({ name: 'Sync Artist', muzooka_id: 'mz-75' });
    const r = await api(get(), curation, pathOf(ep.sync, { id: a.id }), { method: 'POST' });
    expect([r.status, r.body.muzooka_sync, r.body.bio]).toEqual([200, true, standInProfile('mz-75')!.bio]);
    expect(r.headers.get('etag')).toBe(`"v${r.body.version}"`);
    const off = await api(get(), curation, pathOf(ep.unsync, { id: a.id }), { method: 'DELETE' });
    expect([off.status, off.body.muzooka_sync]).toEqual([200, false]);
    const h = await api(get(), admin, `${ARTIST(a.id)}history/`);
    expect(h.body.results?.slice(0, 2).map((x) => Object.keys(x.changes as object).sort())).toEqual([
      ['muzooka_sync'],
      ['bio', 'muzooka_sync'],
    ]);
  });

  it('Muzooka failures are clear errors, never a hang: unknown profile 400, an error answer 502, a timeout 504, not configured 503', async () => {
    const unknown = await create({ name: 'Unknown Profile', muzooka_id: 'nobody' });
    const r1 = await api(get(), admin, pathOf(ep.sync, { id: unknown.id }), { method: 'POST' });
    expect([r1.status, r1.body]).toEqual([400, { muzooka_id: [MUZOOKA_MSG.noProfile] }]);
    const failing = await create({ name: 'Failing Profile', muzooka_id: STAND_IN_IDS.error });
    const r2 = await api(get(), admin, pathOf(ep.sync, { id: failing.id }), { method: 'POST' });
    expect([r2.status, r2.body]).toEqual([502, { detail: MUZOOKA_MSG.badAnswer }]);
    const [row] = await get().db.query('select muzooka_sync from artists where id = $1', [failing.id]);
    expect(row.muzooka_sync).toBe(false);

    const started = Date.now();
    await expect(muzookaClient(get().muzooka!, 300).profile(STAND_IN_IDS.slow)).rejects.toMatchObject({
      status: 504,
      body: { detail: MUZOOKA_MSG.timedOut },
    });
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(muzookaClient(undefined).profile('mz-1')).rejects.toMatchObject({
      status: 503,
      body: { detail: MUZOOKA_MSG.notConfigured },
    });
    await expect(muzookaClient('http://127.0.0.1:9/').profile('mz-1')).rejects.toMatchObject({
      status: 502,
      body: { detail: MUZOOKA_MSG.unreachable },
    });
  });

  it('images: an upload becomes the profile image (a square JPEG), served back; a non-image is a 400; pull-image takes the Muzooka one', async () => {
    const a = await create({ name: 'Image Artist', muzooka_id: 'mz-90' });
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#204060' } })
      .png()
      .toBuffer();
    const up = await fetch(`${get().api}${pathOf(ep.uploadImage, { id: a.id })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${curation}`, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    const upBody = await up.json();
    expect([up.status, upBody.image_url]).toEqual([201, pathOf(ep.image, { id: a.id })]);
    const img = await fetch(`${get().api}${pathOf(ep.image, { id: a.id })}`, { headers: { authorization: `Bearer ${curation}` } });
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([img.status, meta.format, meta.width, meta.height]).toEqual([200, 'jpeg', ARTIST_IMAGE_SIDE, ARTIST_IMAGE_SIDE]);
    const [{ image_key: first }] = await get().db.query<{ image_key: string }>('select image_key from artists where id = $1', [a.id]);

    const junk = await fetch(`${get().api}${pathOf(ep.uploadImage, { id: a.id })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${curation}`, 'content-type': 'image/png' },
      body: new Uint8Array([1, 2, 3]),
    });
    expect([junk.status, await junk.json()]).toEqual([400, { image: [ARTIST_IMAGE_MSG.format] }]);

    const pulled = await api(get(), curation, pathOf(ep.pullImage, { id: a.id }), { method: 'POST' });
    expect([pulled.status, pulled.body.image_url]).toEqual([200, pathOf(ep.image, { id: a.id })]);
    const [{ image_key: second }] = await get().db.query<{ image_key: string }>('select image_key from artists where id = $1', [a.id]);
    expect(second).not.toBe(first);
    expect(await get().storage.size(first)).toBeNull();
    const none = await create({ name: 'No Image' });
    expect((await api(get(), curation, pathOf(ep.image, { id: none.id }))).status).toBe(404);
    expect((await api(get(), curation, pathOf(ep.pullImage, { id: none.id }), { method: 'POST' })).body).toEqual({
      muzooka_id: [MUZOOKA_MSG.idRequired],
    });
  });

  it('Muzooka mappings: add (each profile once), change, remove; each change in the history', async () => {
    const a = await create({ name: 'Mapped Artist' });
    const list = pathOf(ep.mappings, { id: a.id });
    expect((await api(get(), curation, list)).body.count).toBe(0);
    const add = await api(get(), curation, list, { method: 'POST', body: { muzooka_id: 'mz-101' } });
    expect([add.status, add.body.muzooka_id, add.body.enabled]).toEqual([201, 'mz-101', true]);
    const twice = await api(get(), curation, list, { method: 'POST', body: { muzooka_id: 'mz-101' } });
    expect([twice.status, twice.body]).toEqual([400, { muzooka_id: [MUZOOKA_MSG.mappedTwice] }]);
    const blank = await api(get(), curation, list, { method: 'POST', body: { muzooka_id: '  ' } });
    expect([blank.status, Object.keys(blank.body)]).toEqual([400, ['muzooka_id']]);
    const one = pathOf(ep.patchMapping, { id: a.id, mid: add.body.id as number });
    const ch = await api(get(), curation, one, { method: 'PATCH', body: { enabled: false, muzooka_id: 'mz-102' } });
    expect([ch.status, ch.body.enabled, ch.body.muzooka_id]).toEqual([200, false, 'mz-102']);
    const other = await create({ name: 'Other Artist' });
    expect(
      (
        await api(get(), curation, pathOf(ep.patchMapping, { id: other.id, mid: add.body.id as number }), {
          method: 'PATCH',
          body: { enabled: true },
        })
      ).status,
    ).toBe(404);
    expect((await api(get(), curation, one, { method: 'DELETE' })).status).toBe(204);
    expect((await api(get(), curation, one, { method: 'DELETE' })).status).toBe(404);
    const h = await api(get(), admin, `${ARTIST(a.id)}history/`);
    expect(h.body.results?.filter((x) => 'muzooka_mappings' in (x.changes as object)).length).toBe(3);
  });
}
