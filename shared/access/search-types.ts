/**
 * Search types of spec §2 with their area, API path, access rule (spec §6 table)
 * and the filters (spec §3 names) each type accepts: a view of the declarations in
 * shared/search/types (one per type). The console offers, and the server enforces,
 * exactly this table.
 */
import type { SearchTypeDecl } from '../search/define';
import { SEARCH_TYPE_DECLS } from '../search/types';

export { SEARCH_RULES } from './search-rules';
export type { AreaRoute } from '../search/define';

/** A search type as the access rules and the screens read it (shared/search/types declares it). */
export interface SearchType extends Pick<
  SearchTypeDecl,
  'key' | 'label' | 'area' | 'category' | 'path' | 'linkSegment' | 'recordSegment' | 'rule'
> {
  /** Filter names (spec §3) the type accepts besides type/page/per_page/order_by. */
  readonly filters: readonly string[];
}

export const SEARCH_TYPES: readonly SearchType[] = SEARCH_TYPE_DECLS.map((d): SearchType => ({
  key: d.key,
  label: d.label,
  area: d.area,
  category: d.category,
  path: d.path,
  ...('linkSegment' in d ? { linkSegment: d.linkSegment } : {}),
  ...('recordSegment' in d ? { recordSegment: d.recordSegment } : {}),
  rule: d.rule,
  filters: Object.keys(d.filters),
}));

export type SearchTypeKey = string;

export const SEARCH_TYPE_BY_KEY: ReadonlyMap<string, SearchType> = new Map(SEARCH_TYPES.map((t) => [t.key, t]));

export function searchType(key: string): SearchType | undefined {
  return SEARCH_TYPE_BY_KEY.get(key);
}
