/**
 * Search state in the URL, so a view can be shared by link: the query string holds
 * type, page, per_page, order_by and the filters, in the spec's parameter order.
 */
import { buildQuery } from '../api/query';
import type { FilterValues } from './filters';

export interface SearchUrlState {
  type: string | null;
  page: number;
  perPage: number | null;
  orderBy: string | null;
  filters: FilterValues;
}

// `view`: a shared view's link (renderer SharedViewsControl opens it), never a filter.
const RESERVED = ['type', 'page', 'per_page', 'order_by', 'view'];

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Reads "?type=tracks&page=2&title=x" (leading '?' optional). */
export function parseSearchUrl(search: string): SearchUrlState {
  const state: SearchUrlState = { type: null, page: 1, perPage: null, orderBy: null, filters: {} };
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    if (key === 'type') state.type = value || null;
    else if (key === 'page') state.page = Math.max(1, Number.parseInt(value, 10) || 1);
    else if (key === 'per_page') state.perPage = Number.parseInt(value, 10) || null;
    else if (key === 'order_by') state.orderBy = value || null;
    else if (value !== '' && !RESERVED.includes(key)) state.filters[key] = value;
  }
  return state;
}

/** Writes the state back: "type=…&page=…&per_page=…&<sorted rest>" (page 1 left out). */
export function searchUrl(state: SearchUrlState): string {
  return buildQuery({
    type: state.type,
    page: state.page > 1 ? state.page : null,
    per_page: state.perPage,
    order_by: state.orderBy,
    ...state.filters,
  });
}
