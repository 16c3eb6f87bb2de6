/**
 * The body of a long results table (issue 29): only the rows in view, and a few either side,
 * are in the DOM, each at one fixed height. A scroll step renders the rows that came into view
 * and measures nothing. (rc-table's own virtual list measured the height and margins of every
 * row in view on each frame, which took most of a frame's time at 10,000 rows.)
 *
 * It stands in for rc-table's scrolling body (antd Table `components.body`): the header,
 * column widths, sort, select-all and pagination stay antd's; the header follows this body's
 * sideways scroll. The selection column and the first column stay in view (sticky).
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Row } from '../../lib/search-queries';

/** One row's height in px (antd's "middle" size: 12 px padding each side of a 22 px line, and its border). */
export const ROW_HEIGHT = 47;
/** Rows rendered beyond each edge of the view, so a scroll step shows rows already there. */
export const OVERSCAN = 3;

export interface VirtualCell {
  key: string;
  width: number;
  render: (row: Row) => React.ReactNode;
  /** The text shown when it does not fit (a title), for plain text cells. */
  title?: (row: Row) => string | undefined;
}

export interface VirtualRowsProps {
  rows: readonly Row[];
  cells: readonly VirtualCell[];
  rowKey: (row: Row) => React.Key;
  /** The selection column's width; the selected keys and the new selection on a change. */
  selectionWidth: number;
  selected: readonly React.Key[];
  onSelect: (keys: React.Key[]) => void;
  /** The scrolling body's height. */
  height: number;
  /** The width of the vertical scroll bar, which the header's last column gives up (rc-table). */
  scrollbarSize: number;
  /** rc-table's handle on the scrolling body (it sets scrollLeft when the header is scrolled). */
  bodyRef: React.Ref<HTMLDivElement>;
  /** Tells the header where the body is scrolled sideways. */
  onScrollX: (el: HTMLDivElement) => void;
  /** What the rows are, for assistive technology (the body is a table of its own beside the header's). */
  label: string;
}

/** The first and last index (exclusive) of the rows to render at a scroll position. */
export function windowOf(scrollTop: number, height: number, count: number): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  return [first, Math.max(first, last)];
}

interface RowProps {
  row: Row;
  index: number;
  rowKey: React.Key;
  checked: boolean;
  cells: readonly VirtualCell[];
  selectionWidth: number;
  lastWidth: number;
  onToggle: (index: number, checked: boolean, range: boolean) => void;
}

/** One row: re-rendered only when its row object, its place, its check or the columns change. */
const VirtualRow = memo(function VirtualRow(p: RowProps) {
  return (
    <div
      role="row"
      data-row-key={String(p.rowKey)}
      className={`results-vrow ant-table-row${p.checked ? ' results-vrow--selected' : ''}`}
      style={{ top: p.index * ROW_HEIGHT }}
    >
      <div role="cell" className="results-vcell results-vcell--select" style={{ width: p.selectionWidth }}>
        {/* A native box drawn as antd's (search.css): antd's Checkbox took most of a new row's render. */}
        <input
          type="checkbox"
          className="results-check"
          checked={p.checked}
          aria-label="Select row"
          onChange={(e) => p.onToggle(p.index, e.target.checked, (e.nativeEvent as MouseEvent).shiftKey === true)}
        />
      </div>
      {p.cells.map((c, i) => (
        <div
          key={c.key}
          role="cell"
          className={i === 0 ? 'results-vcell results-vcell--first' : 'results-vcell'}
          style={{ width: i === p.cells.length - 1 ? p.lastWidth : c.width, left: i === 0 ? p.selectionWidth : undefined }}
          title={c.title?.(p.row)}
        >
          {c.render(p.row)}
        </div>
      ))}
    </div>
  );
});

export function VirtualRows({ bodyRef, ...p }: VirtualRowsProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const left = useRef(0);
  const selected = useMemo(() => new Set(p.selected), [p.selected]);
  // The latest rows, selection and handler, so each row's toggle stays one function (rows skip re-rendering).
  const latest = useRef({ rows: p.rows, rowKey: p.rowKey, selected: p.selected, onSelect: p.onSelect });
  useLayoutEffect(() => {
    latest.current = { rows: p.rows, rowKey: p.rowKey, selected: p.selected, onSelect: p.onSelect };
  }, [p.rows, p.rowKey, p.selected, p.onSelect]);
  // The row last ticked or cleared: Shift with a box does the same to every row from there (as antd's table).
  // Another page or order starts without one.
  const anchor = useRef<number | null>(null);
  useLayoutEffect(() => {
    anchor.current = null;
  }, [p.rows]);
  const onToggle = useCallback((index: number, checked: boolean, range: boolean) => {
    const { rows, rowKey, selected: keys, onSelect } = latest.current;
    const from = range && anchor.current !== null ? anchor.current : index;
    const changed = new Set(rows.slice(Math.min(from, index), Math.max(from, index) + 1).map(rowKey));
    anchor.current = index;
    const kept = keys.filter((k) => !changed.has(k));
    onSelect(checked ? [...kept, ...changed] : kept);
  }, []);
  const width = p.selectionWidth + p.cells.reduce((sum, c) => sum + c.width, 0);
  const last = p.cells[p.cells.length - 1];
  const lastWidth = Math.max(0, (last?.width ?? 0) - p.scrollbarSize);
  const [first, end] = windowOf(scrollTop, p.height, p.rows.length);
  const shown: React.ReactNode[] = [];
  for (let i = first; i < end; i++) {
    const row = p.rows[i];
    const key = p.rowKey(row);
    shown.push(
      <VirtualRow
        key={key}
        row={row}
        index={i}
        rowKey={key}
        checked={selected.has(key)}
        cells={p.cells}
        selectionWidth={p.selectionWidth}
        lastWidth={lastWidth}
        onToggle={onToggle}
      />,
    );
  }
  return (
    <div
      ref={bodyRef}
      className="results-vbody ant-table-body"
      data-results-scroller=""
      role="table"
      aria-label={p.label}
      style={{ height: p.height }}
      onScroll={(e) => {
        const el = e.currentTarget;
        if (el.scrollTop !== scrollTop) setScrollTop(el.scrollTop);
        // The header measures itself when told: only when the body moved sideways.
        if (el.scrollLeft !== left.current) {
          left.current = el.scrollLeft;
          p.onScrollX(el);
        }
      }}
    >
      <div className="results-vbody__space" style={{ height: p.rows.length * ROW_HEIGHT, width: width - p.scrollbarSize }}>
        {shown}
      </div>
    </div>
  );
}
