/**
 * GET /v4/dashboard/ (shared/api/endpoints/dashboard.ts): read from the sales rollups
 * (month to date against the same days of the previous month, and the month's top sellers),
 * the follows and the deliveries. Open to
 * every shell user (the /dashboard area); what each part shows follows its own rule.
 */
import type { FastifyInstance } from 'fastify';
import { AREA_RULES, DASHBOARD_FOLLOWERS_RULE, SALES_RULE, SEARCH_RULES, STAFF_ROLES, can } from '../../../shared/access';
import { dashboardEndpoints } from '../../../shared/api/endpoints/dashboard';
import { RELEASE_STATUS } from '../../../shared/vocabularies';
import type { Db } from '../../db/client';
import { registerHandlers } from '../route';

/** Number of top releases and tracks shown. */
export const DASHBOARD_TOP = 5;
const ERROR_STATUSES = RELEASE_STATUS.filter((t) => t.tone === 'error').map((t) => t.value);

export function registerDashboardRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, dashboardEndpoints, {
    view: {
      rule: AREA_RULES['/dashboard'],
      handler: async (_req, _reply, user) => {
        const u = user;
        const brands = u.principal.scopes.filter((s) => s.startsWith('brand:'));
        // Every part at once, each its own query.
        const dates = db.query<{ month_start: string; today: string }>(
          `select to_char(date_trunc('month', current_date), 'YYYY-MM-DD') as month_start, to_char(current_date, 'YYYY-MM-DD') as today`,
        );
        // Staff: their active brand; suppliers and labels: their own lines of every brand they hold.
        const own =
          u.supplierId != null
            ? ['a.supplier_id = $2', u.supplierId]
            : u.labelId != null
              ? ['a.label_id = $2', u.labelId]
              : ['a.brand = $2', u.principal.brand];
        // Staff read the rollup without supplier and label (far fewer rows); suppliers and labels their own rows of sales_daily.
        const staff = u.supplierId == null && u.labelId == null;
        const ownRollup = staff ? 'sales_days' : 'sales_daily';
        const mayReadSales = can(u.principal, SALES_RULE);
        const sales = mayReadSales
          ? db.query<{ brand: string; currency: string; net: string; previous_net: string }>(
              `select a.brand, a.currency,
              coalesce(sum(a.net) filter (where a.sale_date >= date_trunc('month', current_date)), 0)::numeric(14,2)::text as net,
              coalesce(sum(a.net) filter (where a.sale_date < date_trunc('month', current_date)), 0)::numeric(14,2)::text as previous_net
           from ${ownRollup} a
           where ${own[0]} and a.brand = any($1::text[]) and (
             a.sale_date between date_trunc('month', current_date) and current_date
             or a.sale_date between (date_trunc('month', current_date) - interval '1 month')::date
                                and (date_trunc('month', current_date) - interval '1 month')::date + (current_date - date_trunc('month', current_date)::date))
           group by 1, 2 order by 1, 2`,
              [brands, own[1]],
            )
          : Promise.resolve(null);
        // The month's top sellers: staff from the first rows of sales_item_months' quantity index (their brand's
        // releases and tracks by what they sold this month; the ORDER BY is the index's, nulls last included, or the
        // planner sorts the month's rows); a supplier or a label from its own lines of the month.
        const staffTop = (kind: 'release' | 'track') =>
          db.query<{ id: number; name: string; quantity: number }>(
            `select x.id, x.title as name, t.quantity::int as quantity
           from (select a.item_id as id, a.quantity from sales_item_months a
                 where ${own[0]} and a.brand = any($1::text[]) and a.sale_date = date_trunc('month', current_date)::date and a.kind = '${kind}'
                 order by a.quantity desc nulls last, a.item_id limit ${DASHBOARD_TOP}) t
           join ${kind === 'release' ? 'releases' : 'tracks'} x on x.id = t.id
           order by t.quantity desc, t.id`,
            [brands, own[1]],
          );
        const ownTop = (col: 'release_id' | 'track_id') =>
          db.query<{ id: number; name: string; quantity: number }>(
            `select a.${col} as id, x.title as name, sum(a.quantity)::int as quantity
           from sales_lines a join ${col === 'release_id' ? 'releases' : 'tracks'} x on x.id = a.${col}
           where ${own[0]} and a.brand = any($1::text[]) and a.sale_date >= date_trunc('month', current_date)
           group by 1, 2 order by 3 desc, 1 limit ${DASHBOARD_TOP}`,
            [brands, own[1]],
          );
        const top = (kind: 'release' | 'track') => (staff ? staffTop(kind) : ownTop(kind === 'release' ? 'release_id' : 'track_id'));
        const tops = mayReadSales ? Promise.all([top('release'), top('track')]) : Promise.resolve([null, null] as const);
        // Follows: staff of their brand, a supplier's of its labels, a label's of itself (brands the user holds).
        // Anyone else (artist and DJ users: tied to no artist or label) gets none, never the brand's.
        const whose =
          u.supplierId != null
            ? ['f.label_id in (select id from labels where supplier_id = $2)', u.supplierId]
            : u.labelId != null
              ? ['f.label_id = $2', u.labelId]
              : STAFF_ROLES.some((r) => u.principal.scopes.includes(r))
                ? ['f.brand = $2', u.principal.brand]
                : null;
        const follows =
          whose === null || !can(u.principal, DASHBOARD_FOLLOWERS_RULE)
            ? Promise.resolve(null)
            : Promise.all([
                db.query<{ total: number; gained: number; previous_gained: number }>(
                  `select count(*)::int as total,
                count(*) filter (where f.followed_at >= date_trunc('month', current_date))::int as gained,
                count(*) filter (where f.followed_at::date between (date_trunc('month', current_date) - interval '1 month')::date
                                   and (date_trunc('month', current_date) - interval '1 month')::date + (current_date - date_trunc('month', current_date)::date))::int as previous_gained
             from follows f where ${whose[0]} and f.brand = any($1::text[])`,
                  [brands, whose[1]],
                ),
                // The most followed: counted per artist or label first, then named.
                db.query<{ kind: 'artist' | 'label'; id: number; name: string; followers: number }>(
                  `select case when f.artist_id is not null then 'artist' else 'label' end as kind, coalesce(f.artist_id, f.label_id) as id,
                coalesce(a.name, l.name) as name, f.followers
             from (select f.artist_id, f.label_id, count(*)::int as followers from follows f
                   where ${whose[0]} and f.brand = any($1::text[])
                   group by 1, 2 order by 3 desc, f.artist_id is null, coalesce(f.artist_id, f.label_id) limit ${DASHBOARD_TOP}) f
             left join artists a on a.id = f.artist_id left join labels l on l.id = f.label_id
             order by f.followers desc, f.artist_id is null, 2`,
                  [brands, whose[1]],
                ),
              ]);
        const attention = can(u.principal, SEARCH_RULES.deliveries)
          ? db
              .query<{ n: number }>('select count(*)::int as n from deliveries where release_status = any($1::text[])', [ERROR_STATUSES])
              .then((r) => r[0].n)
          : Promise.resolve(null);
        const [[{ month_start, today }], salesRows, [topReleases, topTracks], follows_, needingAttention] = await Promise.all([
          dates,
          sales,
          tops,
          follows,
          attention,
        ]);
        const followers = follows_ ? { ...follows_[0][0], top: follows_[1] } : null;
        return {
          month_start,
          today,
          sales: salesRows,
          followers,
          top_releases: topReleases,
          top_tracks: topTracks,
          deliveries_needing_attention: needingAttention,
        };
      },
    },
  });
}
