/**
 * Views shared with the team (issue 18; our paths, §7 names none): the search views shared
 * with the caller's role on the caller's active brand (each narrowed to what the caller
 * may use, shared/search/shared-views.ts), one by its link, sharing one, removing one.
 */
import { z } from 'zod';
import { SharedView, SharedViewBody } from '../../search/shared-views';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';

const BASE = '/v4/accounts/me/shared-views/';
const params = z.object({ id: IdParam });

/** Only admin shares with another role or sets a role's default. */
export const SHARED_VIEW_MSG = {
  otherRole: 'Only an admin may share a view with another role.',
  setDefault: "Only an admin may set a role's default view.",
  notYours: 'Only whoever shared this view, or an admin, may remove it.',
  badFilter: 'You cannot share a filter you may not use.',
} as const;

export const sharedViewEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: z.object({
      type: z
        .string()
        .max(64)
        .regex(/^[a-z_]+$/, 'Unknown search type.')
        .optional(),
    }),
    response: listEnvelope(SharedView),
    doc: "The views shared with the caller's role on the active brand (and those the caller shared), of one type or all; the role's default first.",
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}:id/`,
    params,
    response: SharedView,
    doc: "One shared view by its link, narrowed to what the caller may use (`dropped` says what was left out); 404 unless it is shared with the caller's role on the active brand.",
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    body: SharedViewBody,
    response: SharedView,
    doc: "Shares a view with a staff role on the caller's active brand (another role, or as the role's default: admin only); 201.",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}:id/`,
    params,
    response: z.null(),
    doc: 'Removes a shared view (whoever shared it, or an admin); 204.',
  }),
};
