/**
 * Extension points of the header's global search box, for the search feature:
 * - `searchHref(type, text)`: where submitting a search goes;
 * - `useSearchSuggestions(type, text)`: autocomplete options (search/autocomplete);
 *   replace the body of this hook to wire the server's suggestions in.
 */
import { createElement } from 'react';
import { searchType } from '../../../shared/access';
import { suggestionHref, useAutocomplete } from '../../lib/autocomplete';
import { SuggestionLabel } from '../../features/search/SuggestionLabel';

export interface SearchSuggestion {
  value: string;
  label: React.ReactNode;
  /** Where choosing the suggestion goes (e.g. /catalog/tracks/42). */
  href?: string;
  /** "See all results…": choosing it leaves the typed query in the box, not this entry's text. */
  seeAll?: true;
}

/** "See all results": the all-types search (/search) on this type with the text as `q`. */
export function searchHref(type: string, text: string): string {
  const params = new URLSearchParams({ type });
  if (text.trim()) params.set('q', text.trim());
  return `/search?${params.toString()}`;
}

export function useSearchSuggestions(type: string, text: string): SearchSuggestion[] {
  const found = useAutocomplete(type, text).map((s) => ({
    value: `${s.name} (#${s.id})`,
    label: createElement(SuggestionLabel, { s }),
    href: suggestionHref(s),
  }));
  if (!text.trim()) return found;
  const label = searchType(type)?.label.toLowerCase() ?? 'results';
  return [
    ...found,
    {
      value: `See all ${label} matching "${text.trim()}"`,
      label: `See all results in ${label}`,
      href: searchHref(type, text),
      seeAll: true,
    },
  ];
}
