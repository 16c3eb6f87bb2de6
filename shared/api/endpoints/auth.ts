/**
 * The identity provider: its paths and the answers of its OAuth endpoints (RFC 6749
 * token, RFC 7662 introspection, RFC 7009 revocation, logout), which server/auth
 * answers with and main's session service parses; and the one JSON API endpoint of the
 * group, temp-account-email, declared and registered like every other endpoint.
 *
 * The OAuth endpoints are not `endpoint()` declarations: they take forms (and the
 * authorize page its query), check their own inputs and answer bad input in OAuth's
 * shapes (server/README "The API"), so only their paths and answers are shared.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { INT4_MAX } from '../query-values';

/** The temporary account of an unclaimed label (spec §7). */
export const TempAccountEmail = z.object({
  label_id: z.number().int(),
  claimed: z.boolean(),
  username: z.string().nullable(),
  email: z.string().nullable(),
});
export type TempAccountEmail = z.infer<typeof TempAccountEmail>;

const LABEL_ID_MESSAGE = 'A valid integer is required.';
/** A label id in the query: digits naming an int4 id (a larger number names no label and is refused by name). */
const labelId = z
  .union([z.string({ error: LABEL_ID_MESSAGE }), z.number().transform(String)], { error: LABEL_ID_MESSAGE })
  .pipe(z.string().regex(/^\d{1,10}$/, LABEL_ID_MESSAGE))
  .transform(Number)
  .pipe(z.number().min(1, LABEL_ID_MESSAGE).max(INT4_MAX, `Ensure this value is between 1 and ${INT4_MAX}.`));

export const authEndpoints = {
  tempAccountEmail: endpoint({
    method: 'GET',
    path: '/v4/auth/temp-account-email/',
    query: z.object({ label_id: labelId }),
    response: TempAccountEmail,
    doc: 'The temporary account (username and email) of an unclaimed label; null fields once claimed.',
  }),
};

export const AUTH_PATHS = {
  authorize: '/v4/auth/o/authorize/',
  token: '/v4/auth/o/token/',
  introspect: '/v4/auth/o/introspect/',
  revoke: '/v4/auth/o/revoke/',
  logout: '/v4/auth/o/logout/',
  /** The identity provider's one-time password reset page (GET the form, POST the new password). */
  passwordReset: '/v4/auth/password-reset/',
  tempAccountEmail: authEndpoints.tempAccountEmail.path,
  /** RFC 8414 authorization server metadata, on the identity provider's host (public). */
  metadata: '/.well-known/oauth-authorization-server',
} as const;

/**
 * RFC 8414 §2: what a standard OAuth client discovers about the identity provider. The
 * endpoints are the issuer (the identity provider's configured public origin, never a
 * request's Host) followed by AUTH_PATHS. Clients are public (PKCE S256, no secret):
 * they authenticate at the token, revocation and introspection endpoints by sending
 * their client_id in the form (`none`); introspection also takes a bearer access token.
 */
export const AuthorizationServerMetadata = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  introspection_endpoint: z.string(),
  response_types_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  revocation_endpoint_auth_methods_supported: z.array(z.string()),
  introspection_endpoint_auth_methods_supported: z.array(z.string()),
});
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadata>;

/** The metadata document of the identity provider whose public origin is `issuer` (no trailing slash). */
export function authorizationServerMetadata(issuer: string): AuthorizationServerMetadata {
  const base = issuer.replace(/\/+$/, '');
  return {
    issuer: base,
    authorization_endpoint: `${base}${AUTH_PATHS.authorize}`,
    token_endpoint: `${base}${AUTH_PATHS.token}`,
    revocation_endpoint: `${base}${AUTH_PATHS.revoke}`,
    introspection_endpoint: `${base}${AUTH_PATHS.introspect}`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    introspection_endpoint_auth_methods_supported: ['none'],
  };
}

/** A token endpoint's success answer (the server issues `token_type: "Bearer"` and the scope). */
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
  /** `Bearer` for an access token, `refresh_token` for a refresh token. */
  token_type: z.string().optional(),
});
export type IntrospectionResponse = z.infer<typeof IntrospectionResponse>;

/** RFC 7009: revocation answers 200 with an empty object whether or not the token was known. */
export const RevokeResponse = z.object({});
export type RevokeResponse = z.infer<typeof RevokeResponse>;

/** Logout's answer (every token it was given is revoked). */
export const LogoutResponse = z.object({ detail: z.string() });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** An OAuth error answer (RFC 6749 §5.2): the token, introspection, revocation and logout endpoints' 4xx. */
export const OAuthErrorResponse = z.object({ error: z.string(), error_description: z.string().optional() });
export type OAuthErrorResponse = z.infer<typeof OAuthErrorResponse>;
