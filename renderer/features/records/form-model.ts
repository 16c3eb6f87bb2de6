/**
 * A record form as data, from the type's declaration (shared/records): the form value
 * of each field read from the GET object, the value the API takes (the wire value),
 * which fields changed, and the errors of a change by field (the field's zod schema
 * with the §9 limits, then the declaration's cross-field checks). Pure: the record
 * page, the create form and the bulk edit use it, and the tests check it directly.
 */
import { BridgeError } from '../../../shared/bridge/error';
import { validationBody } from '../../../shared/api/envelope';
import { onBrand, runChecks, type FieldDecl, type RecordDecl, type RecordSpec } from '../../../shared/records';
import { zonedWallClock } from '../../../shared/api/zoned-time';

/** A record chosen by autocomplete, as the form holds it (the wire carries its id). */
export interface RefValue {
  readonly id: number;
  readonly name: string;
}

export type FormValues = Readonly<Record<string, unknown>>;
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function refOf(v: unknown): RefValue | null {
  if (isObject(v) && typeof v.id === 'number') return { id: v.id, name: typeof v.name === 'string' ? v.name : String(v.id) };
  if (typeof v === 'number') return { id: v, name: String(v) };
  return null;
}

/** The fields of a declaration shown on the active brand, in declaration order. */
export function fieldsOnBrand(decl: RecordDecl, brand: string): [string, FieldDecl][] {
  return Object.entries(decl.fields).filter(([, f]) => onBrand(f, brand));
}

/** A field's form value read from the GET object (references as {id, name}, selects by id). */
export function formValueOf(key: string, f: FieldDecl, row: Readonly<Record<string, unknown>>): unknown {
  const shown = f.shownAs ? row[f.shownAs] : undefined;
  switch (f.kind) {
    case 'reference':
      return refOf(shown ?? row[key]);
    case 'references':
      return Array.isArray(row[key]) ? (row[key] as unknown[]).map(refOf).filter((r): r is RefValue => r !== null) : [];
    case 'select':
      if (f.shownAs) return refOf(shown)?.id ?? (row[key] as unknown) ?? null;
      return row[key] === undefined ? null : row[key];
    case 'boolean':
      return row[key] === true;
    case 'datetime':
      // Edited as the zone's wall clock; the API answers instants.
      return row[key] == null ? null : zonedWallClock(row[key] as string, f.zone ?? 'UTC');
    case 'currencyAmounts':
      return isObject(row[key]) ? row[key] : {};
    case 'ids':
      return Array.isArray(row[key]) ? row[key] : [];
    default:
      return row[key] ?? null;
  }
}

/** The form values of every field of a record. */
export function formValues(decl: RecordDecl, row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(decl.fields).map(([k, f]) => [k, formValueOf(k, f, row)]));
}

/** The value the API takes for a form value: ids for references, null for an emptied optional text. */
export function wireValue(f: FieldDecl, v: unknown): unknown {
  switch (f.kind) {
    case 'reference':
      return refOf(v)?.id ?? null;
    case 'references':
      return Array.isArray(v) ? v.map((r) => refOf(r)?.id) : [];
    case 'text':
    case 'textarea':
    case 'datetime':
      return v === '' && f.schema.safeParse(null).success ? null : v;
    case 'currencyAmounts':
      // A currency whose amount was cleared has no minimum: it is left out.
      return isObject(v) ? Object.fromEntries(Object.entries(v).filter(([, a]) => a !== null && a !== undefined)) : {};
    default:
      return v;
  }
}

/** Whether two form values of a field are the same value for the API. */
export function sameValue(f: FieldDecl, a: unknown, b: unknown): boolean {
  return JSON.stringify(wireValue(f, a) ?? null) === JSON.stringify(wireValue(f, b) ?? null);
}

/** The form values after one field changes; a field depending on it is reset (spec §4: selecting a genre resets the sub-genre). */
export function withField(decl: Pick<RecordSpec, 'fields'>, values: FormValues, field: string, value: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = { ...values, [field]: value };
  const changed = decl.fields[field] ? !sameValue(decl.fields[field], values[field], value) : true;
  for (const [k, f] of Object.entries(decl.fields)) if (changed && f.dependsOn === field) next[k] = null;
  return next;
}

/** The wire values of the fields (of `fields`) whose form value differs from `base`: a PATCH body. */
export function changedFields(decl: RecordDecl, base: FormValues, values: FormValues, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of fields) {
    const f = decl.fields[k];
    if (f && !sameValue(f, base[k], values[k])) out[k] = wireValue(f, values[k]);
  }
  return out;
}

/** A field's own error: the first message its schema gives for the wire value, or null. */
export function fieldError(f: FieldDecl, wire: unknown): string | null {
  const r = f.schema.safeParse(wire);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Enter a valid value.');
}

/** The errors of a change by field: each field's schema, then (when those pass) the record's cross-field checks against the stored object. */
export function changeErrors(
  decl: RecordDecl,
  stored: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): FieldErrors {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(changes)) {
    const f = decl.fields[k];
    const e = f ? fieldError(f, v) : null;
    if (e) out[k] = [e];
  }
  if (Object.keys(out).length > 0) return out;
  return runChecks(decl.checks, stored, changes) ?? {};
}

/**
 * A failed save's errors by field, when the server named fields (a 400 or 403 body
 * `{"field": ["message"]}`): `fields` holds those of the form, `other` the rest
 * (non_field_errors, fields not on the form). Empty for any other failure.
 */
export function serverFieldErrors(error: unknown, known: readonly string[]): { fields: FieldErrors; other: string[] } {
  const detail = error instanceof BridgeError && (error.status === 400 || error.status === 403) ? error.detail : undefined;
  const r = validationBody.safeParse(detail);
  const fields: Record<string, string[]> = {};
  const other: string[] = [];
  if (!r.success || (isObject(detail) && typeof detail.detail === 'string')) return { fields, other };
  for (const [k, messages] of Object.entries(r.data)) {
    if (known.includes(k)) fields[k] = messages;
    else other.push(...messages);
  }
  return { fields, other };
}
