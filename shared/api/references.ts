/**
 * One reference check (issue 27 item 5), declared once: a select or reference id in a
 * request body is marked on its zod schema with what it names (an item of an auxiliary
 * reference list, or a record of a search type). The server (server/api/references.ts)
 * reads the marks of every endpoint's body schema and refuses, before the handler, an id
 * that names nothing with §5's "Please select a valid option from the list" on that field.
 *
 * Record fields are marked from their declaration (shared/records/define.ts field(): a
 * select's `list`, a reference's `ref`); sub-resource bodies with choiceOf / refersTo.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { INT4_MAX } from './query-values';

/** What an id names: an item of auxiliary list `list` (GET /v4/auxiliary/{list}/), or a record of search type `record`. */
export type ReferenceTarget =
  { readonly list: string; readonly record?: undefined } | { readonly record: string; readonly list?: undefined };

/** The marked schemas and what their ids name. */
export const REFERENCES = z.registry<ReferenceTarget>();

/**
 * `schema` (an id, a nullable id, or a list of ids) marked as naming `target`: a copy, so a
 * shared id schema is never marked for every field that uses it.
 */
export function refersTo<S extends z.ZodType>(schema: S, target: ReferenceTarget): S {
  const marked = schema.clone();
  (marked as z.ZodType).register(REFERENCES, target);
  return marked as S;
}

/** An id chosen from a reference list or a select: a malformed one is "Please select a valid option from the list" (§5). */
export const choiceIdSchema = z
  .number({ error: MSG.selectFromList })
  .int(MSG.selectFromList)
  .positive(MSG.selectFromList)
  .max(INT4_MAX, MSG.selectFromList);

/** An id of an item of reference list `list`; one that names nothing is refused by the server with §5's text. */
export const choiceOf = (list: string) => refersTo(choiceIdSchema, { list });

/** A marked id found in a parsed body: its dotted field path, what it names, and its ids. */
export interface FoundReference {
  readonly path: string;
  readonly target: ReferenceTarget;
  readonly ids: readonly number[];
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

const idsOf = (v: unknown): number[] =>
  typeof v === 'number' ? [v] : Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];

/** The marked ids of `value` (a body parsed by `schema`), walking objects, arrays, wrappers, pipes and unions. */
export function referencesIn(
  schema: z.ZodType,
  value: unknown,
  path: readonly string[] = [],
  out: FoundReference[] = [],
): FoundReference[] {
  const target = REFERENCES.get(schema);
  if (target) {
    const ids = idsOf(value);
    if (ids.length) out.push({ path: path.join('.'), target, ids });
    return out;
  }
  if (value === null || value === undefined) return out;
  const d = defOf(schema);
  if (WRAPPERS.has(d.type) && d.innerType) return referencesIn(d.innerType, value, path, out);
  if (d.type === 'pipe' && d.out) {
    // What was parsed is the output of `out`; a mark on `in` (a preprocess around a marked id) names it too.
    const before = out.length;
    referencesIn(d.out, value, path, out);
    if (out.length === before && d.in) referencesIn(d.in, value, path, out);
    return out;
  }
  if (d.type === 'object' && d.shape && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, s] of Object.entries(d.shape)) {
      if (Object.hasOwn(value, k)) referencesIn(s, (value as Record<string, unknown>)[k], [...path, k], out);
    }
    return out;
  }
  if (d.type === 'array' && d.element && Array.isArray(value)) {
    // A list of marked ids is named by the list's field (country_ids), not by an item's index.
    const each = REFERENCES.get(d.element);
    if (each) {
      const ids = idsOf(value);
      if (ids.length) out.push({ path: path.join('.'), target: each, ids });
      return out;
    }
    value.forEach((v, i) => referencesIn(d.element!, v, [...path, String(i)], out));
    return out;
  }
  if (d.type === 'union' && d.options) {
    const seen = new Set(out.map((r) => r.path));
    for (const o of d.options) {
      for (const r of referencesIn(o, value, path, []))
        if (!seen.has(r.path)) {
          seen.add(r.path);
          out.push(r);
        }
    }
  }
  return out;
}

/** Whether `schema` marks any id at all (walks the schema alone; the server skips the check when not). */
export function hasReferences(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  if (REFERENCES.get(schema)) return true;
  const d = defOf(schema);
  const kids = [d.innerType, d.in, d.out, d.element, ...Object.values(d.shape ?? {}), ...(d.options ?? [])];
  return kids.some((k) => k !== undefined && hasReferences(k, seen));
}

/** Every marked field of an object schema by its name (top level and nested, arrays as `*`), for the tests' table. */
export function declaredReferences(
  schema: z.ZodType,
  path: readonly string[] = [],
  out = new Map<string, ReferenceTarget>(),
  seen = new Set<z.ZodType>(),
): Map<string, ReferenceTarget> {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const target = REFERENCES.get(schema);
  if (target) return out.set(path.join('.'), target);
  const d = defOf(schema);
  if (d.shape) for (const [k, s] of Object.entries(d.shape)) declaredReferences(s, [...path, k], out, seen);
  else if (d.element) declaredReferences(d.element, REFERENCES.get(d.element) ? path : [...path, '*'], out, seen);
  else for (const k of [d.innerType, d.out, d.in, ...(d.options ?? [])]) if (k) declaredReferences(k, path, out, seen);
  return out;
}
