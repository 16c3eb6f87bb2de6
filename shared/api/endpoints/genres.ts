/**
 * A genre's sub-genres (spec §3 "Genres (with sub-genres)"; issue 14: edited on the
 * genre page by admin). §7 names no path for them: these follow the other sub-resources,
 * under /v4/catalog/genres/{id}/sub-genres/. Each name once per genre (case-insensitive).
 */
import { z } from 'zod';
import { NAME_MAX, requiredText } from '../../records/values';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';

export const SUB_GENRE_TAKEN_MSG = 'This genre already has a sub-genre with this name.';
export const SUB_GENRE_IN_USE_MSG = 'This sub-genre is still given to tracks: change them first.';

export const SubGenre = z.object({ id: z.number().int(), name: z.string(), track_count: z.number().int() });
export type SubGenre = z.infer<typeof SubGenre>;
export const SubGenreBody = z.strictObject({ name: requiredText(NAME_MAX) });

const G = '/v4/catalog/genres/:id/sub-genres/';
const params = z.object({ id: IdParam });
const itemParams = z.object({ id: IdParam, item: IdParam });

export const subGenreEndpoints = {
  list: endpoint({
    method: 'GET',
    path: G,
    params,
    response: listEnvelope(SubGenre),
    doc: "A genre's sub-genres by name, with how many tracks each has.",
  }),
  create: endpoint({
    method: 'POST',
    path: G,
    params,
    body: SubGenreBody,
    response: SubGenre,
    doc: 'Adds a sub-genre to a genre (201); a name it has already is a 400.',
  }),
  patch: endpoint({
    method: 'PATCH',
    path: `${G}:item/`,
    params: itemParams,
    body: SubGenreBody,
    response: SubGenre,
    doc: "Renames one of a genre's sub-genres.",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${G}:item/`,
    params: itemParams,
    response: z.null(),
    doc: 'Removes a sub-genre no track has (204); one still given to tracks is a 400.',
  }),
};
