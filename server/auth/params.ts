/**
 * The identity provider's inputs, checked with zod before anything else reads them:
 * every field a single string (a repeated parameter arrives as an array and is refused,
 * RFC 6749 §3.1), no NUL or other control characters, a length limit per field.
 */
import { z } from 'zod';

/** Longest value accepted per field (longer is a 400). */
export const AUTH_FIELD_MAX = {
  client_id: 100,
  redirect_uri: 2048,
  response_type: 50,
  code_challenge: 128,
  code_challenge_method: 20,
  state: 1024,
  username: 150,
  password: 1024,
  password_again: 1024,
  csrf_token: 200,
  grant_type: 50,
  code: 200,
  code_verifier: 128,
  refresh_token: 200,
  token: 200,
  token_type_hint: 50,
} as const;
export type AuthField = keyof typeof AUTH_FIELD_MAX;

const field = (name: AuthField) =>
  z
    .string({ error: `${name} must be given once, as text.` })
    .max(AUTH_FIELD_MAX[name], `${name} must have no more than ${AUTH_FIELD_MAX[name]} characters.`)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\x00-\x1f\x7f]*$/, `${name} must not contain control characters.`)
    .optional();

const fields = <K extends AuthField>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((n) => [n, field(n)])) as { [P in K]: ReturnType<typeof field> });

export const authorizeRequest = fields('response_type', 'code_challenge', 'code_challenge_method', 'state');
export const signInForm = fields('username', 'password', 'csrf_token');
export const tokenRequest = fields('grant_type', 'client_id', 'code', 'code_verifier', 'redirect_uri', 'refresh_token');
export const tokenField = fields('token', 'token_type_hint', 'refresh_token', 'client_id');
export const resetForm = fields('token', 'password', 'password_again');

/** One field on its own (client_id and redirect_uri are checked first: they decide where errors go). */
export function single(name: AuthField, value: unknown): string | undefined | null {
  const r = field(name).safeParse(value);
  return r.success ? r.data : null;
}

export type Parsed<T extends z.ZodType> = { ok: true; data: z.infer<T> } | { ok: false; message: string };

export function parse<T extends z.ZodType>(schema: T, input: unknown): Parsed<T> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, message: r.error.issues.map((i) => i.message).join(' ') };
}
