/**
 * The create form as data (CreatePage): which fields it offers a user, the values it
 * starts from (the declaration's defaults: what is created when nothing is changed), the
 * POST body it sends and the errors it shows before sending.
 */
import { REQUIRED_MSG, createDefaults, createFormFields, mayEdit, type RecordDecl } from '../../../shared/records';
import type { Principal } from '../../../shared/access';
import { changeErrors, fieldsOnBrand, wireValue, type FieldErrors } from './form-model';

/** The POST body of a create form: the fields given a value (an emptied or untouched field is left out). */
export function createBody(
  decl: RecordDecl,
  fields: readonly string[],
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of fields) {
    const f = decl.fields[k];
    if (!f || values[k] === undefined) continue;
    const wire = wireValue(f, values[k]);
    if ((wire === null && f.kind !== 'select') || wire === '' || (Array.isArray(wire) && wire.length === 0)) continue;
    out[k] = wire;
  }
  return out;
}

/** The fields a create form offers this user (on the active brand, theirs to write, not set only after creation). */
export function createFields(decl: RecordDecl, principal: Principal): string[] {
  const offered = new Set(createFormFields(decl));
  return fieldsOnBrand(decl, principal.brand)
    .map(([k]) => k)
    .filter((k) => offered.has(k) && (decl.fields[k].createOnly || mayEdit(principal, decl.key, k)));
}

/** A create form's first values: the declaration's defaults of the fields it offers. */
export function createInitialValues(decl: RecordDecl, fields: readonly string[]): Record<string, unknown> {
  const defaults = createDefaults(decl);
  return Object.fromEntries(fields.filter((k) => Object.hasOwn(defaults, k)).map((k) => [k, defaults[k]]));
}

/** A create body's errors by field: required fields first, then each field's schema and the record's checks. */
export function createErrors(decl: RecordDecl, body: Readonly<Record<string, unknown>>): FieldErrors {
  const missing = (decl.create?.required ?? []).filter((k) => body[k] === undefined);
  if (missing.length) return Object.fromEntries(missing.map((k) => [k, [REQUIRED_MSG]]));
  return changeErrors(decl, {}, body);
}
