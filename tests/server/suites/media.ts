/**
 * Media on PGlite and on a PostgreSQL server: cover art (the §5 rule in the packaging
 * rule's words, the §9 crop read back with sharp, bad bodies), audio files, the preview
 * stream with HTTP Range, support downloads, and re-encode jobs (the encode states, and
 * on PostgreSQL ten concurrent starts of one release starting exactly one job).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { COVER_ART_MAX_BYTES, IMAGE_CROPS } from '../../../shared/constants';
import { MEDIA_MSG, mediaEndpoints, pathOf } from '../../../shared/api';
import { MSG } from '../../../shared/messages';
import { AUDIO_FORMATS } from '../../../shared/vocabularies';
import { PKG_MSG } from '../../../shared/packaging/messages';
import { coverArt } from '../../../shared/packaging/rules';
import { sineWav, SANDBOX_WAV_SECONDS } from '../../../server/seed/audio';
import { ENCODE_BUSY, NO_SOURCE_AUDIO } from '../../../server/jobs/encode';
import type { LocalStorage } from '../../../server/storage';
import { api, signIn, type RunningServer } from '../helpers';
import { waitFor } from '../job-kinds';

type Res = Record<string, unknown>;

/** A solid-colour image of that size made by sharp. */
const image = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

export function mediaSuite(get: () => RunningServer) {
  const tokens: Record<string, string> = {};
  /** The sandbox label's first release: its tracks have a real WAV in storage (the seed's), and supplier 1 owns it. */
  let release = 0;
  let tracks: { id: number; isrc: string }[] = [];
  /** Another supplier's track with no audio in storage (release 1, whose tracks have a WAV, left out). */
  let otherTrack = 0;

  beforeAll(async () => {
    for (const [u, p] of [
      ['admin', 'sandbox-admin'],
      ['contentops', 'sandbox-contentops'],
      ['support', 'sandbox-support'],
      ['curation', 'sandbox-curation'],
      ['supplier', 'sandbox-supplier'],
      ['label', 'sandbox-label'],
    ]) {
      tokens[u] = (await signIn(get(), u, p)).access_token;
    }
    [{ id: release }] = await get().db.query<{ id: number }>('select min(id) as id from releases where label_id = 1');
    tracks = await get().db.query('select id, isrc from tracks where release_id = $1 order by position', [release]);
    [{ id: otherTrack }] = await get().db.query<{ id: number }>(
      'select min(id) as id from tracks where supplier_id <> 1 and release_id <> 1',
    );
  });

  const upload = (token: string, id: number, body: Buffer | string, type: string) =>
    fetch(`${get().api}${pathOf(mediaEndpoints.uploadImage, { id })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Res }));
  const bytesOf = (token: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${get().api}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }).then(async (r) => ({
      status: r.status,
      headers: r.headers,
      bytes: Buffer.from(await r.arrayBuffer()),
    }));

  /** Polls an encode job until it ends, as the console's poller does. */
  const finished = (token: string, id: number) =>
    waitFor(async () => {
      const r = await api(get(), token, `/v4/jobs/encode/${id}/`);
      return r.body.state === 'DONE' || r.body.state === 'ERROR' ? r.body : null;
    }, 120_000);

  it('cover art under 500x500 is refused with the §5 rule in its words', async () => {
    const r = await upload(tokens.contentops, release, await image(400, 400), 'image/png');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ image: coverArt({ width: 400, height: 400 }).errors });
    expect(r.body).toEqual({ image: [PKG_MSG.coverArtTooSmall] });
  });

  it('cover art that is not square is refused', async () => {
    const r = await upload(tokens.contentops, release, await image(600, 500, 'jpeg'), 'image/jpeg');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ image: [PKG_MSG.coverArtNotSquare] });
  });

  it('a body that is not a JPEG or PNG image is a 400 naming the image; other content types are refused', async () => {
    for (const body of [
      Buffer.from('not an image at all'),
      (await image(600, 600)).subarray(0, 200),
      await sharp(await image(600, 600))
        .webp()
        .toBuffer(),
    ]) {
      const r = await upload(tokens.contentops, release, body, 'image/png');
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ image: [PKG_MSG.coverArtFormat] });
    }
    expect((await upload(tokens.contentops, release, 'text', 'text/plain')).status).toBe(400);
    expect((await upload(tokens.contentops, release, Buffer.from([1, 2, 3]), 'application/octet-stream')).status).toBe(415);
    expect(
      (await api(get(), tokens.contentops, pathOf(mediaEndpoints.uploadImage, { id: release }), { method: 'POST', body: { image: 'x' } }))
        .status,
    ).toBe(400);
  });

  it('an image past the size limits is refused: more than COVER_ART_MAX_BYTES (413), more than 6000 pixels a side (400)', async () => {
    expect((await upload(tokens.contentops, release, Buffer.alloc(COVER_ART_MAX_BYTES + 1), 'image/jpeg')).status).toBe(413);
    const huge = await upload(tokens.contentops, release, await image(6001, 6001), 'image/png');
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ image: [MEDIA_MSG.tooLarge] });
  });

  it('1600x1600 is accepted: the original and the default 1400x1400 crop are stored and served', async () => {
    const original = await image(1600, 1600, 'jpeg');
    const r = await upload(tokens.contentops, release, original, 'image/jpeg');
    expect(r.status).toBe(201);
    const [w, h] = IMAGE_CROPS.default;
    expect((r.body.results as Res[]).map(({ created_at: _c, ...i }) => i)).toEqual([
      { variant: 'original', width: 1600, height: 1600, content_type: 'image/jpeg', size_bytes: original.length },
      { variant: 'default', width: w, height: h, content_type: 'image/jpeg', size_bytes: expect.any(Number) },
    ]);
    const crop = await bytesOf(tokens.supplier, pathOf(mediaEndpoints.image, { id: release, variant: 'default' }));
    expect(crop.status).toBe(200);
    expect(crop.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(crop.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1400, 1400]);
    // Read back from the storage module itself, under the key the row names.
    const [row] = await get().db.query<{ storage_key: string }>(
      "select storage_key from release_images where release_id = $1 and variant = 'default'",
      [release],
    );
    const stored = await sharp((await get().storage.get(row.storage_key))!).metadata();
    expect([stored.width, stored.height]).toEqual([1400, 1400]);
    const orig = await bytesOf(tokens.label, pathOf(mediaEndpoints.image, { id: release, variant: 'original' }));
    expect(orig.bytes.equals(original)).toBe(true);
    expect((await api(get(), tokens.supplier, pathOf(mediaEndpoints.images, { id: release }))).body.count).toBe(2);
  });

  it('a new upload replaces the cover: new rows, and the old files leave storage', async () => {
    const before = await get().db.query<{ storage_key: string }>('select storage_key from release_images where release_id = $1', [release]);
    expect(before).toHaveLength(2);
    const r = await upload(tokens.admin, release, await image(500, 500), 'image/png');
    expect(r.status).toBe(201);
    expect((r.body.results as Res[]).map((i) => [i.variant, i.width, i.content_type])).toEqual([
      ['original', 500, 'image/png'],
      ['default', 1400, 'image/jpeg'],
    ]);
    for (const b of before) expect(await get().storage.exists(b.storage_key)).toBe(false);
    const after = await get().db.query<{ storage_key: string }>('select storage_key from release_images where release_id = $1', [release]);
    for (const a of after) expect(await get().storage.exists(a.storage_key)).toBe(true);
  });

  it("cover art: writers only (admin, content ops); another supplier's release is 404; a release without images answers none", async () => {
    const png = await image(500, 500);
    expect((await upload(tokens.curation, release, png, 'image/png')).status).toBe(403);
    expect((await upload(tokens.supplier, release, png, 'image/png')).status).toBe(403);
    const [{ id: foreign }] = await get().db.query<{ id: number }>('select min(id) as id from releases where supplier_id <> 1');
    expect((await api(get(), tokens.supplier, pathOf(mediaEndpoints.images, { id: foreign }))).status).toBe(404);
    expect((await api(get(), tokens.admin, pathOf(mediaEndpoints.images, { id: foreign }))).body.results).toEqual([]);
    expect((await bytesOf(tokens.admin, pathOf(mediaEndpoints.image, { id: foreign, variant: 'default' }))).status).toBe(404);
    expect((await upload(tokens.admin, 99_999_999, png, 'image/png')).status).toBe(404);
  });

  it("audio files: each file's §9 format, size in bytes, storage key and whether it is stored", async () => {
    const r = await api(get(), tokens.label, pathOf(mediaEndpoints.audioFiles, { id: tracks[0].id }));
    expect(r.status).toBe(200);
    expect((r.body.results as Res[]).map(({ id: _i, created_at: _c, ...f }) => f)).toEqual([
      { format: 'wav', size_bytes: sineWav(220).length, storage_key: `tracks/${tracks[0].id}/wav.wav`, stored: true },
    ]);
    const [converted] = await get().db.query<{ id: number }>(
      "select min(t.id) as id from tracks t where t.encode_status = 'CONVERTED' and t.release_id <> $1 and t.id > 100",
      [release],
    );
    const c = await api(get(), tokens.admin, pathOf(mediaEndpoints.audioFiles, { id: converted.id }));
    const files = c.body.results as Res[];
    expect(files.map((f) => f.format).slice(1)).toEqual(['mp3', 'aac-128', 'aac-256', 'preview-mp3', 'preview-mp4']);
    expect(['flac', 'wav', 'aiff']).toContain(files[0].format);
    expect(files.every((f) => (f.size_bytes as number) > 0 && f.stored === false)).toBe(true);
    const [error] = await get().db.query<{ id: number }>("select min(id) as id from tracks where encode_status = 'ERROR'");
    expect((await api(get(), tokens.admin, pathOf(mediaEndpoints.audioFiles, { id: error.id }))).body.results).toEqual([]);
    expect((await api(get(), tokens.supplier, pathOf(mediaEndpoints.audioFiles, { id: otherTrack }))).status).toBe(404);
  });

  it('the stream plays the preview audio with HTTP Range: 206 for a part, 416 past the end, the whole file otherwise', async () => {
    const path = pathOf(mediaEndpoints.stream, { id: tracks[0].id });
    const key = `tracks/${tracks[0].id}/wav.wav`;
    const file = (await get().storage.get(key))!;
    expect(file.length).toBe(44 + SANDBOX_WAV_SECONDS * 44_100 * 2);
    const whole = await bytesOf(tokens.supplier, path);
    expect([whole.status, whole.headers.get('content-type'), whole.headers.get('accept-ranges')]).toEqual([200, 'audio/wav', 'bytes']);
    expect(whole.bytes.equals(file)).toBe(true);
    const part = await bytesOf(tokens.supplier, path, { range: 'bytes=0-99' });
    expect([part.status, part.headers.get('content-range'), part.headers.get('content-length')]).toEqual([
      206,
      `bytes 0-99/${file.length}`,
      '100',
    ]);
    expect(part.bytes.equals(file.subarray(0, 100))).toBe(true);
    const tail = await bytesOf(tokens.supplier, path, { range: 'bytes=-44' });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, `bytes ${file.length - 44}-${file.length - 1}/${file.length}`]);
    expect(tail.bytes.equals(file.subarray(file.length - 44))).toBe(true);
    const past = await bytesOf(tokens.supplier, path, { range: `bytes=${file.length}-` });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${file.length}`]);
    for (const range of ['bytes=abc', 'bytes=5-1', 'items=0-1', 'bytes=0-1,10-11']) {
      const r = await bytesOf(tokens.supplier, path, { range });
      expect([range, r.status, r.bytes.length]).toEqual([range, 200, file.length]);
    }
    // Another supplier's track is not found; a track with no audio in storage has nothing to play.
    expect((await bytesOf(tokens.supplier, pathOf(mediaEndpoints.stream, { id: otherTrack }))).status).toBe(404);
    const none = await api(get(), tokens.admin, pathOf(mediaEndpoints.stream, { id: otherTrack }));
    expect([none.status, none.body]).toEqual([404, { detail: MEDIA_MSG.noAudio }]);
  });

  it('the stream prefers a lo-fi preview in storage over the source', async () => {
    const t = tracks[1].id;
    await get().db.query(
      "insert into audio_files (track_id, format, size_bytes, storage_key) values ($1, 'preview-mp3', 3, $2) on conflict (track_id, format) do nothing",
      [t, `tracks/${t}/preview-mp3.mp3`],
    );
    await get().storage.put(`tracks/${t}/preview-mp3.mp3`, Buffer.from('ID3'));
    const r = await bytesOf(tokens.admin, pathOf(mediaEndpoints.stream, { id: t }));
    expect([r.status, r.headers.get('content-type'), r.bytes.toString()]).toEqual([200, 'audio/mpeg', 'ID3']);
  });

  it('support downloads: staff list the stored files and download one as an attachment; suppliers and labels are refused', async () => {
    const t = tracks[0];
    const list = await api(get(), tokens.support, pathOf(mediaEndpoints.supportDownloads, { id: t.id }));
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([
      { format: 'wav', file_name: `${t.isrc}.wav`, content_type: 'audio/wav', size_bytes: sineWav(220).length },
    ]);
    const file = await bytesOf(tokens.support, pathOf(mediaEndpoints.supportDownload, { id: t.id, format: 'wav' }));
    expect([file.status, file.headers.get('content-disposition')]).toEqual([200, `attachment; filename="${t.isrc}.wav"`]);
    expect(file.bytes.equals((await get().storage.get(`tracks/${t.id}/wav.wav`))!)).toBe(true);
    expect((await bytesOf(tokens.support, pathOf(mediaEndpoints.supportDownload, { id: t.id, format: 'flac' }))).status).toBe(404);
    expect((await bytesOf(tokens.support, `/v4/catalog/tracks/${t.id}/support-downloads/ogg/`)).status).toBe(404);
    for (const who of ['supplier', 'label']) {
      expect((await api(get(), tokens[who], pathOf(mediaEndpoints.supportDownloads, { id: t.id }))).status).toBe(403);
    }
  });

  it('re-encoding a release: its new encodes are swapped in, the tracks CONVERTED with encoded_at (one write each); the release follows', async () => {
    // Not converted, so hidden and disabled (spec §4, tracks_shown_converted_check); staff had not shown them: they stay hidden.
    await get().db.query(
      "update tracks set encode_status = 'Pending Audio Encode', encoded_at = null, hidden = true, enabled = false where release_id = $1",
      [release],
    );
    const before = await get().db.query<{ id: number; version: number }>(
      'select id, version from tracks where release_id = $1 order by id',
      [release],
    );
    const r = await api(get(), tokens.contentops, pathOf(mediaEndpoints.reencodeRelease, { id: release }), { method: 'POST' });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ id: expect.any(Number), state: 'PENDING' });
    const job = await finished(tokens.contentops, r.body.id as number);
    expect(job.state).toBe('DONE');
    expect(job.result).toMatchObject({ release_id: release, converted: tracks.length, errors: 0, release_encode_status: 'CONVERTED' });
    const after = await get().db.query<{ id: number; encode_status: string; encoded_at: string | null; version: number }>(
      'select id, encode_status, encoded_at, version from tracks where release_id = $1 order by id',
      [release],
    );
    for (const [i, t] of after.entries()) {
      expect([t.encode_status, t.encoded_at === null]).toEqual(['CONVERTED', false]);
      // One write, when the encodes are swapped in: no TRANSCODING while it ran (issue 27).
      expect(t.version).toBe(before[i].version + 1);
    }
    // The job is the caller's own: someone else polling it gets 404.
    expect((await api(get(), tokens.admin, `/v4/jobs/encode/${r.body.id}/`)).status).toBe(404);
    // Real encodes: every §9 format has its row, one per format, its file in storage at the row's key and size.
    for (const t of after) {
      const rows = await get().db.query<{ format: string; size_bytes: number; storage_key: string }>(
        'select format, size_bytes, storage_key from audio_files where track_id = $1 order by format',
        [t.id],
      );
      expect(rows.map((f) => f.format)).toEqual([...AUDIO_FORMATS].sort());
      for (const f of rows) expect(await get().storage.size(f.storage_key)).toBe(Number(f.size_bytes));
      // The source kept at its key; each encode beside it, at the job's own keys.
      for (const f of rows) {
        expect(f.storage_key).toBe(
          f.format === 'wav' ? `tracks/${t.id}/wav.wav` : `tracks/${t.id}/reencode-${r.body.id}/${f.storage_key.split('/').pop()}`,
        );
      }
    }
  }, 150_000);

  it('re-encode without source audio is refused up front (409 naming why) and changes nothing; the record says so', async () => {
    const [t] = await get().db.query<{ id: number; release_id: number }>(
      "select id, release_id from tracks where encode_status = 'CONVERTED' and supplier_id <> 1 and release_id <> 1 order by id limit 1",
    );
    const snapshot = () =>
      get().db.query('select id, encode_status, enabled, hidden, version from tracks where release_id = $1 order by id', [t.release_id]);
    const [rel] = await get().db.query<{ encode_status: string; version: number }>(
      'select encode_status, version from releases where id = $1',
      [t.release_id],
    );
    const before = await snapshot();
    const jobs = async () =>
      (
        await get().db.query<{ n: number }>("select count(*)::int n from jobs where kind = 'encode' and payload->>'release_id' = $1", [
          String(t.release_id),
        ])
      )[0].n;
    const jobsBefore = await jobs();
    const one = await api(get(), tokens.admin, pathOf(mediaEndpoints.reencodeTrack, { id: t.id }), { method: 'POST' });
    expect([one.status, one.body]).toEqual([409, { detail: `${MSG.encodeStartFailed} ${NO_SOURCE_AUDIO.track}` }]);
    const all = await api(get(), tokens.contentops, pathOf(mediaEndpoints.reencodeRelease, { id: t.release_id }), { method: 'POST' });
    expect([all.status, all.body]).toEqual([409, { detail: `${MSG.encodeStartFailed} ${NO_SOURCE_AUDIO.release}` }]);
    expect(await snapshot()).toEqual(before);
    expect(await get().db.query('select encode_status, version from releases where id = $1', [t.release_id])).toEqual([rel]);
    expect(await jobs()).toBe(jobsBefore);
    // The record pages' Re-encode button reads has_source_audio.
    expect((await api(get(), tokens.admin, `/v4/catalog/releases/${t.release_id}/`)).body.has_source_audio).toBe(false);
    expect((await api(get(), tokens.admin, `/v4/catalog/tracks/${t.id}/`)).body.has_source_audio).toBe(false);
    expect((await api(get(), tokens.admin, `/v4/catalog/releases/${release}/`)).body.has_source_audio).toBe(true);
    expect((await api(get(), tokens.admin, `/v4/catalog/tracks/${tracks[0].id}/`)).body.has_source_audio).toBe(true);
  });

  it('a shown track re-encoded stays shown throughout (no TRANSCODING): the old encodes are replaced by the new, and leave storage; one staff hid stays hidden', async () => {
    const [a, b] = tracks;
    await get().db.query("update tracks set encode_status = 'CONVERTED', enabled = (id = $1), hidden = (id <> $1) where release_id = $2", [
      a.id,
      release,
    ]);
    const [{ last }] = await get().db.query<{ last: number }>(
      "select coalesce(max(id), 0)::int last from record_history where entity = 'tracks'",
    );
    const oldFiles = await get().db.query<{ track_id: number; format: string; storage_key: string }>(
      "select track_id, format, storage_key from audio_files where track_id = any($1::int[]) and format <> 'wav' order by track_id, format",
      [[a.id, b.id]],
    );
    expect(oldFiles.length).toBeGreaterThan(0);
    const r = await api(get(), tokens.contentops, pathOf(mediaEndpoints.reencodeRelease, { id: release }), { method: 'POST' });
    expect(r.status).toBe(202);
    expect((await finished(tokens.contentops, r.body.id as number)).state).toBe('DONE');
    const newFiles = await get().db.query<{ track_id: number; format: string; storage_key: string }>(
      "select track_id, format, storage_key from audio_files where track_id = any($1::int[]) and format <> 'wav' order by track_id, format",
      [[a.id, b.id]],
    );
    expect(newFiles.map((f) => [f.track_id, f.format])).toEqual(oldFiles.map((f) => [f.track_id, f.format]));
    for (const [i, f] of newFiles.entries()) {
      expect(f.storage_key).toMatch(new RegExp(`^tracks/${f.track_id}/reencode-${r.body.id}/`));
      expect(await get().storage.exists(f.storage_key)).toBe(true);
      expect(await get().storage.exists(oldFiles[i].storage_key)).toBe(false);
    }
    // No write hid the track while the re-encode ran: the one history row of the run sets encoded_at only.
    const during = await get().db.query<{ changes: Record<string, unknown> }>(
      "select changes from record_history where entity = 'tracks' and entity_id = $1 and id > $2 order by id",
      [a.id, last],
    );
    expect(during.map((h) => Object.keys(h.changes))).toEqual([['encoded_at']]);
    const rows = await get().db.query<{
      id: number;
      encode_status: string;
      enabled: boolean;
      hidden: boolean;
      show_when_converted: boolean;
    }>('select id, encode_status, enabled, hidden, show_when_converted from tracks where id = any($1::int[]) order by id', [[a.id, b.id]]);
    expect(rows).toEqual([
      { id: a.id, encode_status: 'CONVERTED', enabled: true, hidden: false, show_when_converted: false },
      { id: b.id, encode_status: 'CONVERTED', enabled: false, hidden: true, show_when_converted: false },
    ]);
  }, 150_000);

  it('a re-encode one of whose encodes fails changes nothing: every old file, row and status stays, no new file is left, and the job says which track and format failed', async () => {
    const [a, b] = tracks;
    // Track b's source at 768 kHz: ffmpeg's FLAC encoder refuses the rate, so b's flac encode fails (a's succeed and are stored first).
    const sourceKey = `tracks/${b.id}/wav.wav`;
    const source = (await get().storage.get(sourceKey))!;
    await get().storage.put(sourceKey, sineWav(220, 1, 768_000));
    try {
      const ids = [a.id, b.id];
      const snapshot = async () => ({
        tracks: await get().db.query(
          'select id, encode_status, encoded_at, enabled, hidden, show_when_converted, version from tracks where release_id = $1 order by id',
          [release],
        ),
        release: await get().db.query('select encode_status, version from releases where id = $1', [release]),
        files: await get().db.query<{ storage_key: string }>(
          'select track_id, format, size_bytes, storage_key from audio_files where track_id = any($1::int[]) order by track_id, format',
          [ids],
        ),
      });
      const before = await snapshot();
      expect(before.tracks.filter((t) => (t as { enabled: boolean }).enabled)).toHaveLength(1); // a is shown (the test before)
      const r = await api(get(), tokens.contentops, pathOf(mediaEndpoints.reencodeRelease, { id: release }), { method: 'POST' });
      expect(r.status).toBe(202);
      const job = await finished(tokens.contentops, r.body.id as number);
      expect(job.state).toBe('ERROR');
      const detail = (job.result as { detail: string }).detail;
      expect(detail).toMatch(/^The re-encode was not applied; the previous encodes are kept and still served\./);
      expect(detail).toContain(`Track ${b.id} “`);
      expect(detail).toContain('could not be encoded to flac');
      expect(detail).not.toContain(`Track ${a.id} `);
      expect(await snapshot()).toEqual(before);
      for (const f of before.files) expect(await get().storage.exists(f.storage_key)).toBe(true);
      // No new file behind: the job's folders hold nothing.
      for (const id of ids) {
        const dir = join((get().storage as LocalStorage).folder, 'tracks', String(id), `reencode-${r.body.id}`);
        expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
      }
    } finally {
      await get().storage.put(sourceKey, source);
    }
  }, 150_000);

  it('a re-encode cancelled while its tracks encode changes nothing and leaves no new file behind', async () => {
    const ids = tracks.map((t) => t.id);
    const snapshot = async () => ({
      tracks: await get().db.query(
        'select id, encode_status, encoded_at, enabled, hidden, version from tracks where release_id = $1 order by id',
        [release],
      ),
      release: await get().db.query('select encode_status, version from releases where id = $1', [release]),
      files: await get().db.query<{ storage_key: string }>(
        'select track_id, format, size_bytes, storage_key from audio_files where track_id = any($1::int[]) order by track_id, format',
        [ids],
      ),
    });
    const before = await snapshot();
    const r = await api(get(), tokens.contentops, pathOf(mediaEndpoints.reencodeRelease, { id: release }), { method: 'POST' });
    expect(r.status).toBe(202);
    const trackJobs = () =>
      get().db.query<{ state: string }>("select state from jobs where kind = 'encode-track' and payload->>'parent_job_id' = $1", [
        String(r.body.id),
      ]);
    await waitFor(async () => (await trackJobs()).length === ids.length, 60_000);
    expect(await get().jobs.cancel(r.body.id as number)).toBe(true);
    await waitFor(async () => (await trackJobs()).every((j) => j.state === 'DONE' || j.state === 'ERROR'), 120_000);
    const newFiles = () =>
      ids.flatMap((id) => {
        const dir = join((get().storage as LocalStorage).folder, 'tracks', String(id), `reencode-${r.body.id}`);
        return existsSync(dir) ? readdirSync(dir) : [];
      });
    await waitFor(async () => newFiles().length === 0, 30_000);
    expect(await snapshot()).toEqual(before);
    for (const f of before.files) expect(await get().storage.exists(f.storage_key)).toBe(true);
    expect((await finished(tokens.contentops, r.body.id as number)).state).toBe('ERROR');
  }, 200_000);

  it("re-encode: writers only; another supplier's or a missing record is 404", async () => {
    for (const who of ['curation', 'support', 'supplier', 'label']) {
      expect((await api(get(), tokens[who], pathOf(mediaEndpoints.reencodeRelease, { id: release }), { method: 'POST' })).status).toBe(403);
      expect((await api(get(), tokens[who], pathOf(mediaEndpoints.reencodeTrack, { id: tracks[0].id }), { method: 'POST' })).status).toBe(
        403,
      );
    }
    expect((await api(get(), tokens.admin, pathOf(mediaEndpoints.reencodeRelease, { id: 99_999_999 }), { method: 'POST' })).status).toBe(
      404,
    );
    expect((await api(get(), tokens.admin, pathOf(mediaEndpoints.reencodeTrack, { id: 99_999_999 }), { method: 'POST' })).status).toBe(404);
  });

  it('while an encode of a release runs, further encodes of it and of its tracks are refused (409): ten at once start one job (PostgreSQL)', async (ctx) => {
    // PGlite is one connection: a transaction held by the test would hold the API too.
    if (get().db.kind !== 'postgres') return ctx.skip();
    const token = tokens.contentops;
    const started = await get().db.transaction(async (tx) => {
      // The job's first step locks the release row: holding it keeps the job RUNNING.
      await tx.query('select id from releases where id = $1 for update', [release]);
      const all = await Promise.all(
        Array.from({ length: 10 }, () => api(get(), token, pathOf(mediaEndpoints.reencodeRelease, { id: release }), { method: 'POST' })),
      );
      const ok = all.filter((a) => a.status === 202);
      expect(ok).toHaveLength(1);
      // §8's text, then why in plain words.
      const busy = { detail: `${MSG.encodeStartFailed} ${ENCODE_BUSY}` };
      for (const a of all.filter((x) => x.status !== 202)) expect([a.status, a.body]).toEqual([409, busy]);
      // A track of that release is blocked too; another release's is not.
      const track = await api(get(), token, pathOf(mediaEndpoints.reencodeTrack, { id: tracks[0].id }), { method: 'POST' });
      expect([track.status, track.body]).toEqual([409, busy]);
      // (one with source audio: an encode without any is refused for that reason first)
      const [withSource] = await get().db.query<{ id: number }>(
        "select min(t.id) id from tracks t join audio_files f on f.track_id = t.id and f.storage_key = 'tracks/' || t.id || '/wav.wav' where t.release_id <> $1",
        [release],
      );
      const other = await api(get(), tokens.admin, pathOf(mediaEndpoints.reencodeTrack, { id: withSource.id }), { method: 'POST' });
      expect(other.status).toBe(202);
      await waitFor(async () => (await api(get(), token, `/v4/jobs/encode/${ok[0].body.id}/`)).body.state === 'RUNNING');
      const [n] = await get().db.query<{ n: number }>(
        "select count(*)::int n from jobs where kind = 'encode' and payload->>'release_id' = $1 and state in ('PENDING', 'RUNNING')",
        [String(release)],
      );
      expect(n.n).toBe(1);
      return ok[0].body.id as number;
    });
    expect((await finished(token, started)).state).toBe('DONE');
    // Finished: the release may be encoded again.
    const again = await waitFor(async () => {
      const r = await api(get(), token, pathOf(mediaEndpoints.reencodeRelease, { id: release }), { method: 'POST' });
      return r.status === 202 ? r : null;
    });
    expect((await finished(token, again.body.id as number)).state).toBe('DONE');
  }, 300_000);
}
