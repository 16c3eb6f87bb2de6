/**
 * Charts and curated playlists (shared/api/endpoints/charts.ts; spec §3, §7 Charts,
 * Playlists): POST create under the type's create rule, on the caller's active brand with
 * the caller as owner (a chart shows its owner's DJ name); their tracks in order: GET
 * under the type's read rule, PUT of the whole order under its write rule (tracks that do
 * not exist are a 400 naming track_ids). Every write appends the record's history row in
 * its transaction.
 */
import type { FastifyInstance } from 'fastify';
import { chartEndpoints, playlistEndpoints, type ChartTrack, type ObjectRow } from '../../../shared/api/endpoints';
import { RECORD_MSG, createRule } from '../../../shared/records';
import type { Db, Queryable } from '../../db/client';
import { HttpError, badRequest } from '../errors';
import { recordHistory } from '../history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { WRITES } from '../records/defs';
import { assertMayEdit, evaluate, insertRecord, lookupsFor } from '../records/write';
import { addEndpoint } from '../route';
import { etagOf } from '../versioning';
import { fetchVisible } from './lists';
import { lockedParent, onePage, readRuleOf, visibleParent, writeRuleOf } from './subresource';

/** A type with ordered tracks: its link table and that table's owner column. */
const ORDERED = {
  charts: { endpoints: chartEndpoints, table: 'chart_tracks', owner: 'chart_id' },
  playlists: { endpoints: playlistEndpoints, table: 'playlist_tracks', owner: 'playlist_id' },
} as const;

async function tracksOf(q: Queryable, type: keyof typeof ORDERED, id: number): Promise<ChartTrack[]> {
  const { table, owner } = ORDERED[type];
  return q.query<ChartTrack>(
    `select t.id, x.position, t.title, t.mix_name, t.artist_names from ${table} x join tracks t on t.id = x.track_id
     where x.${owner} = $1 order by x.position, t.id`, [id],
  );
}

function registerOrdered(app: FastifyInstance, db: Db, type: keyof typeof ORDERED) {
  const { endpoints: ep, table, owner } = ORDERED[type];
  const w = WRITES[type];
  addEndpoint(app, db, ep.create as typeof chartEndpoints.create, {
    rule: createRule(type),
    handler: async (req, reply, user) => {
      assertMayEdit(user!.principal, w, Object.keys(req.body));
      const row = await db.transaction(async (tx) => {
        const { final, errors } = evaluate(w, {}, req.body, await lookupsFor(tx, w, req.body));
        if (errors) throw new HttpError(400, errors);
        const fixed: Record<string, unknown> = { brand: user!.principal.brand, owner_id: user!.id };
        if (type === 'charts') {
          const [me] = await tx.query<{ dj_name: string | null; username: string }>('select dj_name, username from users where id = $1', [user!.id]);
          fixed.dj_name = me?.dj_name ?? me?.username ?? null;
        }
        const id = await insertRecord(tx, w, user!.id, { ...final, ...fixed }, {});
        return (await fetchVisible(tx, LIST_DEF_BY_KEY.get(type)!, user!, id))!;
      });
      reply.code(201).header('etag', etagOf(row.version as number));
      return row as ObjectRow;
    },
  });

  addEndpoint(app, db, ep.tracks, {
    rule: readRuleOf(type),
    handler: async (req, _reply, user) => {
      await visibleParent(db, type, user!, req.params.id);
      return onePage(await tracksOf(db, type, req.params.id));
    },
  });

  addEndpoint(app, db, ep.putTracks, {
    rule: writeRuleOf(type),
    handler: async (req, _reply, user) => {
      const id = req.params.id;
      const ids = req.body.track_ids;
      return db.transaction(async (tx) => {
        await lockedParent(tx, type, user!, id);
        const [{ n }] = await tx.query<{ n: number }>('select count(*)::int as n from tracks where id = any($1::int[])', [ids]);
        if (n !== ids.length) throw badRequest('track_ids', RECORD_MSG.noSuchRecord);
        const before = (await tracksOf(tx, type, id)).map((t) => t.id);
        await tx.query(`delete from ${table} where ${owner} = $1`, [id]);
        await tx.query(
          `insert into ${table} (${owner}, track_id, position) select $1, x.id, x.n from unnest($2::int[]) with ordinality as x(id, n)`, [id, ids],
        );
        if (JSON.stringify(before) !== JSON.stringify(ids)) {
          await recordHistory(tx, { entity: type, entityId: id, userId: user!.id, action: 'update', changes: { tracks: { old: before, new: ids } } });
        }
        return onePage(await tracksOf(tx, type, id));
      });
    },
  });
}

export function registerChartRoutes(app: FastifyInstance, db: Db) {
  registerOrdered(app, db, 'charts');
  registerOrdered(app, db, 'playlists');
}
