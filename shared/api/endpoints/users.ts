/**
 * Users (spec §7 Accounts): the new-user CSV export (§2 /new-user-export, §5 "New-user CSV
 * export date range max 2 days", §9). The 2 days count both ends (Nov 1 to Nov 2 is two
 * days); the API refuses a longer range, not only the console.
 */
import { z } from 'zod';
import { LIMITS } from '../../constants';
import { IDENTITY_PROVIDERS } from '../../vocabularies';
import { MSG } from '../../messages';
import { calendarDate } from '../dates';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { ListQuery } from './lists';

/** The new-user export's range messages (the spec quotes none: ours, with §5's start-before-end words). */
export const NEW_USER_EXPORT_MESSAGES = {
  required: 'Select a start and an end date.',
  order: MSG.startBeforeEnd,
  tooLong: `The date range can be at most ${LIMITS.newUserExportDays} days.`,
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;

/** The problem with a range of YYYY-MM-DD dates (field and message), or null when it may be exported. */
export function newUserRangeProblem(
  from: string | null | undefined,
  to: string | null | undefined,
): { field: 'from' | 'to'; message: string } | null {
  const okFrom = Boolean(from) && calendarDate.safeParse(from).success;
  const okTo = Boolean(to) && calendarDate.safeParse(to).success;
  if (!okFrom || !okTo) return { field: okFrom ? 'to' : 'from', message: NEW_USER_EXPORT_MESSAGES.required };
  const days = dayNumber(to!) - dayNumber(from!) + 1;
  if (days < 1) return { field: 'from', message: NEW_USER_EXPORT_MESSAGES.order };
  if (days > LIMITS.newUserExportDays) return { field: 'to', message: NEW_USER_EXPORT_MESSAGES.tooLong };
  return null;
}

export const NewUserExportQuery = z
  .strictObject({ from: z.string().max(10).optional(), to: z.string().max(10).optional() })
  .superRefine((q, ctx) => {
    const p = newUserRangeProblem(q.from, q.to);
    if (p) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });

/** A coupon a user was given (its user ids name the user). */
export const UserCoupon = z.object({ id: z.number().int(), code: z.string(), enabled: z.boolean(), users: z.number().int() });
export type UserCoupon = z.infer<typeof UserCoupon>;
export const AssignCouponBody = z.strictObject({
  code: z.string({ error: 'Enter a coupon code.' }).trim().min(1, 'Enter a coupon code.').max(64, 'Enter a coupon code.'),
});
export type AssignCouponBody = z.infer<typeof AssignCouponBody>;
/** Assigning a coupon (our words: the spec quotes none). */
export const ASSIGN_COUPON_MESSAGES = {
  unknown: 'No coupon has this code.',
  global: 'This coupon is global: every user already has it.',
} as const;

/** A sign-in identity linked to a user (spec §2 user page, §7 Accounts "identities GET"). */
export const UserIdentity = z.object({
  id: z.number().int(),
  provider: z.enum(IDENTITY_PROVIDERS),
  subject: z.string(),
  email: z.string().nullable(),
  linked_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type UserIdentity = z.infer<typeof UserIdentity>;

/** A one-time password reset link, issued by the identity provider; shown once, copied to the clipboard. */
export const PasswordResetLink = z.object({ url: z.url(), expires_at: z.string() });
export type PasswordResetLink = z.infer<typeof PasswordResetLink>;

/** A user's billing (spec §2 "billing disable", §7 Accounts "billing GET/PATCH"). */
export const UserBilling = z.object({ user_id: z.number().int(), billing_disabled: z.boolean(), version: z.number().int() });
export type UserBilling = z.infer<typeof UserBilling>;
export const UserBillingPatch = z.strictObject({ billing_disabled: z.boolean({ error: 'Enter true or false.' }) });
export type UserBillingPatch = z.infer<typeof UserBillingPatch>;

export const userEndpoints = {
  newUserExport: endpoint({
    method: 'GET',
    path: '/v4/accounts/new-users-csv/download/',
    query: NewUserExportQuery,
    response: z.string(),
    doc: `The users registered from \`from\` to \`to\` (YYYY-MM-DD, both days included, at most ${LIMITS.newUserExportDays} days) as CSV, streamed; X-Total-Count announces the rows. A longer range is a 400 on \`to\`.`,
  }),
  coupons: endpoint({
    method: 'GET',
    path: '/v4/accounts/users/:id/coupons/',
    params: z.object({ id: IdParam }),
    response: listEnvelope(UserCoupon),
    doc: "The coupons of the active brand given to this user (global coupons are every user's and are not listed).",
  }),
  assignCoupon: endpoint({
    method: 'POST',
    path: '/v4/accounts/users/:id/coupons/',
    params: z.object({ id: IdParam }),
    body: AssignCouponBody,
    response: UserCoupon,
    doc: "Gives a user a coupon of the active brand by its code (the user is added to its user ids; again is a no-op). 400 {code} for no such coupon, or a global one (it is every user's already: giving it to one would take it from the others).",
  }),
  orderItemsCsv: endpoint({
    method: 'GET',
    path: '/v4/accounts/users/:id/order-items-csv/download/',
    params: z.object({ id: IdParam }),
    response: z.string(),
    doc: "The items of a user's orders on the active brand as CSV (order id first), oldest order first; X-Total-Count announces the rows.",
  }),
  usersCsv: endpoint({
    method: 'GET',
    path: '/v4/accounts/users-csv/download/',
    query: ListQuery,
    response: z.string(),
    doc: "The users of the users search's filters and order as CSV, with every §3 account field (the search export's columns plus DJ slug, profile page, decline transactions, bypass fraud checks and billing disabled); X-Total-Count announces the rows.",
  }),
  identities: endpoint({
    method: 'GET',
    path: '/v4/accounts/users/:id/identities/',
    params: z.object({ id: IdParam }),
    response: listEnvelope(UserIdentity),
    doc: 'The sign-in identities linked to a user (the store password, Google, Apple), oldest first.',
  }),
  passwordResetLink: endpoint({
    method: 'POST',
    path: '/v4/accounts/users/:id/password-reset-link/',
    params: z.object({ id: IdParam }),
    response: PasswordResetLink,
    doc: `Has the identity provider issue a password reset link for the user: it works once, for ${LIMITS.passwordResetLinkMinutes} minutes. Only its hash is kept: the URL is in this answer only.`,
  }),
  billing: endpoint({
    method: 'GET',
    path: '/v4/accounts/users/:id/billing/',
    params: z.object({ id: IdParam }),
    response: UserBilling,
    doc: "Whether the user's billing is disabled, with the user's ETag.",
  }),
  patchBilling: endpoint({
    method: 'PATCH',
    path: '/v4/accounts/users/:id/billing/',
    params: z.object({ id: IdParam }),
    body: UserBillingPatch,
    response: UserBilling,
    doc: "Disables or re-enables the user's billing (If-Match required: the user's version).",
  }),
} as const;
