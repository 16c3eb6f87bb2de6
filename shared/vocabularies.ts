/**
 * Vocabularies: each list of values the API stores and the console shows, once, with
 * its display label and the tone of its status tag (spec §3, §4, §8). The seed, the
 * zod enums, the filter options, the status tags and the auxiliary lists read them
 * from here. (The §9 lists with numbers, exclusive periods, pre-order weeks and
 * currencies, are in constants.ts.)
 */
import { AUDIO_UPLOAD_TYPES } from './constants';
import { DELIVERY_STATUS_MESSAGES } from './messages';

export type Tone = 'success' | 'processing' | 'error' | 'warning' | 'default';

/** One value of a vocabulary: what the API stores, what the console shows, the tag's tone. */
export interface Term<V extends string = string> {
  readonly value: V;
  readonly label: string;
  readonly tone: Tone;
}

const term = <const V extends string>(value: V, tone: Tone, label: string = value): Term<V> => ({ value, label, tone });

/** Values of a vocabulary, in its order (a zod enum takes them as they are). */
export function valuesOf<const V extends string>(terms: readonly [Term<V>, ...Term<V>[]]): [V, ...V[]] {
  return terms.map((t) => t.value) as [V, ...V[]];
}

/** The term of a stored value, if the vocabulary has it. */
export function termOf<V extends string>(terms: readonly Term<V>[], value: unknown): Term<V> | undefined {
  return terms.find((t) => t.value === value);
}

/** Encode status of tracks and releases, spelled as the spec spells it (§4). */
export const ENCODE_STATUS = [
  term('CONVERTED', 'success'),
  term('TRANSCODING', 'processing'),
  term('ERROR', 'error'),
  term('Not Converted', 'default'),
  term('Pending Audio Encode', 'warning'),
] as const;
export const ENCODE_STATUSES = valuesOf(ENCODE_STATUS);
export type EncodeStatus = (typeof ENCODE_STATUSES)[number];

/** Order current_status (§4; auxiliary current-status). */
export const ORDER_STATUS = [term('Open', 'processing'), term('Complete', 'success'), term('Deleted', 'error')] as const;
export const ORDER_STATUSES = valuesOf(ORDER_STATUS);
export type OrderStatus = (typeof ORDER_STATUSES)[number];

type DeliveryMessage = keyof typeof DELIVERY_STATUS_MESSAGES;

/**
 * Delivery release_status (§4): errors red, done green, the rest in progress; with the
 * §8 status message (shared/messages.ts) a delivery in that status carries, where it has one.
 */
export const RELEASE_STATUS: readonly (Term & { readonly message?: DeliveryMessage })[] = [
  term('release-received', 'processing'),
  { ...term('metadata-processing-error', 'error'), message: 'missing-isrc' },
  { ...term('filter-error', 'error'), message: 'non-existent-label' },
  { ...term('filter-rejected', 'error'), message: 'restricted-label' },
  { ...term('ingest-error', 'error'), message: 'fatal' },
  { ...term('reingestion-error', 'error'), message: 'reingestion-error' },
  { ...term('release-ingested', 'success'), message: 'updated' },
  { ...term('encoding-error', 'error'), message: 'invalid-image' },
  term('encoded', 'success'),
  term('currently-reingesting', 'processing'),
  { ...term('index-error', 'error'), message: 'index-error' },
  { ...term('updated', 'success'), message: 'updated' },
  { ...term('published', 'success'), message: 'updated' },
  { ...term('ingestion-error', 'error'), message: 'already-live-error' },
  term('move-error', 'error'),
  term('filter-bypassed', 'success'),
];
export const RELEASE_STATUSES: readonly string[] = RELEASE_STATUS.map((t) => t.value);

/** The §8 text of a delivery status message key. */
export const deliveryMessage = (key: DeliveryMessage): string => DELIVERY_STATUS_MESSAGES[key];

/** Delivery album_action. */
export const ALBUM_ACTIONS = ['insert', 'update', 'delete', 'purge'] as const;

/** Playlist status as the filter offers it. */
export const PLAYLIST_STATUSES = ['draft', 'published'] as const;

/** Supplier PPOSP enrollment: the filter sends 1 or 0 (§3). */
export const PPOSP_ENROLLMENT = [term('1', 'success', 'Enrolled'), term('0', 'default', 'Not Enrolled')] as const;

/**
 * The region (continent) of each country, for choosing territories by region and the
 * regional summary of a track's allowed countries (countries.region): the seven continents,
 * as the countries-list package gives each ISO 3166-1 country one (Antarctica holds AQ, BV,
 * GS, HM and TF).
 */
export const REGIONS = ['Africa', 'Antarctica', 'Asia', 'Europe', 'North America', 'Oceania', 'South America'] as const;
export type Region = (typeof REGIONS)[number];

/** An audio file format (§9 "file suffix formats"): the suffix its files take, its MIME type, and its role. */
export interface AudioFormatTerm<V extends string = string> extends Term<V> {
  readonly suffix: string;
  readonly mime: string;
  /** A lossless source the encodes are made from (one of AUDIO_UPLOAD_TYPES, §9). */
  readonly lossless: boolean;
  /** The lo-fi preview the stream plays. */
  readonly preview: boolean;
}
const audio = <const V extends string>(value: V, label: string, suffix: string, mime: string, preview = false): AudioFormatTerm<V> => ({
  ...term(value, 'default', label),
  suffix,
  mime,
  lossless: (AUDIO_UPLOAD_TYPES as readonly string[]).includes(value),
  preview,
});

/**
 * Audio file formats of a track (§9): the lossless sources flac, wav, aiff; the store's
 * encodes mp3 and AAC 128/256 in MP4; the lo-fi previews in MP3 and MP4.
 */
export const AUDIO_FORMAT = [
  audio('flac', 'FLAC', 'flac', 'audio/flac'),
  audio('wav', 'WAV', 'wav', 'audio/wav'),
  audio('aiff', 'AIFF', 'aiff', 'audio/aiff'),
  audio('mp3', 'MP3', 'mp3', 'audio/mpeg'),
  audio('aac-128', 'AAC 128 (MP4)', 'mp4', 'audio/mp4'),
  audio('aac-256', 'AAC 256 (MP4)', 'mp4', 'audio/mp4'),
  audio('preview-mp3', 'Lo-fi preview (MP3)', 'mp3', 'audio/mpeg', true),
  audio('preview-mp4', 'Lo-fi preview (MP4)', 'mp4', 'audio/mp4', true),
] as const;
export const AUDIO_FORMATS = valuesOf(AUDIO_FORMAT);
export type AudioFormat = (typeof AUDIO_FORMATS)[number];
/** The lossless source formats (§9 audio upload types, AUDIO_UPLOAD_TYPES): what an encode is made from. */
export const LOSSLESS_FORMATS: readonly AudioFormat[] = AUDIO_FORMAT.filter((f) => f.lossless).map((f) => f.value);

/** The formats a customer downloads a bought item in (§9 file formats without the lo-fi previews). */
export const DOWNLOAD_FORMATS: readonly AudioFormat[] = AUDIO_FORMAT.filter((f) => !f.preview).map((f) => f.value);

/** Order item download availability (spec §4: 0 unavailable, 1 available, 2 dissociated), with its tag's tone. */
export const DOWNLOAD_AVAILABILITY = [
  { value: 0, label: 'Unavailable', tone: 'error' },
  { value: 1, label: 'Available', tone: 'success' },
  { value: 2, label: 'Dissociated', tone: 'warning' },
] as const satisfies readonly { value: number; label: string; tone: Tone }[];
export type DownloadAvailability = (typeof DOWNLOAD_AVAILABILITY)[number]['value'];

/**
 * The lines of an issued statement (spec §9), in the order a statement lists them: the balance
 * carried in from the previous one, sales by store, corrections (late lines of issued periods,
 * by month), US tax withheld.
 */
export const STATEMENT_LINE_KINDS = ['carried_in', 'sales', 'correction', 'tax_withheld'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/**
 * Sign-in identity providers a user's identities come from (user page "identities"): the
 * store's own password, and social sign-ins; with the labels the user page shows.
 */
export const IDENTITY_PROVIDERS = ['password', 'google', 'apple'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];
export const IDENTITY_PROVIDER_LABELS: Readonly<Record<IdentityProvider, string>> = {
  password: 'Store password',
  google: 'Google',
  apple: 'Apple',
};
