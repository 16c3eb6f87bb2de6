/**
 * The countries a track may be sold in (spec §3 territories, §7 countries-allowed):
 * GET; PUT replaces the list, POST adds to it (countries one by one and/or whole
 * regions); GET …/regional-summary/ counts allowed vs all countries per region.
 *
 * A track with no countries chosen is not restricted: every country, including
 * countries added to the reference list later. A list that comes to hold every country
 * is stored that way too (no rows), so "every country" has one form.
 */
import type { FastifyInstance } from 'fastify';
import { trackSubresourceEndpoints as ep, type CountriesAllowed, type Country } from '../../../shared/api/endpoints';
import { MSG } from '../../../shared/messages';
import type { Db, Queryable } from '../../db/client';
import { badRequest } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { endpointsOf, registerHandlers } from '../route';
import { lockedParent, readRuleOf, visibleParent, writeRuleOf } from './subresource';

const COUNTRY = 'c.id, c.code::text as code, c.name, c.region';

/** The countries of the reference list, by name. */
export async function allCountries(q: Queryable): Promise<Country[]> {
  return q.query<Country>(`select ${COUNTRY} from countries c order by c.name`);
}

/** The chosen countries of a track (empty: not restricted). */
async function chosen(q: Queryable, trackId: number): Promise<Country[]> {
  return q.query<Country>(
    `select ${COUNTRY} from track_countries_allowed a join countries c on c.id = a.country_id where a.track_id = $1 order by c.name`,
    [trackId],
  );
}

async function allowedOf(q: Queryable, trackId: number): Promise<CountriesAllowed> {
  const list = await chosen(q, trackId);
  const results = list.length ? list : await allCountries(q);
  return { track_id: trackId, restricted: list.length > 0, count: results.length, results };
}

/**
 * The countries a body names, one by one and by region; an id that is no country is a
 * 400 naming country_ids.
 */
async function named(q: Queryable, body: { country_ids?: number[]; regions?: string[] }): Promise<Country[]> {
  const ids = [...new Set(body.country_ids ?? [])];
  const found = await q.query<Country>(
    `select ${COUNTRY} from countries c where c.id = any($1::int[]) or c.region = any($2::text[]) order by c.name`,
    [ids, body.regions ?? []],
  );
  const known = new Set(found.map((c) => c.id));
  if (ids.some((id) => !known.has(id))) throw badRequest('country_ids', MSG.selectFromList);
  return found;
}

/** History's form of a list: country codes, or 'all' when not restricted. */
const asHistory = (a: CountriesAllowed) => (a.restricted ? a.results.map((c) => c.code) : 'all');

/** Stores `ids` as the track's allowed countries (none stored when they are every country); history when it changes. */
async function store(tx: Queryable, trackId: number, userId: number, ids: Set<number>): Promise<CountriesAllowed> {
  const before = await allowedOf(tx, trackId);
  const all = await allCountries(tx);
  const rows = all.every((c) => ids.has(c.id)) ? [] : [...ids];
  const same = before.restricted ? rows.length === before.results.length && before.results.every((c) => ids.has(c.id)) : rows.length === 0;
  if (same) return before;
  await tx.query('delete from track_countries_allowed where track_id = $1', [trackId]);
  if (rows.length) {
    await tx.query('insert into track_countries_allowed (track_id, country_id) select $1, unnest($2::int[])', [trackId, rows]);
  }
  const after = await allowedOf(tx, trackId);
  await recordHistory(tx, {
    entity: 'tracks',
    entityId: trackId,
    userId,
    action: 'update',
    changes: { countries_allowed: { old: asHistory(before), new: asHistory(after) } },
  });
  return after;
}

export function registerTerritoryRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, endpointsOf(ep, 'countriesAllowed', 'putCountriesAllowed', 'addCountriesAllowed', 'regionalSummary'), {
    countriesAllowed: {
      rule: readRuleOf('tracks'),
      handler: async (req, _reply, user) => {
        await visibleParent(db, 'tracks', user, req.params.id);
        return allowedOf(db, req.params.id);
      },
    },

    putCountriesAllowed: {
      rule: writeRuleOf('tracks'),
      handler: async (req, _reply, user) =>
        db.transaction(async (tx) => {
          await lockedParent(tx, 'tracks', user, req.params.id);
          const ids = new Set((await named(tx, req.body)).map((c) => c.id));
          return store(tx, req.params.id, user.id, ids);
        }),
    },

    addCountriesAllowed: {
      rule: writeRuleOf('tracks'),
      handler: async (req, _reply, user) =>
        db.transaction(async (tx) => {
          await lockedParent(tx, 'tracks', user, req.params.id);
          const added = await named(tx, req.body);
          const current = await allowedOf(tx, req.params.id);
          return store(tx, req.params.id, user.id, new Set([...current.results, ...added].map((c) => c.id)));
        }),
    },

    regionalSummary: {
      rule: readRuleOf('tracks'),
      handler: async (req, _reply, user) => {
        const trackId = req.params.id;
        await visibleParent(db, 'tracks', user, trackId);
        const restricted = (await chosen(db, trackId)).length > 0;
        const results = await db.query<{ region: string; allowed: number; total: number }>(
          `select c.region, count(*)::int as total,
             (case when $2::boolean then count(a.country_id) else count(*) end)::int as allowed
           from countries c left join track_countries_allowed a on a.country_id = c.id and a.track_id = $1
           group by c.region order by c.region`,
          [trackId, restricted],
        );
        const sum = (k: 'allowed' | 'total') => results.reduce((n, r) => n + r[k], 0);
        return { track_id: trackId, restricted, allowed: sum('allowed'), total: sum('total'), results };
      },
    },
  });
}
