/** Suggestions for the header's search box: GET /v4/catalog/search/autocomplete/ (debounced, cached per type and text). */
import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchType } from '../../shared/access';
import { recordLink } from '../../shared/search';
import { isSuggestible, searchEndpoints, type Suggestion } from '../../shared/api/endpoints/lists';
import { fetchData } from './api';
import { searchKeys } from './search-queries';

export type { Suggestion };

export function autocompleteOptions(type: string, text: string) {
  return queryOptions({
    queryKey: searchKeys.autocomplete(type, text),
    queryFn: async () => (await fetchData(searchEndpoints.autocomplete, { query: { type, q: text } })).results,
    staleTime: 60_000,
    retry: false,
  });
}

/** Where a suggestion goes: its catalogue page, else the search filtered by its id. */
export function suggestionHref(s: Suggestion): string {
  const t = searchType(s.type);
  return recordLink(s.type, s.id) ?? `${t?.area ?? '/search'}?type=${s.type}&id=${s.id}`;
}

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

export function useAutocomplete(type: string, text: string): Suggestion[] {
  const q = useDebounced(text.trim(), 200);
  const enabled = Boolean(type) && isSuggestible(q);
  const res = useQuery({ ...autocompleteOptions(type, q), enabled });
  return enabled ? (res.data ?? []) : [];
}
