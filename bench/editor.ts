/**
 * npm run bench -- editor [--scale 2] [--pg-url postgres://…] [--samples 30] [--bulk-samples 5]
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
 * Prints a table, then ONE JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_HEADER, endpointRequest, pathOf } from '../shared/api/endpoint';
import { RECORD_ENDPOINTS, trackEndpoints, type BulkEditReport, type TrackBulkEdit } from '../shared/api/endpoints';
import type { ApiResponse } from '../shared/bridge/channels/api';
import type { Db } from '../server/db/client';
import { startHost } from '../main/host/index';
import { createMemoryVault } from '../main/services/token-vault';
import { argOf, bridgeClient, pct, prepare, round, signInHost, startApiChild, startPostgres, table } from './_support';

const BULK_ROWS = 5000;
const BULK_GOAL = 3;
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
  const picked = await db.query<{ id: number; bpm: number }>('select id, bpm from tracks where bpm is not null order by id limit $1', [BULK_ROWS]);
  if (picked.length < BULK_ROWS) throw new Error(`bulk edit: ${picked.length} tracks with a bpm, ${BULK_ROWS} needed (raise --scale)`);
  const ids = picked.map((t) => t.id);
  const restore = () => db.query('update tracks t set bpm = o.bpm from unnest($1::int[], $2::int[]) o(id, bpm) where t.id = o.id', [ids, picked.map((t) => t.bpm)]);
  const bulk = async (body: TrackBulkEdit): Promise<BulkEditReport> => {
    const r = await fetch(`${apiUrl}${pathOf(trackEndpoints.bulkEdit)}`, {
      method: trackEndpoints.bulkEdit.method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json', [BRAND_HEADER]: BRAND },
      body: JSON.stringify(body),
    });
    if (r.status !== 200) throw new Error(`bulk edit: ${r.status} ${(await r.text()).slice(0, 500)}`);
    return (await r.json()) as BulkEditReport;
  };
  const changedTo = async (bpm: number) => (await db.query<{ n: number }>('select count(*)::int as n from tracks where id = any($1) and bpm = $2', [ids, bpm]))[0].n;

  const preview: number[] = [];
  const apply: number[] = [];
  const sqlUpdate: number[] = [];
  const viaApi = async (bpm: number, keep: boolean) => {
    const rows = await db.query<{ id: number; version: number }>('select id, version from tracks where id = any($1) order by id', [ids]);
    let report!: BulkEditReport;
    const p = await timed(async () => (report = await bulk({ rows, changes: { bpm }, preview: true })));
    if (report.changed !== BULK_ROWS || report.refused !== 0) throw new Error(`bulk preview: ${report.changed} changed, ${report.refused} refused of ${BULK_ROWS}`);
    const a = await timed(async () => (report = await bulk({ rows, changes: { bpm }, preview: false })));
    if (!report.applied || report.changed !== BULK_ROWS) throw new Error(`bulk apply: applied ${report.applied}, ${report.changed} changed of ${BULK_ROWS}`);
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
async function saveBench(
  db: Db, apiUrl: string, token: string, bridge: Awaited<ReturnType<typeof bridgeClient>>, samples: number,
) {
  // A track outside the bulk edit's rows.
  const [track] = await db.query<{ id: number; version: number }>('select id, version from tracks order by id offset $1 limit 1', [BULK_ROWS]);
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
    const r = await bridge.call<ApiResponse>('apiRequest', endpointRequest(patch, { params: { id: track.id }, body: { bpm: nextBpm() }, ifMatch: etag }));
    saved(r.data as { version: number }, r.etag);
  };
  const direct = async () => {
    const r = await fetch(`${apiUrl}${pathOf(patch, { id: track.id })}`, {
      method: patch.method,
      headers: {
        authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json', [BRAND_HEADER]: BRAND, 'if-match': etag,
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
    const order = i % 2 ? [[b, viaBridge], [d, direct]] as const : [[d, direct], [b, viaBridge]] as const;
    for (const [into, fn] of order) into.push(await timed(fn));
  }
  const [{ n: history }] = await db.query<{ n: number }>("select count(*)::int as n from record_history where entity = 'tracks' and entity_id = $1", [track.id]);
  if (history < 2 * samples) throw new Error(`save: ${history} history rows for ${2 * samples} saves`);
  return { bridge: b, direct: d, overhead: (pct(b, 50) - pct(d, 50)) / pct(d, 50) };
}

export default async function main(argv: string[]) {
  const scale = Number(argOf(argv, 'scale', '2'));
  const samples = Number(argOf(argv, 'samples', '30'));
  const bulkSamples = Number(argOf(argv, 'bulk-samples', '5'));
  const external = argOf(argv, 'pg-url', '');
  const pg = external ? null : startPostgres();
  const url = external || pg!.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'editor-bench-'));
  try {
    console.error(`seeding scale ${scale} on PostgreSQL (skipped when already seeded)…`);
    const { token, db } = await prepare(url, scale, (m) => console.error(`  ${m}`));
    const [{ n: tracks }] = await db.query<{ n: number }>('select count(*)::int as n from tracks');
    const api = await startApiChild(url);
    const host = await startHost({ distDir: 'dist', dataDir, apiUrl: api.api, idpUrl: api.idp, vault: createMemoryVault() });
    const bridge = await bridgeClient(host.origin, host.key);
    try {
      await signInHost(bridge, 'admin', 'sandbox-admin');
      console.error(`bulk edit of ${BULK_ROWS} tracks against SQL, ${bulkSamples} samples each…`);
      const bulk = await bulkBench(db, api.api, token, bulkSamples);
      console.error(`saves through the bridge against straight, ${samples} pairs…`);
      const save = await saveBench(db, api.api, token, bridge, samples);

      const p = (xs: number[]) => [round(pct(xs, 50)), round(pct(xs, 95))];
      table([
        ['measure', 'p50 ms', 'p95 ms', 'goal'],
        [`bulk edit ${BULK_ROWS.toLocaleString('en-US')} tracks (bpm): preview, API`, ...p(bulk.preview), 'reference'],
        [`bulk edit ${BULK_ROWS.toLocaleString('en-US')} tracks (bpm): apply, API`, ...p(bulk.apply), `≤ ${BULK_GOAL}× SQL (${round(bulk.ratio, 2)}×)`],
        [`SQL UPDATE of the same ${BULK_ROWS.toLocaleString('en-US')} rows`, ...p(bulk.sqlUpdate), ''],
        ['save one track field (If-Match): straight to the API', ...p(save.direct), ''],
        ['same save through the console (bridge)', ...p(save.bridge), `overhead < 10% (${round(save.overhead * 100)}%)`],
      ]);
      console.log(JSON.stringify({
        bench: 'editor', scale, tracks, samples, bulk_samples: bulkSamples, bulk_rows: BULK_ROWS,
        bulk_preview_p50_ms: round(pct(bulk.preview, 50), 2), bulk_preview_p95_ms: round(pct(bulk.preview, 95), 2),
        bulk_apply_p50_ms: round(pct(bulk.apply, 50), 2), bulk_apply_p95_ms: round(pct(bulk.apply, 95), 2),
        sql_update_p50_ms: round(pct(bulk.sqlUpdate, 50), 2), sql_update_p95_ms: round(pct(bulk.sqlUpdate, 95), 2),
        bulk_apply_vs_sql: round(bulk.ratio, 3),
        save_direct_p50_ms: round(pct(save.direct, 50), 2), save_direct_p95_ms: round(pct(save.direct, 95), 2),
        save_bridge_p50_ms: round(pct(save.bridge, 50), 2), save_bridge_p95_ms: round(pct(save.bridge, 95), 2),
        save_bridge_overhead_pct: round(save.overhead * 100, 2),
        goals: { bulk_apply_within_3x_sql: bulk.ratio <= BULK_GOAL, save_bridge_overhead_under_10pct: save.overhead < OVERHEAD_GOAL },
      }));
    } finally {
      bridge.close();
      await host.stop();
      await api.stop();
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    pg?.stop();
    // Whatever handle lingers after teardown (sockets, timers), the bench ends once it has printed.
    setTimeout(() => process.exit(process.exitCode ?? 0), 3000).unref();
  }
}
