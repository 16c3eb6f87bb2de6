/**
 * The results: fixed and chosen columns (shared/search columns), sortable where the
 * server sorts, catalogue links, status tags in the spec's words, pagination from the
 * envelope, row selection. Long pages render virtually.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Table, Tag, theme, type TableProps } from 'antd';
import { Link } from 'react-router-dom';
import { cellLink, cellTag, cellText, type Column } from '../../../shared/search';
import { ListEmpty, ListSkeleton } from '../../ui/ListState';
import { TONE_COLOR } from '../../ui/tones';
import type { Row } from '../../lib/search-queries';
import { formatCount } from '../../../shared/format';
import { VirtualRows, type VirtualCell } from './VirtualRows';
import './search.css';

/** Rows at or above this count render virtually (only the visible rows are in the DOM). */
export const VIRTUAL_FROM = 100;
/** The selection column's width: a virtual table lays columns out by width, and one without would sit under the first column. */
const SELECTION_WIDTH = 48;
/** Each column's width in a virtual table (its cells cut what does not fit, with the whole text as a title). */
const VIRTUAL_COLUMN_WIDTH = 180;

export interface ResultsTableProps {
  columns: readonly Column[];
  rows: readonly Row[];
  /** Search type of the rows: where their link columns go (shared/search cellLink). */
  type: string;
  /** A later page or order is being fetched (a spinner over the rows shown). */
  loading?: boolean;
  /** The first answer is awaited: a skeleton in place of the rows, never "No data" (issue 29). */
  firstLoad?: boolean;
  orderBy: string | null;
  onSort: (orderBy: string | null) => void;
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number, perPage: number) => void;
  selected: readonly React.Key[];
  onSelect: (keys: React.Key[]) => void;
  /** Height of the scrolling body when virtual. */
  height?: number;
  /** What an empty result shows (the filters that produced it, a way to clear them). */
  empty?: React.ReactNode;
}

export function rowKey(row: Row, index?: number): React.Key {
  return (row.id ?? row.release_id ?? index) as React.Key;
}

/** A cell as the table shows it: a status tag in the spec's words, a catalogue link, or text. */
function renderCell(c: Column, row: Row, type: string): React.ReactNode {
  const tag = cellTag(c, row);
  if (tag) return <Tag color={TONE_COLOR[tag.tone]}>{tag.text}</Tag>;
  const text = cellText(c, row);
  const href = cellLink(type, c, row);
  return href ? <Link to={href}>{text}</Link> : text;
}

export function ResultsTable(p: ResultsTableProps) {
  const virtual = p.rows.length >= VIRTUAL_FROM;
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  // The theme's colours for the long page's own rows and boxes (search.css).
  const colours = {
    '--results-primary': token.colorPrimary,
    '--results-bg': token.colorBgContainer,
    '--results-hover-bg': token.colorFillAlter,
    '--results-selected-bg': token.controlItemBgActive,
    '--results-border': token.colorBorderSecondary,
    '--results-check-border': token.colorBorder,
  } as React.CSSProperties;
  // The table's hidden measuring row copies the header, select-all checkbox included: a control hidden from
  // screen readers but focusable (axe aria-hidden-focus). Nothing in it is for people: make it inert.
  useEffect(() => {
    for (const row of box.current?.querySelectorAll<HTMLElement>('.ant-table-measure-row') ?? []) {
      row.setAttribute('inert', '');
      for (const el of row.querySelectorAll<HTMLElement>('input, button, a, [tabindex]')) el.tabIndex = -1;
    }
  });
  const columns: TableProps<Row>['columns'] = p.columns.map((c, i) => ({
    key: c.key,
    title: c.title,
    dataIndex: c.field.split('.'),
    // Sized to their content (the table scrolls inside itself); a virtual table lays columns out by width.
    width: virtual ? VIRTUAL_COLUMN_WIDTH : undefined,
    ellipsis: virtual,
    // The first column (the record's link) stays in view while the table scrolls sideways. A long
    // page's body is VirtualRows, which antd does not measure, so antd's own offset for a fixed
    // column would be 0: there the heading is made sticky here, beside the selection column, as
    // VirtualRows places its cells.
    fixed: i === 0 && !virtual ? ('left' as const) : undefined,
    onHeaderCell:
      i === 0 && virtual
        ? () => ({ className: 'results-vhead-first', style: { position: 'sticky', left: SELECTION_WIDTH, zIndex: 3 } })
        : undefined,
    // A cell shows only its own row: skip re-rendering it unless the row object changed (virtual scrolling).
    shouldCellUpdate: (record: Row, prev: Row) => record !== prev,
    sorter: c.sortable ? true : undefined,
    sortOrder: p.orderBy === c.key ? 'ascend' : p.orderBy === `-${c.key}` ? 'descend' : null,
    render: (_: unknown, row: Row) => renderCell(c, row, p.type),
  }));
  // A long page's body: the rows in view only, at a fixed height (VirtualRows).
  const cells = useMemo<VirtualCell[]>(
    () =>
      p.columns.map((c) => ({
        key: c.key,
        width: VIRTUAL_COLUMN_WIDTH,
        render: (row: Row) => renderCell(c, row, p.type),
        title: (row: Row) => (cellTag(c, row) ? undefined : cellText(c, row) || undefined),
      })),
    [p.columns, p.type],
  );
  return (
    <div ref={box} className="search-results" style={virtual ? colours : undefined}>
      <Table<Row>
        data-testid="search-results"
        size="middle"
        rowKey={(r) => rowKey(r)}
        columns={columns}
        dataSource={p.rows as Row[]}
        loading={!p.firstLoad && p.loading}
        locale={{ emptyText: p.firstLoad ? <ListSkeleton /> : (p.empty ?? <ListEmpty description="No results." />) }}
        components={
          virtual
            ? {
                body: (_data, info) => (
                  <VirtualRows
                    rows={p.rows}
                    cells={cells}
                    rowKey={rowKey}
                    selectionWidth={SELECTION_WIDTH}
                    selected={p.selected}
                    onSelect={p.onSelect}
                    height={p.height ?? 600}
                    scrollbarSize={info.scrollbarSize}
                    bodyRef={info.ref as React.Ref<HTMLDivElement>}
                    onScrollX={(el) => info.onScroll({ currentTarget: el, scrollLeft: el.scrollLeft })}
                    label={formatCount(p.rows.length, 'result')}
                  />
                ),
              }
            : undefined
        }
        scroll={virtual ? { x: SELECTION_WIDTH + p.columns.length * VIRTUAL_COLUMN_WIDTH, y: p.height ?? 600 } : { x: 'max-content' }}
        rowSelection={{
          fixed: true,
          columnWidth: SELECTION_WIDTH,
          selectedRowKeys: p.selected as React.Key[],
          onChange: (keys) => p.onSelect(keys),
          preserveSelectedRowKeys: false,
        }}
        pagination={{
          current: p.page,
          pageSize: p.perPage,
          total: p.total,
          showSizeChanger: true,
          pageSizeOptions: [25, 50, 100, 200],
          showTotal: (t) => formatCount(t, 'result'),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = s?.columnKey ? String(s.columnKey) : null;
            p.onSort(key && s.order ? `${s.order === 'descend' ? '-' : ''}${key}` : null);
          } else if (extra.action === 'paginate') {
            p.onPage(pagination.current ?? 1, pagination.pageSize ?? p.perPage);
          }
        }}
      />
    </div>
  );
}
