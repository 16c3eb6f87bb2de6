/**
 * Curation (spec §7 "Curation: pages and page modules GET/POST/PATCH/DELETE with items"):
 * creating and deleting pages (GET list/by id, PATCH and PUT are the generic record
 * routes of ./lists.ts and ./records.ts), and the URL slug check the page form runs as
 * the slug is typed (slugs are unique per brand).
 */
import { z } from 'zod';
import { RECORDS } from '../../records/registry';
import { SLUG_MSG, SLUG_PATTERN } from '../../records/catalog';
import { NAME_MAX } from '../../records/values';
import { endpoint, IdParam } from '../endpoint';
import { ObjectRow } from './lists';

const params = z.object({ id: IdParam });

/** The console's own texts (the spec quotes none for these). */
export const CURATION_MSG = {
  slugTaken: 'This URL slug is already in use.',
} as const;

/** GET …/pages/slug-check/?slug=…[&exclude=id]: is the slug free on the active brand (the page `exclude` aside)? */
export const SlugCheckQuery = z.strictObject({
  slug: z.string({ error: SLUG_MSG }).max(NAME_MAX).regex(SLUG_PATTERN, SLUG_MSG),
  exclude: z.coerce.number({ error: 'Enter a valid id.' }).int('Enter a valid id.').positive('Enter a valid id.').max(2_147_483_647, 'Enter a valid id.').optional(),
});
export const SlugCheck = z.object({ slug: z.string(), available: z.boolean() });
export type SlugCheck = z.infer<typeof SlugCheck>;

export const pageEndpoints = {
  create: endpoint({
    method: 'POST', path: '/v4/curation/pages/', body: RECORDS.pages.createSchema, response: ObjectRow,
    doc: 'Creates a page on the active brand (its page type one the brand offers, spec §6); 201 with the page and its ETag.',
  }),
  delete: endpoint({
    method: 'DELETE', path: '/v4/curation/pages/:id/', params, response: z.null(),
    doc: 'Deletes a page with its modules and their items (204); a history row "delete" keeps what it was.',
  }),
  slugCheck: endpoint({
    method: 'GET', path: '/v4/curation/pages/slug-check/', query: SlugCheckQuery, response: SlugCheck,
    doc: 'Whether a URL slug is free on the active brand (the page being edited aside), for the form as the slug is typed.',
  }),
};
