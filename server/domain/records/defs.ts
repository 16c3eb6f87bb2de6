/**
 * What the server adds to each record declaration (shared/records) to write it: its
 * table, the columns of fields stored under another name, the link tables of
 * list-of-references fields, and the rules that need the database (spec §4: a sub-genre
 * of the chosen genre, showing a DJ edit, a release's supplier following its label).
 * The fields, their schemas, the pure cross-field checks and who may write are the
 * declaration's and shared/access's, never repeated here.
 */
import { pageTypes } from '../../../shared/access';
import { MSG } from '../../../shared/messages';
import { CURATION_MSG } from '../../../shared/api/endpoints/curation';
import { RECORDS, RECORD_MSG, type RecordDecl, type RecordKey } from '../../../shared/records';
import type { Queryable, Row } from '../../db/client';

export type Changes = Record<string, unknown>;
export type Errors = Record<string, string[]>;

/** A list-of-references field kept in a link table (owner id, target id, position[, role]). */
export interface LinkDef {
  readonly table: string;
  readonly owner: string;
  readonly target: string;
  readonly role?: string;
}

/** What a change needs looked up once per request (e.g. the genre of the chosen sub-genre). */
export type Lookups = Record<string, unknown>;

export interface RuleResult {
  /** Changes that follow from the change (the reset sub-genre, the label's supplier). */
  readonly derived?: Changes;
  readonly errors?: Errors | null;
}

export interface WriteDef {
  readonly key: RecordKey;
  readonly decl: RecordDecl;
  readonly table: string;
  /** Fields stored in a column of another name (a DJ profile's `enabled` is the user's dj_profile_enabled). */
  readonly columns: Readonly<Record<string, string>>;
  readonly links: Readonly<Record<string, LinkDef>>;
  /** Extra values read with the stored row: select items over the row `s`, and their joins. */
  readonly context?: { readonly select: string; readonly joins: string };
  readonly lookup?: (tx: Queryable, changes: Changes) => Promise<Lookups>;
  /** Rules over the stored row (with its context), the change and the lookups. */
  readonly rules?: (stored: Row, changes: Changes, lookups: Lookups) => RuleResult;
  /** After the row was written (the tracks of a release whose label changed follow it). */
  readonly after?: (tx: Queryable, id: number, written: Changes) => Promise<void>;
}

const has = (c: Changes, f: string) => Object.hasOwn(c, f);

/** Spec §4: choosing a genre resets the sub-genre; a sub-genre must be one of the genre's. */
function genreRules(stored: Row, c: Changes, l: Lookups): RuleResult {
  const derived: Changes = {};
  if (has(c, 'genre_id') && c.genre_id !== stored.genre_id && !has(c, 'sub_genre_id')) derived.sub_genre_id = null;
  const genre = has(c, 'genre_id') ? c.genre_id : stored.genre_id;
  if (has(c, 'sub_genre_id') && c.sub_genre_id != null && l.subGenreOf !== genre) {
    return { derived, errors: { sub_genre_id: [RECORD_MSG.subGenreOfGenre] } };
  }
  return { derived };
}

async function subGenreLookup(tx: Queryable, c: Changes): Promise<Lookups> {
  if (!has(c, 'sub_genre_id') || c.sub_genre_id == null) return {};
  const [sg] = await tx.query<{ genre_id: number }>('select genre_id from sub_genres where id = $1', [c.sub_genre_id]);
  return { subGenreOf: sg?.genre_id ?? null };
}

/** Spec §4: showing a DJ edit is refused while the parent track is hidden or disabled. */
function djEditRule(stored: Row, c: Changes): Errors | null {
  const showing = (c.hidden === false && stored.hidden) || (c.enabled === true && !stored.enabled);
  if (showing && stored.is_dj_edit && stored.parent_track_id && (stored.parent_hidden || stored.parent_enabled === false)) {
    return { [c.hidden === false ? 'hidden' : 'enabled']: [MSG.djTrackParentHidden] };
  }
  return null;
}

/** Spec §5: "Supplier needs at least one contact and one contract", on every save (routes/suppliers.ts keeps the last ones). */
function supplierRules(stored: Row): RuleResult {
  const errors: Errors = {};
  if (!((stored.contact_count as number) > 0)) errors.contacts = [MSG.supplierNeedsContactAndContract];
  if (!((stored.contract_count as number) > 0)) errors.contracts = [MSG.supplierNeedsContactAndContract];
  return { errors: Object.keys(errors).length ? errors : null };
}

/** The name of the reference-list item a changed field names (null: none such), under the field's name. */
const referenceLookup =
  (field: string, list: string) =>
  async (tx: Queryable, c: Changes): Promise<Lookups> => {
    if (!has(c, field)) return {};
    const [t] = await tx.query<{ name: string }>('select name from reference_items where list = $1 and id = $2', [list, c[field]]);
    return { [field]: t?.name ?? null };
  };

const def = (key: RecordKey, table: string, extra: Partial<Omit<WriteDef, 'key' | 'decl' | 'table'>> = {}): WriteDef => ({
  key,
  decl: RECORDS[key] as RecordDecl,
  table,
  columns: {},
  links: {},
  ...extra,
});

const artistLink = (table: string, owner: string, role?: string): LinkDef => ({ table, owner, target: 'artist_id', role });

export const WRITES: Readonly<Record<RecordKey, WriteDef>> = {
  tracks: def('tracks', 'tracks', {
    links: { artists: artistLink('track_artists', 'track_id', 'artist'), remixers: artistLink('track_artists', 'track_id', 'remixer') },
    context: {
      select: 'p.hidden as parent_hidden, p.enabled as parent_enabled',
      joins: 'left join tracks p on p.id = s.parent_track_id',
    },
    lookup: subGenreLookup,
    rules: (stored, c, l) => {
      const g = genreRules(stored, c, l);
      const dj = djEditRule(stored, c);
      return { derived: g.derived, errors: g.errors || dj ? { ...g.errors, ...dj } : null };
    },
  }),
  releases: def('releases', 'releases', {
    links: { artists: artistLink('release_artists', 'release_id') },
    lookup: async (tx, c) => {
      if (!has(c, 'label_id')) return {};
      const [l] = await tx.query<{ supplier_id: number }>('select supplier_id from labels where id = $1', [c.label_id]);
      return { labelSupplier: l?.supplier_id ?? null };
    },
    // The supplier follows the label (a label belongs to one supplier: server/db/schema/parties.ts).
    rules: (stored, c, l) => {
      if (!has(c, 'label_id') || c.label_id === stored.label_id) return {};
      if (l.labelSupplier == null) return { errors: { label_id: [MSG.selectFromList] } };
      return { derived: { supplier_id: l.labelSupplier } };
    },
    // A release's tracks carry its label and supplier.
    after: async (tx, id, w) => {
      if (has(w, 'label_id')) {
        await tx.query(
          'update tracks set label_id = r.label_id, supplier_id = r.supplier_id, version = tracks.version + 1 from releases r where r.id = $1 and tracks.release_id = r.id',
          [id],
        );
      }
    },
  }),
  artists: def('artists', 'artists'),
  charts: def('charts', 'charts'),
  labels: def('labels', 'labels'),
  suppliers: def('suppliers', 'suppliers', {
    context: {
      select: `(select count(*)::int from contacts c where c.supplier_id = s.id) as contact_count,
        (select count(*)::int from contracts k where k.supplier_id = s.id) as contract_count`,
      joins: '',
    },
    rules: supplierRules,
  }),
  pages: def('pages', 'pages', {
    lookup: referenceLookup('page_type_id', 'page-types'),
    // Spec §6: on the dance-music brand only Landing Page is offered as page type (the page's own brand decides).
    rules: (stored, c, l) => {
      if (!has(c, 'page_type_id') || c.page_type_id === stored.page_type_id) return {};
      const offered = l.page_type_id != null && pageTypes(stored.brand as string).includes(l.page_type_id as string);
      return offered ? {} : { errors: { page_type_id: [MSG.selectFromList] } };
    },
  }),
  // The module type, a coupon's discount type and user ids name items: the one reference check (server/api/references.ts).
  page_modules: def('page_modules', 'page_modules'),
  coupons: def('coupons', 'coupons'),
  live_streams: def('live_streams', 'live_streams', {
    // Spec §5: an enabled live stream needs at least one stage.
    context: { select: '(select count(*)::int from live_stream_stages st where st.live_stream_id = s.id) as stage_count', joins: '' },
    rules: (stored, c) =>
      c.enabled === true && !stored.enabled && !(Number(stored.stage_count) > 0)
        ? { errors: { enabled: [CURATION_MSG.stageRequired] } }
        : {},
  }),
  users: def('users', 'users'),
  genres: def('genres', 'genres'),
  host_vendors: def('host_vendors', 'host_vendors'),
  tracklist_vendors: def('tracklist_vendors', 'tracklist_vendors'),
  link_partners: def('link_partners', 'link_partners'),
  playlists: def('playlists', 'playlists'),
  dj_profiles: def('dj_profiles', 'users', { columns: { enabled: 'dj_profile_enabled' } }),
  hype_offers: def('hype_offers', 'hype_offers'),
  hype_purchases: def('hype_purchases', 'hype_purchases'),
};

/** The column a field is stored in. */
export const columnOf = (d: WriteDef, field: string): string => d.columns[field] ?? field;

/** Whether a field is a list of references kept in a link table. */
export const isLink = (d: WriteDef, field: string): boolean => Object.hasOwn(d.links, field);
