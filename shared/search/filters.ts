/**
 * Search filters of spec §3 as data: what kind of input each filter name takes, its
 * label and options, which ones a user sees (spec §6 through shared/access), and how
 * the filter values become the API query. Filter values are kept as the strings the
 * API takes (date ranges as "from:to"), so the same record is the URL state, the
 * saved preference and, once normalised, the query.
 */
import { filterAllowed, searchType, storeOptions, type Principal } from '../access';
import { buildQuery, normalizeIds, type QueryValue } from '../api/query';
import { PRE_ORDER_WEEKS } from '../constants';
import { MONTH_OPTIONS, yearOptions } from './format';
import { ENCODE_STATUSES, ORDER_STATUSES } from './status';

export type FilterValues = Record<string, string>;

export interface Option {
  readonly value: string;
  readonly label: string;
}

export type FilterKind =
  | { kind: 'text' }
  | { kind: 'ids' }
  | { kind: 'dateRange' }
  | { kind: 'bool' }
  | { kind: 'select'; options: readonly Option[] }
  /** Options from a reference list (spec §3 "Reference lists loaded"), by auxiliary path. */
  | { kind: 'reference'; list: string };

export const ID_FILTERS: readonly string[] = [
  'id', 'release_id', 'artist_id', 'label_id', 'track_id', 'user_id', 'person_id', 'dj_id', 'supplier_id', 'page_id',
];

export const DATE_RANGE_FILTERS: readonly string[] = [
  'date_range', 'add_date', 'encoded_date', 'create_date', 'date_created', 'created_date', 'publish_date',
  'exclusive_date', 'new_release_date', 'release_date', 'free_download_start_date', 'free_download_end_date',
  'pre_order_date', 'date', 'start_date', 'end_date',
];

export const BOOL_FILTERS: readonly string[] = [
  'is_indexed', 'enabled', 'is_auto_enabled', 'is_available_for_pre_order', 'is_explicit', 'multiple_contracts_active',
  'exclusive', 'is_hype', 'is_public', 'is_curated_playlist', 'is_available_for_hype', 'hype_eligible', 'hype_active',
  'is_available_for_streaming', 'voided', 'dj_edits', 'ugc_remixes', 'dj_is_indexed',
];

const opts = (values: readonly (string | number)[]): Option[] => values.map((v) => ({ value: String(v), label: String(v) }));

const RELEASE_STATUSES = [
  'release-received', 'metadata-processing-error', 'filter-error', 'filter-rejected', 'ingest-error',
  'reingestion-error', 'release-ingested', 'encoding-error', 'encoded', 'currently-reingesting', 'index-error',
  'updated', 'published', 'ingestion-error', 'move-error', 'filter-bypassed',
];

const REFERENCE: Readonly<Record<string, string>> = {
  genre_id: 'genres',
  sub_genre_id: 'genres',
  curated_playlist_genre_id: 'genres',
  country_id: 'countries',
  release_type_id: 'release-types',
  playlist_type_id: 'playlist-types',
  page_type_id: 'page-types',
  type_id: 'page-module-types',
  source_type_id: 'source-types',
  discount_type: 'discount-types',
  sale_type: 'sale-types',
  label_manager: 'label-managers',
};

/** Types whose list has no free-text search (`q`); every other type ranks `q` by relevance. */
export const NO_TEXT_SEARCH: readonly string[] = ['orders', 'hype_purchases'];
export const TEXT_SEARCH = 'q';

export function hasTextSearch(type: string): boolean {
  return !NO_TEXT_SEARCH.includes(type);
}

/** The input a filter takes. `brand` picks the store options (spec §6). */
export function filterKind(name: string, brand = '', now: Date = new Date()): FilterKind {
  if (ID_FILTERS.includes(name)) return { kind: 'ids' };
  if (DATE_RANGE_FILTERS.includes(name)) return { kind: 'dateRange' };
  if (BOOL_FILTERS.includes(name)) return { kind: 'bool' };
  switch (name) {
    case 'pposp_enrollment_status':
      return { kind: 'select', options: [{ value: '1', label: 'Enrolled' }, { value: '0', label: 'Not Enrolled' }] };
    case 'default_pre_order_weeks':
      return { kind: 'select', options: opts(PRE_ORDER_WEEKS) };
    case 'year':
      return { kind: 'select', options: opts(yearOptions(now)) };
    case 'month':
      return { kind: 'select', options: MONTH_OPTIONS.map((m) => ({ value: String(m.value), label: m.label })) };
    case 'store':
      return { kind: 'select', options: opts(storeOptions(brand)) };
    case 'encode_status':
      return { kind: 'select', options: opts(ENCODE_STATUSES) };
    case 'current_status':
      return { kind: 'select', options: opts(ORDER_STATUSES) };
    case 'release_status':
      return { kind: 'select', options: opts(RELEASE_STATUSES) };
    case 'album_action':
      return { kind: 'select', options: opts(['insert', 'update', 'delete', 'purge']) };
    case 'playlist_status':
      return { kind: 'select', options: opts(['draft', 'published']) };
  }
  if (REFERENCE[name]) return { kind: 'reference', list: REFERENCE[name] };
  return { kind: 'text' };
}

const WORDS: Readonly<Record<string, string>> = {
  id: 'ID', isrc: 'ISRC', upc: 'UPC', bpm: 'BPM', guid: 'GUID', ip: 'IP', dj: 'DJ', ugc: 'UGC', pposp: 'PPOSP',
};

/** A readable label from the spec's field name: "release_id" → "Release ID". */
export function filterLabel(name: string): string {
  if (name === TEXT_SEARCH) return 'Search';
  if (name === 'date') return 'Purchase Date';
  if (name === 'key_name') return 'Key';
  return name
    .split('_')
    .map((w) => WORDS[w] ?? w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The filters of `type` this principal may use, in the type's order (hidden otherwise, spec §6). */
export function visibleFilters(principal: Principal, type: string): string[] {
  return (searchType(type)?.filters ?? []).filter((f) => filterAllowed(principal, type, f));
}

/** What the filter panel shows: the free-text search first where the type has one, then the filters. */
export function panelFilters(principal: Principal, type: string): string[] {
  const filters = visibleFilters(principal, type);
  return filters.length && hasTextSearch(type) ? [TEXT_SEARCH, ...filters] : filters;
}

/** Selecting a genre resets the sub-genre (spec §3/§4). */
export function setFilter(values: FilterValues, name: string, value: string | null): FilterValues {
  const next = { ...values };
  if (value === null || value === '') delete next[name];
  else next[name] = value;
  if (name === 'genre_id' && values.genre_id !== next.genre_id) delete next.sub_genre_id;
  return next;
}

export interface SearchRequest {
  type: string;
  page?: number;
  perPage?: number;
  orderBy?: string | null;
  filters: FilterValues;
}

/**
 * The query for `GET /v4/{category}/{type}/`: only filters the type accepts and the
 * principal may use, ids with whitespace turned into commas, empties dropped.
 */
export function searchQuery(principal: Principal, req: SearchRequest): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = { type: req.type };
  if (req.page) q.page = req.page;
  if (req.perPage) q.per_page = req.perPage;
  if (req.orderBy) q.order_by = req.orderBy;
  const text = req.filters[TEXT_SEARCH]?.trim();
  if (text && hasTextSearch(req.type) && searchType(req.type)) q[TEXT_SEARCH] = text;
  for (const name of visibleFilters(principal, req.type)) {
    const raw = req.filters[name]?.trim();
    if (!raw) continue;
    q[name] = ID_FILTERS.includes(name) ? normalizeIds(raw) : raw;
  }
  return q;
}

/** The filters (and q) of a search as the API takes them, without type, paging or order: what an export sends. */
export function exportFilters(principal: Principal, req: SearchRequest): FilterValues {
  const { type: _t, page: _p, per_page: _pp, order_by: _o, ...rest } = searchQuery(principal, { ...req, page: undefined, perPage: undefined });
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
}

/** "type=…&page=…" for the URL and the cache key, in the spec's order. */
export function searchQueryString(principal: Principal, req: SearchRequest): string {
  return buildQuery(searchQuery(principal, req));
}
