/**
 * The lists of every search type (spec §2, api-conventions "Lists" and "Objects and
 * writes"): GET the list, GET one object, GET the CSV export, GET/POST an object's
 * notes; the cross-type search and the header's autocomplete. One declaration per
 * search type, made from its row of SEARCH_TYPES. The writes (PATCH, PUT, POST,
 * history) are declared per record type in ./records.ts.
 */
import { z } from 'zod';
import { SEARCH_TYPES, searchType, type SearchType } from '../../access';
import { endpoint, IdParam } from '../endpoint';
import { MAX_PER_PAGE, listEnvelope } from '../envelope';
import type { QueryValue } from '../query';

/** One row as a list shows it: its fields depend on the type (server/api/lists/types.ts). */
export const ListRow = z.looseObject({ id: z.union([z.number(), z.string()]).optional() });
export type ListRow = z.infer<typeof ListRow>;

/** A row with a numeric id and a name (suppliers, labels and the like offered in a select). */
export const NamedRow = z.looseObject({ id: z.number().int(), name: z.string() });
export type NamedRow = z.infer<typeof NamedRow>;

/** One object as GET/PATCH by id answer it. */
export const ObjectRow = z.looseObject({ id: z.number().int(), version: z.number().int() });
export type ObjectRow = z.infer<typeof ObjectRow>;

/**
 * The paging and order parameters every list takes, kept as the strings of the URL.
 * The filters (their names and values depend on the type) are strings too, checked by
 * the list engine against the type's filters.
 */
/** A query parameter: text in the URL; a caller may give a number. */
const param = z.union([z.string(), z.number().transform(String)]);

export const ListQuery = z
  .object({
    page: param.pipe(z.string().regex(/^[1-9]\d{0,8}$/, 'Invalid page.')).optional(),
    per_page: param
      .pipe(
        z
          .string()
          .regex(/^\d{1,9}$/, `Ensure this value is between 1 and ${MAX_PER_PAGE}.`)
          .refine((v) => Number(v) >= 1 && Number(v) <= MAX_PER_PAGE, `Ensure this value is between 1 and ${MAX_PER_PAGE}.`),
      )
      .optional(),
    order_by: z.string().max(200).optional(),
    q: z.string().optional(),
  })
  .catchall(param);
/** What a caller may pass: numbers for paging, any filter value as text or number. */
export type ListQueryIn = z.input<typeof ListQuery>;

/** A query built with the §5/§7 helpers (shared/api/query.ts) as list parameters: lists joined with commas, empty values left out (as buildQuery writes them). */
export function toListQuery(q: Readonly<Record<string, QueryValue>>): ListQueryIn {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) out[k] = v.join(',');
    } else out[k] = typeof v === 'boolean' ? String(v) : (v as string | number);
  }
  return out;
}

const listParams = z.object({ id: IdParam });

/** Most objects a bulk PUT takes (the PUT bodies are declared per record type in ./records.ts). */
export const BULK_MAX = 500;

/** CSV export: the list's filters and order plus the columns shown (comma-separated keys). */
export const ExportQuery = ListQuery.extend({ columns: z.string().max(4096).optional() });

/** A note on a track, release, supplier or user (spec §7). */
export const Note = z.object({
  id: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  author: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
});
export type Note = z.infer<typeof Note>;
export const NoteBody = z.strictObject({ body: z.string().trim().min(1, 'This field may not be blank.').max(10_000) });

/** The search types whose objects carry notes (spec §7). */
export const NOTE_TYPES = ['tracks', 'releases', 'suppliers', 'users'] as const;

function declare(t: SearchType) {
  const base = `/v4/${t.category}/${t.path}/`;
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      query: ListQuery,
      response: listEnvelope(ListRow),
      doc: `One page of ${t.label}, filtered and ordered (spec §3, §5).`,
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}:id/`,
      params: listParams,
      response: ObjectRow,
      doc: `One of ${t.label}, with its ETag.`,
    }),
    export: endpoint({
      method: 'GET',
      path: `${base}export/`,
      query: ExportQuery,
      response: z.string(),
      doc: `The ${t.label} search as CSV (streamed; X-Total-Count announces the rows).`,
    }),
    notes: endpoint({
      method: 'GET',
      path: `${base}:id/notes/`,
      params: listParams,
      response: listEnvelope(Note),
      doc: `The notes on one of ${t.label}, newest first.`,
    }),
    addNote: endpoint({
      method: 'POST',
      path: `${base}:id/notes/`,
      params: listParams,
      body: NoteBody,
      response: Note,
      doc: `Adds a note to one of ${t.label}.`,
    }),
  };
}
export type ListEndpoints = ReturnType<typeof declare>;

/** The endpoints of every search type, by its key. */
export const LIST_ENDPOINTS: ReadonlyMap<string, ListEndpoints> = new Map(SEARCH_TYPES.map((t) => [t.key, declare(t)]));

/** The endpoints of one search type; throws on an unknown key. */
export function listEndpoints(type: string): ListEndpoints {
  const e = LIST_ENDPOINTS.get(type);
  if (!e) throw new Error(`Unknown search type ${type}`);
  return e;
}

/** The search types the header's autocomplete searches. */
export const AUTOCOMPLETE_TYPES = ['tracks', 'releases', 'artists', 'labels'] as const;

/**
 * What tells same-named suggestions apart (issue 12: five identical "Mirage" rows; issue 29:
 * the reference pickers), by type: the result columns (shared/search columns) whose text
 * joins into `detail`. Used by the header's suggestions and by every reference picker
 * (renderer/features/records/ReferenceInput.tsx), which also shows the id. A type not named
 * here has no detail.
 */
export const SUGGESTION_DETAIL: Readonly<
  Record<(typeof AUTOCOMPLETE_TYPES)[number], readonly string[]> & Partial<Record<string, readonly string[]>>
> = {
  tracks: ['artists', 'mix_name', 'release'],
  releases: ['artists', 'label', 'catalog_number', 'release_date'],
  artists: [],
  labels: ['supplier'],
  suppliers: ['vendor_code'],
  charts: ['dj_name', 'publish_date'],
  playlists: ['playlist_type', 'genre'],
  link_partners: ['url'],
};

/**
 * What else a suggestion is found by besides its name (issue 29: typing a catalogue number or
 * an ID finds the record): the filters of the type that the typed text is also tried on (a
 * text filter: contains it). A whole number is also tried as the record's id, in every type.
 */
export const SUGGESTION_MATCH: Partial<Record<string, readonly string[]>> = {
  tracks: ['isrc'],
  releases: ['catalog_number', 'upc'],
  suppliers: ['vendor_code'],
};

/** Text worth suggesting for: two or more characters, or an id of one digit. */
export const isSuggestible = (q: string | undefined): boolean => {
  const t = (q ?? '').trim();
  return t.length >= 2 || /^[1-9]$/.test(t);
};

export const Suggestion = z.object({
  type: z.string(),
  id: z.number().int(),
  name: z.string(),
  /** The artists, mix, release, label or supplier of the suggestion (SUGGESTION_DETAIL), '' when none. */
  detail: z.string(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/v4/catalog/search/',
    query: ListQuery.extend({ type: z.string().optional() }),
    response: listEnvelope(ListRow),
    doc: "One page of any search type (`type`), with that type's filters and access rule.",
  }),
  autocomplete: endpoint({
    method: 'GET',
    path: '/v4/catalog/search/autocomplete/',
    query: z.object({
      q: z.string().optional(),
      type: z
        .string()
        .refine((v) => Boolean(searchType(v)), 'Select a valid choice.')
        .optional(),
    }),
    response: z.object({ results: z.array(Suggestion) }),
    doc: 'Up to 5 suggestions per type (tracks, releases, artists, labels, or the `type` given) the user may see.',
  }),
};
