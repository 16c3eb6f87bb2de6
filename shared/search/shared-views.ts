/**
 * Search views shared with the team (issue 18): a view (filters, columns, order) shared
 * with everyone of a staff role on a brand, possibly that role's default for the type, and
 * opened by its link (/catalog?…&view=<id>, or its id pasted). A link never widens access:
 * the filters a reader may not use (shared/access filterAllowed: the type's read rule, the
 * type's filters, each filter's own rule) and the columns the type does not have are
 * dropped when it is read, and the reader is told which.
 */
import { z } from 'zod';
import { STAFF_ROLES, filterAllowed, type Principal } from '../access';
import { columnsOf } from './columns';

const Name = z
  .string({ error: 'Enter a name.' })
  .trim()
  .min(1, 'Enter a name.')
  .max(100, 'Ensure this field has no more than 100 characters.');
const FilterName = z
  .string()
  .max(64)
  .regex(/^[a-z_]+$/, 'Unknown filter.');

/** POST …/shared-views/: the view as the sharer sees it, and whom it is shared with. */
export const SharedViewBody = z.strictObject({
  type: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z_]+$/, 'Unknown search type.'),
  name: Name,
  filters: z.record(FilterName, z.string().max(4096)),
  columns: z.array(z.string().max(64)).max(100).nullable().optional(),
  order_by: z.string().max(64).nullable().optional(),
  /** The staff role on the sharer's active brand who see it. */
  role: z.enum(STAFF_ROLES, { error: 'Choose a staff role.' }),
  /** Whether it is that role's default view of the type (admin only). */
  is_default: z.boolean({ error: 'Must be true or false.' }).optional(),
});
export type SharedViewBody = z.input<typeof SharedViewBody>;

/** What a reader gets: the view narrowed to what the reader may use, and what was dropped. */
export const SharedView = z.object({
  id: z.number().int(),
  owner: z.string(),
  brand: z.string(),
  role: z.string(),
  type: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  columns: z.array(z.string()).nullable(),
  order_by: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
  dropped: z.object({ filters: z.array(z.string()), columns: z.array(z.string()) }),
});
export type SharedView = z.infer<typeof SharedView>;

/** The note shown with a view some of whose filters or columns were dropped for the reader. */
export function droppedNote(dropped: SharedView['dropped']): string | null {
  const parts = [
    ...(dropped.filters.length ? [`filters ${dropped.filters.join(', ')}`] : []),
    ...(dropped.columns.length ? [`columns ${dropped.columns.join(', ')}`] : []),
  ];
  return parts.length ? `Some of this view is not available to you and was left out: ${parts.join('; ')}.` : null;
}

/** The view's filters and columns a reader may use, and the ones dropped. */
export function narrowView(
  principal: Principal,
  view: { type: string; filters: Record<string, string>; columns: readonly string[] | null },
): { filters: Record<string, string>; columns: string[] | null; dropped: SharedView['dropped'] } {
  const filters: Record<string, string> = {};
  const dropped: SharedView['dropped'] = { filters: [], columns: [] };
  for (const [k, v] of Object.entries(view.filters)) {
    // `type` names the search itself, not a filter.
    if (k === 'type' || filterAllowed(principal, view.type, k)) filters[k] = v;
    else dropped.filters.push(k);
  }
  const known = new Set(columnsOf(view.type).map((c) => c.key));
  const columns = view.columns === null ? null : view.columns.filter((c) => known.has(c) || (dropped.columns.push(c), false));
  return { filters, columns, dropped };
}
