/** List machinery, validation and versioning, run on PGlite and on a PostgreSQL server. */
import { beforeAll, expect, it } from 'vitest';
import { principalFrom } from '../../../shared/access';
import { MSG } from '../../../shared/messages';
import { MATCH_COUNT_COLUMN, listSql, runListSql, type ListQuery } from '../../../server/api/lists/engine';
import { LIST_DEF_BY_KEY } from '../../../server/api/lists/types';
import { api, signIn, type RunningServer } from '../helpers';

type Res = Record<string, unknown>;

export function listSuite(get: () => RunningServer) {
  let admin = '';
  const call = (path: string, init?: Parameters<typeof api>[3]) => api(get(), admin, path, init);
  const count = async (sql: string, params: unknown[] = []) => (await get().db.query<{ n: number }>(sql, params))[0].n;

  beforeAll(async () => {
    admin = (await signIn(get(), 'admin', 'sandbox-admin')).access_token;
  });

  it('returns the v4 envelope with page "n/last" and working links', async () => {
    const total = await count('select count(*)::int n from tracks');
    const r = await call('/v4/catalog/tracks/?page=2&per_page=7');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['count', 'next', 'page', 'per_page', 'previous', 'results']);
    expect(r.body.count).toBe(total);
    expect(r.body.page).toBe(`2/${Math.ceil(total / 7)}`);
    expect(r.body.per_page).toBe(7);
    expect(r.body.results).toHaveLength(7);
    expect(r.body.next).toMatch(/\/v4\/catalog\/tracks\/\?page=3&per_page=7$/);
    expect(r.body.previous).toMatch(/\/v4\/catalog\/tracks\/\?page=1&per_page=7$/);
    const last = Math.ceil(total / 7);
    const end = await call(`/v4/catalog/tracks/?page=${last}&per_page=7`);
    expect(end.body.next).toBeNull();
    expect(end.body.results!.length).toBe(total - (last - 1) * 7);
    expect((await call(`/v4/catalog/tracks/?page=${last + 1}&per_page=7`)).status).toBe(404);
    expect((await call('/v4/catalog/tracks/?per_page=1000')).status).toBe(400);
  });

  it('keeps the unfiltered count exact through inserts and deletes', async () => {
    const before = (await call('/v4/catalog/artists/?per_page=1')).body.count as number;
    expect(before).toBe(await count('select count(*)::int n from artists'));
    await get().db.query("insert into artists (name) values ('Count Probe A'), ('Count Probe B')");
    expect((await call('/v4/catalog/artists/?per_page=1')).body.count).toBe(before + 2);
    await get().db.query("delete from artists where name like 'Count Probe %'");
    expect((await call('/v4/catalog/artists/?per_page=1')).body.count).toBe(before);
  });

  it('sorts ascending and descending by order_by', async () => {
    const up = await call('/v4/catalog/tracks/?order_by=title&per_page=50');
    const titles = up.body.results!.map((t) => t.title as string);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const down = await call('/v4/catalog/tracks/?order_by=-bpm&per_page=50');
    const bpms = down.body.results!.map((t) => t.bpm as number);
    expect(bpms).toEqual([...bpms].sort((a, b) => b - a));
    const r = await call('/v4/catalog/tracks/?order_by=password');
    expect(r.status).toBe(400);
    expect(r.body).toHaveProperty('order_by');
  });

  it('filters text, ids (whitespace or commas), dates, booleans, choices and 0/1 selects', async () => {
    const text = await call('/v4/catalog/tracks/?title=night&per_page=200');
    expect(text.body.count).toBe(await count("select count(*)::int n from tracks where title ilike '%night%'"));
    expect(text.body.results!.every((t) => /night/i.test(t.title as string))).toBe(true);

    const ids = await call(`/v4/catalog/tracks/?id=${encodeURIComponent('3 7\n11,5')}`);
    expect(ids.body.results!.map((t) => t.id).sort()).toEqual([11, 3, 5, 7]);

    const dates = await call('/v4/catalog/releases/?release_date=2022-01-01:2022-06-30&per_page=200');
    expect(dates.body.count).toBe(
      await count("select count(*)::int n from releases where release_date between '2022-01-01' and '2022-06-30'"),
    );
    expect(dates.body.results!.every((r) => (r.release_date as string) >= '2022-01-01' && (r.release_date as string) <= '2022-06-30')).toBe(
      true,
    );

    const explicit = await call('/v4/catalog/releases/?is_explicit=true&per_page=200');
    expect(explicit.body.count).toBe(await count('select count(*)::int n from releases where is_explicit'));
    expect(explicit.body.results!.every((r) => r.is_explicit === true)).toBe(true);

    const status = await call('/v4/content-ops/deliveries/?release_status=filter-error,ingest-error&per_page=200');
    expect(status.body.count).toBe(
      await count("select count(*)::int n from deliveries where release_status in ('filter-error', 'ingest-error')"),
    );

    const pposp = await call('/v4/catalog/suppliers/?pposp_enrollment_status=1');
    expect(pposp.body.count).toBe(await count('select count(*)::int n from suppliers where pposp_enrolled'));
    expect(pposp.body.results!.every((r) => r.pposp_enrolled === true)).toBe(true);

    const genre = await call('/v4/catalog/tracks/?genre_id=3&order_by=-release_date&per_page=20');
    expect(genre.body.results!.every((t) => (t.genre as Res).id === 3)).toBe(true);
    const dates2 = genre.body.results!.map((t) => t.release_date as string);
    expect(dates2).toEqual([...dates2].sort().reverse());
  });

  it('filters an int field (bpm): one value, a list, and a malformed value naming the field', async () => {
    const one = await call('/v4/catalog/tracks/?bpm=128&per_page=200');
    expect(one.status).toBe(200);
    expect(one.body.count).toBe(await count('select count(*)::int n from tracks where bpm = 128'));
    expect(one.body.count).toBeGreaterThan(0);
    expect(one.body.results!.every((t) => t.bpm === 128)).toBe(true);
    const two = await call(`/v4/catalog/tracks/?bpm=${encodeURIComponent('128, 174')}&per_page=200`);
    expect(two.body.count).toBe(await count('select count(*)::int n from tracks where bpm in (128, 174)'));
    expect(two.body.count).toBeGreaterThan(one.body.count as number);
    expect(two.body.results!.every((t) => t.bpm === 128 || t.bpm === 174)).toBe(true);
    const none = await call('/v4/catalog/tracks/?bpm=1');
    expect([none.status, none.body.count, none.body.results]).toEqual([200, 0, []]);
    for (const bad of ['fast', '12.5', '-3']) {
      const r = await call(`/v4/catalog/tracks/?bpm=${encodeURIComponent(bad)}`);
      expect([bad, r.status, Object.keys(r.body)]).toEqual([bad, 400, ['bpm']]);
    }
  });

  it("autocomplete suggestions say what tells them apart: the artists, mix and release of a track, a release's artists and label", async () => {
    const names = (v: unknown) =>
      (Array.isArray(v) ? v : [v])
        .filter(Boolean)
        .map((x) => (x as { name: string }).name)
        .join(', ');
    const tracks = await call('/v4/catalog/search/autocomplete/?type=tracks&q=Mi');
    expect(tracks.status).toBe(200);
    const found = tracks.body.results as unknown as { type: string; id: number; name: string; detail: string }[];
    expect(found.length).toBeGreaterThan(0);
    for (const s of found) {
      const row = ((await call(`/v4/catalog/tracks/?id=${s.id}`)).body.results as Res[])[0];
      expect(s.detail).toBe([names(row.artists), row.mix_name, names(row.release)].filter(Boolean).join(' · '));
      expect(s.detail).not.toBe('');
    }
    const releases = (await call('/v4/catalog/search/autocomplete/?type=releases&q=EP')).body.results as unknown as {
      id: number;
      detail: string;
    }[];
    expect(releases.length).toBeGreaterThan(0);
    const row = ((await call(`/v4/catalog/releases/?id=${releases[0].id}`)).body.results as Res[])[0];
    expect(releases[0].detail).toContain(names(row.label));
  });

  it("autocomplete finds a release by its catalogue number and any record by its id, and a release's detail has its catalogue number and date", async () => {
    type S = { type: string; id: number; name: string; detail: string };
    const [rel] = await get().db.query<{ id: number; catalog_number: string; year: string }>(
      "select id, catalog_number, extract(year from release_date)::text as year from releases where catalog_number is not null and catalog_number <> '' and release_date is not null order by id limit 1",
    );
    const byCat = (await call(`/v4/catalog/search/autocomplete/?type=releases&q=${encodeURIComponent(rel.catalog_number)}`)).body
      .results as unknown as S[];
    expect(byCat.map((s) => s.id)).toContain(rel.id);
    const hit = byCat.find((s) => s.id === rel.id)!;
    const row = ((await call(`/v4/catalog/releases/?id=${rel.id}`)).body.results as Res[])[0];
    expect(hit.detail).toContain(rel.catalog_number);
    expect(hit.detail.split(' · ').at(-1)).toContain(rel.year);
    expect(row.catalog_number).toBe(rel.catalog_number);
    // A whole number is the record's id: that record comes first.
    const [artist] = await get().db.query<{ id: number }>('select id from artists order by id desc limit 1');
    const byId = (await call(`/v4/catalog/search/autocomplete/?type=artists&q=${artist.id}`)).body.results as unknown as S[];
    expect(byId[0].id).toBe(artist.id);
    expect(byId.length).toBeLessThanOrEqual(5);
    // Without a type: each of the header's types at most 5.
    const allRes = await call(`/v4/catalog/search/autocomplete/?q=${rel.id}`);
    expect(allRes.status, JSON.stringify(allRes.body)).toBe(200);
    const all = allRes.body.results as unknown as S[];
    expect(all.find((s) => s.type === 'releases')?.id).toBe(rel.id);
    for (const t of ['tracks', 'releases', 'artists', 'labels']) expect(all.filter((s) => s.type === t).length).toBeLessThanOrEqual(5);
  });

  it('ranks search results by relevance', async () => {
    const r = await call('/v4/catalog/search/?type=artists&q=Luca%20Vega&per_page=5');
    expect(r.status).toBe(200);
    expect(r.body.results!.length).toBeGreaterThan(0);
    expect(r.body.results![0].name as string).toMatch(/^Luca Vega/);
  });

  it('relevance search (one pass: page ids and count from one read of the matches) keeps the envelope exact', async () => {
    const scope = 'app:control staff:admin brand:dance brand:dj';
    const adminUser = {
      id: 1,
      username: 'admin',
      scope,
      features: [],
      principal: principalFrom(scope, [], 'brand:dance'),
      supplierId: null,
      labelId: null,
    };
    const [{ name: labelWord }] = await get().db.query<{ name: string }>(
      "select split_part(l.name, ' ', 1) as name from tracks t join labels l on l.id = t.label_id where t.title ilike '%night%' group by 1 order by count(*) desc limit 1",
    );
    const cases: [ListQuery, string, unknown[]][] = [
      [{ q: 'night' }, "select count(*)::int n from tracks where title ilike '%night%'", []],
      // Filters on joined tables (label name, release title) with the text search.
      [
        { q: 'night', label: labelWord },
        "select count(*)::int n from tracks t join labels l on l.id = t.label_id where t.title ilike '%night%' and l.name ilike $1",
        [`%${labelWord}%`],
      ],
      [
        { q: 'night', release_title: 'e' },
        "select count(*)::int n from tracks t join releases r on r.id = t.release_id where t.title ilike '%night%' and r.title ilike '%e%'",
        [],
      ],
      [{ q: 'zzqqxxnomatch' }, "select count(*)::int n from tracks where title ilike '%zzqqxxnomatch%'", []],
    ];
    for (const [query, countSql, params] of cases) {
      const def = LIST_DEF_BY_KEY.get('tracks')!;
      expect([query, listSql(def, adminUser, query).onePass]).toEqual([query, true]);
      const n = await count(countSql, params);
      const perPage = 7;
      const last = Math.max(1, Math.ceil(n / perPage));
      const path = (page: number) =>
        `/v4/catalog/tracks/?${new URLSearchParams({ ...(query as Record<string, string>), page: String(page), per_page: String(perPage) })}`;
      const first = await call(path(1));
      expect([query, first.status, first.body.count, first.body.page, first.body.results!.length]).toEqual([
        query,
        200,
        n,
        `1/${last}`,
        Math.min(perPage, n),
      ]);
      expect(first.body.results!.some((r) => MATCH_COUNT_COLUMN in r)).toBe(false);
      // The same as a separate count and page query (the two-pass plan).
      const twoPass = await runListSql(get().db, listSql(def, adminUser, { ...query, per_page: String(perPage) }, { onePass: false }));
      expect([twoPass.n, twoPass.rows.map((r) => r.id)]).toEqual([n, first.body.results!.map((r) => r.id)]);
      if (n > perPage) {
        const end = await call(path(last));
        expect([end.status, end.body.count, end.body.page, end.body.next, end.body.results!.length]).toEqual([
          200,
          n,
          `${last}/${last}`,
          null,
          n - (last - 1) * perPage,
        ]);
      }
      // An empty page past the end: the count comes from the separate count query.
      const past = await call(path(last + 1));
      if (n > 0) expect([query, past.status]).toEqual([query, 404]);
      else expect([past.status, past.body.count, past.body.results]).toEqual([200, 0, []]);
      const direct = await runListSql(get().db, listSql(def, adminUser, { ...query, page: String(last + 1), per_page: String(perPage) }));
      expect([direct.n, direct.rows]).toEqual([n, []]);
    }
  });

  it('exports a relevance search as CSV with every matching row', async () => {
    const list = await call('/v4/catalog/tracks/?q=midnight&per_page=1');
    const r = await fetch(`${get().api}/v4/catalog/tracks/export/?q=midnight`, { headers: { authorization: `Bearer ${admin}` } });
    expect(r.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(10);
    expect(r.headers.get('x-total-count')).toBe(String(list.body.count));
    const lines = (await r.text()).split('\r\n').filter(Boolean);
    expect(lines.length).toBe((list.body.count as number) + 1);
  });

  it('rejects unknown filters and malformed values naming the field', async () => {
    for (const [path, field] of [
      ['/v4/catalog/tracks/?colour=red', 'colour'],
      ['/v4/catalog/tracks/?release_date=2022-13', 'release_date'],
      ['/v4/catalog/tracks/?id=abc', 'id'],
      ['/v4/catalog/releases/?is_explicit=yes', 'is_explicit'],
      ['/v4/catalog/search/?type=nope', 'type'],
    ] as const) {
      const r = await call(path);
      expect([path, r.status]).toEqual([path, 400]);
      expect(r.body).toHaveProperty(field);
    }
  });

  it('PATCH needs If-Match: 428 without, 412 when stale, 200 with the new ETag', async () => {
    const g = await call('/v4/catalog/tracks/42/');
    const etag = g.headers.get('etag')!;
    expect(etag).toBe(`"v${g.body.version}"`);
    expect((await call('/v4/catalog/tracks/42/', { method: 'PATCH', body: { bpm: 128 } })).status).toBe(428);
    const ok = await call('/v4/catalog/tracks/42/', { method: 'PATCH', body: { bpm: 128 }, headers: { 'if-match': etag } });
    expect(ok.status).toBe(200);
    expect(ok.body.bpm).toBe(128);
    expect(ok.headers.get('etag')).toBe(`"v${(g.body.version as number) + 1}"`);
    const stale = await call('/v4/catalog/tracks/42/', { method: 'PATCH', body: { bpm: 130 }, headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    expect((await call('/v4/catalog/tracks/42/')).body.bpm).toBe(128);
  });

  // Spec §9 lengths, as the spec states them (not read from shared/constants, so a wrong constant fails here).
  const maxMessage = (max: number) => `Ensure this field has no more than ${max} characters.`;
  it.each([
    ['/v4/catalog/tracks/43/', 'title', 250, 'x'],
    ['/v4/catalog/tracks/43/', 'mix_name', 128, 'x'],
    ['/v4/catalog/tracks/43/', 'copyright_holder', 1000, 'x'],
    ['/v4/catalog/releases/5/', 'title', 250, 'x'],
    ['/v4/catalog/releases/5/', 'upc', 32, '1'],
    ['/v4/catalog/releases/5/', 'global_release_id', 18, '1'],
    ['/v4/catalog/charts/1/', 'title', 45, 'x'],
    ['/v4/curation/pages/1/', 'name', 255, 'x'],
    ['/v4/curation/page-modules/1/', 'name', 250, 'x'],
  ] as const)(
    'field limit: %s %s is %i characters: one more is a 400 naming the field, the limit itself is saved',
    async (path, field, max, ch) => {
      const g = await call(path);
      expect(g.status).toBe(200);
      const original = g.body[field];
      const over = await call(path, {
        method: 'PATCH',
        body: { [field]: ch.repeat(max + 1) },
        headers: { 'if-match': g.headers.get('etag')! },
      });
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ [field]: [maxMessage(max)] });
      const at = await call(path, { method: 'PATCH', body: { [field]: ch.repeat(max) }, headers: { 'if-match': g.headers.get('etag')! } });
      expect(at.status).toBe(200);
      expect(at.body[field]).toBe(ch.repeat(max));
      const back = await call(path, { method: 'PATCH', body: { [field]: original }, headers: { 'if-match': at.headers.get('etag')! } });
      expect(back.status).toBe(200);
    },
  );

  it('ISRC: 16 characters at most (17 is refused with the length message), and the format separately', async () => {
    const g = await call('/v4/catalog/tracks/43/');
    const etag = g.headers.get('etag')!;
    const patch = (isrc: string) => call('/v4/catalog/tracks/43/', { method: 'PATCH', body: { isrc }, headers: { 'if-match': etag } });
    const tooLong = await patch('QZABC2400001XXXXX');
    expect('QZABC2400001XXXXX').toHaveLength(17);
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body)).toEqual(['isrc']);
    expect(tooLong.body.isrc).toContain(maxMessage(16));
    // Within the limit but not an ISRC: the format message, not the length one.
    const badFormat = await patch('QZABC2400001XX');
    expect(badFormat.status).toBe(400);
    expect(badFormat.body).toEqual({ isrc: ['Enter a valid ISRC.'] });
    const sixteen = await patch('QZABC2400001XXXX');
    expect(sixteen.body).toEqual({ isrc: ['Enter a valid ISRC.'] });
    const ok = await patch('QZABC2400001');
    expect(ok.status).toBe(200);
    expect(ok.body.isrc).toBe('QZABC2400001');
  });

  it('enforces the limits in the database too', async () => {
    await expect(get().db.query("update tracks set title = repeat('x', 251) where id = 1")).rejects.toThrow();
    await expect(get().db.query("update charts set title = repeat('x', 46) where id = 1")).rejects.toThrow();
    await expect(get().db.query("update suppliers set ddex_party_id = 'PADPIDA123' where id = 1")).rejects.toThrow();
  });

  it('rejects unknown and read-only fields by name', async () => {
    const g = await call('/v4/catalog/tracks/44/');
    const r = await call('/v4/catalog/tracks/44/', {
      method: 'PATCH',
      body: { colour: 'red', version: 9, title: 'ok' },
      headers: { 'if-match': g.headers.get('etag')! },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body).sort()).toEqual(['colour', 'version']);
  });

  it('selecting a genre resets the sub-genre; a foreign sub-genre is refused', async () => {
    const g = await call('/v4/catalog/tracks/45/');
    const genre = (g.body.genre as Res).id as number;
    const other = genre === 1 ? 2 : 1;
    const r = await call('/v4/catalog/tracks/45/', {
      method: 'PATCH',
      body: { genre_id: other },
      headers: { 'if-match': g.headers.get('etag')! },
    });
    expect(r.status).toBe(200);
    expect((r.body.genre as Res).id).toBe(other);
    expect(r.body.sub_genre).toBeNull();
    const [foreign] = await get().db.query<{ id: number }>('select id from sub_genres where genre_id <> $1 limit 1', [other]);
    const bad = await call('/v4/catalog/tracks/45/', {
      method: 'PATCH',
      body: { sub_genre_id: foreign.id },
      headers: { etag: '', 'if-match': r.headers.get('etag')! },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('sub_genre_id');
  });

  it('refuses to show a DJ edit whose parent is hidden', async () => {
    const [edit] = await get().db.query<{ id: number; parent_track_id: number }>(
      'select id, parent_track_id from tracks where is_dj_edit order by id limit 1',
    );
    await get().db.query('update tracks set hidden = true where id = any($1::int[])', [[edit.id, edit.parent_track_id]]);
    const g = await call(`/v4/catalog/tracks/${edit.id}/`);
    const r = await call(`/v4/catalog/tracks/${edit.id}/`, {
      method: 'PATCH',
      body: { hidden: false },
      headers: { 'if-match': g.headers.get('etag')! },
    });
    expect(r.status).toBe(400);
    expect(r.body.hidden).toContain(MSG.djTrackParentHidden);
    expect((await call(`/v4/catalog/tracks/${edit.id}/`)).body.hidden).toBe(true);
  });

  it('start date must be before end date (spec texts)', async () => {
    const g = await call('/v4/curation/pages/2/');
    const r = await call('/v4/curation/pages/2/', {
      method: 'PATCH',
      body: { start_date: '2030-01-02', end_date: '2030-01-01' },
      headers: { 'if-match': g.headers.get('etag')! },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ start_date: [MSG.startBeforeEnd] });
  });

  it('PUT bulk is all or nothing', async () => {
    const a = await call('/v4/catalog/tracks/50/');
    const b = await call('/v4/catalog/tracks/51/');
    const stale = await call('/v4/catalog/tracks/', {
      method: 'PUT',
      body: [
        { id: 50, version: a.body.version, bpm: 111 },
        { id: 51, version: (b.body.version as number) + 5, bpm: 111 },
      ],
    });
    expect(stale.status).toBe(412);
    expect((await call('/v4/catalog/tracks/50/')).body.bpm).toBe(a.body.bpm);
    const ok = await call('/v4/catalog/tracks/', {
      method: 'PUT',
      body: [
        { id: 50, version: a.body.version, bpm: 111 },
        { id: 51, version: b.body.version, bpm: 112 },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.results!.map((t) => t.bpm)).toEqual([111, 112]);
  });

  it('adds and lists notes on a visible object', async () => {
    const posted = await call('/v4/catalog/tracks/60/notes/', { method: 'POST', body: { body: 'Label asked for a new mix name.' } });
    expect(posted.status).toBe(201);
    expect(posted.body.author).toEqual({ id: 1, name: 'admin' });
    const list = await call('/v4/catalog/tracks/60/notes/');
    expect(list.body.results![0].body).toBe('Label asked for a new mix name.');
    expect((await call('/v4/catalog/tracks/60/notes/', { method: 'POST', body: { body: '  ' } })).body).toHaveProperty('body');
    expect((await call('/v4/catalog/tracks/99999999/notes/')).status).toBe(404);
  });

  it('serves the reference lists', async () => {
    const genres = await call('/v4/auxiliary/genres/');
    expect(genres.body.count).toBe(await count('select count(*)::int n from genres where enabled'));
    expect(genres.body.results!.every((g) => Array.isArray(g.sub_genres) && (g.sub_genres as unknown[]).length > 0)).toBe(true);
    const states = await call('/v4/auxiliary/states/');
    expect(states.body.results![0].country).toHaveProperty('name');
    const ex = await call('/v4/auxiliary/exclusive-period/');
    expect(ex.body.results!.map((p) => p.name)).toEqual(['None', '2 Weeks', '4 Weeks', '8 Weeks', 'Lifetime']);
    const dance = await call('/v4/auxiliary/page-types/', { headers: { 'x-brand': 'brand:dance' } });
    expect(dance.body.results!.map((p) => p.name)).toEqual(['Landing Page']);
    const dj = await call('/v4/auxiliary/page-types/', { headers: { 'x-brand': 'brand:dj' } });
    expect(dj.body.count).toBeGreaterThan(1);
    for (const name of [
      'account-types',
      'billing-info-types',
      'commercial-model-types',
      'contact-types',
      'countries',
      'current-status',
      'currency',
      'discount-types',
      'image-types',
      'item-types',
      'mime-types',
      'page-module-types',
      'playlist-types',
      'reason',
      'release-types',
      'sale-types',
      'source-types',
      'keys',
      'label-managers',
      'host-vendors',
      'tracklist-vendors',
      'audio-formats',
      'contract-types',
      'songwriter-types',
    ]) {
      const r = await call(`/v4/auxiliary/${name}/`);
      expect([name, r.status, (r.body.count as number) > 0]).toEqual([name, 200, true]);
    }
  });

  it('brand-specific lists follow the active brand', async () => {
    const dance = await call('/v4/curation/pages/?per_page=200', { headers: { 'x-brand': 'brand:dance' } });
    const dj = await call('/v4/curation/pages/?per_page=200', { headers: { 'x-brand': 'brand:dj' } });
    expect(dance.body.count).toBe(await count("select count(*)::int n from pages where brand = 'brand:dance'"));
    expect(dj.body.count).toBe(await count("select count(*)::int n from pages where brand = 'brand:dj'"));
    const danceIds = new Set(dance.body.results!.map((p) => p.id));
    expect(dj.body.results!.some((p) => danceIds.has(p.id))).toBe(false);
  });
}
