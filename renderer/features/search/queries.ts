/**
 * Search queries (TanStack Query): one cache entry per search type and query string,
 * the query string holding the page (spec §9 "search cache per key and page").
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Principal } from '../../../shared/access';
import { searchType } from '../../../shared/access';
import { MAX_PER_PAGE, type ListEnvelope } from '../../../shared/api';
import { BULK_SELECT_LIMIT, fetchAll, searchQuery, searchQueryString, type SearchRequest } from '../../../shared/search';
import { apiGet } from '../../lib/api';

export type Row = Record<string, unknown> & { id?: number | string };

export const searchKeys = {
  all: ['search'] as const,
  type: (type: string) => [...searchKeys.all, type] as const,
  list: (type: string, query: string) => [...searchKeys.type(type), 'list', query] as const,
  reference: (list: string) => [...searchKeys.all, 'reference', list] as const,
};

export function listPath(type: string): string {
  const t = searchType(type);
  if (!t) throw new Error(`Unknown search type ${type}`);
  return `/v4/${t.category}/${t.path}/`;
}

/** One page of a search, as the API answers it. */
function fetchSearchPage(principal: Principal, req: SearchRequest): Promise<ListEnvelope<Row>> {
  return apiGet<ListEnvelope<Row>>(listPath(req.type), searchQuery(principal, req) as Record<string, string | number>);
}

export function searchListOptions(principal: Principal, req: SearchRequest) {
  return queryOptions({
    queryKey: searchKeys.list(req.type, searchQueryString(principal, req)),
    queryFn: () => fetchSearchPage(principal, req),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every result of a search (the same filters and order), fetched with the fetch-all
 * helper of §7 in pages of MAX_PER_PAGE (fetchAll's default concurrency), at most BULK_SELECT_LIMIT rows.
 */
export function fetchAllRows(
  principal: Principal,
  req: SearchRequest,
  onPage: (done: number, last: number) => void,
  signal: AbortSignal,
): Promise<Row[]> {
  return fetchAll<Row>((page) => fetchSearchPage(principal, { ...req, page, perPage: MAX_PER_PAGE }), {
    signal,
    onPage,
    maxPages: Math.ceil(BULK_SELECT_LIMIT / MAX_PER_PAGE),
  });
}

export interface ReferenceItem {
  id: number;
  name: string;
  sub_genres?: { id: number; name: string }[];
}

/** A reference list (spec §3) for a select filter: GET /v4/auxiliary/<list>/. */
export function referenceOptions(list: string) {
  return queryOptions({
    queryKey: searchKeys.reference(list),
    queryFn: async () => {
      const data = await apiGet<ListEnvelope<ReferenceItem> | ReferenceItem[]>(`/v4/auxiliary/${list}/`);
      return Array.isArray(data) ? data : data.results;
    },
    staleTime: 10 * 60_000,
    retry: false,
  });
}
