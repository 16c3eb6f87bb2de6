/**
 * The one reference check (issue 27 item 5; shared/api/references.ts declares it): every
 * id a request body marks as naming a reference-list item or a record must name one, or
 * the request is a 400 with §5's "Please select a valid option from the list" on that
 * field. addEndpoint runs it after the body parsed and before the handler, for every
 * endpoint whose body marks any id; the routes keep only the rules beyond existence (a
 * sub-genre of the chosen genre, a page type of the brand, a label the caller may see).
 *
 * Existence is the rule: an item is one the list holds or held (a disabled genre a
 * release already carries is still a valid id to send back).
 */
import type { z } from 'zod';
import { MSG } from '../../shared/messages';
import { declaredReferences, hasReferences, referencesIn, type FoundReference, type ReferenceTarget } from '../../shared/api/references';
import type { RecordKey } from '../../shared/records';
import type { Queryable } from '../db/client';
import { REFERENCE_LISTS } from '../db/reference';
import { HttpError } from '../domain/errors';
import { WRITES } from '../domain/records/defs';

/** Lists with their own tables (the others are reference_items rows of the list). */
const LIST_TABLES: Readonly<Record<string, string>> = {
  genres: 'genres',
  'sub-genres': 'sub_genres',
  keys: 'musical_keys',
  countries: 'countries',
  states: 'states',
  currency: 'currencies',
  currencies: 'currencies',
  'label-managers': 'label_managers',
  'host-vendors': 'host_vendors',
  'tracklist-vendors': 'tracklist_vendors',
};

/** The query that returns which of the ids ($1, int[]) exist, for `target`; throws for a target nothing serves. */
export function sourceOf(target: ReferenceTarget): { sql: string; params: readonly unknown[] } {
  if (target.list !== undefined) {
    const table = LIST_TABLES[target.list];
    if (table) return { sql: `select id from ${table} where id = any($1::int[])`, params: [] };
    if (Object.hasOwn(REFERENCE_LISTS, target.list))
      return { sql: 'select id from reference_items where id = any($1::int[]) and list = $2', params: [target.list] };
    throw new Error(`No reference list "${target.list}" to check ids against`);
  }
  const write = Object.hasOwn(WRITES, target.record) ? WRITES[target.record as RecordKey] : undefined;
  if (!write) throw new Error(`No table of records "${target.record}" to check ids against`);
  return { sql: `select id from ${write.table} where id = any($1::int[])`, params: [] };
}

/** Whether a body schema marks ids to check; throws (at registration) for a mark nothing can check (a misdeclared list or type). */
export function checksReferences(schema: z.ZodType | undefined): boolean {
  if (!schema || !hasReferences(schema)) return false;
  for (const target of declaredReferences(schema).values()) sourceOf(target);
  return true;
}

/** The found references whose ids name nothing, as the 400 body (null: all name something). */
export async function referenceErrors(db: Queryable, found: readonly FoundReference[]): Promise<Record<string, string[]> | null> {
  if (!found.length) return null;
  const errors: Record<string, string[]> = {};
  // One query per target, over every id the body names of it.
  const byTarget = new Map<string, { target: ReferenceTarget; refs: FoundReference[] }>();
  for (const r of found) {
    const k = JSON.stringify(r.target);
    const g = byTarget.get(k) ?? { target: r.target, refs: [] };
    g.refs.push(r);
    byTarget.set(k, g);
  }
  for (const { target, refs } of byTarget.values()) {
    const ids = [...new Set(refs.flatMap((r) => r.ids))];
    const { sql, params } = sourceOf(target);
    const rows = await db.query<{ id: number }>(sql, [ids, ...params]);
    const known = new Set(rows.map((r) => Number(r.id)));
    for (const r of refs) if (r.ids.some((id) => !known.has(id))) errors[r.path || 'non_field_errors'] = [MSG.selectFromList];
  }
  return Object.keys(errors).length ? errors : null;
}

/** 400 {field: ["Please select a valid option from the list"]} when an id `body` (parsed by `schema`) marks names nothing. */
export async function assertReferences(db: Queryable, schema: z.ZodType, body: unknown): Promise<void> {
  const errors = await referenceErrors(db, referencesIn(schema, body));
  if (errors) throw new HttpError(400, errors);
}
