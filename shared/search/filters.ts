/**
 * Search filters of spec §3, as the console uses them: the input each filter takes (a view
 * of the declarations in shared/search/types), its label, which ones a user sees (spec §6
 * through shared/access), and how the filter values become the API query. Filter values
 * are kept as the strings the API takes (date ranges as "from:to"), so the same record is
 * the URL state, the saved preference and, once normalised, the query.
 */
import { filterAllowed, searchType, type Principal } from '../access';
import { buildQuery, normalizeIds, type QueryValue } from '../api/query';
import type { FilterDecl, Option } from './define';
import { SEARCH_TYPE_DECLS } from './types';

export type { Option } from './define';

export type FilterValues = Record<string, string>;

/** The input the console shows for a filter, derived from its declared kind. */
export type FilterInput =
  | { kind: 'text' }
  | { kind: 'ids' }
  | { kind: 'dateRange' }
  | { kind: 'bool' }
  | { kind: 'select'; options: readonly Option[] }
  /** Options from a reference list (spec §3 "Reference lists loaded"), by auxiliary path. */
  | { kind: 'reference'; list: string };

/**
 * Each filter name's declaration. A name means the same in every type that has it
 * (tests/shared/search-declarations.test.ts checks), so the console can look a filter up by name.
 */
export const FILTER_DECLS: ReadonlyMap<string, FilterDecl> = (() => {
  const byName = new Map<string, FilterDecl>();
  for (const d of SEARCH_TYPE_DECLS) for (const [name, f] of Object.entries(d.filters)) if (!byName.has(name)) byName.set(name, f);
  return byName;
})();

const namesWhere = (test: (f: FilterDecl) => boolean): string[] => [...FILTER_DECLS].filter(([, f]) => test(f)).map(([n]) => n);

/** Id filters typed as a list (whitespace becomes commas in the query). */
export const ID_FILTERS: readonly string[] = namesWhere((f) => f.kind === 'ids' && !f.list);
export const DATE_RANGE_FILTERS: readonly string[] = namesWhere((f) => f.kind === 'date');
export const BOOL_FILTERS: readonly string[] = namesWhere((f) => f.kind === 'bool');

/** Types whose list has no free-text search (`q`); every other type ranks `q` by relevance. */
export const NO_TEXT_SEARCH: readonly string[] = SEARCH_TYPE_DECLS.filter((d) => !d.textSearch).map((d) => d.key);
export const TEXT_SEARCH = 'q';

export function hasTextSearch(type: string): boolean {
  return !NO_TEXT_SEARCH.includes(type);
}

/** The input a filter takes. `brand` picks the store options (spec §6). */
export function filterKind(name: string, brand = '', now: Date = new Date()): FilterInput {
  const f = FILTER_DECLS.get(name);
  if (!f) return { kind: 'text' };
  if (f.options) return { kind: 'select', options: typeof f.options === 'function' ? f.options({ brand, now }) : f.options };
  if (f.list) return { kind: 'reference', list: f.list };
  if (f.kind === 'ids') return { kind: 'ids' };
  if (f.kind === 'date') return { kind: 'dateRange' };
  if (f.kind === 'bool') return { kind: 'bool' };
  return { kind: 'text' };
}

const WORDS: Readonly<Record<string, string>> = {
  id: 'ID',
  isrc: 'ISRC',
  upc: 'UPC',
  bpm: 'BPM',
  guid: 'GUID',
  ip: 'IP',
  dj: 'DJ',
  ugc: 'UGC',
  pposp: 'PPOSP',
};

/**
 * A readable label from the spec's field name: "release_id" → "Release ID"; a filter
 * picked from a list drops its "ID" ("genre_id" → "Genre"), a yes/no its "Is"
 * ("is_hype" → "Hype").
 */
export function filterLabel(name: string): string {
  if (name === TEXT_SEARCH) return 'Search';
  if (name === 'date') return 'Purchase Date';
  if (name === 'key_name') return 'Key';
  if (name === 'sub_genre_id') return 'Sub-genre';
  const f = FILTER_DECLS.get(name);
  let words = name.split('_');
  if (f?.list && words.length > 1 && words.at(-1) === 'id') words = words.slice(0, -1);
  if ((f?.kind === 'bool' || f?.kind === 'bool01') && words[0] === 'is' && words.length > 1) words = words.slice(1);
  return words.map((w) => WORDS[w] ?? w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
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

/**
 * A link's filter values split into those this principal may use on `type` (the panel's
 * filters, §6) and the names of the others, which the screen drops with a notice and
 * never shows as applied (issue 27).
 */
export function usableFilters(principal: Principal, type: string, values: FilterValues): { usable: FilterValues; dropped: string[] } {
  const allowed = new Set(panelFilters(principal, type));
  const usable: FilterValues = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (allowed.has(name)) usable[name] = value;
    else if (value.trim()) dropped.push(name);
  }
  return { usable, dropped };
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
  const {
    type: _t,
    page: _p,
    per_page: _pp,
    order_by: _o,
    ...rest
  } = searchQuery(principal, { ...req, page: undefined, perPage: undefined });
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
}

/** "type=…&page=…" for the URL and the cache key, in the spec's order. */
export function searchQueryString(principal: Principal, req: SearchRequest): string {
  return buildQuery(searchQuery(principal, req));
}
