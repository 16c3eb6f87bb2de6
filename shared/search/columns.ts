/**
 * Result columns per search type (declared with the type, shared/search/types): 1 to
 * 3 fixed columns (spec §9) that are always shown, then optional ones the user picks
 * with the column chooser. A column reads `field` (a dotted path) from a result and
 * shows it by `kind`. The CSV export writes the same columns through `cellText`.
 */
import { searchType } from '../access';
import type { ColumnDecl } from './define';
import { SEARCH_TYPE_DECLS } from './types';
import { PUBLISH_TIME_ZONE, exclusivePeriodLabel } from '../constants';
import { zonedDisplay } from '../api/zoned-time';
import { displayDate } from './format';
import { formatFileSize, formatMoney, formatPercent } from '../format';
import { csvCell } from './csv';
import {
  claimedTag,
  encodeStatusTag,
  enrollmentTag,
  hypeTag,
  indexedTag,
  orderStatusTag,
  releaseStatusTag,
  voidedTag,
  type StatusTag,
} from './status';

export type { ColumnKind } from './define';

export interface Column extends ColumnDecl {
  readonly key: string;
  /** The result field (a dotted path) the column reads. */
  readonly field: string;
}

/** Fields as the v4 lists return them (server/api/lists/types.ts); keys are order_by names where sortable. */
export const COLUMNS: Readonly<Record<string, readonly Column[]>> = Object.fromEntries(
  SEARCH_TYPE_DECLS.map((d) => [d.key, Object.entries(d.columns).map(([key, c]: [string, ColumnDecl]) => ({ key, field: key, ...c }))]),
);

export function columnsOf(type: string): readonly Column[] {
  return COLUMNS[type] ?? [];
}

/** The keys shown: fixed columns, then the chosen optional ones (unknown keys dropped) in table order. */
export function shownColumns(type: string, chosen: readonly string[] | null | undefined): Column[] {
  const all = columnsOf(type);
  const pick = chosen ?? all.filter((c) => c.byDefault).map((c) => c.key);
  return all.filter((c) => c.fixed || pick.includes(c.key));
}

/**
 * The `columns` an export of the screen sends: every shown key, fixed ones included,
 * so the list is never empty. (An empty list is dropped from the query, and the
 * server would then export the default columns instead of the ones on screen.)
 */
export function exportColumnKeys(type: string, chosen: readonly string[] | null | undefined): string[] {
  return shownColumns(type, chosen).map((c) => c.key);
}

/** Reads a dotted path. */
export function fieldValue(row: unknown, field: string): unknown {
  let v: unknown = row;
  for (const part of field.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

const refName = (v: unknown): string =>
  v && typeof v === 'object' ? String((v as { name?: unknown }).name ?? (v as { id?: unknown }).id ?? '') : v == null ? '' : String(v);

/** The tag a status column shows, or null for the other kinds. */
export function cellTag(col: Column, row: unknown): StatusTag | null {
  const v = fieldValue(row, col.field);
  switch (col.kind) {
    case 'voided':
      return voidedTag(v);
    case 'enrolled':
      return enrollmentTag(v);
    case 'indexed':
      return indexedTag(v);
    case 'hype':
      return hypeTag(v, fieldValue(row, 'hype_active'));
    case 'claimed':
      return claimedTag(v);
    case 'encode':
      return encodeStatusTag(v);
    case 'orderStatus':
      return orderStatusTag(v);
    case 'releaseStatus':
      return releaseStatusTag(v);
    default:
      return null;
  }
}

/** What a cell shows as text (tags by their words), used on screen and in the CSV. */
export function cellText(col: Column, row: unknown): string {
  const tag = cellTag(col, row);
  if (tag) return tag.text;
  const v = fieldValue(row, col.field);
  switch (col.kind) {
    case 'date':
      return displayDate(typeof v === 'string' ? v : null);
    case 'mountainTime':
      return zonedDisplay(v as string | null, PUBLISH_TIME_ZONE);
    case 'money':
      return formatMoney(v as number | string | null, String(fieldValue(row, 'currency') ?? 'USD'));
    case 'size':
      return formatFileSize(v as number | null);
    case 'percent':
      return formatPercent(v as number | string | null);
    case 'discount': {
      const pct = percentageDiscount(row);
      return pct === null ? formatMoney(v as number | string | null, String(fieldValue(row, 'currency') ?? 'USD')) : formatPercent(pct);
    }
    case 'exclusive':
      return exclusivePeriodLabel(v as number | null | undefined);
    case 'ref':
      return refName(v);
    case 'refs':
      return Array.isArray(v) ? v.map(refName).join(', ') : refName(v);
    case 'bool':
      return v == null ? '' : v ? 'Yes' : 'No';
    default:
      return v == null ? '' : typeof v === 'object' ? refName(v) : String(v);
  }
}

/**
 * A coupon's percentage when it is a percentage coupon (its discount type is "Percentage",
 * or it has a percentage and no amount), else null: its discount is then the amount.
 */
function percentageDiscount(row: unknown): number | string | null {
  const pct = fieldValue(row, 'discount_percentage') as number | string | null | undefined;
  if (pct === null || pct === undefined || pct === '') return null;
  const type = refName(fieldValue(row, 'discount_type')).toLowerCase();
  const amount = fieldValue(row, 'discount_amount');
  return type === 'percentage' || amount === null || amount === undefined || amount === '' ? pct : null;
}

/** The catalogue link shape of spec §2: /catalog/{segment}/{id}. */
export function catalogLink(segment: string | undefined, id: unknown): string | null {
  if (!segment || (typeof id !== 'number' && typeof id !== 'string') || String(id) === '') return null;
  return `/catalog/${segment}/${encodeURIComponent(String(id))}`;
}

/**
 * Where a record of a search type opens: its catalogue page (§2), else its area's
 * record route {area}/{recordSegment ?? path}/{id} (the editors arrive with their own
 * issues; until then the route shows the "not built yet" page, but the link names the
 * right record); null for Muzooka artists (no route).
 */
export function recordLink(type: string, id: unknown): string | null {
  const t = searchType(type);
  if (t?.linkSegment) return catalogLink(t.linkSegment, id);
  if (!t?.area || (typeof id !== 'number' && typeof id !== 'string') || String(id) === '') return null;
  return `${t.area}/${t.recordSegment ?? t.path}/${encodeURIComponent(String(id))}`;
}

/** Where a link column of a result of `type` goes, or null (not a link column, or the type has no record route). */
export function cellLink(type: string, col: Column, row: unknown): string | null {
  if (!col.link) return null;
  return col.linkSegment ? catalogLink(col.linkSegment, fieldValue(row, col.field)) : recordLink(type, fieldValue(row, 'id'));
}

/**
 * The CSV line writer of an export's columns: the same line as csvLine(cols.map((c) =>
 * csvValue(c, row))), with the per-cell work decided once per column instead of per row
 * (the export writes a million rows). Text, references and precomputed names that arrive
 * as strings (the flat export query) go straight to the cell; other kinds take csvValue.
 */
export function csvRowWriter(cols: readonly Column[]): (row: Record<string, unknown>) => string {
  const cells = cols.map((c): ((row: Record<string, unknown>) => string) => {
    const simple = !c.field.includes('.');
    const f = c.field;
    if (simple && (c.kind === 'text' || c.kind === 'ref' || c.kind === 'refs')) {
      return (row) => {
        const v = row[f];
        return v === null || v === undefined ? '' : typeof v === 'string' ? csvCell(v) : csvCell(csvValue(c, row));
      };
    }
    if (simple && c.kind === 'date')
      return (row) => {
        const v = row[f];
        return typeof v === 'string' ? csvCell(v.slice(0, 10)) : '';
      };
    return (row) => csvCell(csvValue(c, row));
  });
  if (cells.length === 0) return () => '\r\n';
  return (row) => {
    let line = cells[0](row);
    for (let i = 1; i < cells.length; i++) line += ',' + cells[i](row);
    return line + '\r\n';
  };
}

/** What the CSV export writes: numbers and money as plain numbers, sizes in bytes, the rest as shown. */
export function csvValue(col: Column, row: unknown): string | number | null {
  const v = fieldValue(row, col.field);
  if (col.kind === 'discount' && percentageDiscount(row) !== null) return cellText(col, row);
  if (col.kind === 'number' || col.kind === 'money' || col.kind === 'size' || col.kind === 'percent' || col.kind === 'discount') {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : String(v);
  }
  if (col.kind === 'date') return typeof v === 'string' ? v.slice(0, 10) : null;
  return cellText(col, row);
}
