/**
 * A user's DJ profile (spec §3, §7 Accounts "dj-profile PATCH"): DJ display name, slug
 * (unique), profile page enabled, indexed. The body is the DJ profile record's PATCH
 * (shared/records); the user id is the DJ profile's id.
 */
import { z } from 'zod';
import { RECORDS } from '../../records/registry';
import { endpoint, IdParam } from '../endpoint';
import { ObjectRow } from './lists';

export const djProfileEndpoints = {
  patch: endpoint({
    method: 'PATCH',
    path: '/v4/accounts/users/:id/dj-profile/',
    params: z.object({ id: IdParam }),
    body: RECORDS.dj_profiles.patch,
    response: ObjectRow,
    doc: "Changes a user's DJ profile (If-Match required; the ETag of GET /v4/content-ops/dj-profiles/{id}/); answers the profile.",
  }),
};
