/**
 * Write rules: who may change objects of each type through the generic
 * `PATCH /v4/{category}/{type}/{id}/` and `PUT /v4/{category}/{type}/`, separate from
 * the read rules of the spec §6 table (SEARCH_RULES).
 *
 * Spec §6 says other access lists exist ("admin and content ops only; admin, content
 * ops, curation; admin, support") without saying which screen uses which; each rule
 * below is one of those lists or says why not. Every write rule needs the Control
 * application and a staff role: suppliers and labels read their own records and do
 * not edit them here (their own banking stays under BANKING_RULE).
 *
 * Sensitive fields carry a rule of their own (FIELD_WRITE_RULES). A field's rule
 * replaces the type's rule for that field: label management may set a label's manager
 * and hype fields without editing the rest of the label, and content ops may edit the
 * label but not those fields. Fields nobody may write (e.g. a track's encode status,
 * set by encode jobs only, spec §4) are not in the PATCH schemas at all: a 400.
 */
import { SEARCH_RULES, searchType } from './search-types';
import { APP_BASEWARE, APP_CONTROL, BRAND_DJ, STAFF_ROLES, allOf, anyOf, can, oneOf, withAll, type Principal, type Rule } from './scopes';

/** Staff roles, on the Control application. */
const control = (...roles: string[]): Rule => withAll(oneOf(...roles), APP_CONTROL);

/** The write rules by the list they come from; TYPE_WRITE_RULES says which type uses which. */
export const WRITE_RULES = {
  /** Spec §6 "admin and content ops only": catalogue records (tracks, releases, labels, suppliers). */
  catalogue: control('staff:admin', 'staff:content_ops'),
  /** Spec §6 "admin, content ops, curation": shared catalogue (artists, charts, playlists, DJ profiles). */
  curated: control('staff:admin', 'staff:content_ops', 'staff:curation'),
  /** Genres (with sub-genres) and link partners: store-wide reference data, edited by admin only. */
  adminOnly: control('staff:admin'),
  /** Pages and page modules: the §6 read list, and "managed by Control users". */
  storefront: withAll(SEARCH_RULES.pages as readonly (readonly string[])[], APP_CONTROL),
  /** Live streams and their host and tracklist vendors: the §6 read list (admin, curation). */
  live: control('staff:admin', 'staff:curation'),
  /**
   * Coupons: admin, support (goodwill coupons for customers) and marketing (promotions).
   * Label management reads coupons (§6) but does not issue them.
   */
  coupons: control('staff:admin', 'staff:support', 'staff:marketing'),
  /** Spec §6 "admin, support": customer accounts. Content ops and curation read users, not edit them. */
  users: control('staff:admin', 'staff:support'),
  /**
   * Money and downloads of orders (refunds, dissociate/reassociate, disable/re-enable
   * downloads): spec §6 "admin, support", who read orders (§6 orders row).
   */
  orders: control('staff:admin', 'staff:support'),
  /** Hype offers: sold by label management and marketing, with admin. Support reads them for customers. */
  hypeOffers: control('staff:admin', 'staff:label_mgmt', 'staff:marketing'),
  /**
   * Label managers (/label-manager, §7 content-ops label-managers): the area's own list
   * (admin, label management), who also set a label's manager (FIELD_RULES).
   */
  labelManagers: control('staff:admin', 'staff:label_mgmt'),
  /** Issuing statements (POST /v4/jobs/statements/): admin and finance, who read every party's statements. */
  statements: control('staff:admin', 'staff:finance'),
  /**
   * SFTP users of suppliers (§7 content-ops ftp-users): admin and content ops, who run
   * ingestion (as FIELD_RULES.ingestion), for reading and writing alike: the list names
   * every supplier's delivery accounts.
   */
  ftpUsers: control('staff:admin', 'staff:content_ops'),
  /**
   * Making a DJ edit of a track (POST /tracks/{id}/dj-edit/): the catalogue writers
   * (admin, content ops) working in the DJ store, whose records DJ edits are; the §6
   * DJ-edit filters likewise need the DJ brand.
   */
  djEdits: withAll(oneOf('staff:admin', 'staff:content_ops'), APP_CONTROL, BRAND_DJ),
  /**
   * Re-ingesting deliveries and replacing their XML (§7 content ops "deliveries GET, POST
   * resubmit, PUT xml"; the inspector's reingest): admin and content ops, who run ingestion.
   * Label management reads deliveries (§6) but does not re-ingest them.
   */
  deliveries: control('staff:admin', 'staff:content_ops'),
} as const satisfies Record<string, Rule>;

/**
 * Write rule per editable search type. Types not listed (orders, hype purchases,
 * deliveries, Muzooka artists) are not written through the generic routes.
 */
export const TYPE_WRITE_RULES: Readonly<Record<string, Rule>> = {
  tracks: WRITE_RULES.catalogue,
  releases: WRITE_RULES.catalogue,
  labels: WRITE_RULES.catalogue,
  suppliers: WRITE_RULES.catalogue,
  genres: WRITE_RULES.adminOnly,
  link_partners: WRITE_RULES.adminOnly,
  artists: WRITE_RULES.curated,
  charts: WRITE_RULES.curated,
  playlists: WRITE_RULES.curated,
  dj_profiles: WRITE_RULES.curated,
  pages: WRITE_RULES.storefront,
  page_modules: WRITE_RULES.storefront,
  live_streams: WRITE_RULES.live,
  host_vendors: WRITE_RULES.live,
  tracklist_vendors: WRITE_RULES.live,
  coupons: WRITE_RULES.coupons,
  users: WRITE_RULES.users,
  hype_offers: WRITE_RULES.hypeOffers,
};

/** Sensitive-field lists. */
export const FIELD_RULES = {
  /** Label managers and hype (trial dates, eligibility, active): admin and label management. */
  labelCommercial: control('staff:admin', 'staff:label_mgmt'),
  /** A customer's fraud and billing switches: admin and support (finance does not read users, spec §6). */
  customerMoney: control('staff:admin', 'staff:support'),
  /** How a supplier's deliveries are matched and ingested: admin and content ops, who run ingestion. */
  ingestion: control('staff:admin', 'staff:content_ops'),
} as const satisfies Record<string, Rule>;

/** Per-type, per-field rules that replace the type's write rule for that field. */
export const FIELD_WRITE_RULES: Readonly<Record<string, Readonly<Record<string, Rule>>>> = {
  labels: {
    label_manager_id: FIELD_RULES.labelCommercial,
    hype_eligible: FIELD_RULES.labelCommercial,
    hype_active: FIELD_RULES.labelCommercial,
    hype_trial_start: FIELD_RULES.labelCommercial,
    hype_trial_end: FIELD_RULES.labelCommercial,
  },
  releases: {
    hype_eligible: FIELD_RULES.labelCommercial,
    hype_enabled: FIELD_RULES.labelCommercial,
  },
  users: {
    bypass_fraud_checks: FIELD_RULES.customerMoney,
    decline_transactions: FIELD_RULES.customerMoney,
    billing_disabled: FIELD_RULES.customerMoney,
  },
  suppliers: {
    ddex_party_id: FIELD_RULES.ingestion,
    vendor_code: FIELD_RULES.ingestion,
    auto_create_labels: FIELD_RULES.ingestion,
  },
};

/** A refused field's message in the 403 body `{"field": [message]}` (api-conventions error shape). */
export const FIELD_WRITE_REFUSED = 'You do not have permission to change this field.';

/** The type's write rule, or undefined when the type is not written through the generic routes. */
export function writeRule(type: string): Rule | undefined {
  return TYPE_WRITE_RULES[type];
}

/** The rule for one field: its own if sensitive, else the type's write rule (nobody when none). */
export function fieldWriteRule(type: string, field: string): Rule {
  return FIELD_WRITE_RULES[type]?.[field] ?? writeRule(type) ?? [];
}

/**
 * The PATCH/PUT route rule of a type: the caller must read the type (spec §6 table) and
 * may write at least one of its fields. Which fields is checked per request (refusedFields).
 */
export function writeRouteRule(type: string): Rule {
  const t = searchType(type);
  const own = writeRule(type);
  if (!t || !own) return [];
  return allOf(t.rule, anyOf(own, ...Object.values(FIELD_WRITE_RULES[type] ?? {})));
}

/** May this principal change `field` of an object of `type` (one it can see)? */
export function mayWriteField(principal: Principal, type: string, field: string): boolean {
  return can(principal, writeRouteRule(type)) && can(principal, fieldWriteRule(type, field));
}

/** The fields of a change this principal may not write (empty: all allowed). */
export function refusedFields(principal: Principal, type: string, fields: readonly string[]): string[] {
  return fields.filter((f) => !mayWriteField(principal, type, f));
}

/**
 * Refunding an order's items and changing their downloads (server/api/routes/orders.ts,
 * the order page): read orders (§6) and WRITE_RULES.orders.
 */
export const ORDER_WRITE: Rule = allOf(SEARCH_RULES.orders as Rule, WRITE_RULES.orders);

/** Adding credits to users (one or many): read users (§6) and WRITE_RULES.users ("admin, support"). */
export const CREDIT_WRITE: Rule = allOf(SEARCH_RULES.users as Rule, WRITE_RULES.users);

/** A user's linked sign-in identities and billing state (GET …/users/{id}/identities/, …/billing/): whoever reads users (§6). */
export const USER_ACCOUNT_READ: Rule = SEARCH_RULES.users as Rule;

/**
 * Issuing a user a one-time password reset link (POST …/users/{id}/password-reset-link/)
 * and disabling their billing (PATCH …/users/{id}/billing/): read users (§6) and
 * FIELD_RULES.customerMoney (admin, support), the rule of the user's billing switch.
 */
export const USER_ACCOUNT_WRITE: Rule = allOf(SEARCH_RULES.users as Rule, FIELD_RULES.customerMoney);

/**
 * Notes on tracks, releases, suppliers and users (GET and POST …/{id}/notes/; spec §7
 * names them, §6 says nothing of who): the store's own remarks about a record (why a
 * release was held, what was agreed with a supplier), so staff on Control who read the
 * type read and write them; suppliers, labels, artists and DJs neither read nor write
 * notes, not even on their own records (docs/decisions.md "Who may write"). Empty for a type
 * without notes' read rule.
 */
export const NOTES_STAFF: Rule = control(...STAFF_ROLES);
export function notesRule(type: string): Rule {
  const t = searchType(type);
  return t ? allOf(t.rule, NOTES_STAFF) : [];
}

/**
 * The signed-in user's own billing (PATCH /v4/my/billing/): every user of the console
 * (Control or Baseware) may switch off their own billing. Switching it back on once it is
 * off is MY_BILLING_ENABLE's: billing disable is the customer-money switch support uses
 * against fraud, so a user may not lift it from themselves (the route refuses the field).
 */
export const MY_BILLING_WRITE: Rule = [[APP_CONTROL], [APP_BASEWARE]];
/** Re-enabling one's own billing: FIELD_RULES.customerMoney (admin, support), the rule of the billing switch. */
export const MY_BILLING_ENABLE: Rule = FIELD_RULES.customerMoney;

/**
 * The generic image upload (POST /v4/media/images/, spec §7 "POST media/images"): the
 * staff on Control who write records that carry images — catalogue (admin, content ops),
 * shared catalogue (and curation), store pages (label management, curation, marketing)
 * and live streams. Support and finance write no images; suppliers and labels upload
 * their own cover art through the release's route.
 */
export const MEDIA_IMAGE_WRITE: Rule = anyOf(WRITE_RULES.catalogue, WRITE_RULES.curated, WRITE_RULES.storefront, WRITE_RULES.live);

/**
 * A track's audio (spec §7 content ops "track-file-update", "encode POSTs for on-demand and
 * beatdrop"): replacing its source audio and starting an encode of it are catalogue writes,
 * "admin and content ops only", as the track's re-encode (docs/decisions.md "Who may write"); the
 * writer must also read the track (§6 tracks row).
 */
export const TRACK_AUDIO_WRITE: Rule = allOf(searchType('tracks')!.rule, WRITE_RULES.catalogue);

/**
 * The publishers catalogue (spec §7 content ops "publishers POST/DELETE"): catalogue
 * reference data, "admin and content ops only", who credit tracks' publishers (the tracks
 * write rule). Reading the list: every staff role on Control (publishers are shown on
 * every track; suppliers and labels name theirs in their deliveries).
 */
export const PUBLISHERS_WRITE: Rule = WRITE_RULES.catalogue;
export const PUBLISHERS_READ: Rule = control(...STAFF_ROLES);
