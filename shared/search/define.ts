/**
 * One declaration per search type (spec §2, §3, §6, §9): key, label, area, API path,
 * access rule, the filters with their kinds (and options or reference lists), the
 * result columns with their sortable flags, extra sort keys, the default order and
 * whether `q` searches it. SEARCH_TYPES, the filter inputs and the column lists are
 * views of these declarations; the server adds only SQL (server/api/lists/types.ts),
 * typed so that a declared filter or sort without its SQL does not compile.
 *
 * This module imports no other search module, so shared/access can derive its
 * search-type table from the declarations.
 */
import type { Rule } from '../access/scopes';

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** What options depend on: the active brand (spec §6) and today (the year list). */
export interface OptionContext {
  readonly brand: string;
  readonly now: Date;
}
export type Options = readonly Option[] | ((ctx: OptionContext) => readonly Option[]);

/**
 * What the API does with a filter's value (one vocabulary for the server and the
 * console): `text` contains (case-insensitive), `ids` whole numbers (a list is any of
 * them), `int` a whole number, `choice` exact values, `date` a from:to range, `bool`
 * true/false, `bool01` 1/0.
 */
export type FilterKind = 'text' | 'ids' | 'int' | 'choice' | 'date' | 'bool' | 'bool01';

export interface FilterDecl {
  readonly kind: FilterKind;
  /** The values the console offers (a select); without them the input is typed. */
  readonly options?: Options;
  /** With options: any other value is a 400 (e.g. the brand's stores, spec §6). */
  readonly onlyOffered?: boolean;
  /** Options from a reference list (spec §3 "Reference lists loaded"), by auxiliary path. */
  readonly list?: string;
  /** An `int` on the year or month of a date: the server makes a date range of it. */
  readonly datePart?: 'year' | 'month';
}

export const opts = (values: readonly (string | number)[]): Option[] => values.map((v) => ({ value: String(v), label: String(v) }));

/** Contains, typed. */
export const text = (): FilterDecl => ({ kind: 'text' });
/** Exact value, typed (ISRC, UPC, GUID). */
export const exact = (): FilterDecl => ({ kind: 'choice' });
/** Ids, typed as a list. */
export const ids = (): FilterDecl => ({ kind: 'ids' });
/** Ids picked from a reference list. */
export const reference = (list: string): FilterDecl => ({ kind: 'ids', list });
/** A whole number, typed; or picked from options. */
export const int = (options?: Options): FilterDecl => (options ? { kind: 'int', options } : { kind: 'int' });
/** Exact values picked from options; onlyOffered makes any other value a 400. */
export const choice = (options: Options, onlyOffered = false): FilterDecl =>
  onlyOffered ? { kind: 'choice', options, onlyOffered } : { kind: 'choice', options };
export const date = (): FilterDecl => ({ kind: 'date' });
export const bool = (): FilterDecl => ({ kind: 'bool' });
export const bool01 = (options: Options): FilterDecl => ({ kind: 'bool01', options });
/** Year and month of a date (spec §9 year list; months by name). */
export const year = (options: Options): FilterDecl => ({ kind: 'int', options, datePart: 'year' });
export const month = (options: Options): FilterDecl => ({ kind: 'int', options, datePart: 'month' });

export type ColumnKind =
  | 'text'
  | 'number'
  | 'date'
  | 'money'
  | 'size'
  | 'exclusive'
  | 'ref'
  | 'refs'
  | 'bool'
  | 'voided'
  | 'enrolled'
  | 'indexed'
  | 'hype'
  | 'claimed'
  | 'encode'
  | 'orderStatus'
  | 'releaseStatus'
  /** An instant shown in Mountain time with its abbreviation (MST/MDT; live streams, spec §9). */
  | 'mountainTime'
  /** A value in percent ("16%"). */
  | 'percent'
  /** A coupon's discount: its percentage for a percentage coupon ("16%"), else its amount as money. */
  | 'discount';

export interface ColumnOpts {
  /** The result field (a dotted path) when not the column key. */
  readonly field?: string;
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

export interface ColumnDecl extends ColumnOpts {
  readonly title: string;
  readonly kind: ColumnKind;
}

/** A column; `extra` keeps its literal flags, so the server's sort SQL is checked against `sortable`. */
export const col = <const X extends ColumnOpts = object>(
  title: string,
  kind: ColumnKind = 'text',
  extra?: X,
): { title: string; kind: ColumnKind } & X => ({ title, kind, ...extra }) as { title: string; kind: ColumnKind } & X;

export type AreaRoute = '/catalog' | '/support' | '/old-deliveries' | '/curation' | '/live';
export type LinkSegment = 'artists' | 'charts' | 'labels' | 'tracks' | 'releases' | 'suppliers';

export interface SearchTypeDecl {
  /** Value of the `type` query parameter. */
  readonly key: string;
  readonly label: string;
  /** Area root (spec §2); null for Muzooka artists, which has no route. */
  readonly area: AreaRoute | null;
  /** `GET /v4/{category}/{path}/` serves the list. */
  readonly category: string;
  readonly path: string;
  /** Link segment of /catalog/{segment}/{id} (spec §2), where the type has one. */
  readonly linkSegment?: LinkSegment;
  /** Segment of the record route {area}/{segment}/{id} of a type without a catalogue link, when not its path. */
  readonly recordSegment?: string;
  /** Spec §6 search-type table row (shared/access SEARCH_RULES). */
  readonly rule: Rule;
  /** Filter name (spec §3) → kind, in the order the filter panel shows them. */
  readonly filters: Readonly<Record<string, FilterDecl>>;
  /** Result columns by key (order_by names where sortable), in table order. */
  readonly columns: Readonly<Record<string, ColumnDecl>>;
  /** order_by keys besides the sortable columns. */
  readonly sorts?: readonly string[];
  /** Default order_by (may start with '-'). */
  readonly defaultSort: string;
  /** Whether `q` searches the type's text (ranked by relevance). */
  readonly textSearch: boolean;
}

/** The order_by keys of a declaration: its sortable columns and its extra sorts. */
export type SortKeyOf<D extends SearchTypeDecl> =
  | { [K in keyof D['columns']]: D['columns'][K] extends { sortable: true } ? K : never }[keyof D['columns']]
  | (D['sorts'] extends readonly string[] ? D['sorts'][number] : never);
export type FilterNameOf<D extends SearchTypeDecl> = keyof D['filters'] & string;

type SortName<D extends SearchTypeDecl> = SortKeyOf<D> & string;

/** A search type's declaration; the default order must be one of its sorts. */
export function defineSearchType<const D extends SearchTypeDecl>(d: D & { defaultSort: SortName<D> | `-${SortName<D>}` }): D {
  return d;
}
