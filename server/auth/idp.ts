/**
 * Identity provider routes (its own listener): authorize with a sign-in form,
 * token (authorization_code + PKCE S256, refresh_token with rotation), introspect,
 * revoke, logout, temp-account-email.
 *
 * Hardening: every input checked (params.ts) before use; the sign-in form carries an
 * anti-CSRF token bound to the authorization request and to the browser (a nonce
 * cookie); password attempts are counted in the database per username and address and
 * per username (throttle.ts: reserved before the hash, shared by every process), requests
 * per client address (@fastify/rate-limit); an unknown username costs one scrypt like a
 * known one; once client_id and redirect_uri are valid, every other authorization error
 * goes back to the app (RFC 6749 §4.1.2.1); introspection is POST-only with caller
 * authentication (RFC 7662 §2.1); expired codes and tokens are purged.
 */
import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TEMP_ACCOUNT_EMAIL_RULE } from '../../shared/access';
import { CONSOLE_CLIENT_ID, isAllowedRedirectUri } from '../../shared/api';
import { tempAccountEmailOf } from '../../shared/api/endpoints/labels';
import type { Db } from '../db/client';
import {
  AUTH_PATHS,
  authEndpoints,
  type IntrospectionResponse,
  type LogoutResponse,
  type OAuthErrorResponse,
  type RevokeResponse,
  type TokenResponse,
} from '../../shared/api/endpoints/auth';
import { addEndpoint, addRoute } from '../api/route';
import { HttpError } from '../domain/errors';
import { hmac, pkceChallenge, safeEqual, verifyPassword } from './crypto';
import { errorPage, messagePage, pageHeaders, resetPasswordPage, signInPage } from './form';
import { authorizeRequest, parse, resetForm, signInForm, single, tokenField, tokenRequest, type Parsed } from './params';
import { RESET_MESSAGES, RESET_PASSWORD_MAX, RESET_PASSWORD_MIN, linkState, passwordProblem, useResetLink } from './reset-links';
import { PURGE_INTERVAL_MS, SIGN_IN_ADDRESS_LIMIT, SIGN_IN_FORM_TTL_MS, SignInLimiter, TOKEN_ADDRESS_LIMIT } from './throttle';
import {
  createCode,
  introspect,
  isActiveAccessToken,
  issueTokens,
  lockCode,
  markCodeUsed,
  purgeExpired,
  recordLogin,
  revokeFamily,
  revokeToken,
  rotateRefresh,
  scopeOf,
  userByUsername,
  type TokenSettings,
} from './tokens';

export const BAD_CREDENTIALS = 'Please enter a correct username and password.';
export const FORM_EXPIRED = 'This sign-in form has expired or was not opened here. Please sign in again.';
export const FORM_UNREADABLE = 'The username or password could not be read. Please enter them again.';
export const INTROSPECTION_UNAUTHENTICATED =
  "Introspection needs the client's authentication (its client_id, as at the token endpoint) or a valid bearer access token of the caller.";
export const tooManyAttempts = (seconds: number) => `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** The browser's half of the form token: a random nonce in a cookie only the sign-in page gets. */
const NONCE_COOKIE = 'signin_nonce';

type Fields = Record<string, unknown>;

/** A valid authorization request: where the code (or an error) goes back to. */
interface AuthorizeOk {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  state: string;
}

type AuthorizeCheck =
  | { kind: 'ok'; req: AuthorizeOk }
  /** client_id or redirect_uri is bad: an error page here, never a redirect. */
  | { kind: 'page'; message: string }
  /** Anything else: back to the app with the RFC 6749 §4.1.2.1 error and the state. */
  | { kind: 'redirect'; redirectUri: string; error: string; description: string; state?: string };

function checkAuthorize(p: Fields): AuthorizeCheck {
  const clientId = single('client_id', p.client_id);
  if (clientId !== CONSOLE_CLIENT_ID) return { kind: 'page', message: 'Unknown client.' };
  const redirectUri = single('redirect_uri', p.redirect_uri);
  if (!redirectUri || !isAllowedRedirectUri(redirectUri)) return { kind: 'page', message: 'Redirect URI not allowed.' };
  const state = single('state', p.state);
  const back = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    redirectUri,
    error,
    description,
    state: state || undefined,
  });
  if (state === null) return back('invalid_request', 'state must be given once, as text of at most 1024 characters.');
  const r = parse(authorizeRequest, p);
  if (!r.ok) return back('invalid_request', r.message);
  const { response_type: responseType, code_challenge: challenge, code_challenge_method: method } = r.data;
  if (!responseType) return back('invalid_request', 'response_type is required.');
  if (responseType !== 'code') return back('unsupported_response_type', 'Only response_type=code is supported.');
  if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return back('invalid_request', 'A PKCE code_challenge is required.');
  if (method !== 'S256') return back('invalid_request', 'code_challenge_method must be S256.');
  return { kind: 'ok', req: { client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge, state: state ?? '' } };
}

/** Where the form may post to: here, then the app's loopback address the success redirect goes to. */
function formTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  // CSP host-sources cannot name an IPv6 literal: the IPv6 loopback redirect is allowed by scheme.
  return url.hostname.startsWith('[') ? 'http:' : url.origin;
}

function redirectBack(reply: FastifyReply, c: Extract<AuthorizeCheck, { kind: 'redirect' }>) {
  const target = new URL(c.redirectUri);
  target.searchParams.set('error', c.error);
  target.searchParams.set('error_description', c.description);
  if (c.state) target.searchParams.set('state', c.state);
  return reply.code(302).headers({ location: target.toString(), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).send();
}

/** The form body's fields (none when there is no body); null when the body is not a form. */
function formOf(req: FastifyRequest): Fields | null {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  return body as Fields;
}

/**
 * Fields from the form body and the query string ("form query params", spec §7): the
 * authorize form and the token endpoint only; null when the body is not a form.
 */
function fieldsOf(req: FastifyRequest): Fields | null {
  const form = formOf(req);
  return form && { ...(req.query as Fields), ...form };
}

/**
 * The token fields of an introspection, revocation or logout request: from the form
 * body only, so a token in the URL (logged, kept in histories) is never read.
 */
function tokenFieldsOf(req: FastifyRequest): Parsed<typeof tokenField> {
  const form = formOf(req);
  return form ? parse(tokenField, form) : { ok: false, message: 'The request must be a form.' };
}

function bearer(req: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
}

function cookieNonce(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === NONCE_COOKIE && v && /^[A-Za-z0-9_-]{22}$/.test(v)) return v;
  }
  return null;
}

const oauthError = (reply: FastifyReply, error: string, description: string, status = 400) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description } satisfies OAuthErrorResponse);

/** A token endpoint's success: the shared TokenResponse, never cached. */
const sendTokens = (reply: FastifyReply, tokens: TokenResponse) => reply.header('cache-control', 'no-store').send(tokens);

/** What the sign-in and reset pages share: the database, the settings' sign-in options, the account limits and the form's signing. */
interface SignInContext {
  readonly db: Db;
  readonly o: NonNullable<TokenSettings['signIn']>;
  readonly now: () => number;
  readonly limits: SignInLimiter;
  readonly verify: NonNullable<NonNullable<TokenSettings['signIn']>['verifyPassword']>;
  formTokenValid(nonce: string | null, token: string | undefined, a: AuthorizeOk): boolean;
  /** Renders the sign-in form for a valid request, with a fresh form token (and nonce cookie). */
  sendForm(
    req: FastifyRequest,
    reply: FastifyReply,
    a: AuthorizeOk,
    status: number,
    opts?: { error?: string; username?: string },
  ): FastifyReply;
  sendErrorPage(reply: FastifyReply, message: string, status?: number): FastifyReply;
}

/** A per-address limit (@fastify/rate-limit's own store): seconds to wait when this request is over it, else 0. */
type AddressLimit = (req: FastifyRequest) => Promise<number>;

/**
 * The identity provider (spec §7 OAuth): with `full`, the sign-in form (authorize), the
 * password reset page and the purge of expired codes and tokens; always the token,
 * introspection, revocation and logout endpoints, and the temporary account's e-mail.
 */
export function registerIdp(app: FastifyInstance, db: Db, settings: TokenSettings, full = true) {
  const ctx = signInContext(db, settings);
  app.register(async (scope) => {
    // Per-address limits (the plugin's own store, counting by client address).
    await scope.register(rateLimit, { global: false });
    const { o } = ctx;
    const signInLimit = scope.createRateLimit({
      max: (o.signInAddressLimit ?? SIGN_IN_ADDRESS_LIMIT).max,
      timeWindow: (o.signInAddressLimit ?? SIGN_IN_ADDRESS_LIMIT).windowMs,
    });
    const tokenLimit = scope.createRateLimit({
      max: (o.tokenAddressLimit ?? TOKEN_ADDRESS_LIMIT).max,
      timeWindow: (o.tokenAddressLimit ?? TOKEN_ADDRESS_LIMIT).windowMs,
    });
    const overLimit =
      (limit: typeof signInLimit): AddressLimit =>
      async (req) => {
        const r = await limit(req);
        return !r.isAllowed && r.isExceeded ? Math.max(1, r.ttlInSeconds) : 0;
      };

    if (full) {
      registerSignIn(scope, ctx, overLimit(signInLimit));
      registerPasswordReset(scope, ctx);
      purgeExpiredPeriodically(scope, ctx);
    }
    registerTokenEndpoint(scope, db, settings, overLimit(tokenLimit));
    registerTokenChecks(scope, db);
  });
  registerTempAccountEmail(app, db);
}

function signInContext(db: Db, settings: TokenSettings): SignInContext {
  const o = settings.signIn ?? {};
  const now = o.now ?? Date.now;
  const formTtl = o.formTtlMs ?? SIGN_IN_FORM_TTL_MS;
  const limits = new SignInLimiter(db, 'idp', { throttle: o.throttle, account: o.account, now });
  const verify = o.verifyPassword ?? verifyPassword;
  /** Signs the forms of this identity provider (a restart asks for a fresh form). */
  const formSecret = randomBytes(32);

  const formToken = (nonce: string, issuedAt: number, a: AuthorizeOk) =>
    `${issuedAt}.${hmac(formSecret, 'sign-in-form', nonce, String(issuedAt), a.client_id, a.redirect_uri, a.code_challenge, a.state)}`;

  function formTokenValid(nonce: string | null, token: string | undefined, a: AuthorizeOk): boolean {
    const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
    if (!nonce || !m) return false;
    const issuedAt = Number(m[1]);
    const age = now() - issuedAt;
    return age >= 0 && age <= formTtl && safeEqual(m[2], formToken(nonce, issuedAt, a).split('.')[1]);
  }

  function sendForm(
    req: FastifyRequest,
    reply: FastifyReply,
    a: AuthorizeOk,
    status: number,
    opts: { error?: string; username?: string } = {},
  ) {
    const nonce = cookieNonce(req) ?? randomBytes(16).toString('base64url');
    const hidden = {
      client_id: a.client_id,
      redirect_uri: a.redirect_uri,
      response_type: 'code',
      code_challenge: a.code_challenge,
      code_challenge_method: 'S256',
      state: a.state,
      csrf_token: formToken(nonce, now(), a),
    };
    return reply
      .code(status)
      .headers(pageHeaders(formTarget(a.redirect_uri)))
      .header(
        'set-cookie',
        `${NONCE_COOKIE}=${nonce}; Path=${AUTH_PATHS.authorize}; HttpOnly; SameSite=Strict; Max-Age=${Math.ceil(formTtl / 1000)}`,
      )
      .send(signInPage(hidden, opts));
  }

  const sendErrorPage = (reply: FastifyReply, message: string, status = 400) =>
    reply.code(status).headers(pageHeaders()).send(errorPage(message));

  return { db, o, now, limits, verify, formTokenValid, sendForm, sendErrorPage };
}

/** GET and POST authorize: the sign-in form, and signing in (limits, form token, password) to a code. */
function registerSignIn(scope: FastifyInstance, ctx: SignInContext, overLimit: AddressLimit): void {
  const { db, limits, verify, formTokenValid, sendForm, sendErrorPage } = ctx;
  addRoute(scope, db, {
    method: 'GET',
    url: AUTH_PATHS.authorize,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (req, reply) => {
      const check = checkAuthorize(req.query as Fields);
      if (check.kind === 'page') return sendErrorPage(reply, check.message);
      if (check.kind === 'redirect') return redirectBack(reply, check);
      return sendForm(req, reply, check.req, 200);
    },
  });

  addRoute(scope, db, {
    method: 'POST',
    url: AUTH_PATHS.authorize,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (req, reply) => {
      const fields = fieldsOf(req);
      if (!fields) return sendErrorPage(reply, 'The sign-in form could not be read.');
      const check = checkAuthorize(fields);
      if (check.kind === 'page') return sendErrorPage(reply, check.message);
      if (check.kind === 'redirect') return redirectBack(reply, check);
      const a = check.req;

      const addressWait = await overLimit(req);
      if (addressWait)
        return sendForm(req, reply.header('retry-after', String(addressWait)), a, 429, { error: tooManyAttempts(addressWait) });

      const form = parse(signInForm, fields);
      if (!form.ok) return sendForm(req, reply, a, 400, { error: FORM_UNREADABLE });
      const username = form.data.username ?? '';
      if (!formTokenValid(cookieNonce(req), form.data.csrf_token, a)) {
        return sendForm(req, reply, a, 400, { error: FORM_EXPIRED, username });
      }

      // The attempt is counted (as a failure until the password proves right) before any hash.
      const wait = await limits.reserve(username, req.ip);
      if (wait) return sendForm(req, reply.header('retry-after', String(wait)), a, 429, { error: tooManyAttempts(wait), username });

      // One lookup and one scrypt whether or not the username exists (equal timing).
      const user = await userByUsername(db, username);
      const ok = await verify(form.data.password ?? '', user?.password_hash ?? null);
      if (!user || !ok || !user.enabled || !user.app) {
        return sendForm(req, reply, a, 200, { error: BAD_CREDENTIALS, username });
      }
      await limits.succeed(username, req.ip);
      const code = await createCode(db, {
        userId: user.id,
        clientId: a.client_id,
        redirectUri: a.redirect_uri,
        codeChallenge: a.code_challenge,
        scope: scopeOf(user),
      });
      await recordLogin(db, user.id);
      const target = new URL(a.redirect_uri);
      target.searchParams.set('code', code);
      if (a.state) target.searchParams.set('state', a.state);
      return reply.code(302).headers({ location: target.toString(), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).send();
    },
  });
}

/** The one-time password reset page (server/auth/reset-links.ts): GET shows the form while the link works; POST sets the password and uses the link up. */
function registerPasswordReset(scope: FastifyInstance, ctx: SignInContext): void {
  const { db, now } = ctx;
  const resetLimits = { minLength: RESET_PASSWORD_MIN, maxLength: RESET_PASSWORD_MAX };
  const sendLinkProblem = (reply: FastifyReply, state: 'invalid' | 'used' | 'expired') =>
    reply
      .code(400)
      .headers(pageHeaders())
      .send(messagePage('Password reset', RESET_MESSAGES[state], true));
  addRoute(scope, db, {
    method: 'GET',
    url: AUTH_PATHS.passwordReset,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (req, reply) => {
      const form = parse(resetForm, req.query);
      const token = form.ok ? (form.data.token ?? '') : '';
      const state = await linkState(db, token, now());
      if (state !== 'ok') return sendLinkProblem(reply, state);
      return reply.code(200).headers(pageHeaders('')).send(resetPasswordPage(token, resetLimits));
    },
  });
  addRoute(scope, db, {
    method: 'POST',
    url: AUTH_PATHS.passwordReset,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (req, reply) => {
      const body = formOf(req);
      const form = body ? parse(resetForm, body) : null;
      const token = form?.ok ? (form.data.token ?? '') : '';
      const before = await linkState(db, token, now());
      if (before !== 'ok') return sendLinkProblem(reply, before);
      const password = form?.ok ? (form.data.password ?? '') : '';
      const problem = form?.ok ? passwordProblem(password, form.data.password_again ?? '') : FORM_UNREADABLE;
      if (problem)
        return reply
          .code(400)
          .headers(pageHeaders(''))
          .send(resetPasswordPage(token, { ...resetLimits, error: problem }));
      const state = await useResetLink(db, token, password, now());
      if (state !== 'ok') return sendLinkProblem(reply, state);
      return reply
        .code(200)
        .headers(pageHeaders())
        .send(messagePage('Password changed', RESET_MESSAGES.done, false));
    },
  });
}

/** Expired codes and tokens (and idle sign-in counters) go at start and then periodically. */
function purgeExpiredPeriodically(scope: FastifyInstance, ctx: SignInContext): void {
  const { db, o, limits } = ctx;
  let running: Promise<unknown> = Promise.resolve();
  const purge = () => {
    running = Promise.all([purgeExpired(db), limits.purge()]).catch((err: unknown) => scope.log.warn({ err }, 'purge failed'));
    return running;
  };
  // purge() catches its own failure (logged).
  const timer = setInterval(() => void purge(), o.purgeIntervalMs ?? PURGE_INTERVAL_MS);
  timer.unref();
  scope.addHook('onReady', async () => {
    await purge();
  });
  scope.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** POST token: the authorization code (PKCE) and refresh token grants, under a per-address limit. */
function registerTokenEndpoint(scope: FastifyInstance, db: Db, settings: TokenSettings, overLimit: AddressLimit): void {
  addRoute(scope, db, {
    method: 'POST',
    url: AUTH_PATHS.token,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (req, reply) => {
      const wait = await overLimit(req);
      if (wait)
        return oauthError(
          reply.header('retry-after', String(wait)),
          'rate_limited',
          `Too many requests. Try again in ${wait} seconds.`,
          429,
        );
      const fields = fieldsOf(req);
      if (!fields) return oauthError(reply, 'invalid_request', 'The request must be a form.');
      const parsed = parse(tokenRequest, fields);
      if (!parsed.ok) return oauthError(reply, 'invalid_request', parsed.message);
      const p = parsed.data;
      if (p.client_id !== CONSOLE_CLIENT_ID) return oauthError(reply, 'invalid_client', 'Unknown client.', 401);
      if (p.grant_type === 'authorization_code') {
        const { code, code_verifier: verifier, redirect_uri: redirectUri } = p;
        if (!code || !verifier || !redirectUri)
          return oauthError(reply, 'invalid_request', 'code, code_verifier and redirect_uri are required.');
        const out = await db.transaction(async (tx) => {
          const row = await lockCode(tx, code);
          if (!row) return { error: 'Invalid authorization code.' };
          if (row.used_at) {
            // A replayed code: refuse it and revoke whatever it issued (RFC 6749 §4.1.2).
            await revokeFamily(tx, row.family_id);
            return { error: 'Authorization code already used.' };
          }
          await markCodeUsed(tx, code);
          if (row.expired) return { error: 'Authorization code expired.' };
          if (row.client_id !== p.client_id || row.redirect_uri !== redirectUri) return { error: 'Redirect URI mismatch.' };
          if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !safeEqual(pkceChallenge(verifier), row.code_challenge)) {
            return { error: 'PKCE verification failed.' };
          }
          return { tokens: await issueTokens(tx, settings, row.user_id, row.client_id, row.scope, row.family_id) };
        });
        if ('error' in out) return oauthError(reply, 'invalid_grant', out.error!);
        return sendTokens(reply, out.tokens);
      }
      if (p.grant_type === 'refresh_token') {
        if (!p.refresh_token) return oauthError(reply, 'invalid_request', 'refresh_token is required.');
        const out = await rotateRefresh(db, settings, p.refresh_token, p.client_id);
        if (!out.ok) return oauthError(reply, 'invalid_grant', out.reason);
        return sendTokens(reply, out.tokens);
      }
      return oauthError(reply, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    },
  });
}

/** Introspection (RFC 7662), revocation (RFC 7009) and logout. */
function registerTokenChecks(scope: FastifyInstance, db: Db): void {
  // RFC 7662: POST only, the caller authenticated (as at the token endpoint: a public client's
  // client_id in the form; or a bearer access token of its own), the token in the form body;
  // a token in the query string is never read.
  addRoute(scope, db, {
    method: 'GET',
    url: AUTH_PATHS.introspect,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (_req, reply) => reply.code(405).header('allow', 'POST').send({ detail: 'Method "GET" not allowed.' }),
  });

  addRoute(scope, db, {
    method: 'POST',
    url: AUTH_PATHS.introspect,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const parsed = tokenFieldsOf(req);
      const client = parsed.ok ? parsed.data.client_id : undefined;
      if (client !== undefined && client !== CONSOLE_CLIENT_ID) return oauthError(reply, 'invalid_client', 'Unknown client.', 401);
      const caller = bearer(req);
      const byBearer = !client && !!caller && caller.length <= 200 && (await isActiveAccessToken(db, caller));
      if (!client && !byBearer) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ error: 'invalid_token', error_description: INTROSPECTION_UNAUTHENTICATED } satisfies OAuthErrorResponse);
      }
      if (!parsed.ok) return oauthError(reply, 'invalid_request', parsed.message);
      if (!parsed.data.token) return oauthError(reply, 'invalid_request', 'token is required.');
      const answer: IntrospectionResponse = await introspect(db, parsed.data.token);
      // A client learns only about the tokens issued to it (RFC 7662 §2.2 lets the server say inactive).
      if (client && answer.active && answer.client_id !== client) return { active: false } satisfies IntrospectionResponse;
      return answer;
    },
  });

  // Revoke and logout read their tokens from the form body (and the Authorization header),
  // never from the query string, like introspection.
  addRoute(scope, db, {
    method: 'POST',
    url: AUTH_PATHS.revoke,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (req, reply) => {
      const parsed = tokenFieldsOf(req);
      if (!parsed.ok) return oauthError(reply, 'invalid_request', parsed.message);
      // RFC 7009 §2.1: a client that names itself must be one this server knows.
      if (parsed.data.client_id !== undefined && parsed.data.client_id !== CONSOLE_CLIENT_ID)
        return oauthError(reply, 'invalid_client', 'Unknown client.', 401);
      const token = parsed.data.token ?? bearer(req);
      if (token) await revokeToken(db, token);
      // RFC 7009: 200 whether or not the token was known.
      return reply.code(200).send({} satisfies RevokeResponse);
    },
  });

  addRoute(scope, db, {
    method: 'POST',
    url: AUTH_PATHS.logout,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (req, reply) => {
      const parsed = tokenFieldsOf(req);
      if (!parsed.ok) return oauthError(reply, 'invalid_request', parsed.message);
      for (const t of [bearer(req), parsed.data.token, parsed.data.refresh_token]) if (t) await revokeToken(db, t);
      return reply.code(200).send({ detail: 'Logged out.' } satisfies LogoutResponse);
    },
  });
}

/** The e-mail of a label's temporary account (an unclaimed label's hand-over). */
function registerTempAccountEmail(app: FastifyInstance, db: Db): void {
  addEndpoint(app, db, authEndpoints.tempAccountEmail, {
    rule: TEMP_ACCOUNT_EMAIL_RULE,
    handler: async (req) => {
      const id = req.query.label_id;
      const [row] = await db.query<{ id: number; claimed: boolean; temp_username: string | null }>(
        'select id, claimed, temp_username from labels where id = $1',
        [id],
      );
      if (!row) throw new HttpError(404, { detail: 'Not found.' });
      return {
        label_id: row.id,
        claimed: row.claimed,
        username: row.claimed ? null : row.temp_username,
        email: row.claimed || !row.temp_username ? null : tempAccountEmailOf(row.temp_username),
      };
    },
  });
}
