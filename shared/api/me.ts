/**
 * The signed-in user's own account (GET/PATCH /v4/accounts/me/, DELETE
 * /v4/accounts/me/sessions/{id}/): one schema for the /account form, the server
 * route and the console's parse of the answer.
 */
import { z } from 'zod';
import { limited } from './limits';

/** Longest display name, first or last name the profile form and the server accept. */
export const ME_NAME_MAX = { display_name: 100, first_name: 150, last_name: 150 } as const;

/** The fields a user may change on their own profile; anything else is a 400. */
export const mePatch = z
  .strictObject({
    display_name: limited(ME_NAME_MAX.display_name).nullable(),
    first_name: limited(ME_NAME_MAX.first_name).nullable(),
    last_name: limited(ME_NAME_MAX.last_name).nullable(),
  })
  .partial();
export type MePatch = z.infer<typeof mePatch>;

/** One signed-in device: a token family (refresh rotations keep the family). */
export const MeSession = z.object({
  id: z.string(),
  /** The OAuth client that holds it (the console, or another app). */
  client_id: z.string(),
  started_at: z.string(),
  /** When a token of this session was last issued (sign-in or refresh). */
  last_used_at: z.string(),
  expires_at: z.string().nullable(),
  /** The session that made this request. */
  current: z.boolean(),
});
export type MeSession = z.infer<typeof MeSession>;

export const MeProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  scope: z.string(),
  brand: z.string(),
  sessions: z.array(MeSession),
});
export type MeProfile = z.infer<typeof MeProfile>;
