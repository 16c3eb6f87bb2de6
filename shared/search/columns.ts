/**
 * Result columns per search type: 1 to 3 fixed columns (spec §9) that are always
 * shown, then optional ones the user picks with the column chooser. A column reads
 * `field` (a dotted path) from a result and shows it by `kind`. The CSV export
 * writes the same columns through `cellText`.
 */
import { searchType } from '../access';
import { exclusivePeriodLabel } from '../constants';
import { displayDate, formatFileSize, formatMoney } from './format';
import {
  claimedTag, encodeStatusTag, enrollmentTag, hypeTag, indexedTag, orderStatusTag, releaseStatusTag,
  voidedTag, type StatusTag,
} from './status';

export type ColumnKind =
  | 'text' | 'number' | 'date' | 'money' | 'size' | 'exclusive' | 'ref' | 'refs' | 'bool'
  | 'voided' | 'enrolled' | 'indexed' | 'hype' | 'claimed' | 'encode' | 'orderStatus' | 'releaseStatus';

export interface Column {
  readonly key: string;
  readonly title: string;
  readonly field: string;
  readonly kind: ColumnKind;
  /** Always shown, first (spec §9: 1 to 3 per type). */
  readonly fixed?: boolean;
  /** Links to the catalogue object (/catalog/{segment}/{id}). */
  readonly link?: boolean;
  /** Links to another type's object: this column's value is that object's id. */
  readonly linkSegment?: string;
  /** The server accepts order_by on this key. */
  readonly sortable?: boolean;
  /** Shown when the user has not chosen columns yet. */
  readonly byDefault?: boolean;
}

type Spec = [key: string, title: string, kind?: ColumnKind, extra?: Partial<Column>];

const ID: Spec = ['id', 'ID', 'number', { fixed: true, link: true, sortable: true }];
const NAME: Spec = ['name', 'Name', 'text', { fixed: true, link: true, sortable: true }];
/** "Enabled" is a field (spec §3), not a status word of §4: shown as Yes/No. */
const ENABLED: Spec = ['enabled', 'Enabled', 'bool', { byDefault: true }];

function cols(...specs: Spec[]): Column[] {
  return specs.map(([key, title, kind = 'text', extra = {}]) => ({ key, title, field: key, kind, ...extra }));
}

const S = { sortable: true } as const;
const D = { byDefault: true } as const;
const DS = { byDefault: true, sortable: true } as const;
const TITLE: Spec = ['title', 'Title', 'text', { fixed: true, link: true, sortable: true }];
const CREATED: Spec = ['created_at', 'Created', 'date', S];

/** Fields as the v4 lists return them (server/api/lists/types.ts); keys are order_by names where sortable. */
export const COLUMNS: Readonly<Record<string, readonly Column[]>> = {
  tracks: cols(
    ID, TITLE, ['artists', 'Artists', 'refs', { fixed: true }],
    ['mix_name', 'Mix Name', 'text', D], ['release', 'Release', 'ref', D], ['label', 'Label', 'ref', D], ['genre', 'Genre', 'ref', D],
    ['bpm', 'BPM', 'number', S], ['key', 'Key', 'ref'], ['isrc', 'ISRC', 'text', S], ['encode_status', 'Encode Status', 'encode', D],
    ['release_date', 'Release Date', 'date', DS], ['publish_date', 'Publish Date', 'date', S], ['guid', 'GUID'],
  ),
  releases: cols(
    ID, TITLE, ['label', 'Label', 'ref', { fixed: true }],
    ['catalog_number', 'Catalog Number', 'text', DS], ['upc', 'UPC', 'text', D], ['artists', 'Artists', 'refs', D],
    ['release_date', 'Release Date', 'date', DS], ['exclusive_period', 'Exclusive Period', 'exclusive', S],
    ['price_override', 'Price Override', 'money'], ['encode_status', 'Encode Status', 'encode'], ['is_explicit', 'Explicit', 'bool'],
    ['genre', 'Genre', 'ref'], ['release_type', 'Release Type', 'ref'],
  ),
  artists: cols(ID, NAME, ['muzooka_id', 'Muzooka ID'], ['created_at', 'Created', 'date', DS]),
  genres: cols(ID, NAME, ENABLED),
  charts: cols(ID, TITLE, ['dj_name', 'Owner', 'text', D], ['genre', 'Genre', 'ref', D], ['publish_date', 'Publish Date', 'date', DS], ENABLED),
  labels: cols(
    ID, NAME, ['supplier', 'Supplier', 'ref', D], ['label_manager', 'Label Manager', 'ref'], ENABLED,
    ['hype', 'Hype', 'hype', { field: 'hype_eligible', byDefault: true }], ['claimed', 'Account', 'claimed'],
    ['default_pre_order_weeks', 'Default Pre-order Weeks', 'number'], CREATED,
  ),
  suppliers: cols(
    ID, NAME, ['vendor_code', 'Vendor Code', 'text', DS], ['pposp_enrolled', 'PPOSP', 'enrolled', D],
    ['primary_contact_email', 'Primary Contact Email'], ['default_exclusive_period', 'Default Exclusive Period', 'exclusive', S], ENABLED,
  ),
  playlists: cols(
    ID, NAME, ['playlist_type', 'Type', 'ref', D], ['genre', 'Genre', 'ref', D], ['is_public', 'Public', 'bool'],
    ['track_count', 'Tracks', 'number'], CREATED,
  ),
  dj_profiles: cols(
    ['id', 'ID', 'number', { fixed: true, link: true, sortable: true }], ['dj_name', 'DJ Name', 'text', { fixed: true, sortable: true }],
    ['dj_slug', 'DJ Slug', 'text', D], ['username', 'Username', 'text', DS], ['dj_is_indexed', 'Indexed', 'indexed', D], ENABLED,
  ),
  link_partners: cols(ID, NAME, ['url', 'URL'], ENABLED),
  coupons: cols(
    ID, ['code', 'Code', 'text', { fixed: true, sortable: true }], ['discount_type', 'Discount Type', 'ref', D],
    ['discount_amount', 'Discount Amount', 'money', D], ['discount_percentage', 'Discount %', 'number'], ['max_usage', 'Max Usage', 'number'],
    ['start_date', 'Start Date', 'date', S], ['end_date', 'End Date', 'date'], ENABLED,
  ),
  orders: cols(
    ID, ['user', 'Username', 'ref', { fixed: true }], ['date', 'Date', 'date', { fixed: true, sortable: true, field: 'created_at' }],
    ['total', 'Total', 'money', DS], ['current_status', 'Status', 'orderStatus', D], ['voided', 'Voided', 'voided', D],
    ['store', 'Store'], ['email', 'Email'], ['purchaser_ip', 'Purchaser IP'], ['item_count', 'Items', 'number'],
  ),
  users: cols(
    ID, ['username', 'Username', 'text', { fixed: true, sortable: true }], ['email', 'Email', 'text', { fixed: true }],
    ['first_name', 'First Name', 'text', D], ['last_name', 'Last Name', 'text', D], ['dj_name', 'DJ Name'],
    ['is_indexed', 'Indexed', 'indexed'], ['country', 'Country', 'ref'], ['registered_at', 'Registered', 'date', S],
    ['last_login', 'Last Login', 'date', S],
  ),
  hype_offers: cols(
    ID, NAME, ['label', 'Label', 'ref', D], ['price', 'Price', 'money', D], ['start_date', 'Start Date', 'date', S],
    ['end_date', 'End Date', 'date'], ENABLED,
  ),
  hype_purchases: cols(
    ID, ['user', 'Username', 'ref', { fixed: true }], ['label', 'Label', 'ref', { fixed: true }],
    ['date', 'Date', 'date', { ...DS, field: 'created_at' }], ['amount', 'Amount', 'money', D], ['voided', 'Voided', 'voided', D],
  ),
  deliveries: cols(
    ['release_id', 'Release ID', 'number', { fixed: true, link: true, linkSegment: 'releases' }],
    ['title', 'Title', 'text', { fixed: true, sortable: true }], ['artist', 'Artist', 'text', { fixed: true }],
    ['label', 'Label', 'ref', D], ['genre', 'Genre', 'ref'], ['supplier', 'Supplier', 'ref', D], ['updated', 'Updated', 'date', S],
    ['delivered', 'Delivered', 'date', DS], ['release_status', 'Release Status', 'releaseStatus', D],
    ['album_action', 'Action', 'text', D], ['status_message', 'Status Message'],
  ),
  pages: cols(
    ID, NAME, ['page_type', 'Page Type', 'ref', D], ['slug', 'URL Slug', 'text', D], ['start_date', 'Start Date', 'date', S],
    ['end_date', 'End Date', 'date'], ENABLED,
  ),
  page_modules: cols(
    ID, NAME, ['module_type', 'Module Type', 'ref', D], ['page', 'Page', 'ref', D], ['start_date', 'Start Date', 'date', S],
    ['end_date', 'End Date', 'date'], ['item_count', 'Items', 'number'], ENABLED,
  ),
  live_streams: cols(
    ID, NAME, ENABLED, ['is_auto_enabled', 'Auto Enabled', 'bool', D],
    ['start_date', 'Start (MDT)', 'date', { ...DS, field: 'start_at' }], ['end_date', 'End (MDT)', 'date', { field: 'end_at' }],
    ['genre', 'Genre Page', 'ref'], ['host_vendor', 'Host Vendor', 'ref'], ['tracklist_vendor', 'Tracklist Vendor', 'ref'],
  ),
  host_vendors: cols(ID, NAME, ENABLED),
  tracklist_vendors: cols(ID, NAME, ENABLED),
  muzooka_artists: cols(ID, NAME, ['muzooka_id', 'Muzooka ID', 'text', D]),
};

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
    case 'voided': return voidedTag(v);
    case 'enrolled': return enrollmentTag(v);
    case 'indexed': return indexedTag(v);
    case 'hype': return hypeTag(v, fieldValue(row, 'hype_active'));
    case 'claimed': return claimedTag(v);
    case 'encode': return encodeStatusTag(v);
    case 'orderStatus': return orderStatusTag(v);
    case 'releaseStatus': return releaseStatusTag(v);
    default: return null;
  }
}

/** What a cell shows as text (tags by their words), used on screen and in the CSV. */
export function cellText(col: Column, row: unknown): string {
  const tag = cellTag(col, row);
  if (tag) return tag.text;
  const v = fieldValue(row, col.field);
  switch (col.kind) {
    case 'date': return displayDate(typeof v === 'string' ? v : null);
    case 'money': return formatMoney(v as number | string | null, String(fieldValue(row, 'currency') ?? 'USD'));
    case 'size': return formatFileSize(v as number | null);
    case 'exclusive': return exclusivePeriodLabel(v as number | null | undefined);
    case 'ref': return refName(v);
    case 'refs': return Array.isArray(v) ? v.map(refName).join(', ') : refName(v);
    case 'bool': return v == null ? '' : v ? 'Yes' : 'No';
    default: return v == null ? '' : typeof v === 'object' ? refName(v) : String(v);
  }
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
  return col.linkSegment
    ? catalogLink(col.linkSegment, fieldValue(row, col.field))
    : recordLink(type, fieldValue(row, 'id'));
}

/** What the CSV export writes: numbers and money as plain numbers, sizes in bytes, the rest as shown. */
export function csvValue(col: Column, row: unknown): string | number | null {
  const v = fieldValue(row, col.field);
  if (col.kind === 'number' || col.kind === 'money' || col.kind === 'size') {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : String(v);
  }
  if (col.kind === 'date') return typeof v === 'string' ? v.slice(0, 10) : null;
  return cellText(col, row);
}
