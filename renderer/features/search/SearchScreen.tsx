/**
 * One search machinery for every search type of spec §2: the types of an area the
 * user may use (§6), their filters (§3), the results with chosen columns, saved views,
 * selection and CSV export. The state is in the URL; the user's filters and columns
 * per type are kept in their preferences (version 2).
 */
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Segmented, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ReloadOutlined } from '@ant-design/icons';
import { useAtom, useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { can, filterDroppedText, SEARCH_TYPES, type AreaRoute, type Principal } from '../../../shared/access';
import { DEFAULT_PER_PAGE, parsePage } from '../../../shared/api';
import { friendlyStatusText } from '../../../shared/messages';
import {
  barFilters,
  columnsOf,
  emptyResultText,
  exportColumnKeys,
  exportFilters,
  filterErrors,
  filterLabel,
  panelFilters,
  placeServerErrors,
  setFilter,
  parseSearchUrl,
  shownColumns,
  usableFilters,
  type FilterValues,
} from '../../../shared/search';
import { friendlyErrorText, requestFailedText, validationErrorsOf } from '../../lib/http-errors';
import { authAtom, myPreferencesAtom, preferencesAtom, principalAtom } from '../../lib/store';
import { ListEmpty, RETRY_LABEL } from '../../ui/ListState';
import { PageHeader } from '../../ui/PageHeader';
import { isMobile, useViewportClass } from '../../ui/useViewport';
import { BulkActionBar, type BulkAction } from './BulkActionBar';
import { searchBulkActions, type BulkActionDialogProps, type SearchBulkAction } from './bulk-actions';
import { ColumnChooser } from './ColumnChooser';
import { bridge } from '../../lib/bridge';
import { ExportButton } from './ExportButton';
import { FilterChips } from './FilterChips';
import { FilterPanel } from './FilterPanel';
import { fetchAllRows, searchListOptions } from '../../lib/search-queries';
import { ResultsTable, rowKey } from './ResultsTable';
import { SavedViewsControl } from './SavedViewsControl';
import { SharedViewsControl } from './SharedViewsControl';
import { useSearchState } from './useSearchState';
import { ViewControls } from './ViewControls';
import type { Row } from '../../lib/search-queries';

/**
 * The search types a screen offers: those of its area, or for the all-types search
 * (/search, area null) every type with a route (§2), each only where §6 allows.
 */
export function offeredTypes(principal: Principal, area: AreaRoute | null) {
  return SEARCH_TYPES.filter((t) => (area === null ? t.area !== null : t.area === area) && can(principal, t.rule));
}

/**
 * `only`: a screen over some of an area's types (/hype: the hype types of /support);
 * `extra`: more controls in the page header.
 */
export function SearchScreen({
  area,
  title,
  only,
  extra,
}: {
  area: AreaRoute | null;
  title: string;
  only?: readonly string[];
  extra?: React.ReactNode;
}) {
  const principal = useAtomValue(principalAtom);
  const phone = isMobile(useViewportClass());
  const auth = useAtomValue(authAtom);
  const userId = auth.user?.userId;
  const prefs = useAtomValue(myPreferencesAtom);
  const [, dispatchPrefs] = useAtom(preferencesAtom);
  const [state, update] = useSearchState();
  const viewLink = new URLSearchParams(useLocation().search).get('view');
  const [selection, setSelection] = useState<{ key: string; keys: React.Key[] }>({ key: '', keys: [] });
  // The version of every row seen (a bulk edit sends the version the user saw with each id).
  const versions = useRef(new Map<React.Key, number>());
  // Every row seen, by key: a bulk edit's preview names the tracks (title, artists) it lists.
  const seen = useRef(new Map<React.Key, Row>());
  const remember = (rows: readonly Row[]) => {
    for (const r of rows) {
      seen.current.set(rowKey(r), r);
      if (typeof r.version === 'number') versions.current.set(rowKey(r), r.version);
    }
  };
  // The bulk action running on the rows chosen (registered per type: ./bulk-actions.ts).
  const [running, setRunning] = useState<{ action: SearchBulkAction; props: Omit<BulkActionDialogProps, 'onClose'> } | null>(null);

  const types = useMemo(() => offeredTypes(principal, area).filter((t) => !only || only.includes(t.key)), [area, principal, only]);
  const type = types.find((t) => t.key === state.type) ?? types[0];
  const filters = useMemo(() => (type ? panelFilters(principal, type.key) : []), [principal, type]);
  const bar = useMemo(() => (type ? barFilters(principal, type.key) : []), [principal, type]);
  // A link's filters this user may not use on the type (§6) are dropped with a notice, never shown as applied (issue 27).
  const { usable: applied, dropped } = useMemo(
    () => (type ? usableFilters(principal, type.key, state.filters) : { usable: state.filters, dropped: [] }),
    [principal, type, state.filters],
  );
  // Filter values the server would refuse: errors on their fields, and nothing is sent (issue 12).
  const ownErrors = useMemo(() => filterErrors(applied, principal.brand), [applied, principal.brand]);
  const valid = Object.keys(ownErrors).length === 0;
  const chosen = type ? prefs.columns[type.key] : undefined;
  const columns = type ? shownColumns(type.key, chosen) : [];
  const perPage = state.perPage ?? DEFAULT_PER_PAGE;

  // A bare link (?type only, or nothing) opens with the user's last filters for the type.
  useEffect(() => {
    if (!type) return;
    const bare = state.type !== type.key || (Object.keys(state.filters).length === 0 && state.page === 1 && !state.orderBy);
    // A team view's link (?view=) is opened by SharedViewsControl instead.
    if (bare && !viewLink) {
      const stored = (prefs.filters[type.key] ?? {}) as FilterValues;
      update({ type: type.key, page: 1, filters: stored }, true);
    }
    // Only when the type or the URL changes, not on every preference write.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type?.key, state.type]);

  const request = { type: type?.key ?? '', page: state.page, perPage, orderBy: state.orderBy, filters: applied };
  const ready = Boolean(type) && state.type === type?.key;
  const options = searchListOptions(principal, request);
  const list = useQuery({ ...options, enabled: ready && valid });
  // The selection belongs to one page of one query: a new query starts empty.
  const selectionKey = JSON.stringify(options.queryKey);
  const selected = selection.key === selectionKey ? selection.keys : [];
  const setSelected = (keys: React.Key[]) => setSelection({ key: selectionKey, keys });

  useEffect(() => {
    if (list.data) remember(list.data.results);
  }, [list.data]);

  if (!type) return <Alert type="warning" message={friendlyStatusText(403)} />;
  const env = valid ? list.data : undefined;
  // A 400 that names filters lands on those fields; anything else is one §8 line (never a bare status text).
  const answered = list.isError ? validationErrorsOf(list.error) : null;
  const { fields: answeredFields, other: unplaced } = placeServerErrors(answered, filters);
  const fieldErrors: Record<string, string> = { ...answeredFields, ...ownErrors };
  const listAlert = valid && list.isError && (!answered || unplaced.length > 0);
  const actions: BulkAction[] = searchBulkActions(type.key, principal).map((action) => ({
    key: action.key,
    label: action.label,
    run: (ids) =>
      setRunning({
        action,
        props: {
          rows: ids.map((id) => ({ id: Number(id), version: versions.current.get(id) ?? 0 })),
          seen: new Map(ids.map((id) => [id, seen.current.get(id)])),
        },
      }),
  }));
  const page = env ? parsePage(env.page).current : state.page;

  const apply = (values: FilterValues) => {
    update({ filters: values, page: 1 });
    if (userId !== undefined) dispatchPrefs({ type: 'SET_FILTERS', userId, searchType: type.key, filters: values });
  };
  const setColumns = (keys: string[]) => {
    if (userId !== undefined) dispatchPrefs({ type: 'SET_COLUMNS', userId, searchType: type.key, columns: keys });
  };
  const chosenKeys = columns.filter((c) => !c.fixed).map((c) => c.key);
  const typeOptions = types.map((t) => ({ value: t.key, label: t.label }));
  const chooseType = (key: string) => update({ type: key, page: 1, filters: {}, orderBy: null });
  const hasFilters = Object.keys(applied).length > 0;
  const empty =
    !valid || (answered && !unplaced.length) ? (
      <div className="search-empty" data-testid="search-invalid">
        Correct the filters marked above to search.
      </div>
    ) : list.isError ? (
      <div className="search-empty">The results could not be loaded (see the message above).</div>
    ) : hasFilters ? (
      <div className="search-empty" data-testid="search-empty">
        <p>{emptyResultText(applied, filters, principal.brand)}</p>
        <Button onClick={() => apply({})} data-testid="empty-clear-filters">
          Clear filters
        </Button>
      </div>
    ) : (
      <ListEmpty description={`There are no ${type.label.toLowerCase()} to show yet.`} />
    );

  return (
    <div className="page search-screen" data-testid={`search-${type.key}`}>
      <PageHeader
        title={title}
        extra={
          <ViewControls phone={phone}>
            {extra}
            <SavedViewsControl
              userId={userId}
              type={type.key}
              current={() => {
                // The URL holds the search (useSearchState); read at the moment of saving.
                const now = parseSearchUrl(window.location.search);
                return { filters: usableFilters(principal, type.key, now.filters).usable, columns: chosenKeys, orderBy: now.orderBy };
              }}
              onApply={(v) => {
                if (v.columns) setColumns(v.columns);
                update({ filters: v.filters, orderBy: v.orderBy ?? null, page: 1 });
              }}
            />
            <SharedViewsControl
              type={type.key}
              current={{ filters: applied, columns: chosenKeys, orderBy: state.orderBy }}
              bare={state.type === type.key && !hasFilters && !state.orderBy && state.page === 1}
              onApply={(v) => {
                if (v.columns) setColumns(v.columns);
                update({ filters: v.filters, orderBy: v.order_by, page: 1 }, true);
              }}
            />
            <ColumnChooser columns={columnsOf(type.key)} shown={chosenKeys} onChange={setColumns} />
            <ExportButton
              type={type.key}
              filters={exportFilters(principal, request)}
              orderBy={state.orderBy}
              columns={exportColumnKeys(type.key, chosen)}
              total={env?.count}
            />
            {type.key === 'users' && (
              <ExportButton
                label="Download users CSV"
                start={() => bridge.exportStart({ kind: 'users', filters: exportFilters(principal, request), orderBy: state.orderBy })}
              />
            )}
          </ViewControls>
        }
      />
      <div className={phone ? 'search-controls search-controls--phone' : 'search-controls'}>
        {area === null ? (
          <Space style={{ marginBottom: 16 }}>
            <span>Search in</span>
            <Select
              aria-label="Search type"
              data-testid="search-type-picker"
              style={{ width: 200 }}
              virtual={false}
              value={type.key}
              onChange={chooseType}
              options={typeOptions}
            />
          </Space>
        ) : (
          types.length > 1 && (
            // An area's types: tabs where they fit, a select on a phone or a narrow window (search.css shows one of the two).
            <>
              <Segmented
                data-testid="search-types"
                className="search-types"
                value={type.key}
                onChange={(key) => chooseType(String(key))}
                options={typeOptions}
              />
              <Select
                aria-label="Search type"
                data-testid="search-types-select"
                className="search-types-select"
                virtual={false}
                value={type.key}
                onChange={chooseType}
                options={typeOptions}
              />
            </>
          )
        )}
        <FilterPanel
          key={type.key}
          filters={filters}
          bar={bar}
          brand={principal.brand}
          applied={applied}
          errors={fieldErrors}
          onApply={apply}
        />
      </div>
      {dropped.length > 0 && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          data-testid="filters-dropped"
          message={filterDroppedText(dropped.map(filterLabel))}
        />
      )}
      <FilterChips
        values={applied}
        order={filters}
        brand={principal.brand}
        errors={fieldErrors}
        onRemove={(name) => apply(setFilter(applied, name, null))}
        onClear={() => apply({})}
      />
      {listAlert && (
        <Alert
          style={{ marginBottom: 16 }}
          type="error"
          showIcon
          data-testid="search-error"
          message={friendlyErrorText(list.error)}
          description={answered ? unplaced.join('\n') : requestFailedText(list.error)}
          action={
            answered ? undefined : (
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void list.refetch()} data-testid="list-retry">
                {RETRY_LABEL}
              </Button>
            )
          }
        />
      )}
      <BulkActionBar
        selected={selected}
        actions={actions}
        onClear={() => setSelected([])}
        selectAll={
          env && env.count > 0
            ? {
                total: env.count,
                pageRows: env.results.length,
                fetchIds: async (onPage, signal) => {
                  const rows = await fetchAllRows(principal, request, onPage, signal);
                  remember(rows);
                  return rows.map((r) => rowKey(r));
                },
                onSelected: setSelected,
              }
            : undefined
        }
      />
      <ResultsTable
        columns={columns}
        rows={env?.results ?? []}
        type={type.key}
        loading={list.isFetching}
        firstLoad={valid && list.isLoading}
        orderBy={state.orderBy}
        onSort={(orderBy) => update({ orderBy, page: 1 })}
        page={page}
        perPage={env?.per_page ?? perPage}
        total={env?.count ?? 0}
        onPage={(p, size) => update({ page: size !== perPage ? 1 : p, perPage: size === DEFAULT_PER_PAGE ? null : size })}
        selected={selected}
        onSelect={setSelected}
        empty={empty}
      />
      {running && (
        <Suspense fallback={null}>
          <running.action.Dialog
            {...running.props}
            onClose={(applied) => {
              setRunning(null);
              if (applied) setSelected([]);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
