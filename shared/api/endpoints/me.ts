/** The signed-in user's own account and supplier (spec §7 /account, packaging sender). */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { MeProfile, mePatch } from '../me';
import { UserBilling, UserBillingPatch } from './users';

/** What the server answers for the profile: MeProfile and the account's other fields. */
export const MeAnswer = MeProfile.loose();

export const MySupplier = z.object({ id: z.number().int(), name: z.string(), ddex_party_id: z.string().nullable() });
export type MySupplier = z.infer<typeof MySupplier>;

/** A label the signed-in supplier or label user delivers for: id and name. */
export const MyLabel = z.object({ id: z.number().int(), name: z.string() });
export type MyLabel = z.infer<typeof MyLabel>;

export const meEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v4/accounts/me/',
    response: MeAnswer,
    beforeAgreement: true,
    doc: "The signed-in user's profile (with its ETag) and sessions.",
  }),
  patch: endpoint({
    method: 'PATCH',
    path: '/v4/accounts/me/',
    body: mePatch,
    response: MeAnswer,
    doc: "Changes the user's own names (only these fields; If-Match required); answers the profile.",
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/v4/accounts/me/sessions/:id/',
    params: z.object({ id: z.string().min(1).max(128) }),
    response: z.null(),
    beforeAgreement: true,
    doc: "Ends one of the user's own sessions (signs that device out); 204.",
  }),
  mySupplier: endpoint({
    method: 'GET',
    path: '/v4/my/supplier/',
    response: MySupplier,
    beforeAgreement: true,
    doc: "A supplier user's own supplier; a label user's: the supplier its label belongs to.",
  }),
  myBilling: endpoint({
    method: 'GET',
    path: '/v4/my/billing/',
    response: UserBilling,
    doc: "The signed-in user's own billing (as GET …/users/{id}/billing/), with the user's ETag.",
  }),
  patchMyBilling: endpoint({
    method: 'PATCH',
    path: '/v4/my/billing/',
    body: UserBillingPatch,
    response: UserBilling,
    doc: "Disables the signed-in user's own billing (If-Match required: the user's version). Re-enabling billing that is disabled is admin's and support's (403 naming billing_disabled for others).",
  }),
  myLabels: endpoint({
    method: 'GET',
    path: '/v4/my/labels/',
    response: z.object({ results: z.array(MyLabel) }),
    doc: "The labels a supplier or label user packages for, by name: a supplier user's own labels; a label user's own label.",
  }),
};
