/**
 * A track's audio as content ops handle it, and the publishers catalogue, on PGlite and on
 * a PostgreSQL server (shared/api/endpoints/track-files.ts, publishers.ts):
 * PATCH /v4/content-ops/track-file-update/ (ingestion's checks, §4 hidden while its
 * encode is pending, a refused file or a busy release changing nothing), the on-demand
 * and beatdrop encodes, GET /v4/al/files/{guid}/, and POST/GET/DELETE
 * /v4/content-ops/publishers/ (409 while a track credits it).
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { PUBLISHER_MSG, TRACK_FILE_MSG, pathOf, publisherEndpoints, trackFileEndpoints } from '../../../shared/api';
import { MSG } from '../../../shared/messages';
import { sineWav } from '../../../server/seed/audio';
import { ENCODE_BUSY, encodeKey } from '../../../server/jobs/encode';
import { ENCODE_REFUSED, PENDING_AUDIO_ENCODE } from '../../../server/api/routes/track-files';
import type { LocalStorage } from '../../../server/storage';
import { api, fetchFor, signIn, type RunningServer } from '../helpers';
import { waitFor } from '../job-kinds';

type Res = Record<string, unknown>;

export function trackFileSuite(get: () => RunningServer) {
  const tokens: Record<string, string> = {};
  /** A shown, CONVERTED track of the sandbox supplier with no audio of its own in storage: the upload's subject. */
  let track = 0;
  let release = 0;

  beforeAll(async () => {
    for (const [u, p] of [
      ['admin', 'sandbox-admin'],
      ['contentops', 'sandbox-contentops'],
      ['support', 'sandbox-support'],
      ['curation', 'sandbox-curation'],
      ['supplier', 'sandbox-supplier'],
    ]) {
      tokens[u] = (await signIn(get(), u, p)).access_token;
    }
    // A release of its own (no other suite encodes it): the last release of supplier 1 with tracks, all CONVERTED and shown.
    [{ id: track, release_id: release }] = await get().db.query<{ id: number; release_id: number }>(
      `select t.id, t.release_id from tracks t where t.supplier_id = 1 and t.encode_status = 'CONVERTED' and t.enabled and not t.hidden
         and not t.is_dj_edit and t.release_id <> (select min(id) from releases where label_id = 1)
         and t.release_id <> (select min(id) from releases where supplier_id = 1) and t.release_id <> 1
       order by t.release_id desc, t.id limit 1`,
    );
  });

  const send = (token: string, query: string, body: Uint8Array<ArrayBuffer> | string, type = 'audio/wav') =>
    fetchFor(get())(`${get().api}${pathOf(trackFileEndpoints.trackFileUpdate)}?${query}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Res }));
  const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
  /** What an upload must leave alone when refused: the track's row, its audio rows, its files in storage. */
  const snapshot = async (id: number) => {
    const [t] = await get().db.query('select encode_status, enabled, hidden, version from tracks where id = $1', [id]);
    const rows = await get().db.query('select format, storage_key, size_bytes from audio_files where track_id = $1 order by id', [id]);
    const dir = join((get().storage as LocalStorage).folder, 'tracks', String(id));
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    const [jobs] = await get().db.query<{ n: number }>(
      "select count(*)::int as n from jobs where kind = 'encode' and (payload->>'track_id')::int = $1",
      [id],
    );
    return { t, rows, files, jobs: jobs.n };
  };
  const finished = (token: string, id: number) =>
    waitFor(async () => {
      const r = await api(get(), token, `/v4/jobs/encode/${id}/`);
      return r.body.state === 'DONE' || r.body.state === 'ERROR' ? r.body : null;
    }, 120_000);

  it('track-file-update: malformed requests are 400 naming the field; an unknown track 404; only admin and content ops may', async () => {
    const wav = new Uint8Array(sineWav(440, 1));
    const cases: [string, string][] = [
      [`file_name=a.wav`, 'track_id'],
      [`track_id=abc&file_name=a.wav`, 'track_id'],
      [`track_id=${track}`, 'file_name'],
      [`track_id=${track}&file_name=a.mp3`, 'file_name'],
      [`track_id=${track}&file_name=a.wav&md5=xyz`, 'md5'],
      [`track_id=${track}&file_name=a.wav&duration=-1`, 'duration'],
      [`track_id=${track}&file_name=a.wav&size=lots`, 'size'],
    ];
    const before = await snapshot(track);
    for (const [q, field] of cases) {
      const r = await send(tokens.contentops, q, wav);
      expect([q, r.status]).toEqual([q, 400]);
      expect(Object.keys(r.body)).toContain(field);
    }
    expect(await send(tokens.contentops, `track_id=${track}&file_name=a.wav&extra=1`, wav)).toMatchObject({ status: 400 });
    // A JSON body is not a file.
    const json = await api(get(), tokens.contentops, `${pathOf(trackFileEndpoints.trackFileUpdate)}?track_id=${track}&file_name=a.wav`, {
      method: 'PATCH',
      body: { file: 'x' },
    });
    expect(json.status).toBe(400);
    expect((await send(tokens.contentops, `track_id=999999999&file_name=a.wav`, wav)).status).toBe(404);
    for (const who of ['support', 'curation', 'supplier'])
      expect((await send(tokens[who], `track_id=${track}&file_name=a.wav`, wav)).status).toBe(403);
    expect(await snapshot(track)).toEqual(before);
  });

  it("track-file-update: a file that fails ingestion's checks is refused in its words and changes nothing", async () => {
    const wav = sineWav(330, 2);
    const before = await snapshot(track);
    const refused: [string, Uint8Array | string, string][] = [
      ['a.wav', 'this is not audio at all', `a.wav: ${TRACK_FILE_MSG.notDecodable}`],
      ['a.wav', '', `a.wav: ${TRACK_FILE_MSG.empty}`],
      [`a.wav&size=${wav.length + 1}`, wav, `a.wav: ${TRACK_FILE_MSG.sizeDiffers(wav.length, wav.length + 1)}`],
      [`a.wav&md5=${'0'.repeat(32)}`, wav, `a.wav: ${TRACK_FILE_MSG.md5Differs}`],
      ['a.wav&duration=5', wav, `a.wav: ${TRACK_FILE_MSG.durationDiffers(2, 5)}`],
    ];
    for (const [name, body, message] of refused) {
      const r = await send(
        tokens.contentops,
        `track_id=${track}&file_name=${name}`,
        typeof body === 'string' ? body : new Uint8Array(body),
      );
      expect([name, r.status, r.body]).toEqual([name, 400, { file: [message] }]);
    }
    expect(await snapshot(track)).toEqual(before);
  });

  it('track-file-update: while an encode of the release is queued it is a 409 and nothing changes', async () => {
    const before = await snapshot(track);
    // An encode of the release that will not start for an hour holds the release's key.
    const blocker = await get().jobs.enqueue(
      'encode',
      null,
      { release_id: release, track_id: null },
      { singletonKey: encodeKey(release), startAfter: 3600 },
    );
    expect(blocker).not.toBeNull();
    try {
      const wav = sineWav(550, 1);
      const r = await send(tokens.contentops, `track_id=${track}&file_name=new.wav`, new Uint8Array(wav));
      expect(r).toEqual({ status: 409, body: { detail: `${MSG.encodeStartFailed} ${ENCODE_BUSY}` } });
      const on = await api(get(), tokens.contentops, pathOf(trackFileEndpoints.encodeBeatdrop), {
        method: 'POST',
        body: { track_id: track },
      });
      expect(on.status).toBe(409);
    } finally {
      await get().jobs.cancel(blocker!.id);
    }
    expect(await snapshot(track)).toEqual(before);
  });

  it('track-file-update: replaces the source, hides the track until its encode converts it, then shows it again', async () => {
    const wav = sineWav(660, 2);
    const r = await send(
      tokens.contentops,
      `track_id=${track}&file_name=Replacement Mix.WAV&size=${wav.length}&md5=${md5(wav)}&duration=2`,
      new Uint8Array(wav),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toMatchObject({
      track_id: track,
      format: 'wav',
      size_bytes: wav.length,
      md5: md5(wav),
      encode_status: PENDING_AUDIO_ENCODE,
    });
    expect(Math.abs((r.body.duration_seconds as number) - 2)).toBeLessThan(0.05);
    const job = r.body.job as { id: number };
    // §4: not CONVERTED, so not shown (whatever the worker has reached by now).
    const [t] = await get().db.query<Res>('select encode_status, enabled, hidden, show_when_converted from tracks where id = $1', [track]);
    expect(t.encode_status).not.toBe('CONVERTED');
    expect(t).toMatchObject({ enabled: false, hidden: true, show_when_converted: true });
    const [h] = await get().db.query<{ changes: Record<string, unknown> }>(
      "select changes from record_history where entity = 'tracks' and entity_id = $1 and action = 'update' order by id desc limit 1",
      [track],
    );
    expect(Object.keys(h.changes)).toEqual(expect.arrayContaining(['source_audio', 'encode_status', 'enabled', 'hidden']));
    expect((await finished(tokens.contentops, job.id)).state).toBe('DONE');
    const [done] = await get().db.query<Res>('select encode_status, enabled, hidden from tracks where id = $1', [track]);
    expect(done).toEqual({ encode_status: 'CONVERTED', enabled: true, hidden: false });
    const rows = await get().db.query<{ format: string; storage_key: string }>(
      'select format, storage_key from audio_files where track_id = $1',
      [track],
    );
    const source = rows.find((x) => x.format === 'wav')!;
    expect(source.storage_key).toMatch(new RegExp(`^tracks/${track}/source-[0-9a-f-]+\\.wav$`));
    expect((await get().storage.get(source.storage_key))?.equals(wav)).toBe(true);
    expect(rows.map((x) => x.format).sort()).toEqual(['aac-128', 'aac-256', 'aiff', 'flac', 'mp3', 'preview-mp3', 'preview-mp4', 'wav']);

    // A second replacement removes the first one's file once no row names it.
    const again = sineWav(770, 1);
    const r2 = await send(tokens.admin, `track_id=${track}&file_name=b.wav`, new Uint8Array(again));
    expect(r2.status).toBe(202);
    expect(await get().storage.exists(source.storage_key)).toBe(false);
    expect((await finished(tokens.admin, (r2.body.job as { id: number }).id)).state).toBe('DONE');
  });

  it("al/files: a track's files by guid, with size, duration and download; 404 for another guid; staff only", async () => {
    const [{ guid }] = await get().db.query<{ guid: string }>('select guid from tracks where id = $1', [track]);
    const path = pathOf(trackFileEndpoints.files, { guid });
    const r = await api(get(), tokens.support, path);
    expect(r.status).toBe(200);
    const files = r.body.results as Res[];
    expect(files.map((f) => f.format)).toEqual(['flac', 'wav', 'aiff', 'mp3', 'aac-128', 'aac-256', 'preview-mp3', 'preview-mp4']);
    for (const f of files) {
      expect(f).toMatchObject({ track_id: track, stored: true });
      expect([f.format, Math.abs((f.duration_seconds as number) - 1) < 0.1]).toEqual([f.format, true]);
    }
    const wav = files.find((f) => f.format === 'wav')!;
    expect(wav.download).toEqual({
      path: `/v4/catalog/tracks/${track}/support-downloads/wav/`,
      media_target: { kind: 'supportDownload', trackId: track, format: 'wav' },
    });
    const bytes = await fetchFor(get())(`${get().api}${(wav.download as { path: string }).path}`, {
      headers: { authorization: `Bearer ${tokens.support}` },
    });
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).length).toBe(wav.size_bytes);
    expect(
      (await api(get(), tokens.support, pathOf(trackFileEndpoints.files, { guid: '00000000-0000-4000-8000-000000000000' }))).status,
    ).toBe(404);
    expect((await api(get(), tokens.support, '/v4/al/files/not-a-guid/')).status).toBe(404);
    expect((await api(get(), tokens.supplier, path)).status).toBe(403);
  });

  it('on-demand and beatdrop: 400 on malformed bodies, 409 for the source format or a track not CONVERTED, 403 for others', async () => {
    const on = (token: string, body: unknown) => api(get(), token, pathOf(trackFileEndpoints.encodeOnDemand), { method: 'POST', body });
    const drop = (token: string, body: unknown) => api(get(), token, pathOf(trackFileEndpoints.encodeBeatdrop), { method: 'POST', body });
    for (const body of [
      {},
      { track_id: track },
      { track_id: track, format: 'ogg' },
      { track_id: 'x', format: 'mp3' },
      { track_id: track, format: 'mp3', extra: 1 },
    ]) {
      expect([body, (await on(tokens.contentops, body)).status]).toEqual([body, 400]);
    }
    for (const body of [{}, { track_id: -1 }, { track_id: track, format: 'mp3' }])
      expect([body, (await drop(tokens.contentops, body)).status]).toEqual([body, 400]);
    expect((await on(tokens.contentops, { track_id: 999_999_999, format: 'mp3' })).status).toBe(404);
    expect(await on(tokens.contentops, { track_id: track, format: 'wav' })).toMatchObject({
      status: 409,
      body: { detail: `${MSG.encodeStartFailed} ${TRACK_FILE_MSG.sourceFormat}` },
    });
    const [{ id: errorTrack }] = await get().db.query<{ id: number }>("select min(id) as id from tracks where encode_status = 'ERROR'");
    if (errorTrack) {
      expect(await drop(tokens.admin, { track_id: errorTrack })).toMatchObject({
        status: 409,
        body: { detail: `${MSG.encodeStartFailed} ${ENCODE_REFUSED.notConverted}` },
      });
    }
    for (const who of ['support', 'curation', 'supplier']) {
      expect((await on(tokens[who], { track_id: track, format: 'mp3' })).status).toBe(403);
      expect((await drop(tokens[who], { track_id: track })).status).toBe(403);
    }
  });

  it('on-demand makes one format anew and beatdrop the previews, the track staying CONVERTED and shown', async () => {
    const keys = async () =>
      new Map(
        (
          await get().db.query<{ format: string; storage_key: string }>('select format, storage_key from audio_files where track_id = $1', [
            track,
          ])
        ).map((r) => [r.format, r.storage_key]),
      );
    const before = await keys();
    const r = await api(get(), tokens.contentops, pathOf(trackFileEndpoints.encodeOnDemand), {
      method: 'POST',
      body: { track_id: track, format: 'mp3' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect((await finished(tokens.contentops, r.body.id as number)).state).toBe('DONE');
    const mid = await keys();
    expect(mid.get('mp3')).not.toBe(before.get('mp3'));
    for (const f of ['aac-128', 'aac-256', 'preview-mp3', 'preview-mp4', 'wav']) expect([f, mid.get(f)]).toEqual([f, before.get(f)]);
    const b = await api(get(), tokens.admin, pathOf(trackFileEndpoints.encodeBeatdrop), { method: 'POST', body: { track_id: track } });
    expect(b.status, JSON.stringify(b.body)).toBe(202);
    expect((await finished(tokens.admin, b.body.id as number)).state).toBe('DONE');
    const after = await keys();
    expect(after.get('preview-mp3')).not.toBe(mid.get('preview-mp3'));
    expect(after.get('preview-mp4')).not.toBe(mid.get('preview-mp4'));
    expect(after.get('mp3')).toBe(mid.get('mp3'));
    const [t] = await get().db.query<Res>('select encode_status, enabled, hidden from tracks where id = $1', [track]);
    expect(t).toEqual({ encode_status: 'CONVERTED', enabled: true, hidden: false });
  });

  it('publishers: create, list, refuse a taken name and malformed bodies, refuse deleting one in use (409), delete one not in use', async () => {
    const base = pathOf(publisherEndpoints.list);
    const name = `Suite Publishing ${Math.random().toString(36).slice(2, 8)}`;
    const made = await api(get(), tokens.contentops, base, { method: 'POST', body: { name: `  ${name} ` } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name, track_count: 0 });
    const id = made.body.id as number;
    expect(await api(get(), tokens.admin, base, { method: 'POST', body: { name: name.toUpperCase() } })).toMatchObject({
      status: 400,
      body: { name: [PUBLISHER_MSG.nameTaken] },
    });
    for (const body of [{}, { name: '   ' }, { name: 5 }, { name: 'x'.repeat(256) }, { name: 'ok', extra: true }]) {
      expect([body, (await api(get(), tokens.contentops, base, { method: 'POST', body })).status]).toEqual([body, 400]);
    }
    for (const who of ['support', 'curation', 'supplier']) {
      expect((await api(get(), tokens[who], base, { method: 'POST', body: { name: `${name} ${who}` } })).status).toBe(403);
      expect((await api(get(), tokens[who], pathOf(publisherEndpoints.remove, { id }), { method: 'DELETE' })).status).toBe(403);
    }
    expect((await api(get(), tokens.supplier, base)).status).toBe(403);
    const [{ n }] = await get().db.query<{ n: number }>(
      "select count(*)::int as n from reference_items where list = 'publishers' and lower(name) = lower($1)",
      [name],
    );
    expect(n).toBe(1);

    // In use: a track credits it (another case): 409 saying so, and it stays.
    const credit = await api(get(), tokens.contentops, `/v4/catalog/tracks/${track}/publishers/`, {
      method: 'PUT',
      body: { names: [name.toLowerCase()] },
    });
    expect(credit.status).toBe(200);
    const listed = await api(get(), tokens.support, base);
    expect((listed.body.results as Res[]).find((p) => p.id === id)).toEqual({ id, name, track_count: 1 });
    expect(await api(get(), tokens.contentops, pathOf(publisherEndpoints.remove, { id }), { method: 'DELETE' })).toMatchObject({
      status: 409,
      body: { detail: PUBLISHER_MSG.inUse(1) },
    });
    expect((await api(get(), tokens.support, base)).body.results).toContainEqual({ id, name, track_count: 1 });

    // No longer credited: deleted, then gone.
    expect(
      (await api(get(), tokens.contentops, `/v4/catalog/tracks/${track}/publishers/`, { method: 'PUT', body: { names: [] } })).status,
    ).toBe(200);
    expect((await api(get(), tokens.admin, pathOf(publisherEndpoints.remove, { id }), { method: 'DELETE' })).status).toBe(204);
    expect((await api(get(), tokens.admin, pathOf(publisherEndpoints.remove, { id }), { method: 'DELETE' })).status).toBe(404);
    expect((await api(get(), tokens.admin, '/v4/content-ops/publishers/abc/', { method: 'DELETE' })).status).toBe(404);
    expect(((await api(get(), tokens.support, base)).body.results as Res[]).some((p) => p.id === id)).toBe(false);
  });
}
