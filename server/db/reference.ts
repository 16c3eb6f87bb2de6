/**
 * Reference data of spec §3 the API serves (auxiliary/ and the select filters), kept
 * beside the database code: the seed writes it into its tables, the auxiliary routes
 * list it. Vocabularies the console also shows (order statuses, currencies) come from
 * shared/. Real-world genre names.
 */
import { CURRENCIES as CURRENCY_LIST } from '../../shared/constants';
import { ALL_PAGE_TYPES } from '../../shared/access/brand-options';
import { ORDER_STATUSES, type Region } from '../../shared/vocabularies';

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
  ['A Minor', '8A'], ['E Minor', '9A'], ['B Minor', '10A'], ['F# Minor', '11A'], ['C# Minor', '12A'], ['G# Minor', '1A'],
  ['D# Minor', '2A'], ['A# Minor', '3A'], ['F Minor', '4A'], ['C Minor', '5A'], ['G Minor', '6A'], ['D Minor', '7A'],
  ['C Major', '8B'], ['G Major', '9B'], ['D Major', '10B'], ['A Major', '11B'], ['E Major', '12B'], ['B Major', '1B'],
  ['F# Major', '2B'], ['C# Major', '3B'], ['G# Major', '4B'], ['D# Major', '5B'], ['A# Major', '6B'], ['F Major', '7B'],
] as const;

/** Countries as [ISO code, name, region] (shared/vocabularies.ts REGIONS). */
export const COUNTRIES: readonly (readonly [string, string, Region])[] = [
  ['US', 'United States', 'North America'], ['GB', 'United Kingdom', 'Europe'], ['DE', 'Germany', 'Europe'],
  ['FR', 'France', 'Europe'], ['NL', 'Netherlands', 'Europe'], ['ES', 'Spain', 'Europe'], ['IT', 'Italy', 'Europe'],
  ['CA', 'Canada', 'North America'], ['AU', 'Australia', 'Oceania'], ['BR', 'Brazil', 'South America'],
  ['MX', 'Mexico', 'North America'], ['JP', 'Japan', 'Asia'], ['SE', 'Sweden', 'Europe'], ['BE', 'Belgium', 'Europe'],
  ['ZA', 'South Africa', 'Africa'],
];

export const STATES: readonly [string, string, string][] = [
  ['US', 'CA', 'California'], ['US', 'NY', 'New York'], ['US', 'CO', 'Colorado'], ['US', 'TX', 'Texas'],
  ['US', 'FL', 'Florida'], ['CA', 'ON', 'Ontario'], ['CA', 'QC', 'Quebec'], ['CA', 'BC', 'British Columbia'],
  ['AU', 'NSW', 'New South Wales'], ['AU', 'VIC', 'Victoria'], ['BR', 'SP', 'São Paulo'], ['MX', 'CMX', 'Ciudad de México'],
];

/** Spec §9 currencies (shared/constants.ts) as [code, name]. */
export const CURRENCIES: readonly (readonly [string, string])[] = CURRENCY_LIST.map((c) => [c.code, c.name]);

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
