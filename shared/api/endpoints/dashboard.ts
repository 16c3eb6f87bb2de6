/**
 * The dashboard (spec §2): sales since the start of the month per brand and currency against
 * the same days of the previous month, followers, the top releases and tracks of the month,
 * and for those who handle deliveries the ones needing attention. Suppliers and labels see their
 * own, staff their active brand; sales figures only for who may read sales (SALES_RULE); artist
 * and DJ users no follower figures (DASHBOARD_FOLLOWERS_RULE).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint';

const MonthSales = z.object({ brand: z.string(), currency: z.string(), net: z.string(), previous_net: z.string() });
const Top = z.object({ id: z.number(), name: z.string(), quantity: z.number() });
const Followed = z.object({ kind: z.enum(['artist', 'label']), id: z.number(), name: z.string(), followers: z.number() });
/**
 * Store users following artists and labels: staff see every follow on their active brand,
 * suppliers the follows of their labels, a label its own.
 */
const Followers = z.object({
  total: z.number(),
  /** Follows since the start of the month, and over the same days of last month. */
  gained: z.number(),
  previous_gained: z.number(),
  /** The most followed artists and labels (labels only for suppliers and labels). */
  top: z.array(Followed),
});

export const DashboardView = z.object({
  /** The first day of the month and today (YYYY-MM-DD); the previous month is compared over the same days. */
  month_start: z.string(),
  today: z.string(),
  /** null: the user may not read sales. */
  sales: z.array(MonthSales).nullable(),
  /** null: the user has no follower figures of their own (artist and DJ users, DASHBOARD_FOLLOWERS_RULE). */
  followers: Followers.nullable(),
  top_releases: z.array(Top).nullable(),
  top_tracks: z.array(Top).nullable(),
  /** Deliveries in an error status (§4), for who reads deliveries; null for others. */
  deliveries_needing_attention: z.number().nullable(),
});
export type DashboardView = z.infer<typeof DashboardView>;

export const dashboardEndpoints = {
  view: endpoint({
    method: 'GET',
    path: '/v4/dashboard/',
    response: DashboardView,
    doc: "The signed-in user's dashboard: month-to-date sales against the same days of the previous month, followers, top releases and tracks, deliveries needing attention.",
  }),
};
