/** auxiliary/: every reference list of spec §3, each on one page of the v4 envelope. */
import type { FastifyInstance } from 'fastify';
import { pageTypes } from '../../../shared/access';
import { auxiliaryEndpoint, type ReferenceItem } from '../../../shared/api/endpoints';
import type { Db } from '../../db/client';
import { addEndpoint } from '../route';
import type { RequestUser } from '../principal';
import { EXCLUSIVE_PERIODS, exclusivePeriodSortKey } from '../../../shared/constants';
import { REFERENCE_LISTS } from '../../db/reference';

const envelope = (results: ReferenceItem[]) => ({
  count: results.length,
  next: null,
  previous: null,
  page: '1/1',
  per_page: Math.max(1, results.length),
  results,
});

type Loader = (db: Db, user: RequestUser) => Promise<ReferenceItem[]>;

const generic =
  (list: string): Loader =>
  (db) =>
    db.query<ReferenceItem>('select id, name from reference_items where list = $1 order by id', [list]);

/** Named lists with their own tables or shapes. Aliases follow the spec's path names. */
const SPECIAL: Record<string, Loader> = {
  genres: (db) =>
    db.query(`select g.id, g.name, g.slug, coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.id)
    filter (where s.id is not null), '[]'::json) as sub_genres from genres g left join sub_genres s on s.genre_id = g.id
    where g.enabled group by g.id order by g.name`),
  keys: (db) => db.query('select id, name, camelot from musical_keys order by id'),
  countries: (db) => db.query('select id, code, name, region from countries order by name'),
  states: (db) =>
    db.query(`select s.id, s.code, s.name, json_build_object('id', c.id, 'name', c.name, 'code', c.code) as country
    from states s join countries c on c.id = s.country_id order by c.name, s.name`),
  currency: (db) => db.query('select id, code, name from currencies order by id'),
  'exclusive-period': async () => EXCLUSIVE_PERIODS.map((p) => ({ id: p.days, name: p.label, sort: exclusivePeriodSortKey(p.days) })),
  'label-managers': (db) => db.query('select id, name, enabled from label_managers order by name'),
  'host-vendors': (db) => db.query('select id, name from host_vendors where enabled order by name'),
  'tracklist-vendors': (db) => db.query('select id, name from tracklist_vendors where enabled order by name'),
  // Spec §6: on the dance-music brand only Landing Page is offered.
  'page-types': async (db, user) => {
    const allowed = pageTypes(user.principal.brand);
    const rows = await generic('page-types')(db, user);
    return rows.filter((r) => allowed.includes(r.name as string));
  },
};
SPECIAL.currencies = SPECIAL.currency;

export const AUXILIARY_LISTS: readonly string[] = [...new Set([...Object.keys(REFERENCE_LISTS), ...Object.keys(SPECIAL)])].sort();

export function registerAuxiliaryRoutes(app: FastifyInstance, db: Db) {
  for (const name of AUXILIARY_LISTS) {
    const load = SPECIAL[name] ?? generic(name);
    addEndpoint(app, db, auxiliaryEndpoint(name), {
      // Reference lists label every screen: any signed-in user.
      rule: '*',
      handler: async (_req, reply, user) => {
        reply.header('cache-control', 'private, max-age=300');
        return envelope(await load(db, user));
      },
    });
  }
}
