/**
 * Who may edit which field of a record, for the form and the server alike: derived from
 * the write rules of shared/access (TYPE_WRITE_RULES, FIELD_WRITE_RULES, mayWriteField),
 * plus the field's brands (hype fields on the dance-music brand only). Nothing here
 * repeats a rule.
 */
import { allOf, can, mayWriteField, searchType, writeRule, type Principal, type Rule } from '../access';
import type { FieldDecl } from './define';
import { recordDecl } from './registry';

/** Whether a field is shown and editable on the active brand. */
export const onBrand = (f: Pick<FieldDecl, 'brands'>, brand: string): boolean => !f.brands || f.brands.includes(brand);

/** May this principal change `field` of a record of `type` (one it can see), on its active brand? */
export function mayEdit(principal: Principal, type: string, field: string): boolean {
  const d = recordDecl(type);
  if (!d || !(d.editable as readonly string[]).includes(field)) return false;
  return onBrand(d.fields[field], principal.brand) && mayWriteField(principal, type, field);
}

/** The fields of `type` this principal may change (empty: the record opens read-only). */
export function editableFields(principal: Principal, type: string): string[] {
  const d = recordDecl(type);
  return d ? (d.editable as readonly string[]).filter((f) => mayEdit(principal, type, f)) : [];
}

/** The fields of a change this principal may not write, with why: no write rule for it, or not on this brand. */
export function refusedEdits(principal: Principal, type: string, fields: readonly string[]): { field: string; brand: boolean }[] {
  const d = recordDecl(type);
  return fields
    .filter((f) => !mayEdit(principal, type, f))
    .map((f) => ({
      field: f,
      brand: Boolean(d?.fields[f]) && !onBrand(d!.fields[f], principal.brand) && mayWriteField(principal, type, f),
    }));
}

/**
 * Who may create records of a type (POST /v4/{category}/{path}/): readers of the type
 * who hold its write rule; nobody for types not created here.
 */
export function createRule(type: string): Rule {
  const t = searchType(type);
  const own = writeRule(type);
  return t && own && recordDecl(type)?.createSchema ? allOf(t.rule, own) : [];
}

/**
 * Who may delete records of a type that has a delete route (pages): readers of the type
 * who hold its write rule, as for creating.
 */
export function deleteRule(type: string): Rule {
  const t = searchType(type);
  const own = writeRule(type);
  return t && own ? allOf(t.rule, own) : [];
}

export function mayDelete(principal: Principal, type: string): boolean {
  return can(principal, deleteRule(type));
}

export function mayCreate(principal: Principal, type: string): boolean {
  return can(principal, createRule(type));
}
