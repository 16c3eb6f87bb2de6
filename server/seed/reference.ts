/** Reference lists of spec §3 (auxiliary/ and the select filters). Real-world genre names. */

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

export const COUNTRIES = [
  ['US', 'United States'], ['GB', 'United Kingdom'], ['DE', 'Germany'], ['FR', 'France'], ['NL', 'Netherlands'],
  ['ES', 'Spain'], ['IT', 'Italy'], ['CA', 'Canada'], ['AU', 'Australia'], ['BR', 'Brazil'], ['MX', 'Mexico'],
  ['JP', 'Japan'], ['SE', 'Sweden'], ['BE', 'Belgium'], ['ZA', 'South Africa'],
] as const;

export const STATES: readonly [string, string, string][] = [
  ['US', 'CA', 'California'], ['US', 'NY', 'New York'], ['US', 'CO', 'Colorado'], ['US', 'TX', 'Texas'],
  ['US', 'FL', 'Florida'], ['CA', 'ON', 'Ontario'], ['CA', 'QC', 'Quebec'], ['CA', 'BC', 'British Columbia'],
  ['AU', 'NSW', 'New South Wales'], ['AU', 'VIC', 'Victoria'], ['BR', 'SP', 'São Paulo'], ['MX', 'CMX', 'Ciudad de México'],
];

/** Spec §9 currencies. */
export const CURRENCIES = [
  ['USD', 'Dollar'], ['EUR', 'Euro'], ['AUD', 'Australian Dollar'], ['GBP', 'Pound'], ['MXN', 'Mexico Pesos'], ['BRL', 'Brazil Real'],
] as const;

/** Spec §9: 14 days 2 Weeks, 28 days 4 Weeks, 56 days 8 Weeks, null Lifetime (sorted as 250). */
export const EXCLUSIVE_PERIODS = [
  { id: 14, name: '2 Weeks', sort: 14 },
  { id: 28, name: '4 Weeks', sort: 28 },
  { id: 56, name: '8 Weeks', sort: 56 },
  { id: null, name: 'Lifetime', sort: 250 },
] as const;

export const ENCODE_STATUSES = ['CONVERTED', 'TRANSCODING', 'ERROR', 'Not Converted', 'Pending Audio Encode'] as const;

/** Spec §4 delivery release_status values, with the §8 status message each carries. */
export const DELIVERY_STATUSES: readonly [string, string | null][] = [
  ['release-received', null],
  ['metadata-processing-error', 'Track missing ISRC on insert'],
  ['filter-error', 'label does not exist or is not mapped for the supplier'],
  ['filter-rejected', 'blacklisted in label mapping table for supplier'],
  ['ingest-error', 'Release has no label or label was normalized and contained no normal characters'],
  ['reingestion-error', 'release was updated in the last 90 seconds'],
  ['release-ingested', 'updated metadata successfully'],
  ['encoding-error', 'Missing or out of aspect image file'],
  ['encoded', null],
  ['currently-reingesting', null],
  ['index-error', 'the XML file did not validate'],
  ['updated', 'updated metadata successfully'],
  ['published', 'updated metadata successfully'],
  ['ingestion-error', 'cannot insert, release already live or pending for label'],
  ['move-error', null],
  ['filter-bypassed', null],
  ['filter-rejected', 'genre does not allow ingestion for the supplier'],
  ['filter-error', 'genre not mapped for the supplier'],
];
export const ALBUM_ACTIONS = ['insert', 'update', 'delete', 'purge'] as const;

/** The generic reference lists served under auxiliary/ (list name → names, ids from 1). */
export const REFERENCE_LISTS: Readonly<Record<string, readonly string[]>> = {
  'account-types': ['Staff', 'Supplier', 'Label', 'Artist', 'DJ', 'Customer'],
  'audio-formats': ['WAV', 'FLAC', 'AIFF', 'MP3 320', 'AAC 256'],
  'billing-info-types': ['Bank Transfer', 'PayPal', 'Cheque'],
  'commercial-model-types': ['Download', 'Streaming', 'Pre-order'],
  'contact-types': ['Primary', 'Billing', 'Technical', 'Marketing'],
  'contract-types': ['Distribution', 'Licence', 'Exclusive Distribution'],
  'current-status': ['Open', 'Complete', 'Deleted'],
  'discount-types': ['Amount', 'Percentage'],
  'image-types': ['Cover Art', 'Artist Profile', 'Label Logo', 'Chart Image', 'Page Banner'],
  'item-types': ['Track', 'Release', 'Chart', 'Playlist', 'Artist', 'Label', 'YouTube Video', 'External Link'],
  'mime-types': ['audio/wav', 'audio/flac', 'audio/aiff', 'audio/mpeg', 'image/jpeg', 'image/png'],
  'page-module-types': ['Slideshow', 'Track List', 'Release Grid', 'Chart Grid', 'Banner', 'Video'],
  'page-types': ['Landing Page', 'Home Page', 'Genre Page', 'Label Page', 'Artist Page'],
  'playlist-types': ['Editorial', 'DJ Chart', 'User', 'Partner'],
  reason: ['Goodwill', 'Refund replacement', 'Promotion', 'Technical issue'],
  'release-types': ['Album', 'EP', 'Single', 'Compilation', 'Mix'],
  'sale-types': ['Download', 'Stream', 'Pre-order', 'Hype Subscription'],
  'source-types': ['DDEX', 'FTP', 'Manual', 'API'],
  'songwriter-types': ['Composer', 'Lyricist', 'Composer & Lyricist', 'Arranger'],
  'host-vendors': [],
  'tracklist-vendors': [],
};

export const HOST_VENDORS = ['Twitch', 'YouTube Live', 'Mixcloud Live', 'Restream'];
export const TRACKLIST_VENDORS = ['1001Tracklists', 'Shazam', 'ACRCloud'];
export const LINK_PARTNERS = ['Rekordbox', 'Serato', 'Traktor', 'VirtualDJ', 'djay', 'Engine DJ'];
export const LABEL_MANAGERS = ['Alex Moreno', 'Priya Shah', 'Jonas Becker', 'Maya Okafor', 'Tom Lindqvist'];
