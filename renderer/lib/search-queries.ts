/**
 * Search queries (TanStack Query): one cache entry per search type and query string,
 * the query string holding the page (spec §9 "search cache per key and page").
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Principal } from '../../shared/access';
import { MAX_PER_PAGE, type ListEnvelope } from '../../shared/api';
import { auxiliaryEndpoint, listEndpoints, toListQuery, type ListRow, type ReferenceItem } from '../../shared/api/endpoints';
import { BULK_SELECT_LIMIT, fetchAll, searchQuery, searchQueryString, type SearchRequest } from '../../shared/search';
import { fetchData } from './api';

export type Row = ListRow;

export const searchKeys = {
  all: ['search'] as const,
  type: (type: string) => [...searchKeys.all, type] as const,
  list: (type: string, query: string) => [...searchKeys.type(type), 'list', query] as const,
  reference: (list: string) => [...searchKeys.all, 'reference', list] as const,
  /** The header's and the pickers' suggestions for what is typed (under the type: a save refreshes them). */
  autocomplete: (type: string, text: string) => [...searchKeys.type(type), 'autocomplete', text] as const,
};

/** One page of a search, as the API answers it (parsed by the type's list declaration). */
function fetchSearchPage(principal: Principal, req: SearchRequest): Promise<ListEnvelope<Row>> {
  return fetchData(listEndpoints(req.type).list, { query: toListQuery(searchQuery(principal, req)) });
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

export type { ReferenceItem };

/** A reference list (spec §3) for a select filter: GET /v4/auxiliary/<list>/. */
export function referenceOptions(list: string) {
  return queryOptions({
    queryKey: searchKeys.reference(list),
    queryFn: async (): Promise<ReferenceItem[]> => (await fetchData(auxiliaryEndpoint(list), {})).results,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
