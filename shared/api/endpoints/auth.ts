/**
 * The identity provider's paths and the token and introspection answers (RFC 6749,
 * RFC 7662) main's session service parses. The routes are registered by server/auth.
 */
import { z } from 'zod';

export const AUTH_PATHS = {
  authorize: '/v4/auth/o/authorize/',
  token: '/v4/auth/o/token/',
  introspect: '/v4/auth/o/introspect/',
  revoke: '/v4/auth/o/revoke/',
  logout: '/v4/auth/o/logout/',
  tempAccountEmail: '/v4/auth/temp-account-email/',
} as const;

/** A token endpoint's success answer. */
export const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
  brand: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** The introspection answer for an active token (an inactive one is `{active: false}`). */
export const IntrospectionResponse = z.looseObject({
  active: z.boolean(),
  scope: z.string().optional(),
  exp: z.number().optional(),
  username: z.string().optional(),
  user_id: z.number().int().optional(),
  features: z.array(z.string()).optional(),
  display_name: z.string().nullable().optional(),
  name: z.string().optional(),
  /** The user's default brand (first of their brands). */
  brand: z.string().optional(),
  brands: z.array(z.string()).optional(),
  client_id: z.string().optional(),
});
export type IntrospectionResponse = z.infer<typeof IntrospectionResponse>;
