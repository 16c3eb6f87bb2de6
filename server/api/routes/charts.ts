/**
 * Charts and curated playlists (shared/api/endpoints/charts.ts; spec §3, §7 Charts,
 * Playlists): POST create under the type's create rule, on the caller's active brand with
 * the caller as owner (a chart shows its owner's DJ name); their tracks in order: GET
 * under the type's read rule, PUT of the whole order under its write rule (tracks that do
 * not exist are a 400 naming track_ids). Every write appends the record's history row in
 * its transaction.
 */
import type { FastifyInstance } from 'fastify';
import {
  CHART_MAPPED_MSG,
  CURATED_PLAYLIST_MSG,
  chartEndpoints,
  chartMappingEndpoints as mapEp,
  playlistEndpoints,
  playlistPartnerEndpoints as partnerEp,
  type ChartMapping,
  type ChartTrack,
  type PlaylistMapping,
  type PlaylistPartner,
} from '../../../shared/api/endpoints';
import { createRule } from '../../../shared/records';
import type { Db, Queryable } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { WRITES } from '../../domain/records/defs';
import { assertMayEdit, evaluate, insertRecord, lookupsFor } from '../../domain/records/write';
import type { RequestUser } from '../principal';
import { addEndpoint, registerHandlers } from '../route';
import { etagOf } from '../versioning';
import { fetchVisible } from './lists';
import { listUnder, lockedParent, onePage, readRuleOf, visibleParent, writeRuleOf } from './subresource';

/** A type with ordered tracks: its link table and that table's owner column. */
const ORDERED = {
  charts: { endpoints: chartEndpoints, table: 'chart_tracks', owner: 'chart_id' },
  playlists: { endpoints: playlistEndpoints, table: 'playlist_tracks', owner: 'playlist_id' },
} as const;

async function tracksOf(q: Queryable, type: keyof typeof ORDERED, id: number): Promise<ChartTrack[]> {
  const { table, owner } = ORDERED[type];
  return q.query<ChartTrack>(
    `select t.id, x.position, t.title, t.mix_name, t.artist_names from ${table} x join tracks t on t.id = x.track_id
     where x.${owner} = $1 order by x.position, t.id`,
    [id],
  );
}

function registerOrdered(app: FastifyInstance, db: Db, type: keyof typeof ORDERED) {
  const { endpoints: ep, table, owner } = ORDERED[type];
  const w = WRITES[type];
  addEndpoint(app, db, ep.create as typeof chartEndpoints.create, {
    rule: createRule(type),
    handler: async (req, reply, user) => {
      assertMayEdit(user.principal, w, Object.keys(req.body));
      const row = await db.transaction(async (tx) => {
        const { final, errors } = evaluate(w, {}, req.body, await lookupsFor(tx, w, req.body));
        if (errors) throw new HttpError(400, errors);
        const fixed: Record<string, unknown> = { brand: user.principal.brand, owner_id: user.id };
        if (type === 'charts') {
          const [me] = await tx.query<{ dj_name: string | null; username: string }>('select dj_name, username from users where id = $1', [
            user.id,
          ]);
          fixed.dj_name = me?.dj_name ?? me?.username ?? null;
        }
        const id = await insertRecord(tx, w, user.id, { ...final, ...fixed }, {});
        return (await fetchVisible(tx, LIST_DEF_BY_KEY.get(type)!, user, id))!;
      });
      reply.code(201).header('etag', etagOf(row.version as number));
      return row;
    },
  });

  addEndpoint(app, db, ep.tracks, {
    rule: readRuleOf(type),
    handler: async (req, _reply, user) => {
      await visibleParent(db, type, user, req.params.id);
      return onePage(await tracksOf(db, type, req.params.id));
    },
  });

  addEndpoint(app, db, ep.putTracks, {
    rule: writeRuleOf(type),
    handler: async (req, _reply, user) => {
      const id = req.params.id;
      const ids = req.body.track_ids;
      return db.transaction(async (tx) => {
        await lockedParent(tx, type, user, id);
        const before = (await tracksOf(tx, type, id)).map((t) => t.id);
        await tx.query(`delete from ${table} where ${owner} = $1`, [id]);
        await tx.query(
          `insert into ${table} (${owner}, track_id, position) select $1, x.id, x.n from unnest($2::int[]) with ordinality as x(id, n)`,
          [id, ids],
        );
        if (JSON.stringify(before) !== JSON.stringify(ids)) {
          await recordHistory(tx, {
            entity: type,
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { tracks: { old: before, new: ids } },
          });
        }
        return onePage(await tracksOf(tx, type, id));
      });
    },
  });
}

/** A chart's mapped curated playlist (none or one), as playlist-mappings answers it. */
async function mappingsOf(q: Queryable, chartId: number): Promise<PlaylistMapping[]> {
  return q.query<PlaylistMapping>(
    `select p.id, c.id as chart_id, json_build_object('id', p.id, 'name', p.name) as playlist
     from charts c join playlists p on p.id = c.playlist_id where c.id = $1`,
    [chartId],
  );
}

/**
 * Maps (or with null unmaps) a locked chart to a playlist: a curated playlist of the
 * chart's brand visible to the caller, else 400 naming playlist_id. Bumps the chart's
 * version and appends its history row.
 */
async function setMapping(
  tx: Queryable,
  user: RequestUser,
  chart: { id: number; brand: string; playlist_id: number | null },
  playlistId: number | null,
) {
  if (playlistId !== null) {
    const playlist = await fetchVisible(tx, LIST_DEF_BY_KEY.get('playlists')!, user, playlistId);
    const [p] = playlist
      ? await tx.query<{ ok: boolean }>('select is_curated and brand = $2 as ok from playlists where id = $1', [playlistId, chart.brand])
      : [];
    if (!p?.ok) throw badRequest('playlist_id', CURATED_PLAYLIST_MSG);
  }
  if (chart.playlist_id === playlistId) return;
  await tx.query('update charts set playlist_id = $2, version = version + 1 where id = $1', [chart.id, playlistId]);
  await recordHistory(tx, {
    entity: 'charts',
    entityId: chart.id,
    userId: user.id,
    action: 'update',
    changes: { playlist_id: { old: chart.playlist_id, new: playlistId } },
  });
}

/** Inside a write: the chart visible to the caller, locked, with its brand and mapping. */
async function lockedChart(tx: Queryable, user: RequestUser, id: number) {
  await lockedParent(tx, 'charts', user, id);
  const [chart] = await tx.query<{ id: number; brand: string; playlist_id: number | null }>(
    'select id, brand, playlist_id from charts where id = $1',
    [id],
  );
  return chart;
}

function registerMappings(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, mapEp, {
    list: listUnder(db, 'charts', mappingsOf),
    create: {
      rule: writeRuleOf('charts'),
      handler: async (req, reply, user) => {
        const out = await db.transaction(async (tx) => {
          const chart = await lockedChart(tx, user, req.params.id);
          if (chart.playlist_id !== null) throw badRequest('playlist_id', CHART_MAPPED_MSG);
          await setMapping(tx, user, chart, req.body.playlist_id);
          return (await mappingsOf(tx, chart.id))[0];
        });
        reply.code(201);
        return out;
      },
    },
    patch: {
      rule: writeRuleOf('charts'),
      handler: async (req, _reply, user) =>
        db.transaction(async (tx) => {
          const chart = await lockedChart(tx, user, req.params.id);
          if (chart.playlist_id !== req.params.item) throw notFound();
          await setMapping(tx, user, chart, req.body.playlist_id);
          return (await mappingsOf(tx, chart.id))[0] ?? null;
        }),
    },
    playlistCharts: {
      rule: readRuleOf('playlists'),
      handler: async (req, _reply, user) => {
        await visibleParent(db, 'playlists', user, req.params.id);
        const charts = LIST_DEF_BY_KEY.get('charts')!;
        const rows = await db.query<ChartMapping>('select id, title, enabled from charts where playlist_id = $1 order by title, id', [
          req.params.id,
        ]);
        const visible = await Promise.all(rows.map(async (r) => ((await fetchVisible(db, charts, user, r.id)) ? r : null)));
        return onePage(visible.filter((r): r is ChartMapping => r !== null));
      },
    },
  });
}

async function partnersOf(q: Queryable, playlistId: number): Promise<PlaylistPartner[]> {
  return q.query<PlaylistPartner>(
    `select lp.id, lp.name, lp.url, lp.enabled from playlist_partners x join link_partners lp on lp.id = x.partner_id
     where x.playlist_id = $1 order by lower(lp.name), lp.id`,
    [playlistId],
  );
}

/** A playlist's link partners: GET under the playlists read rule, PUT partners-bulk/ (the whole set) under its write rule, with history. */
function registerPartners(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, partnerEp, {
    list: listUnder(db, 'playlists', partnersOf),
    put: {
      rule: writeRuleOf('playlists'),
      handler: async (req, _reply, user) => {
        const { id } = req.params;
        const ids = req.body.partner_ids;
        return db.transaction(async (tx) => {
          await lockedParent(tx, 'playlists', user, id);
          const before = (await partnersOf(tx, id)).map((p) => p.id).sort((a, b) => a - b);
          await tx.query('delete from playlist_partners where playlist_id = $1', [id]);
          await tx.query('insert into playlist_partners (playlist_id, partner_id) select $1, unnest($2::int[])', [id, ids]);
          const after = [...ids].sort((a, b) => a - b);
          if (JSON.stringify(before) !== JSON.stringify(after)) {
            await recordHistory(tx, {
              entity: 'playlists',
              entityId: id,
              userId: user.id,
              action: 'update',
              changes: { partners: { old: before, new: after } },
            });
          }
          return onePage(await partnersOf(tx, id));
        });
      },
    },
  });
}

export function registerChartRoutes(app: FastifyInstance, db: Db) {
  registerOrdered(app, db, 'charts');
  registerOrdered(app, db, 'playlists');
  registerMappings(app, db);
  registerPartners(app, db);
}
