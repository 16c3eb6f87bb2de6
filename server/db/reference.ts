/**
 * Reference data of spec §3 the API serves (auxiliary/ and the select filters), kept
 * beside the database code: the seed writes it into its tables, the auxiliary routes
 * list it. Vocabularies the console also shows (order statuses, §9 currencies) come from
 * shared/. Real-world genre names; countries, subdivisions and currencies from ISO data.
 */
import { CURRENCIES as CURRENCY_LIST } from '../../shared/constants';
import { ALL_PAGE_TYPES } from '../../shared/access/brand-options';
import { ORDER_STATUSES, REGIONS, type Region } from '../../shared/vocabularies';
import { iso31661, iso31662 } from 'iso-3166';
import { continents, countries, type TCountryCode } from 'countries-list';
import { currencies } from 'countries-list/currencies';

export const GENRES: readonly [string, readonly string[]][] = [
  ['Techno (Peak Time / Driving)', ['Driving', 'Peak Time', 'Hard Techno']],
  ['Techno (Raw / Deep / Hypnotic)', ['Raw', 'Deep / Hypnotic', 'Dub Techno']],
  ['House', ['Acid', 'Soulful', 'Jackin House', 'Latin House']],
  ['Deep House', ['Classic Deep House', 'Dub House']],
  ['Tech House', ['Latin Tech', 'Minimal Tech']],
  ['Melodic House & Techno', ['Melodic House', 'Melodic Techno']],
  ['Progressive House', ['Progressive Trance Crossover']],
  ['Afro House', ['Afro Tech', 'Afro Melodic', 'Amapiano']],
  ['Organic House / Downtempo', ['Organic House', 'Downtempo']],
  ['Minimal / Deep Tech', ['Minimal', 'Deep Tech']],
  ['Trance', ['Uplifting Trance', 'Psy-Trance', 'Tech Trance']],
  ['Drum & Bass', ['Liquid', 'Jump Up', 'Neurofunk']],
  ['Dubstep', ['Riddim', 'Melodic Dubstep']],
  ['Breaks / Breakbeat / UK Bass', ['Breakbeat', 'UK Bass', 'UK Garage']],
  ['Electro (Classic / Detroit / Modern)', ['Classic Electro', 'Modern Electro']],
  ['Indie Dance', ['Dark Disco', 'Nu Disco']],
  ['Hard Dance / Hardcore', ['Hardstyle', 'Hardcore', 'Frenchcore']],
  ['Electronica', ['Ambient', 'IDM']],
  ['Hip-Hop', ['Trap', 'Boom Bap']],
  ['Dance / Electro Pop', ['Electro Pop', 'Dance Pop']],
];

export const KEYS = [
  ['A Minor', '8A'],
  ['E Minor', '9A'],
  ['B Minor', '10A'],
  ['F# Minor', '11A'],
  ['C# Minor', '12A'],
  ['G# Minor', '1A'],
  ['D# Minor', '2A'],
  ['A# Minor', '3A'],
  ['F Minor', '4A'],
  ['C Minor', '5A'],
  ['G Minor', '6A'],
  ['D Minor', '7A'],
  ['C Major', '8B'],
  ['G Major', '9B'],
  ['D Major', '10B'],
  ['A Major', '11B'],
  ['E Major', '12B'],
  ['B Major', '1B'],
  ['F# Major', '2B'],
  ['C# Major', '3B'],
  ['G# Major', '4B'],
  ['D# Major', '5B'],
  ['A# Major', '6B'],
  ['F Major', '7B'],
] as const;

/**
 * Countries, subdivisions and currencies come from maintained packages, not typed by hand:
 * `iso-3166` (ISO 3166-1 assigned codes, ISO 3166-2 subdivisions) and `countries-list`
 * (English short names, continents, ISO 4217 currencies).
 */
const CONTINENT: Readonly<Record<string, Region>> = Object.fromEntries(
  Object.entries(continents).map(([code, name]) => [code, name as Region]),
);

/**
 * The countries that keep the ids the sandbox has always given them (US 1, GB 2, DE 3 …):
 * seeded rows name the first ones by id (publish dates in countries 1-3, contacts and
 * users in these markets). Every other ISO 3166-1 country follows in code order.
 */
export const MARKET_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'CA', 'AU', 'BR', 'MX', 'JP', 'SE', 'BE', 'ZA'] as const;

/** The ISO 3166-1 countries as [code, name, region], in id order; the region is the country's continent (shared/vocabularies.ts REGIONS). */
export function isoCountries(): [string, string, Region][] {
  const assigned = iso31661.map((c) => c.alpha2);
  const rest = assigned.filter((c) => !(MARKET_COUNTRIES as readonly string[]).includes(c)).sort();
  return [...MARKET_COUNTRIES, ...rest].map((code) => {
    const c = countries[code as TCountryCode];
    if (!c) throw new Error(`countries-list has no country ${code}`);
    const region = CONTINENT[c.continent];
    if (!REGIONS.includes(region)) throw new Error(`No region for continent ${c.continent} of ${code}`);
    return [code, c.name, region];
  });
}

/** Countries as [ISO code, name, region] (shared/vocabularies.ts REGIONS): all 249 of ISO 3166-1. */
export const COUNTRIES: readonly (readonly [string, string, Region])[] = isoCountries();

/**
 * The countries whose postal addresses carry a state, province or territory line filled
 * from their first-level ISO 3166-2 subdivisions (docs/decisions.md "Reference data"): the
 * contact form's Province/State offers these; other countries' addresses have none.
 */
export const SUBDIVISION_COUNTRIES = ['US', 'CA', 'AU', 'BR', 'MX', 'AR', 'IN', 'MY'] as const;

/** The first-level ISO 3166-2 subdivisions of `countryCodes` as [country code, code without the country prefix, name], by country then code. */
export function isoSubdivisions(countryCodes: readonly string[] = SUBDIVISION_COUNTRIES): [string, string, string][] {
  return countryCodes.flatMap((cc) =>
    iso31662
      .filter((s) => s.parent === cc)
      .map((s): [string, string, string] => [cc, s.code.slice(cc.length + 1), s.name])
      .sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
  );
}

export const STATES: readonly [string, string, string][] = isoSubdivisions();

/**
 * ISO 4217 currencies as [code, name]: the spec §9 currencies first (ids 1-6, with the
 * names §9 gives them, shared/constants.ts), then every other one in code order. Money in
 * the console is still only ever in the §9 currencies; the full list is reference data.
 */
export function isoCurrencies(): [string, string][] {
  const first = CURRENCY_LIST.map((c): [string, string] => [c.code, c.name]);
  const rest = Object.entries(currencies)
    .filter(([code]) => !first.some((f) => f[0] === code))
    .map(([code, c]): [string, string] => [code, c.name])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return [...first, ...rest];
}

export const CURRENCIES: readonly (readonly [string, string])[] = isoCurrencies();

/**
 * The §9 currency a store customer in country `code` pays in: the country's own currency
 * when §9 has it (EUR in the euro area, GBP, AUD, BRL, MXN, USD), else US dollars.
 */
export function storeCurrency(code: string): string {
  const own = countries[code as TCountryCode]?.currency ?? [];
  return own.find((c) => CURRENCY_LIST.some((s) => s.code === c)) ?? 'USD';
}

/** storeCurrency of every country by its id (index id - 1), for the seed's SQL (`($n::text[])[country_id]`). */
export const storeCurrencies = (): string[] => COUNTRIES.map((c) => storeCurrency(c[0]));

/** The generic reference lists served under auxiliary/ (list name → names, ids from 1). */
export const REFERENCE_LISTS: Readonly<Record<string, readonly string[]>> = {
  'account-types': ['Staff', 'Supplier', 'Label', 'Artist', 'DJ', 'Customer'],
  'audio-formats': ['WAV', 'FLAC', 'AIFF', 'MP3 320', 'AAC 256'],
  'billing-info-types': ['Bank Transfer', 'PayPal', 'Cheque'],
  'commercial-model-types': ['Download', 'Streaming', 'Pre-order'],
  'contact-types': ['Primary', 'Billing', 'Technical', 'Marketing'],
  'contract-types': ['Distribution', 'Licence', 'Exclusive Distribution'],
  'current-status': ORDER_STATUSES,
  'discount-types': ['Amount', 'Percentage'],
  'image-types': ['Cover Art', 'Artist Profile', 'Label Logo', 'Chart Image', 'Page Banner'],
  'item-types': ['Track', 'Release', 'Chart', 'Playlist', 'Artist', 'Label', 'YouTube Video', 'External Link'],
  'mime-types': ['audio/wav', 'audio/flac', 'audio/aiff', 'audio/mpeg', 'image/jpeg', 'image/png'],
  'page-module-types': ['Slideshow', 'Track List', 'Release Grid', 'Chart Grid', 'Banner', 'Video'],
  'page-types': ALL_PAGE_TYPES,
  'playlist-types': ['Editorial', 'DJ Chart', 'User', 'Partner'],
  reason: ['Goodwill', 'Refund replacement', 'Promotion', 'Technical issue'],
  'release-types': ['Album', 'EP', 'Single', 'Compilation', 'Mix'],
  'sale-types': ['Download', 'Stream', 'Pre-order', 'Hype Subscription'],
  'source-types': ['DDEX', 'FTP', 'Manual', 'API'],
  'songwriter-types': ['Composer', 'Lyricist', 'Composer & Lyricist', 'Arranger'],
};
