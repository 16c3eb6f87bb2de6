/**
 * How the search screen offers a type's filters (issue 12): the 1 to 3 fixed search
 * fields of spec §9 in a compact bar, every other filter behind "More filters"; the
 * active filters as chips; and each filter value checked with the same shared rules
 * the server's list engine parses it with (shared/api/query-values), so a bad value is
 * an error on its field before anything is sent.
 */
import type { Principal } from '../access';
import {
  CONTROL_CHARS,
  MAX_PARAM_LENGTH,
  VALUE_MSG,
  bool01Value,
  boolValue,
  choiceListValue,
  dateRangeValue,
  idListValue,
  intFilterValue,
} from '../api/query-values';
import type { z } from 'zod';
import { columnsOf } from './columns';
import type { FilterDecl } from './define';
import { FILTER_DECLS, TEXT_SEARCH, filterKind, filterLabel, panelFilters, type FilterValues } from './filters';
import { displayDate } from './format';

/** Most fields the bar shows (spec §9: fixed search fields 1 to 3 per type). */
export const BAR_SIZE = 3;

/** The filters a fixed column can be searched by: its key, its singular ("artists" → artist), "<key>_name". */
const columnFilters = (key: string): string[] => [key, key.replace(/s$/, ''), `${key}_name`];

/**
 * The bar's fields for this principal: the free-text search where the type has one
 * (it searches the type's name or title, so the name/title columns need no field of
 * their own), then the filters of the type's fixed columns, at most BAR_SIZE; a type
 * with none of those shows its first filter.
 */
export function barFilters(principal: Principal, type: string): string[] {
  const all = panelFilters(principal, type);
  const bar: string[] = all.includes(TEXT_SEARCH) ? [TEXT_SEARCH] : [];
  for (const c of columnsOf(type).filter((x) => x.fixed)) {
    if (bar.includes(TEXT_SEARCH) && c.kind === 'text' && c.link) continue;
    const f = columnFilters(c.key).find((n) => all.includes(n) && !bar.includes(n));
    if (f) bar.push(f);
  }
  if (!bar.length && all.length) bar.push(all[0]);
  return bar.slice(0, BAR_SIZE);
}

/** The schema the server's list engine parses a filter's value with (server/api/lists/engine.ts condition). */
function valueSchema(decl: FilterDecl, brand: string, now: Date): z.ZodType | null {
  if (decl.datePart) return intFilterValue;
  switch (decl.kind) {
    case 'ids':
      return idListValue;
    case 'int':
      return intFilterValue;
    case 'date':
      return dateRangeValue;
    case 'bool':
      return boolValue;
    case 'bool01':
      return bool01Value;
    case 'choice': {
      const o = decl.onlyOffered ? decl.options : undefined;
      return choiceListValue(o ? (typeof o === 'function' ? o({ brand, now }) : o).map((x) => x.value) : undefined);
    }
    case 'text':
      return null;
  }
}

/** The message for one filter value, as the server would answer it (400 naming the filter); null when it is fine. */
export function filterError(name: string, value: string | undefined, brand = '', now = new Date()): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (v.length > MAX_PARAM_LENGTH) return VALUE_MSG.tooLong(MAX_PARAM_LENGTH);
  if (CONTROL_CHARS.test(v)) return VALUE_MSG.control;
  const decl = FILTER_DECLS.get(name);
  const schema = decl && valueSchema(decl, brand, now);
  if (!schema) return null;
  const r = schema.safeParse(v);
  return r.success ? null : (r.error.issues[0]?.message ?? VALUE_MSG.choice);
}

/** Every filter value's message, by filter name (empty when all are fine). */
export function filterErrors(values: FilterValues, brand = '', now = new Date()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const e = filterError(name, value, brand, now);
    if (e) out[name] = e;
  }
  return out;
}

/**
 * A 400's field errors (the v4 validation body) placed on the screen: those naming a
 * filter of the panel go on that field; the rest (order_by, page…) as "Label: message" lines.
 */
export function placeServerErrors(
  body: Readonly<Record<string, readonly string[]>> | null,
  filters: readonly string[],
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(body ?? {})) {
    if (filters.includes(name)) fields[name] = messages.join(' ');
    else other.push(`${filterLabel(name)}: ${messages.join(' ')}`);
  }
  return { fields, other };
}

/** The filters that hold a value, in the panel's order, then any others the URL holds. */
export function activeFilters(values: FilterValues, order: readonly string[]): string[] {
  const set = Object.keys(values).filter((k) => values[k]?.trim());
  return [...order.filter((n) => set.includes(n)), ...set.filter((n) => !order.includes(n))];
}

/**
 * A filter's value as people read it: option labels for selects, Yes/No, dates
 * MM/DD/YYYY ("from 03/01/2024", "to …", "a – b"); `refName` names a reference id.
 */
export function filterValueText(name: string, value: string, brand = '', refName?: (id: string) => string | undefined): string {
  const kind = filterKind(name, brand);
  switch (kind.kind) {
    case 'select':
      return value
        .split(',')
        .map((v) => kind.options.find((o) => o.value === v.trim())?.label ?? v)
        .join(', ');
    case 'bool':
      return value === 'true' ? 'Yes' : value === 'false' ? 'No' : value;
    case 'dateRange': {
      const [from, to] = value.split(':');
      const [f, t] = [displayDate(from) || from, displayDate(to) || to];
      if (f && t) return `${f} – ${t}`;
      return f ? `from ${f}` : `to ${t ?? ''}`;
    }
    case 'reference':
      return value
        .split(',')
        .map((v) => refName?.(v.trim()) ?? v)
        .join(', ');
    default:
      return value;
  }
}

/** A chip's text: "Label: value". */
export function chipText(name: string, value: string, brand = '', refName?: (id: string) => string | undefined): string {
  return `${filterLabel(name)}: ${filterValueText(name, value, brand, refName)}`;
}

/** What an empty result says: the filters that produced it. */
export function emptyResultText(values: FilterValues, order: readonly string[], brand = ''): string {
  const active = activeFilters(values, order);
  if (!active.length) return 'No results.';
  return `No results for ${active.map((n) => chipText(n, values[n], brand)).join('; ')}.`;
}
