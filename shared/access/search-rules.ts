/** Spec §6 search-type table: one access rule per row (the search-type declarations name them). */
import { APP_CONTROL, BRAND_DANCE, oneOf, STAFF_ROLES, withAll, type Rule } from './scopes';

const ALL_STAFF = oneOf(...STAFF_ROLES);

/**
 * Hype (spec §6 hype purchases row; "Hype filter: dance-music brand only"): hype is a
 * dance-music brand product, so the hype search types of /support and the /hype area
 * share this one rule (shared/access/areas.ts).
 */
export const HYPE_RULE: Rule = withAll(oneOf('staff:admin', 'staff:label_mgmt', 'staff:support', 'staff:marketing'), BRAND_DANCE);

/** Spec §6 search-type table, one rule per row. */
export const SEARCH_RULES = {
  catalogueCore: [...ALL_STAFF, ['user:supplier'], ['user:label']],
  charts: ALL_STAFF,
  coupons: oneOf('staff:admin', 'staff:label_mgmt', 'staff:support', 'staff:marketing'),
  deliveries: oneOf('staff:admin', 'staff:content_ops', 'staff:label_mgmt'),
  djProfilesPlaylists: [...ALL_STAFF, ['user:label'], ['user:supplier', APP_CONTROL]],
  hypePurchases: HYPE_RULE,
  labels: [...ALL_STAFF.filter((g) => g[0] !== 'staff:support'), ['user:supplier']],
  curationLive: oneOf('staff:admin', 'staff:curation'),
  orders: oneOf('staff:admin', 'staff:support'),
  pages: oneOf('staff:admin', 'staff:label_mgmt', 'staff:curation', 'staff:marketing'),
  suppliers: oneOf('staff:admin', 'staff:label_mgmt', 'staff:marketing', 'staff:curation', 'staff:content_ops', 'staff:finance'),
  users: oneOf('staff:admin', 'staff:support', 'staff:content_ops', 'staff:curation'),
  /** Not in the §6 table: hype offers are sold with hype purchases, so the same rule. */
  hypeOffers: HYPE_RULE,
  /** Not in the §6 table: Muzooka mappings are edited on artists by admin, curation and content ops. */
  muzooka: oneOf('staff:admin', 'staff:curation', 'staff:content_ops'),
} as const satisfies Record<string, Rule>;
