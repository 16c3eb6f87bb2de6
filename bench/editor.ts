/**
 * npm run bench -- editor [--scale 2] [--pg-url postgres://…] [--samples 30] [--bulk-samples 5] [--loads 10]
 *
 * Record pages and editors, on a PostgreSQL server this bench starts, seeded at
 * `--scale` (5,000 tracks per unit). The default is 2 (10,000 tracks): the bulk edit
 * needs 5,000 tracks and the save one more outside them, and a small catalogue seeds in
 * seconds; the figures below are per edited row, not per catalogue row, so a larger
 * scale changes them little (`--scale 200` for the million-track catalogue).
 * 1. Bulk edit of 5,000 tracks (PATCH /v4/catalog/tracks/bulk/, straight to the API as
 *    a child process): preview, then apply, of one ordinary field (bpm) on every row,
 *    alternating with one plain SQL `UPDATE tracks SET bpm = … WHERE id = ANY($1)` of
 *    the same rows. Each run sets a value no row has and the rows are restored after it,
 *    so every apply really changes 5,000 rows and writes their history. Goal: the
 *    apply's p50 within 3× the SQL's.
 * 2. A save of one track field (PATCH /v4/catalog/tracks/{id}/ with If-Match) through
 *    the console — the browser host's bridge WebSocket → main's API client → the API —
 *    against the same PATCH with fetch straight to the API, in alternating pairs. Every
 *    save changes the value (two values in turn) with the ETag the previous save
 *    answered. Goal: the bridge's p50 under 10% over the straight one's.
 * 3. Opening a release with exactly 100 tracks (made by SQL in the seeded database) in
 *    Chromium through the browser host: from navigation to the release's URL with its
 *    Tracks tab open (/catalog/releases/{id}?tab=tracks, the URL the page keeps when
 *    that tab is chosen) until the tab shows all 100 rows, their drag handles are
 *    enabled and the tab's Save control ("Save track order") is on screen and not busy;
 *    `--loads` full page loads. The Save control is disabled until there is a change, by
 *    design, so each load then moves the first track down with the keyboard (Space,
 *    ArrowDown, Space) and times until Save is enabled (reference), then undoes it.
 * Prints a table, then ONE JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { BRAND_HEADER, endpointRequest, pathOf } from '../shared/api/endpoint';
import { RECORD_ENDPOINTS, trackEndpoints, type BulkEditReport, type TrackBulkEdit } from '../shared/api/endpoints';
import type { ApiResponse } from '../shared/bridge/channels/api';
import { recordRoute } from '../shared/records';
import type { Db } from '../server/db/client';
import { CHROMIUM_ARGS, argOf, pct, prepare, round, startConsole, startPostgres, table, type BridgeClient } from './_support';

const BULK_ROWS = 5000;
const BULK_GOAL = 3;
const RELEASE_TRACKS = 100;
const OVERHEAD_GOAL = 0.1;
const BRAND = 'brand:dance';

/** Times `fn` in ms. */
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Part 1: preview and apply of the bulk edit against the plain SQL UPDATE of the same rows. */
async function bulkBench(db: Db, apiUrl: string, token: string, samples: number) {
  // Tracks the seed gave a bpm (95-175); the bench's values (300+, 600+) are none of theirs.
  const picked = await db.query<{ id: number; bpm: number }>('select id, bpm from tracks where bpm is not null order by id limit $1', [
    BULK_ROWS,
  ]);
  if (picked.length < BULK_ROWS) throw new Error(`bulk edit: ${picked.length} tracks with a bpm, ${BULK_ROWS} needed (raise --scale)`);
  const ids = picked.map((t) => t.id);
  const restore = () =>
    db.query('update tracks t set bpm = o.bpm from unnest($1::int[], $2::int[]) o(id, bpm) where t.id = o.id', [
      ids,
      picked.map((t) => t.bpm),
    ]);
  const bulk = async (body: TrackBulkEdit): Promise<BulkEditReport> => {
    const r = await fetch(`${apiUrl}${pathOf(trackEndpoints.bulkEdit)}`, {
      method: trackEndpoints.bulkEdit.method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json', [BRAND_HEADER]: BRAND },
      body: JSON.stringify(body),
    });
    if (r.status !== 200) throw new Error(`bulk edit: ${r.status} ${(await r.text()).slice(0, 500)}`);
    return (await r.json()) as BulkEditReport;
  };
  const changedTo = async (bpm: number) =>
    (await db.query<{ n: number }>('select count(*)::int as n from tracks where id = any($1) and bpm = $2', [ids, bpm]))[0].n;

  const preview: number[] = [];
  const apply: number[] = [];
  const sqlUpdate: number[] = [];
  const viaApi = async (bpm: number, keep: boolean) => {
    const rows = await db.query<{ id: number; version: number }>('select id, version from tracks where id = any($1) order by id', [ids]);
    let report!: BulkEditReport;
    const p = await timed(async () => (report = await bulk({ rows, changes: { bpm }, preview: true })));
    if (report.changed !== BULK_ROWS || report.refused !== 0)
      throw new Error(`bulk preview: ${report.changed} changed, ${report.refused} refused of ${BULK_ROWS}`);
    const a = await timed(async () => (report = await bulk({ rows, changes: { bpm }, preview: false })));
    if (!report.applied || report.changed !== BULK_ROWS)
      throw new Error(`bulk apply: applied ${report.applied}, ${report.changed} changed of ${BULK_ROWS}`);
    if ((await changedTo(bpm)) !== BULK_ROWS) throw new Error('bulk apply: the rows do not hold the new value');
    await restore();
    if (keep) {
      preview.push(p);
      apply.push(a);
    }
  };
  const viaSql = async (bpm: number, keep: boolean) => {
    const s = await timed(() => db.query('update tracks set bpm = $2 where id = any($1)', [ids, bpm]));
    if ((await changedTo(bpm)) !== BULK_ROWS) throw new Error('SQL update: the rows do not hold the new value');
    await restore();
    if (keep) sqlUpdate.push(s);
  };
  // One round each to warm up, then alternate which goes first so caches favour neither.
  await viaApi(299, false);
  await viaSql(599, false);
  for (let i = 0; i < samples; i++) {
    if (i % 2) {
      await viaSql(600 + i, true);
      await viaApi(300 + i, true);
    } else {
      await viaApi(300 + i, true);
      await viaSql(600 + i, true);
    }
  }
  return { preview, apply, sqlUpdate, ratio: pct(apply, 50) / pct(sqlUpdate, 50) };
}

/** Part 2: one field's save through the bridge against the same PATCH straight to the API. */
async function saveBench(db: Db, apiUrl: string, token: string, bridge: BridgeClient, samples: number) {
  // A track outside the bulk edit's rows.
  const [track] = await db.query<{ id: number; version: number }>('select id, version from tracks order by id offset $1 limit 1', [
    BULK_ROWS,
  ]);
  if (!track) throw new Error(`save: no track after the first ${BULK_ROWS} (raise --scale)`);
  const patch = RECORD_ENDPOINTS.tracks.patch;
  let etag = `"v${track.version}"`;
  let version = track.version;
  let n = 0;
  /** Checks the save bumped the version and keeps its ETag for the next one. */
  const saved = (row: { version: number }, tag: string | null | undefined) => {
    if (row.version !== version + 1 || !tag) throw new Error(`save: version ${row.version} (expected ${version + 1}), ETag ${tag}`);
    version = row.version;
    etag = tag;
  };
  // Two values in turn, neither the seed's (95-175): every save changes the field.
  const nextBpm = () => 200 + (n++ % 2);
  const viaBridge = async () => {
    const r = await bridge.call<ApiResponse>(
      'apiRequest',
      endpointRequest(patch, { params: { id: track.id }, body: { bpm: nextBpm() }, ifMatch: etag }),
    );
    saved(r.data as { version: number }, r.etag);
  };
  const direct = async () => {
    const r = await fetch(`${apiUrl}${pathOf(patch, { id: track.id })}`, {
      method: patch.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'content-type': 'application/json',
        [BRAND_HEADER]: BRAND,
        'if-match': etag,
      },
      body: JSON.stringify({ bpm: nextBpm() }),
    });
    if (r.status !== 200) throw new Error(`direct save: ${r.status} ${(await r.text()).slice(0, 500)}`);
    saved((await r.json()) as { version: number }, r.headers.get('etag'));
  };
  for (let i = 0; i < 5; i++) {
    await viaBridge();
    await direct();
  }
  const b: number[] = [];
  const d: number[] = [];
  for (let i = 0; i < samples; i++) {
    const order =
      i % 2
        ? ([
            [b, viaBridge],
            [d, direct],
          ] as const)
        : ([
            [d, direct],
            [b, viaBridge],
          ] as const);
    for (const [into, fn] of order) into.push(await timed(fn));
  }
  const [{ n: history }] = await db.query<{ n: number }>(
    "select count(*)::int as n from record_history where entity = 'tracks' and entity_id = $1",
    [track.id],
  );
  if (history < 2 * samples) throw new Error(`save: ${history} history rows for ${2 * samples} saves`);
  return { bridge: b, direct: d, overhead: (pct(b, 50) - pct(d, 50)) / pct(d, 50) };
}

/**
 * A release with exactly RELEASE_TRACKS tracks: a copy of the first converted release
 * (every column, a new id and title) and of its tracks repeated to that number (new ids,
 * positions 1..N, new guids), with their artists. Returns its id.
 */
async function releaseWithTracks(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [src] = await tx.query<{ id: number }>(
      "select r.id from releases r where r.encode_status = 'CONVERTED' and exists (select 1 from tracks t where t.release_id = r.id) order by r.id limit 1",
    );
    await tx.query('create temp table bench_release on commit drop as select * from releases where id = $1', [src.id]);
    const [{ id }] = await tx.query<{ id: number }>(
      "update bench_release set id = nextval(pg_get_serial_sequence('releases', 'id')), title = $1, version = 1 returning id",
      [`Editor bench: ${RELEASE_TRACKS} tracks`],
    );
    await tx.query('insert into releases select * from bench_release');
    await tx.query('insert into release_artists select $1, artist_id, position from release_artists where release_id = $2', [id, src.id]);
    await tx.query(
      `create temp table bench_tracks on commit drop as
       select t.* from tracks t cross join generate_series(1, $2::int) g where t.release_id = $1 order by g, t.position limit $3`,
      [src.id, RELEASE_TRACKS, RELEASE_TRACKS],
    );
    await tx.query('alter table bench_tracks add column src int, add column n int');
    await tx.query(
      'update bench_tracks b set src = b.id, n = x.n from (select ctid, row_number() over () n from bench_tracks) x where b.ctid = x.ctid',
    );
    await tx.query(
      `update bench_tracks set id = nextval(pg_get_serial_sequence('tracks', 'id')), release_id = $1, position = n, guid = gen_random_uuid(),
         title = title || ' ' || n, version = 1`,
      [id],
    );
    await tx.query(
      'create temp table bench_track_artists on commit drop as select b.id, a.artist_id, a.role, a.position from bench_tracks b join track_artists a on a.track_id = b.src',
    );
    await tx.query('alter table bench_tracks drop column src, drop column n');
    await tx.query('insert into tracks select * from bench_tracks');
    await tx.query(
      'insert into track_artists (track_id, artist_id, role, position) select id, artist_id, role, position from bench_track_artists',
    );
    const [{ n }] = await tx.query<{ n: number }>('select count(*)::int as n from tracks where release_id = $1', [id]);
    if (n !== RELEASE_TRACKS) throw new Error(`release ${id} has ${n} tracks, not ${RELEASE_TRACKS}`);
    return id;
  });
}

/** Part 3: navigation to the release's Tracks tab until its 100 rows and controls are ready, in Chromium through the host. */
async function releasePageBench(origin: string, key: string, releaseId: number, loads: number) {
  const url = `${origin}/${recordRoute('releases', releaseId)!.replace(/^\//, '')}?tab=tracks`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const open: number[] = [];
  const edit: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const rows = page.locator('[data-testid="release-tracks"] tbody tr.ant-table-row');
    const handles = page.locator('[data-testid="release-tracks"] [data-testid="reorder-handle"]:enabled');
    const save = page.locator('[data-testid="save-order"]');
    const ready = async () => {
      await rows.nth(RELEASE_TRACKS - 1).waitFor({ timeout: 120_000 });
      await handles.nth(RELEASE_TRACKS - 1).waitFor({ timeout: 120_000 });
      await page.locator('[data-testid="save-order"]:not(.ant-btn-loading)').waitFor({ timeout: 120_000 });
      const n = await rows.count();
      if (n !== RELEASE_TRACKS) throw new Error(`the Tracks tab shows ${n} rows, not ${RELEASE_TRACKS}`);
    };
    const firstTitle = () => page.locator('[data-testid="release-tracks"] [data-testid="track-title"]').first().textContent();
    // The first load carries the host's key (in the fragment, as the shell opens it) and warms the HTTP cache.
    await page.goto(`${url}#key=${key}`);
    await ready();
    for (let i = 0; i <= loads; i++) {
      const t = performance.now();
      await page.goto(url);
      await ready();
      const o = performance.now() - t;
      // Interactive: a keyboard move of the first track enables Save; then it is undone (nothing saved).
      const before = await firstTitle();
      const t2 = performance.now();
      // Each key waits for dnd-kit to take it (the handle pressed, then its live region's announcement) before the next.
      await handles.first().focus();
      await page.keyboard.press('Space');
      await page.locator('[data-testid="reorder-handle"][aria-pressed="true"]').waitFor({ timeout: 30_000 });
      await page.keyboard.press('ArrowDown');
      await page
        .getByRole('status')
        .filter({ hasText: /over position 2/ })
        .waitFor({ state: 'attached', timeout: 30_000 });
      await page.keyboard.press('Space');
      await page.locator('[data-testid="save-order"]:enabled').waitFor({ timeout: 30_000 });
      const e = performance.now() - t2;
      if ((await firstTitle()) === before) throw new Error('the keyboard move did not move the first track');
      await page.getByRole('button', { name: 'Undo reordering' }).click();
      await save.and(page.locator(':disabled')).waitFor({ timeout: 30_000 });
      // The first timed load is a warm-up too (the page's chunks come from the cache from here on).
      if (i > 0) {
        open.push(o);
        edit.push(e);
      }
    }
  } finally {
    await browser.close();
  }
  return { open, edit };
}

export default async function main(argv: string[]) {
  const scale = Number(argOf(argv, 'scale', '2'));
  const samples = Number(argOf(argv, 'samples', '30'));
  const bulkSamples = Number(argOf(argv, 'bulk-samples', '5'));
  const loads = Number(argOf(argv, 'loads', '10'));
  const external = argOf(argv, 'pg-url', '');
  const pg = external ? null : startPostgres();
  const url = external || pg!.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'editor-bench-'));
  try {
    console.error(`seeding scale ${scale} on PostgreSQL (skipped when already seeded)…`);
    const { token, db } = await prepare(url, scale, (m) => console.error(`  ${m}`));
    const releaseId = await releaseWithTracks(db);
    await db.exec('vacuum analyze tracks, releases');
    const [{ n: tracks }] = await db.query<{ n: number }>('select count(*)::int as n from tracks');
    const { api, host, bridge, stop } = await startConsole(url, dataDir);
    try {
      console.error(`bulk edit of ${BULK_ROWS} tracks against SQL, ${bulkSamples} samples each…`);
      const bulk = await bulkBench(db, api.api, token, bulkSamples);
      console.error(`saves through the bridge against straight, ${samples} pairs…`);
      const save = await saveBench(db, api.api, token, bridge, samples);
      console.error(`release ${releaseId} with ${RELEASE_TRACKS} tracks in Chromium, ${loads} loads…`);
      const ui = await releasePageBench(host.origin, host.key, releaseId, loads);

      const p = (xs: number[]) => [round(pct(xs, 50)), round(pct(xs, 95))];
      table([
        ['measure', 'p50 ms', 'p95 ms', 'goal'],
        [`bulk edit ${BULK_ROWS.toLocaleString('en-US')} tracks (bpm): preview, API`, ...p(bulk.preview), 'reference'],
        [
          `bulk edit ${BULK_ROWS.toLocaleString('en-US')} tracks (bpm): apply, API`,
          ...p(bulk.apply),
          `≤ ${BULK_GOAL}× SQL (${round(bulk.ratio, 2)}×)`,
        ],
        [`SQL UPDATE of the same ${BULK_ROWS.toLocaleString('en-US')} rows`, ...p(bulk.sqlUpdate), ''],
        ['save one track field (If-Match): straight to the API', ...p(save.direct), ''],
        ['same save through the console (bridge)', ...p(save.bridge), `overhead < 10% (${round(save.overhead * 100)}%)`],
        [`Chromium: open release, ${RELEASE_TRACKS} tracks, until interactive`, ...p(ui.open), 'reference'],
        ['then move a track (keyboard) until Save is enabled', ...p(ui.edit), 'reference'],
      ]);
      console.log(
        JSON.stringify({
          bench: 'editor',
          scale,
          tracks,
          samples,
          bulk_samples: bulkSamples,
          bulk_rows: BULK_ROWS,
          bulk_preview_p50_ms: round(pct(bulk.preview, 50), 2),
          bulk_preview_p95_ms: round(pct(bulk.preview, 95), 2),
          bulk_apply_p50_ms: round(pct(bulk.apply, 50), 2),
          bulk_apply_p95_ms: round(pct(bulk.apply, 95), 2),
          sql_update_p50_ms: round(pct(bulk.sqlUpdate, 50), 2),
          sql_update_p95_ms: round(pct(bulk.sqlUpdate, 95), 2),
          bulk_apply_vs_sql: round(bulk.ratio, 3),
          save_direct_p50_ms: round(pct(save.direct, 50), 2),
          save_direct_p95_ms: round(pct(save.direct, 95), 2),
          save_bridge_p50_ms: round(pct(save.bridge, 50), 2),
          save_bridge_p95_ms: round(pct(save.bridge, 95), 2),
          save_bridge_overhead_pct: round(save.overhead * 100, 2),
          release_tracks: RELEASE_TRACKS,
          release_loads: loads,
          release_open_p50_ms: round(pct(ui.open, 50)),
          release_open_p95_ms: round(pct(ui.open, 95)),
          release_move_to_save_enabled_p50_ms: round(pct(ui.edit, 50)),
          release_move_to_save_enabled_p95_ms: round(pct(ui.edit, 95)),
          goals: { bulk_apply_within_3x_sql: bulk.ratio <= BULK_GOAL, save_bridge_overhead_under_10pct: save.overhead < OVERHEAD_GOAL },
        }),
      );
    } finally {
      await stop();
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    pg?.stop();
    // Whatever handle lingers after teardown (sockets, timers), the bench ends once it has printed.
    setTimeout(() => process.exit(process.exitCode ?? 0), 3000).unref();
  }
}
