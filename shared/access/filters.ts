/**
 * Filter rules of spec §6. A filter is usable when the search type is allowed, the
 * type accepts the filter, and every rule listed for the filter here allows.
 */
import { APP_CONTROL, BRAND_DANCE, BRAND_DJ, BRANDS, APPS, can, oneOf, type Principal, type Rule } from './scopes';
import { searchType } from './search-types';

/**
 * Filters restricted to control scope (spec §6), free-download dates spelled out.
 * `sale_type` is declared by no search type: it is the sales filter `sale_type_id`
 * (SALES_FILTER_NAMES below; tests/shared/access.test.ts allows it as the one name no
 * search type declares).
 */
export const RESTRICTED_FILTERS: readonly string[] = [
  'release_id',
  'artist_id',
  'muzooka_profile',
  'label_id',
  'key_name',
  'id',
  'track_id',
  'guid',
  'encoded_date',
  'free_download_start_date',
  'free_download_end_date',
  'current_status',
  'encode_status',
  'release_status',
  'album_action',
  'status_message',
  'sale_type',
  'playlist_type_id',
];
export const CONTROL_ONLY: Rule = [[APP_CONTROL]];

/**
 * "Label and supplier filters need the brand-scoped scope group": one group per
 * application × brand, so the user needs an application scope and an active brand.
 */
export const BRAND_SCOPED: Rule = APPS.flatMap((app) => BRANDS.map((brand) => [app, brand]));
export const BRAND_SCOPED_FILTERS: readonly string[] = ['label', 'label_name', 'supplier', 'supplier_name'];

/** Hype filters: dance-music brand only. */
export const HYPE_FILTERS: readonly string[] = ['is_hype', 'hype_eligible', 'hype_active', 'is_available_for_hype'];
export const DANCE_ONLY: Rule = [[BRAND_DANCE]];

/** DJ-edit and UGC remix filters: DJ brand with control and admin, curation or content ops. */
export const DJ_FILTERS: readonly string[] = ['dj_edits', 'ugc_remixes'];
export const DJ_EDIT_RULE: Rule = [
  [BRAND_DJ, APP_CONTROL, 'staff:admin'],
  [BRAND_DJ, APP_CONTROL, 'staff:curation'],
  [BRAND_DJ, APP_CONTROL, 'staff:content_ops'],
];

/** Label manager filter: admin, curation, marketing. */
export const LABEL_MANAGER_RULE: Rule = oneOf('staff:admin', 'staff:curation', 'staff:marketing');

/** Every rule that applies to a filter (all must allow); [] means no extra rule. */
export function filterRules(filter: string): Rule[] {
  const rules: Rule[] = [];
  if (RESTRICTED_FILTERS.includes(filter)) rules.push(CONTROL_ONLY);
  if (BRAND_SCOPED_FILTERS.includes(filter)) rules.push(BRAND_SCOPED);
  if (HYPE_FILTERS.includes(filter)) rules.push(DANCE_ONLY);
  if (DJ_FILTERS.includes(filter)) rules.push(DJ_EDIT_RULE);
  if (filter === 'label_manager') rules.push(LABEL_MANAGER_RULE);
  return rules;
}

/** Names every filter rule above mentions: the ones the matrix test must walk. */
export const RULED_FILTERS: readonly string[] = [
  ...new Set([...RESTRICTED_FILTERS, ...BRAND_SCOPED_FILTERS, ...HYPE_FILTERS, ...DJ_FILTERS, 'label_manager']),
];

/** May this principal use `filter` on search type `type`? */
export function filterAllowed(principal: Principal, type: string, filter: string): boolean {
  const t = searchType(type);
  if (!t || !can(principal, t.rule) || !t.filters.includes(filter)) return false;
  return filterRules(filter).every((r) => can(principal, r));
}

/**
 * The sales filters (POST /v4/jobs/sales/, /v4/jobs/sales-export/ and the /sales screen)
 * under their §6 names, so they follow the same rules as search filters: sale type and
 * label are control-only, supplier is brand-scoped. A sales filter not listed has no rule.
 */
export const SALES_FILTER_NAMES: Readonly<Record<string, string>> = {
  sale_type_id: 'sale_type',
  label_id: 'label_id',
  supplier_id: 'supplier',
};

/** May this principal filter sales by `filter` (a SalesFilters key)? */
export function salesFilterAllowed(principal: Principal, filter: string): boolean {
  const name = Object.hasOwn(SALES_FILTER_NAMES, filter) ? SALES_FILTER_NAMES[filter] : undefined;
  return !name || filterRules(name).every((r) => can(principal, r));
}

/** The field error of a filter the API refuses because the account may not use it (403). */
export const filterRefusedText = (label: string) => `The filter ${label} is not available to your account.`;
/** The notice of a filter in a link that the screen dropped because the account may not use it. */
export const filterDroppedText = (labels: readonly string[]) =>
  `The filter${labels.length > 1 ? 's' : ''} ${labels.join(', ')} ${labels.length > 1 ? 'are' : 'is'} not available to your account and ${labels.length > 1 ? 'were' : 'was'} not applied.`;
