/**
 * The search state of a screen lives in the URL (type, page, per_page, order_by and
 * the filters, in the spec's parameter order) so a view can be shared by link.
 */
import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router-dom';
import { parseSearchUrl, searchUrl, type SearchUrlState } from '../../../shared/search';

export type UpdateSearch = (patch: Partial<SearchUrlState>, replace?: boolean) => void;

export function useSearchState(): [SearchUrlState, UpdateSearch] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  // The router's own location, which is ahead of this render while a navigation is pending.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useMemo(() => parseSearchUrl(search), [search]);
  const update = useCallback<UpdateSearch>(
    (patch, replace = false) => {
      // A screen the user has already left (its render is older than the router's location,
      // as when a link was clicked while the list was still opening) never pulls them back.
      if (router && router.state.location.pathname !== pathname) return;
      const next = { ...state, ...patch };
      navigate({ pathname, search: `?${searchUrl(next)}` }, { replace });
    },
    [navigate, pathname, state, router],
  );
  return [state, update];
}
