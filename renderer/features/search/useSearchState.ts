/**
 * The search state of a screen lives in the URL (type, page, per_page, order_by and
 * the filters, in the spec's parameter order) so a view can be shared by link.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseSearchUrl, searchUrl, type SearchUrlState } from '../../../shared/search';

export type UpdateSearch = (patch: Partial<SearchUrlState>, replace?: boolean) => void;

export function useSearchState(): [SearchUrlState, UpdateSearch] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseSearchUrl(search), [search]);
  const update = useCallback<UpdateSearch>(
    (patch, replace = false) => {
      const next = { ...state, ...patch };
      navigate({ pathname, search: `?${searchUrl(next)}` }, { replace });
    },
    [navigate, pathname, state],
  );
  return [state, update];
}
