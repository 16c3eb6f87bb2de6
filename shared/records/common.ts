/** Fields and read-only fields several record types share. */
import { field } from './define';
import { bool, day, id } from './values';

/**
 * "Enabled" is a field (spec §3), shown as a switch. A new record is created disabled
 * unless the user turns it on (issue 27: a coupon meant to go live later is not
 * redeemable at once; docs/decisions.md "Create defaults").
 */
export const ENABLED = field('Enabled', 'boolean', bool(), { default: false });
export const GENRE = field('Genre', 'select', id.nullable(), { list: 'genres', shownAs: 'genre' });
export const CREATED = { label: 'Created', kind: 'datetime' } as const;
/** The store's price tier a release or track sells at, from its supplier's deal (its deal's ERN PriceCode; read-only: ingestion sets it). */
export const PRICE_TIER = { label: 'Price Tier', kind: 'text' } as const;
/** Start and end dates (spec §5: start before end, both skipped when either is empty: checks.ts startBeforeEnd). */
export const DATE_RANGE = {
  start_date: field('Start Date', 'date', day.nullable()),
  end_date: field('End Date', 'date', day.nullable()),
};
