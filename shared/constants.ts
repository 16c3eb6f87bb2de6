/** Business constants and limits (console-spec §9). */

export const LIMITS = {
  pageModuleItems: 250,
  liveStreamStages: 5,
  newUserExportDays: 2,
  /** How long a password reset link works (once) after it is issued. */
  passwordResetLinkMinutes: 60,
} as const;

/** Maximum field lengths (§9, §3). */
export const MAX_LEN = {
  chartTitle: 45,
  upc: 32,
  globalReleaseId: 18,
  isrc: 16,
  mixName: 128,
  trackTitle: 250,
  releaseTitle: 250,
  pageName: 255,
  pageModuleName: 250,
  bankField: 45,
  bankAccountNumber: 255,
  swift: 100,
  iban: 100,
  paypalEmail: 255,
  copyrightHolder: 1000,
  /** A track's songwriter or publisher name: ours (§9 gives none). */
  creditName: 255,
} as const;

export const PRE_ORDER_WEEKS = [0, 1, 2, 3, 4] as const;

/** Most rows one bulk edit (PATCH …/tracks/bulk/) previews or applies. */
export const BULK_EDIT_MAX = 5000;

/**
 * Exclusive period (§9): the wire value is the number of days, 0 for None (no exclusivity)
 * and null for Lifetime (sorted as 250). The console offers them in this order; §9 shows
 * any other value as None.
 */
export const EXCLUSIVE_PERIODS = [
  { days: 0, label: 'None' },
  { days: 14, label: '2 Weeks' },
  { days: 28, label: '4 Weeks' },
  { days: 56, label: '8 Weeks' },
  { days: null, label: 'Lifetime' },
] as const;
export type ExclusivePeriodDays = (typeof EXCLUSIVE_PERIODS)[number]['days'];
/** The wire value of None (no exclusive period). */
export const EXCLUSIVE_NONE = 0;
/** The exclusive periods with a number of days (Lifetime, null, aside): what the database's CHECKs allow besides null. */
export const EXCLUSIVE_PERIOD_DAYS: readonly number[] = EXCLUSIVE_PERIODS.flatMap((p) => (p.days === null ? [] : [p.days]));
/** The label of an exclusive period (null: Lifetime); 'None' when unset or not one of them. */
export function exclusivePeriodLabel(days: number | null | undefined): string {
  return EXCLUSIVE_PERIODS.find((p) => p.days === days)?.label ?? 'None';
}
export function exclusivePeriodSortKey(days: number | null | undefined): number {
  return days === null ? 250 : (days ?? 0);
}

export const IMAGE_CROPS = {
  default: [1400, 1400],
  largeSlideshow: [2160, 864],
  homeLarge: [800, 560],
  homeSmall: [220, 107],
  landingHeader: [940, 321],
  landingLeft: [620, 321],
  chartsGenreLarge: [1050, 508],
  crossMerchandising: [480, 508],
  iabRectangle: [300, 250],
  unrestrictedHeight: [300, 70],
} as const;
export type ImageCrop = keyof typeof IMAGE_CROPS;
/** The §9 names of the crops, as the console shows them. */
export const IMAGE_CROP_LABELS: Readonly<Record<ImageCrop, string>> = {
  default: 'Default',
  largeSlideshow: 'Large Slideshow',
  homeLarge: 'Home Large',
  homeSmall: 'Home Small',
  landingHeader: 'Landing Header',
  landingLeft: 'Landing Left',
  chartsGenreLarge: 'Charts/Genre Large',
  crossMerchandising: 'Cross Merchandising',
  iabRectangle: 'IAB Rectangle',
  unrestrictedHeight: 'Unrestricted Height',
};
export const COVER_ART_MIN = 500;
/** An artist's profile image as stored (POST …/artists/{id}/images/, pull-image): a square of this side, JPEG. */
export const ARTIST_IMAGE_SIDE = 500;
/** A label's image as stored (POST …/labels/{id}/images/; spec §3 "image 500x500"): a square of this side, JPEG. */
export const LABEL_IMAGE_SIDE = 500;
/** A chart's image as stored (POST …/charts/{id}/images/): a centre-cropped square of this side, JPEG. */
export const CHART_IMAGE_SIDE = 500;
/** Cover art the API takes (POST …/releases/{id}/images/): a body of at most this many bytes (413 above it). */
export const COVER_ART_MAX_BYTES = 20 * 1024 * 1024;
/** …and at most this many pixels a side (decoding a bigger image would take too much memory). */
export const COVER_ART_MAX_SIDE = 6000;

export const CURRENCIES = [
  { code: 'USD', name: 'Dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'AUD', name: 'Australian Dollar' },
  { code: 'GBP', name: 'Pound' },
  { code: 'MXN', name: 'Mexico Pesos' },
  { code: 'BRL', name: 'Brazil Real' },
] as const;

/** Publish-date times are Mountain time (§9): the zone the console shows and sends them in. */
export const PUBLISH_TIME_ZONE = 'America/Denver';
/** Live stream start and end (§3 "start/end (MDT)", §9): entered and shown in the same Mountain time, MST or MDT as the date has it. */
export const LIVE_TIME_ZONE = PUBLISH_TIME_ZONE;

export const AUDIO_UPLOAD_TYPES = ['wav', 'flac', 'aiff'] as const;

export const POLL_INTERVAL_MS = 1000;
export const POLL_TIMEOUT_MS = 120_000;
export const REINGEST_BLOCK_SECONDS = 90;
/**
 * Most deliveries selected at once on /old-deliveries (§5 names a limit without its value):
 * what one resubmit re-ingests, each in the request; the screen shows it and the server refuses more.
 */
export const DELIVERY_SELECTION_LIMIT = 50;
export const PREFERENCES_VERSION = 2;
export const AUTH_VERSION = 1;
export const MODAL_TRANSITION_MS = 200;
export const FIRST_FILTER_YEAR = 2004;

/** Viewport classes (§2), by minimum width; `label` is how screens name them. */
export const VIEWPORTS = [
  { name: 'mobile-portrait', label: 'Phone (portrait)', min: 0, max: 567 },
  { name: 'mobile-landscape', label: 'Phone (landscape)', min: 568, max: 767 },
  { name: 'tablet-portrait', label: 'Tablet (portrait)', min: 768, max: 1023 },
  { name: 'tablet-landscape', label: 'Tablet (landscape)', min: 1024, max: 1149 },
  { name: 'desktop', label: 'Desktop', min: 1150, max: 1680 },
  { name: 'large-desktop', label: 'Large desktop', min: 1681, max: Infinity },
] as const;
export type ViewportClass = (typeof VIEWPORTS)[number]['name'];
export function viewportClass(width: number): ViewportClass {
  // Each class runs up to the next one's minimum, so fractional widths (page zoom) fall in the class below.
  return (VIEWPORTS.find((v, i) => i === VIEWPORTS.length - 1 || width < VIEWPORTS[i + 1].min) ?? VIEWPORTS[0]).name;
}

/**
 * How many items a module shows in each page slot (§9: header 10; left 4-9; right 4-6),
 * per viewport class (mobile-portrait … large-desktop). The spec gives the ranges only;
 * the steps between are ours: left grows by one item per class, right by one every
 * second class.
 */
export const SLOT_ITEMS_SHOWN: Readonly<Record<'header' | 'left' | 'right', Readonly<Record<ViewportClass, number>>>> = {
  header: {
    'mobile-portrait': 10,
    'mobile-landscape': 10,
    'tablet-portrait': 10,
    'tablet-landscape': 10,
    desktop: 10,
    'large-desktop': 10,
  },
  left: { 'mobile-portrait': 4, 'mobile-landscape': 5, 'tablet-portrait': 6, 'tablet-landscape': 7, desktop: 8, 'large-desktop': 9 },
  right: { 'mobile-portrait': 4, 'mobile-landscape': 4, 'tablet-portrait': 5, 'tablet-landscape': 5, desktop: 6, 'large-desktop': 6 },
};

/** Feature flags (§9). */
export const FLAGS = {
  errorReporting: true,
  analytics: true,
  consoleLogs: false,
  stackTraceDisplay: false,
  needleDropPlayer: false,
  advancedPlayer: false,
  audioFileVerification: true,
} as const;

/**
 * The store as a DDEX party, configured once: the MessageRecipient of every package the
 * packaging wizard writes, and the namespace (DPID:<party id>) of the store's proprietary
 * ids and price codes in them.
 */
export const STORE_DDEX_PARTY = { partyId: 'PADPIDA2013051501S', name: 'Store Ingestion' } as const;
/** The store's price tiers, as the DDEX PriceCode of a package's deals: a whole release, a single track. */
export const STORE_PRICE_TIERS = { release: 'RELEASE_FRONT', track: 'TRACK_FRONT' } as const;
/** The territories a package's deals sell in (ISO 3166-1 or DDEX Worldwide). */
export const PACKAGE_DEAL_TERRITORIES: readonly string[] = ['Worldwide'];

/**
 * The supplier service agreement in force (spec §1, §2 /service-agreement, §7 Suppliers
 * service-agreement POST). A new text gets a new version: every Baseware supplier is then
 * taken to the agreement again until it accepts that version.
 */
export const SERVICE_AGREEMENT = {
  version: '2026-11-01',
  title: 'Supplier service agreement',
  sections: [
    'This agreement is between the store and the supplier named on your account. It covers the music, artwork and metadata you deliver to the store and the sales reported back to you.',
    'You confirm that you hold the rights to distribute every track and release you deliver in each territory you make it available in, and that the metadata you deliver is accurate.',
    'The store sells your releases in its Dance and DJ stores at the prices and in the territories you set, and pays you your share of net receipts as shown on your statements.',
    'Statements are issued monthly. Payments are made to the banking details on your account; keeping them correct is your responsibility.',
    'Either party may end this agreement with thirty days written notice. Releases already bought stay available to their buyers.',
    'The store may change this agreement. A changed agreement is shown to you when you next sign in, and you must accept it before you can keep using the console.',
  ],
} as const;

/** Most entries main keeps in the export history (the oldest go first). */
export const EXPORT_HISTORY_MAX = 100;
/**
 * Statements (spec §9). A statement's balance below STATEMENT_PAYMENT_THRESHOLD (in the
 * statement's own currency: 50.00 dollars, euros, pounds…) is not paid but carried forward
 * into the next statement (§9 names the rule without the amount; this is ours, shown on /statements).
 */
export const STATEMENT_PAYMENT_THRESHOLD = 50;
/** Suppliers were paid quarterly until Q2 2018 (§9): periods up to 2018-06-30 are quarters, monthly from this day. */
export const STATEMENTS_MONTHLY_FROM = '2018-07-01';
/** US tax is withheld from the net of sales made in the United States at this rate (ours: the US statutory 30% on royalties to foreign payees). */
export const US_TAX_WITHHOLDING_RATE = 0.3;
/** …and remitted within this many days of the statement's issue (§9). */
export const US_TAX_REMIT_DAYS = 3;
/** Sales lines a console `sales` job answers for the detail table (the export has them all). */
export const SALES_DETAIL_LINES = 500;
/** The SFTP drop server's port under `npm run server` (env SFTP_PORT; 0 = any free port; the sandbox takes any free port). */
export const DEFAULT_SFTP_PORT = 8402;
