/**
 * One declaration per record type (the issue "Record pages and editors"): how a record
 * of a search type is shown, edited, created and audited. Like the search types
 * (shared/search/define.ts) it is data the server and the console both read:
 * - the server validates PATCH, PUT and POST bodies with the schemas made here (the
 *   endpoint declarations in shared/api/endpoints/records.ts carry them) and applies the
 *   cross-field checks;
 * - the record page shows the title, status tags, the fields with their input kinds,
 *   labels and limits, the read-only fields, and the tabs;
 * - who may edit which field comes from the write rules of shared/access (see
 *   ./access.ts), never from here.
 *
 * The record's key, label, API path and read rule are its search type's
 * (shared/search/types): a record declaration names the search type instead of
 * repeating them.
 */
import { z } from 'zod';
import { valueWords } from '../format';
import { refersTo, type ReferenceTarget } from '../api/references';
import type { SearchTypeDecl } from '../search/define';
import type { StatusTag } from '../search/status';

/**
 * The input a field is edited with: `text` one line, `textarea` several, `number` a whole
 * or decimal number, `money` an amount with two decimals, `select` one value of a
 * reference list (`list`, an auxiliary list) or of fixed `options`, `reference` another
 * record chosen by autocomplete (`ref`, a search type key), `references` several records
 * in order (the GET object holds them as [{id, name}], PATCH takes their ids in order),
 * `date` a calendar day (YYYY-MM-DD), `datetime` a wall-clock time of `zone` (entered as
 * YYYY-MM-DDTHH:mm, shown with the zone's abbreviation; the API answers and stores instants),
 * `boolean` a switch, `currencyAmounts` an amount per currency of shared/constants CURRENCIES
 * ({"USD": 10, "EUR": 9.5}: a coupon's minimum order), `ids` plain ids of another type kept on
 * the row (a coupon's user ids).
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'select'
  | 'reference'
  | 'references'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'currencyAmounts'
  | 'ids';

export interface FieldOpts {
  /** select: the auxiliary reference list (GET /v4/auxiliary/{list}/) its options come from. */
  readonly list?: string;
  /** select: fixed options (value as the wire carries it, label as shown). */
  readonly options?: readonly FieldOption[];
  /** reference(s): the search type chosen by autocomplete; ids: the search type the ids name. */
  readonly ref?: string;
  /** select: the list its ids are checked against when not `list` itself (a sub-genre: the genres' sub-genres). */
  readonly checkedIn?: string;
  /**
   * select whose options depend on another field's value (a sub-genre on its genre; spec §4:
   * choosing the genre resets it); reference chosen among the records of the one that field
   * names rather than by autocomplete (a label mapping's label: one of its supplier's labels,
   * `supplier_id`, the id of the record the items belong to).
   */
  readonly dependsOn?: string;
  /**
   * select with dependsOn: the list items' reference ({id, name}) matched against the other
   * field's value, the options being the list's items that name it (a state: its `country`).
   * Without it the options are the chosen item's sub-genres.
   */
  readonly filteredBy?: string;
  /** Shown and editable on these brands only (hype: the dance-music brand). */
  readonly brands?: readonly string[];
  /** Given when the record is created, not changed afterwards (a track's release). */
  readonly createOnly?: boolean;
  /** Where the GET object holds the shown value, when not under the field's own name (label_id → label {id, name}). */
  readonly shownAs?: string;
  /** datetime: the IANA zone its times are entered and shown in (America/Denver for Mountain time). */
  readonly zone?: string;
  /** What the form says under the field as it is typed (spec §5 DDEX party id: "Valid DDEX Party ID", "empty entry"…). */
  readonly live?: (value: unknown) => { readonly valid: boolean; readonly message: string };
  /**
   * The value a new record has when its create body leaves the field out: the create form
   * starts from it and the server stores it (createDefaults). A switch without one starts
   * off and a new record has it off.
   */
  readonly default?: unknown;
  /** Not offered by the create form: set once the record exists (a live stream is enabled after its stages are added). */
  readonly notOnCreate?: boolean;
}

/** A select option: the wire value (a number, text, or null for e.g. Lifetime) and its label. */
export interface FieldOption {
  readonly value: string | number | null;
  readonly label: string;
}

export interface FieldDecl extends FieldOpts {
  readonly label: string;
  readonly kind: FieldKind;
  /** The value's schema with the §9 limits and messages (PATCH, PUT and POST bodies). */
  readonly schema: z.ZodType;
}

/**
 * What a field's ids name, from its declaration (the one reference check, shared/api/references.ts):
 * a select's list (or `checkedIn`), a reference's, references' or ids' search type; null: no reference.
 */
export function referenceTarget(opts: FieldOpts | undefined): ReferenceTarget | null {
  if (opts?.checkedIn ?? opts?.list) return { list: (opts.checkedIn ?? opts.list)! };
  if (opts?.ref) return { record: opts.ref };
  return null;
}

/**
 * An editable field. `extra` keeps its literal flags (createOnly) for the schema types. A field
 * that names a list item or a record has its schema marked, so the server refuses an id that
 * names nothing ("Please select a valid option from the list", §5).
 */
export const field = <const K extends FieldKind, S extends z.ZodType, const X extends FieldOpts = object>(
  label: string,
  kind: K,
  schema: S,
  extra?: X,
): { readonly label: string; readonly kind: K; readonly schema: S } & X => {
  const target = referenceTarget(extra);
  return { label, kind, schema: target ? refersTo(schema, target) : schema, ...extra } as {
    readonly label: string;
    readonly kind: K;
    readonly schema: S;
  } & X;
};

/** How a read-only field is shown: as text, a date, a date-time, yes/no, a reference's name, or the encode-status tag. */
export type ShownKind = 'text' | 'date' | 'datetime' | 'boolean' | 'ref' | 'encode';

export interface ShownDecl {
  readonly label: string;
  readonly kind: ShownKind;
  readonly brands?: readonly string[];
}

/** What the status tags of a record depend on: its GET object and the active brand. */
export type StatusOf = (row: Readonly<Record<string, unknown>>, brand: string) => readonly StatusTag[];

/**
 * A cross-field rule (spec §4, §5) over the stored object and the change: returns the
 * errors by field, or null. Pure, so the form runs it before saving and the server runs
 * it on the stored row (inside the write's transaction).
 */
export type CrossCheck = (
  stored: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
) => Record<string, string[]> | null;

/**
 * A tab of the record page: Details, the type's sub-resources, Notes where the type has
 * notes (spec §7) and History. `api` is the sub-resource's path under the record
 * (`/v4/{category}/{path}/{id}/{api}/`) where one answers for the whole tab.
 */
export interface TabDecl {
  readonly key: string;
  readonly label: string;
  readonly api?: string;
  /** Fields of the record edited on this tab rather than on Details (a track's artists and remixers). */
  readonly fields?: readonly string[];
}

export type Fields = Readonly<Record<string, FieldDecl>>;

export interface RecordSpec {
  /** The search type this record belongs to (key, label, category/path, read rule, route). */
  readonly type: SearchTypeDecl;
  /** The GET object's field that names the record in the page header. */
  readonly title: string;
  /** The singular word of the type in texts ("Error during create or update of release, with …", §8). */
  readonly noun: string;
  readonly fields: Fields;
  /** Read-only fields the page shows (encode status, GUID, created…), by GET object field. */
  readonly shown?: Readonly<Record<string, ShownDecl>>;
  /** Status tags in the spec's words (§4; shared/search/status.ts). */
  readonly status?: StatusOf;
  /** Creatable through POST /v4/{category}/{path}/: the fields a create needs. */
  readonly create?: { readonly required: readonly string[] };
  /** The sub-resource tabs, between Details and Notes/History. */
  readonly subResources?: readonly TabDecl[];
  readonly checks?: readonly CrossCheck[];
}

type EditableKeys<F extends Fields> = { [K in keyof F]: F[K] extends { createOnly: true } ? never : K }[keyof F] & string;
/** The PATCH body's shape: every editable field but the create-only ones, each optional. */
export type PatchShape<F extends Fields> = { [K in EditableKeys<F>]: z.ZodOptional<F[K]['schema']> };
/** The POST body's shape: the required fields as they are, the others optional. */
export type CreateShape<F extends Fields, R extends string> = {
  [K in keyof F & string]: K extends R ? F[K]['schema'] : z.ZodOptional<F[K]['schema']>;
};

export type PatchSchema<F extends Fields> = z.ZodObject<PatchShape<F>, z.core.$strict>;
export type CreateSchema<F extends Fields, R extends string> = z.ZodObject<CreateShape<F, R>, z.core.$strict>;

type RequiredOf<D extends RecordSpec> = D['create'] extends { required: readonly (infer R extends string)[] } ? R : never;

export type RecordDecl<D extends RecordSpec = RecordSpec> = D & {
  readonly key: D['type']['key'];
  /** Strict (unknown and read-only fields are a 400 naming them), every field optional. */
  readonly patch: PatchSchema<D['fields']>;
  /** The editable field names (the PATCH schema's keys). */
  readonly editable: readonly EditableKeys<D['fields']>[];
  /** The POST body's schema, when the type is created here. */
  readonly createSchema: D['create'] extends object ? CreateSchema<D['fields'], RequiredOf<D>> : undefined;
};

/** A record type's declaration: the PATCH and create schemas are made from its fields. */
/** A PATCH body: strict, each of `keys` optional. */
const patchSchemaOf = (fields: Fields, keys: readonly string[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, fields[k].schema.optional()])));

/** A POST body: strict, the required fields as they are, the others optional (a required name that is no field is a bug). */
function createSchemaOf(owner: string, fields: Fields, required: readonly string[]) {
  for (const r of required) if (!(r in fields)) throw new Error(`${owner}: required field ${r} is not a field`);
  return z.strictObject(
    Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, required.includes(k) ? f.schema : f.schema.optional()])),
  );
}

export function defineRecord<const D extends RecordSpec>(d: D): RecordDecl<D> {
  const editable = Object.keys(d.fields).filter((k) => !d.fields[k].createOnly);
  const patch = patchSchemaOf(d.fields, editable);
  const createSchema = d.create ? createSchemaOf(d.type.key, d.fields, d.create.required) : undefined;
  return { ...d, key: d.type.key, patch, editable, createSchema } as unknown as RecordDecl<D>;
}

/**
 * What a new record of the type is before the user changes anything (issue 27 "create
 * defaults that are true"): each field's declared default, and off for a switch that
 * declares none. The create form starts from these and the server stores them for the
 * fields a create body leaves out, so the form shows what is created.
 */
export function createDefaults(decl: Pick<RecordSpec, 'fields'>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(decl.fields)) {
    if (f.default !== undefined) out[k] = f.default;
    else if (f.kind === 'boolean') out[k] = false;
  }
  return out;
}

/** The fields a create form offers: all but those set once the record exists (notOnCreate). */
export const createFormFields = (decl: Pick<RecordSpec, 'fields'>): string[] =>
  Object.keys(decl.fields).filter((k) => !decl.fields[k].notOnCreate);

/**
 * Options of a select from a list of values, each shown by its label in `labels`, else as a
 * word: the value with a capital first letter ("draft" → "Draft"), never a raw key.
 */
export const valueOptions = <V extends string | number>(values: readonly V[], labels: Partial<Record<V, string>> = {}): FieldOption[] =>
  values.map((v) => ({ value: v, label: labels[v] ?? valueWords(v) }));

/**
 * A column of an items table (./items.ts): its title and the cell's text from the item's GET
 * object (null or empty shows "—"); `tag`: shown as a tag of that colour (a flag: "Primary").
 */
export interface ItemColumn {
  readonly key: string;
  readonly title: string;
  readonly text: (row: Readonly<Record<string, unknown>>) => string | null;
  readonly tag?: string;
}

/** A rule over a new item's body (a contract's end after its start): refused with `message` under `field`. */
export interface ItemRule {
  readonly field: string;
  readonly message: string;
  readonly holds: (body: Readonly<Record<string, unknown>>) => boolean;
}

/**
 * One kind of item of a record (a sub-resource the record page shows as a table with add, edit
 * and remove: a supplier's contacts, contracts, genre and label mappings; a track's
 * songwriters, publishers and DJ edits; an artist's Muzooka mappings; a live stream's stages;
 * a user's credits). Its fields are declared with field() and the record fields' kinds; the
 * item endpoints' POST and PATCH bodies are made from them (shared/api/endpoints), as a
 * record's are. An item sent inside a list (a stage of PUT …/stages/) is the POST body.
 */
export interface ItemsSpec {
  /** Singular, as the buttons and messages say it ("Add contact", "Removed contact"). */
  readonly noun: string;
  readonly fields: Fields;
  /** The fields a new item needs (the POST body's required keys). */
  readonly required: readonly string[];
  /** The table's columns where the generic items tab shows the items (a tab of its own draws its table). */
  readonly columns?: readonly ItemColumn[];
  /** Spec §5: the last one cannot be removed ("Supplier needs at least one contact and one contract"). */
  readonly keepOne?: boolean;
  readonly rules?: readonly ItemRule[];
}

export type ItemsDecl<D extends ItemsSpec = ItemsSpec> = D & {
  /** POST: strict, the required fields as they are, the others optional, then the rules. */
  readonly body: CreateSchema<D['fields'], D['required'][number]>;
  /** PATCH: strict, every field optional. */
  readonly patch: PatchSchema<D['fields']>;
};

/** An item type's declaration: its POST and PATCH schemas are made from its fields. */
export function defineItems<const D extends ItemsSpec>(d: D): ItemsDecl<D> {
  let body = createSchemaOf(d.noun, d.fields, d.required);
  for (const r of d.rules ?? []) body = body.refine((b) => r.holds(b), { message: r.message, path: [r.field] });
  const patch = patchSchemaOf(d.fields, Object.keys(d.fields));
  return { ...d, body, patch } as unknown as ItemsDecl<D>;
}

/** The values of a new item before the user changes anything: the declared defaults, off for a switch, else null. */
export const newItemValues = (decl: Pick<ItemsSpec, 'fields'>): Record<string, unknown> => ({
  ...Object.fromEntries(Object.keys(decl.fields).map((k) => [k, null])),
  ...createDefaults(decl),
});
