/**
 * Authorization matrix, a track's audio and the publishers catalogue
 * (shared/api/endpoints/track-files.ts, publishers.ts): every account on each of its brands
 * × PATCH /v4/content-ops/track-file-update/, POST /v4/encode/on-demand/ and beatdrop/
 * (TRACK_AUDIO_WRITE: admin, content ops), GET /v4/al/files/{guid}/ (SUPPORT_DOWNLOADS_RULE),
 * GET/POST/DELETE /v4/content-ops/publishers/ (PUBLISHERS_READ, PUBLISHERS_WRITE).
 * The accounts, the server and the helpers: ./authz/matrix.ts.
 *
 * The writes act on a track made for the matrix (a copy of a track of supplier 1 and label 1,
 * which every account that reads tracks sees) whose encode failed (ERROR, so hidden and
 * disabled): an allowed caller's upload of bytes that are not audio is refused (400), its
 * on-demand and beatdrop encodes too (409: not CONVERTED), so no cell changes anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHERS_READ, PUBLISHERS_WRITE, SUPPORT_DOWNLOADS_RULE, TRACK_AUDIO_WRITE, can, type Rule } from '../../shared/access';
import { pathOf, publisherEndpoints, trackFileEndpoints } from '../../shared/api';
import { fetchFor } from './helpers';
import { server, tokens, useMatrixServer, WHO } from './authz/matrix';

useMatrixServer();

const x = { track: 0, guid: '' };

describe.concurrent('track audio and publishers × account', () => {
  beforeAll(async () => {
    const [made] = await server.db.query<{ track: number; guid: string }>(
      `insert into tracks (release_id, label_id, supplier_id, title, isrc, encode_status, enabled, hidden)
       select release_id, label_id, supplier_id, 'Matrix Audio', isrc, 'ERROR', false, true from tracks
       where supplier_id = 1 and label_id = 1 and not is_dj_edit order by id limit 1
       returning id as track, guid::text as guid`,
    );
    Object.assign(x, made);
  });

  type Call = { method: string; path: string; json?: unknown; raw?: string };
  const publisher = async () =>
    (
      await server.db.query<{ id: number }>(
        `insert into reference_items (list, id, name) select 'publishers', coalesce(max(id), 0) + 1, 'Matrix Gone ' || (coalesce(max(id), 0) + 1)
     from reference_items where list = 'publishers' returning id`,
      )
    )[0].id;
  const ROUTES: { name: string; rule: Rule; ok: number; call: () => Promise<Call> }[] = [
    {
      name: 'PATCH track-file-update',
      rule: TRACK_AUDIO_WRITE,
      ok: 400,
      call: async () => ({
        method: 'PATCH',
        path: `${pathOf(trackFileEndpoints.trackFileUpdate)}?track_id=${x.track}&file_name=m.wav`,
        raw: 'not audio',
      }),
    },
    {
      name: 'POST encode/on-demand',
      rule: TRACK_AUDIO_WRITE,
      ok: 409,
      call: async () => ({ method: 'POST', path: pathOf(trackFileEndpoints.encodeOnDemand), json: { track_id: x.track, format: 'mp3' } }),
    },
    {
      name: 'POST encode/beatdrop',
      rule: TRACK_AUDIO_WRITE,
      ok: 409,
      call: async () => ({ method: 'POST', path: pathOf(trackFileEndpoints.encodeBeatdrop), json: { track_id: x.track } }),
    },
    {
      name: 'GET al/files/{guid}',
      rule: SUPPORT_DOWNLOADS_RULE,
      ok: 200,
      call: async () => ({ method: 'GET', path: pathOf(trackFileEndpoints.files, { guid: x.guid }) }),
    },
    {
      name: 'GET publishers',
      rule: PUBLISHERS_READ,
      ok: 200,
      call: async () => ({ method: 'GET', path: pathOf(publisherEndpoints.list) }),
    },
    {
      name: 'POST publishers',
      rule: PUBLISHERS_WRITE,
      ok: 201,
      call: async () => ({
        method: 'POST',
        path: pathOf(publisherEndpoints.create),
        json: { name: `Matrix Publishing ${Math.random().toString(36).slice(2, 10)}` },
      }),
    },
    {
      name: 'DELETE publishers/{id}',
      rule: PUBLISHERS_WRITE,
      ok: 204,
      call: async () => ({ method: 'DELETE', path: pathOf(publisherEndpoints.remove, { id: await publisher() }) }),
    },
  ];

  const cells = WHO.flatMap((w) => ROUTES.map((r) => [w.username, w.brand, r.name, can(w.principal, r.rule)] as const));
  it.each(cells)('%s on %s × %s → allowed %s', async (username, brand, name, allowed) => {
    const route = ROUTES.find((r) => r.name === name)!;
    const c = await route.call();
    const headers: Record<string, string> = { authorization: `Bearer ${tokens.get(username)}`, 'x-brand': brand };
    if (c.raw !== undefined) headers['content-type'] = 'audio/wav';
    else if (c.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetchFor(server)(`${server.api}${c.path}`, {
      method: c.method,
      headers,
      body: c.raw ?? (c.json === undefined ? undefined : JSON.stringify(c.json)),
    });
    const text = await res.text();
    expect(res.status, text).toBe(allowed ? route.ok : 403);
  });

  it('both sides of every route are represented', () => {
    for (const r of ROUTES) expect([r.name, new Set(WHO.map((w) => can(w.principal, r.rule)))]).toEqual([r.name, new Set([true, false])]);
  });
});

describe('after the cells', () => {
  it('no cell changed the matrix track: still ERROR, hidden, no audio, no encode job', async () => {
    const [t] = await server.db.query('select encode_status, enabled, hidden from tracks where id = $1', [x.track]);
    expect(t).toEqual({ encode_status: 'ERROR', enabled: false, hidden: true });
    expect(await server.db.query('select id from audio_files where track_id = $1', [x.track])).toEqual([]);
    expect(await server.db.query("select id from jobs where kind = 'encode' and (payload->>'track_id')::int = $1", [x.track])).toEqual([]);
  });
});
