/**
 * Route-level rules (spec §2, §6): the top-level routes and the shell's route roots.
 * Where the spec does not pin a rule, the choice is explained next to it.
 */
import { APP_BASEWARE, APP_CONTROL, STAFF_ROLES, allOf, anyOf, oneOf, withAll, type Rule } from './scopes';
import { HYPE_RULE } from './search-rules';
import { SEARCH_RULES, SEARCH_TYPES, searchType, type AreaRoute } from './search-types';
import { WRITE_RULES } from './writes';

/** Top-level routes (spec §2). */
export const TOP_ROUTES = {
  '/auth': '*',
  '/auth/verify': '*',
  '/logout': '*',
  '/service-agreement': [[APP_BASEWARE, 'user:supplier']],
  /** Everything else: the main app shell. */
  shell: [[APP_CONTROL], [APP_BASEWARE]],
} as const satisfies Record<string, Rule>;

/** A search area is open to whoever may use at least one of its search types. */
function searchArea(area: AreaRoute): Rule {
  return anyOf(...SEARCH_TYPES.filter((t) => t.area === area).map((t) => t.rule));
}

const FINANCE_VIEW = oneOf('staff:admin', 'staff:finance', 'user:supplier', 'user:label');

/** Rules for the route roots inside the shell. The shell rule applies first. */
export const AREA_RULES = {
  /** Open to every shell user: landing, dashboard, help, own account, resources, global search. */
  '/': '*',
  '/dashboard': '*',
  '/help': '*',
  '/account': '*',
  '/resources': '*',
  /** The all-types search: whoever may use at least one search type with a route (spec §2, §6). */
  '/search': anyOf(...SEARCH_TYPES.filter((t) => t.area !== null).map((t) => t.rule)),
  '/catalog': searchArea('/catalog'),
  '/support': searchArea('/support'),
  '/old-deliveries': searchArea('/old-deliveries'),
  '/curation': searchArea('/curation'),
  '/live': searchArea('/live'),
  /** New delivery tracking: the same people as the legacy deliveries search. */
  '/deliveries': SEARCH_RULES.deliveries,
  /** Money reports: admin and finance, plus suppliers and labels for their own figures. */
  '/statements': FINANCE_VIEW,
  /** The sales screen and the sales API follow the one SALES_RULE (below). */
  '/sales': FINANCE_VIEW,
  /** Packaging builds delivery packages: suppliers, labels, and the staff who ingest (admin, content ops). */
  '/packaging': oneOf('user:supplier', 'user:label', 'staff:admin', 'staff:content_ops'),
  /** Label manager assignment: admin and label management. */
  '/label-manager': oneOf('staff:admin', 'staff:label_mgmt'),
  /**
   * New-user CSV export holds personal data: admin and support, who read users (§6). Marketing
   * was offered the area once, but the users it exports are not theirs to read: a 403 after
   * the file was chosen helps nobody.
   */
  '/new-user-export': oneOf('staff:admin', 'staff:support'),
  /**
   * Creating: catalogue objects (admin and content ops), store pages (their writers: admin,
   * label management, curation, marketing on Control), and coupons (their writers: admin,
   * support, marketing). Not offered to suppliers and labels (issue 29): they create nothing
   * here; their new music arrives as a delivery package (/packaging).
   */
  '/create': anyOf(oneOf('staff:admin', 'staff:content_ops'), WRITE_RULES.storefront, WRITE_RULES.coupons),
  /** Hype is a dance-music brand product: the one hype rule, as the hype search types of /support use it. */
  '/hype': HYPE_RULE,
} as const satisfies Record<string, Rule>;

export type AreaRoot = keyof typeof AREA_RULES;
export const AREA_ROOTS = Object.keys(AREA_RULES) as AreaRoot[];

/**
 * API: the signed-in Baseware supplier's or label's own supplier record
 * (GET /v4/my/supplier/). Staff name a supplier through the staff-only suppliers list.
 */
export const OWN_SUPPLIER_RULE: Rule = withAll(oneOf('user:supplier', 'user:label'), APP_BASEWARE);

/**
 * API and UI: the dashboard's follower figures. Staff read their active brand's follows,
 * a supplier its labels', a label its own; artist and DJ users are tied to no artist or
 * label of the catalogue, so they get none (never the store-wide figures).
 */
export const DASHBOARD_FOLLOWERS_RULE: Rule = [...oneOf(...STAFF_ROLES), ['user:supplier'], ['user:label']];

/**
 * API: a supplier's banking details (GET/PATCH /v4/catalog/suppliers/{id}/banking/).
 * Money-sensitive, so narrower than the suppliers search: admin and finance staff, and
 * a Baseware supplier user for its own supplier (others' are 404).
 */
export const BANKING_RULE: Rule = [
  [APP_CONTROL, 'staff:admin'],
  [APP_CONTROL, 'staff:finance'],
  [APP_BASEWARE, 'user:supplier'],
];

/**
 * API: sales figures and sales export (POST /v4/jobs/sales/ and /v4/jobs/sales-export/ over
 * any filters; POST /v4/catalog/suppliers/{id}/sales/ and …/sales-export/ for one supplier):
 * the same people as the /sales area — admin and finance staff over the brands they hold, a
 * supplier user over its own lines, a label user over its own label's lines (the route
 * puts the owner into the job; another supplier's id is 404).
 */
export const SALES_RULE: Rule = AREA_RULES['/sales'];

/**
 * API: a supplier's statements (GET /v4/catalog/suppliers/{id}/statements/music/ and
 * …/statements/download-csv/): admin and finance staff on Control, and a Baseware supplier
 * user for its own supplier (another's is 404). Money, like BANKING_RULE.
 */
export const SUPPLIER_STATEMENTS_RULE: Rule = [
  [APP_CONTROL, 'staff:admin'],
  [APP_CONTROL, 'staff:finance'],
  [APP_BASEWARE, 'user:supplier'],
];

/**
 * API: a label's statements (GET /v4/catalog/labels/{id}/statements/): admin and finance staff
 * on Control, a Baseware label user for its own label and a supplier user for its own labels
 * (any other label is 404).
 */
export const LABEL_STATEMENTS_RULE: Rule = [...SUPPLIER_STATEMENTS_RULE, [APP_BASEWARE, 'user:label']];

/**
 * API: the temporary account email of an unclaimed label (GET /v4/auth/temp-account-email/).
 * Unclaimed label accounts are handed over by label management, admin and content ops.
 */
export const TEMP_ACCOUNT_EMAIL_RULE: Rule = oneOf('staff:admin', 'staff:label_mgmt', 'staff:content_ops');

/**
 * API: generating an unclaimed label's temporary username and password (POST
 * /v4/catalog/labels/{id}/temp-account/): whoever hands unclaimed accounts over (the
 * temp-account-email rule), on Control, who may also read the label.
 */
export const TEMP_ACCOUNT_WRITE_RULE: Rule = allOf(searchType('labels')!.rule, withAll(TEMP_ACCOUNT_EMAIL_RULE, APP_CONTROL));

/**
 * API: views shared with the team (GET/POST/DELETE /v4/accounts/me/shared-views/): staff on
 * Control, who are the roles a view is shared with. Sharing with another role, setting a
 * role's default and removing another's view are admin's (checked by the route).
 */
export const SHARED_VIEWS_RULE: Rule = withAll(oneOf(...STAFF_ROLES), APP_CONTROL);

/**
 * API: a track's support downloads (GET /v4/catalog/tracks/{id}/support-downloads/ and
 * …/support-downloads/{format}/), the files staff hand out when helping a customer, a label
 * or a store. The track's read rule (spec §6) restricted to staff on Control: every staff
 * role may, since every one reads tracks; suppliers, labels and other users never (they
 * see their own tracks' audio files and preview stream instead).
 */
export const SUPPORT_DOWNLOADS_RULE: Rule = allOf(searchType('tracks')!.rule, withAll(oneOf(...STAFF_ROLES), APP_CONTROL));

/**
 * UI: the collapsed "Technical details" of /resources (each area's route path) and /account
 * (scopes, features, API host, app version): staff on Control only, for telling support what
 * they see. Not a security boundary (nothing secret is shown), a matter of what users need.
 */
export const TECHNICAL_DETAILS_RULE: Rule = withAll(oneOf(...STAFF_ROLES), APP_CONTROL);

/**
 * API: the service agreement in force (GET /v4/catalog/service-agreement/) and a supplier's
 * acceptances (GET /v4/catalog/suppliers/{id}/service-agreement/): the staff who read
 * suppliers (§6 suppliers row, Control) and a Baseware supplier user, for its own
 * supplier only (another's is 404).
 */
export const SERVICE_AGREEMENT_READ_RULE: Rule = [
  ...withAll(SEARCH_RULES.suppliers as readonly (readonly string[])[], APP_CONTROL),
  [APP_BASEWARE, 'user:supplier'],
];

/**
 * API: accepting the service agreement (POST /v4/catalog/suppliers/{id}/service-agreement/):
 * the §2 /service-agreement rule (Baseware supplier users), for their own supplier only.
 * Staff never accept on a supplier's behalf.
 */
export const SERVICE_AGREEMENT_ACCEPT_RULE: Rule = TOP_ROUTES['/service-agreement'];

/**
 * API: the signed-in user's own billing (GET /v4/my/billing/): every user of the console,
 * Control or Baseware (the shell rule): it is their own row.
 */
export const MY_BILLING_READ_RULE: Rule = TOP_ROUTES.shell;

/**
 * API: billing records (GET /v4/billing/, order charges and refunds by id): money, so the
 * money readers of BANKING_RULE among staff — admin and finance on Control. Support reads
 * single orders (§6 orders row) on the order page instead; suppliers and labels read their
 * statements, not the store's customers' payments.
 */
export const BILLING_RECORDS_RULE: Rule = [
  [APP_CONTROL, 'staff:admin'],
  [APP_CONTROL, 'staff:finance'],
];

/**
 * API: the file classes lookup (GET /v4/fileclasses/): reference data that labels files,
 * like the auxiliary/ lists: any signed-in user.
 */
export const FILE_CLASSES_RULE: Rule = '*';

/**
 * API: an image uploaded through POST /v4/media/images/ (GET /v4/media/images/{id}/):
 * the images shown on store pages and records, so every user of the console (the shell rule).
 */
export const MEDIA_IMAGE_READ_RULE: Rule = TOP_ROUTES.shell;

/**
 * API: the pipeline status (GET /v4/pipeline/): the staff who run ingestion and encodes —
 * admin and content ops on Control (FIELD_RULES.ingestion, WRITE_RULES.deliveries). Label
 * management reads deliveries (§6) but the counts cover every job kind (sales, statements).
 */
export const PIPELINE_RULE: Rule = [
  [APP_CONTROL, 'staff:admin'],
  [APP_CONTROL, 'staff:content_ops'],
];
