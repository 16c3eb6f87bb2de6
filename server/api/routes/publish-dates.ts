/**
 * Publish, pre-order and takedown times per country and commercial model type (spec §3
 * publish dates, §5, §7): GET/PUT /tracks/{id}/countries-publish-date/?commercial_model_type=,
 * PUT /tracks/{id}/countries-times/update/ and PUT /releases/{id}/countries-times/update/.
 *
 * The API takes local date-times and a zone name (the console sends Mountain time,
 * America/Denver, spec §9) and stores instants (track_publish_dates, timestamptz); the
 * shared body schemas (shared/api/endpoints/subresources.ts, shared/api/zoned-time.ts)
 * turn them into instants and check the §5 rules. Answers carry the instants and the
 * same times in the request's zone.
 *
 * - PUT countries-publish-date replaces one commercial model type's list: the countries
 *   given get these times, that type's other countries are removed.
 * - countries-times/update sets these times for the countries given, of one commercial
 *   model type or (none named) every one, and leaves other countries as they are; a
 *   release's applies to every track of the release in one transaction.
 */
import type { FastifyInstance } from 'fastify';
import { PUBLISH_TIME_ZONE } from '../../../shared/constants';
import {
  releaseSubresourceEndpoints,
  trackSubresourceEndpoints as ep,
  type Country,
  type PublishDate,
  type PublishDates,
  type PublishInstants,
} from '../../../shared/api/endpoints';
import { zonedLocal } from '../../../shared/api/zoned-time';
import { MSG } from '../../../shared/messages';
import type { Db, Queryable } from '../../db/client';
import { badRequest } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { endpointsOf, registerHandlers } from '../route';
import { lockedParent, readRuleOf, visibleParent, writeRuleOf } from './subresource';

export const COMMERCIAL_MODEL_TYPES = 'commercial-model-types';

interface Ref {
  id: number;
  name: string;
}

/** The commercial model types of the reference list: the one asked for (400 naming `field` when it is none), or all. */
async function modelTypes(q: Queryable, id: number | null, field = 'commercial_model_type'): Promise<Ref[]> {
  const rows = await q.query<Ref>(
    'select id, name from reference_items where list = $1 and ($2::int is null or id = $2::int) order by id',
    [COMMERCIAL_MODEL_TYPES, id],
  );
  if (id !== null && !rows.length) throw badRequest(field, MSG.selectFromList);
  return rows;
}

/** The countries of these ids (400 naming country_ids when one is no country). */
async function countriesOf(q: Queryable, ids: number[]): Promise<Country[]> {
  const rows = await q.query<Country>(
    'select id, code::text as code, name, region from countries where id = any($1::int[]) order by name',
    [ids],
  );
  if (rows.length !== ids.length) throw badRequest('country_ids', MSG.selectFromList);
  return rows;
}

interface StoredRow {
  country: Country;
  commercial_model_type: Ref;
  publish_at: string;
  pre_order_at: string | null;
  takedown_at: string | null;
}

async function storedDates(q: Queryable, trackId: number, modelId: number | null): Promise<StoredRow[]> {
  return q.query<StoredRow>(
    `select json_build_object('id', c.id, 'code', c.code::text, 'name', c.name, 'region', c.region) as country,
       json_build_object('id', d.commercial_model_id, 'name', coalesce(m.name, d.commercial_model_id::text)) as commercial_model_type,
       d.publish_at, d.pre_order_at, d.takedown_at
     from track_publish_dates d join countries c on c.id = d.country_id
     left join reference_items m on m.list = $3 and m.id = d.commercial_model_id
     where d.track_id = $1 and ($2::int is null or d.commercial_model_id = $2::int)
     order by c.name, d.commercial_model_id`,
    [trackId, modelId, COMMERCIAL_MODEL_TYPES],
  );
}

const local = (instant: string | null, zone: string) => (instant === null ? null : zonedLocal(instant, zone));

/** The stored times with the same times in `zone`. */
function withLocal<T extends PublishInstants>(row: T, zone: string) {
  return {
    ...row,
    publish_local: local(row.publish_at, zone)!,
    pre_order_local: local(row.pre_order_at, zone),
    takedown_local: local(row.takedown_at, zone),
  };
}

async function datesOf(q: Queryable, trackId: number, modelId: number | null, zone: string): Promise<PublishDates> {
  const results: PublishDate[] = (await storedDates(q, trackId, modelId)).map((r) => withLocal(r, zone));
  return { track_id: trackId, time_zone: zone, count: results.length, results };
}

/** A row as the history records it. */
const historyRow = (r: StoredRow) => ({
  country: r.country.code,
  commercial_model_type: r.commercial_model_type.name,
  publish_at: r.publish_at,
  pre_order_at: r.pre_order_at,
  takedown_at: r.takedown_at,
});
const keyOf = (r: StoredRow) => `${r.country.id}:${r.commercial_model_type.id}`;

/**
 * Writes one track's times: these countries × these model types get the instants; with
 * `replaceModel`, that model type's other countries are removed. One history row when
 * anything changed, with the rows before and after (of the countries and types touched).
 */
async function writeTimes(
  tx: Queryable,
  trackId: number,
  userId: number,
  change: { countryIds: number[]; modelIds: number[]; instants: PublishInstants; replaceModel?: number },
): Promise<void> {
  const { countryIds, modelIds, instants, replaceModel } = change;
  const touched = (r: StoredRow) =>
    replaceModel !== undefined
      ? r.commercial_model_type.id === replaceModel
      : countryIds.includes(r.country.id) && modelIds.includes(r.commercial_model_type.id);
  const before = (await storedDates(tx, trackId, null)).filter(touched);
  if (replaceModel !== undefined) {
    await tx.query(
      'delete from track_publish_dates where track_id = $1 and commercial_model_id = $2 and not (country_id = any($3::int[]))',
      [trackId, replaceModel, countryIds],
    );
  }
  await tx.query(
    `insert into track_publish_dates (track_id, country_id, commercial_model_id, publish_at, pre_order_at, takedown_at)
     select $1, c, m, $4::timestamptz, $5::timestamptz, $6::timestamptz from unnest($2::int[]) c cross join unnest($3::int[]) m
     on conflict (track_id, country_id, commercial_model_id) do update
       set publish_at = excluded.publish_at, pre_order_at = excluded.pre_order_at, takedown_at = excluded.takedown_at`,
    [trackId, countryIds, modelIds, instants.publish_at, instants.pre_order_at, instants.takedown_at],
  );
  const after = (await storedDates(tx, trackId, null)).filter(touched);
  const same =
    before.length === after.length &&
    before.every((b) => {
      const a = after.find((x) => keyOf(x) === keyOf(b));
      return a && a.publish_at === b.publish_at && a.pre_order_at === b.pre_order_at && a.takedown_at === b.takedown_at;
    });
  if (!same) {
    await recordHistory(tx, {
      entity: 'tracks',
      entityId: trackId,
      userId,
      action: 'update',
      changes: { countries_publish_date: { old: before.map(historyRow), new: after.map(historyRow) } },
    });
  }
}

export function registerPublishDateRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, endpointsOf(ep, 'publishDates', 'putPublishDates', 'updateTimes'), {
    publishDates: {
      rule: readRuleOf('tracks'),
      handler: async (req, _reply, user) => {
        const trackId = req.params.id;
        await visibleParent(db, 'tracks', user, trackId);
        const model = req.query.commercial_model_type ?? null;
        await modelTypes(db, model);
        return datesOf(db, trackId, model, req.query.time_zone ?? PUBLISH_TIME_ZONE);
      },
    },

    putPublishDates: {
      rule: writeRuleOf('tracks'),
      handler: async (req, _reply, user) => {
        const trackId = req.params.id;
        const { country_ids, time_zone, ...instants } = req.body;
        const model = req.query.commercial_model_type;
        return db.transaction(async (tx) => {
          await lockedParent(tx, 'tracks', user, trackId);
          await modelTypes(tx, model);
          await countriesOf(tx, country_ids);
          await writeTimes(tx, trackId, user.id, { countryIds: country_ids, modelIds: [model], instants, replaceModel: model });
          return datesOf(tx, trackId, model, time_zone);
        });
      },
    },

    updateTimes: {
      rule: writeRuleOf('tracks'),
      handler: async (req, _reply, user) => {
        const trackId = req.params.id;
        const { country_ids, commercial_model_type, time_zone, ...instants } = req.body;
        return db.transaction(async (tx) => {
          await lockedParent(tx, 'tracks', user, trackId);
          const models = await modelTypes(tx, commercial_model_type);
          await countriesOf(tx, country_ids);
          await writeTimes(tx, trackId, user.id, { countryIds: country_ids, modelIds: models.map((m) => m.id), instants });
          return datesOf(tx, trackId, null, time_zone);
        });
      },
    },
  });

  registerHandlers(app, db, releaseSubresourceEndpoints, {
    updateTimes: {
      rule: writeRuleOf('releases'),
      handler: async (req, _reply, user) => {
        const releaseId = req.params.id;
        const { country_ids, commercial_model_type, time_zone: zone, ...instants } = req.body;
        return db.transaction(async (tx) => {
          await lockedParent(tx, 'releases', user, releaseId);
          const models = await modelTypes(tx, commercial_model_type);
          const countries = await countriesOf(tx, country_ids);
          const tracks = await tx.query<{ id: number }>('select id from tracks where release_id = $1 order by position, id for update', [
            releaseId,
          ]);
          for (const t of tracks) {
            await writeTimes(tx, t.id, user.id, { countryIds: country_ids, modelIds: models.map((m) => m.id), instants });
          }
          return {
            release_id: releaseId,
            track_ids: tracks.map((t) => t.id),
            countries,
            commercial_model_types: models,
            time_zone: zone,
            ...withLocal(instants, zone),
          };
        });
      },
    },
  });
}
