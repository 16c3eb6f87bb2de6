/**
 * Charts (shared/api/endpoints/charts.ts; spec §3, §7 Charts): POST create under the
 * charts create rule, on the caller's active brand with the caller as owner (its DJ name
 * shown as the owner); a chart's tracks in order: GET under the charts read rule, PUT of
 * the whole order under the charts write rule (tracks that do not exist are a 400 naming
 * track_ids). Every write appends the chart's history row in its transaction.
 */
import type { FastifyInstance } from 'fastify';
import { chartEndpoints as ep, type ChartTrack, type ObjectRow } from '../../../shared/api/endpoints';
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

async function chartTracks(q: Queryable, chartId: number): Promise<ChartTrack[]> {
  return q.query<ChartTrack>(
    `select t.id, ct.position, t.title, t.mix_name, t.artist_names from chart_tracks ct join tracks t on t.id = ct.track_id
     where ct.chart_id = $1 order by ct.position, t.id`, [chartId],
  );
}

export function registerChartRoutes(app: FastifyInstance, db: Db) {
  addEndpoint(app, db, ep.create, {
    rule: createRule('charts'),
    handler: async (req, reply, user) => {
      const w = WRITES.charts;
      assertMayEdit(user!.principal, w, Object.keys(req.body));
      const row = await db.transaction(async (tx) => {
        const { final, errors } = evaluate(w, {}, req.body, await lookupsFor(tx, w, req.body));
        if (errors) throw new HttpError(400, errors);
        const [owner] = await tx.query<{ dj_name: string | null; username: string }>('select dj_name, username from users where id = $1', [user!.id]);
        const id = await insertRecord(tx, w, user!.id, { ...final, brand: user!.principal.brand, owner_id: user!.id, dj_name: owner?.dj_name ?? owner?.username ?? null }, {});
        return (await fetchVisible(tx, LIST_DEF_BY_KEY.get('charts')!, user!, id))!;
      });
      reply.code(201).header('etag', etagOf(row.version as number));
      return row as ObjectRow;
    },
  });

  addEndpoint(app, db, ep.tracks, {
    rule: readRuleOf('charts'),
    handler: async (req, _reply, user) => {
      await visibleParent(db, 'charts', user!, req.params.id);
      return onePage(await chartTracks(db, req.params.id));
    },
  });

  addEndpoint(app, db, ep.putTracks, {
    rule: writeRuleOf('charts'),
    handler: async (req, _reply, user) => {
      const id = req.params.id;
      const ids = req.body.track_ids;
      return db.transaction(async (tx) => {
        await lockedParent(tx, 'charts', user!, id);
        const [{ n }] = await tx.query<{ n: number }>('select count(*)::int as n from tracks where id = any($1::int[])', [ids]);
        if (n !== ids.length) throw badRequest('track_ids', RECORD_MSG.noSuchRecord);
        const before = (await chartTracks(tx, id)).map((t) => t.id);
        await tx.query('delete from chart_tracks where chart_id = $1', [id]);
        await tx.query(
          'insert into chart_tracks (chart_id, track_id, position) select $1, x.id, x.n from unnest($2::int[]) with ordinality as x(id, n)', [id, ids],
        );
        if (JSON.stringify(before) !== JSON.stringify(ids)) {
          await recordHistory(tx, { entity: 'charts', entityId: id, userId: user!.id, action: 'update', changes: { tracks: { old: before, new: ids } } });
        }
        return onePage(await chartTracks(tx, id));
      });
    },
  });
}
