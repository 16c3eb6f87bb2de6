/**
 * Identity provider routes (its own listener): authorize with a sign-in form,
 * token (authorization_code + PKCE S256, refresh_token with rotation), introspect,
 * revoke, logout, temp-account-email.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TEMP_ACCOUNT_EMAIL_RULE } from '../../shared/access';
import { CONSOLE_CLIENT_ID, isAllowedRedirectUri } from '../../shared/api';
import type { Db } from '../db/client';
import { addRoute } from '../api/route';
import { HttpError, badRequest } from '../api/errors';
import { pkceChallenge, safeEqual, verifyPassword } from './crypto';
import { errorPage, signInPage } from './form';
import {
  createCode, introspect, issueTokens, lockCode, markCodeUsed, recordLogin, revokeFamily, revokeToken, rotateRefresh, scopeOf,
  userByUsername, type TokenSettings,
} from './tokens';

export const BAD_CREDENTIALS = 'Please enter a correct username and password.';

type Params = Record<string, string | undefined>;

const oauthError = (reply: FastifyReply, error: string, description: string, status = 400) =>
  reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

function authorizeParams(p: Params): { ok: true; hidden: Record<string, string> } | { ok: false; message: string } {
  if (p.client_id !== CONSOLE_CLIENT_ID) return { ok: false, message: 'Unknown client.' };
  if (!p.redirect_uri || !isAllowedRedirectUri(p.redirect_uri)) return { ok: false, message: 'Redirect URI not allowed.' };
  if (p.response_type !== 'code') return { ok: false, message: 'Only response_type=code is supported.' };
  if (!p.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge)) return { ok: false, message: 'A PKCE code_challenge is required.' };
  if (p.code_challenge_method !== 'S256') return { ok: false, message: 'code_challenge_method must be S256.' };
  return {
    ok: true,
    hidden: {
      client_id: p.client_id,
      redirect_uri: p.redirect_uri,
      response_type: 'code',
      code_challenge: p.code_challenge,
      code_challenge_method: 'S256',
      state: p.state ?? '',
    },
  };
}

/** Fields from the form body and the query string ("form query params", spec §7). */
function params(req: FastifyRequest): Params {
  return { ...(req.query as Params), ...((req.body as Params | undefined) ?? {}) };
}

function bearer(req: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
}

export function registerIdp(app: FastifyInstance, db: Db, settings: TokenSettings, full = true) {
  if (full) {
    addRoute(app, db, {
      method: 'GET', url: '/v4/auth/o/authorize/', rule: '*', public: true,
      handler: async (req, reply) => {
        const check = authorizeParams(req.query as Params);
        reply.header('cache-control', 'no-store').header('x-frame-options', 'DENY').type('text/html');
        if (!check.ok) return reply.code(400).send(errorPage(check.message));
        return signInPage(check.hidden);
      },
    });

    addRoute(app, db, {
      method: 'POST', url: '/v4/auth/o/authorize/', rule: '*', public: true,
      handler: async (req, reply) => {
        const p = params(req);
        const check = authorizeParams(p);
        reply.header('cache-control', 'no-store').header('x-frame-options', 'DENY').type('text/html');
        if (!check.ok) return reply.code(400).send(errorPage(check.message));
        const user = await userByUsername(db, p.username ?? '');
        const ok = await verifyPassword(p.password ?? '', user?.password_hash ?? null);
        if (!user || !ok || !user.enabled || !user.app) {
          return reply.code(200).send(signInPage(check.hidden, { error: BAD_CREDENTIALS, username: p.username }));
        }
        const code = await createCode(db, {
          userId: user.id, clientId: check.hidden.client_id, redirectUri: check.hidden.redirect_uri,
          codeChallenge: check.hidden.code_challenge, scope: scopeOf(user),
        });
        await recordLogin(db, user.id);
        const target = new URL(check.hidden.redirect_uri);
        target.searchParams.set('code', code);
        if (check.hidden.state) target.searchParams.set('state', check.hidden.state);
        return reply.code(302).header('location', target.toString()).send();
      },
    });
  }

  addRoute(app, db, {
    method: 'POST', url: '/v4/auth/o/token/', rule: '*', public: true,
    handler: async (req, reply) => {
      const p = params(req);
      if (p.client_id !== CONSOLE_CLIENT_ID) return oauthError(reply, 'invalid_client', 'Unknown client.', 401);
      if (p.grant_type === 'authorization_code') {
        if (!p.code || !p.code_verifier || !p.redirect_uri) return oauthError(reply, 'invalid_request', 'code, code_verifier and redirect_uri are required.');
        const out = await db.transaction(async (tx) => {
          const row = await lockCode(tx, p.code!);
          if (!row) return { error: 'Invalid authorization code.' };
          if (row.used_at) {
            // A replayed code: refuse it and revoke whatever it issued (RFC 6749 §4.1.2).
            await revokeFamily(tx, row.family_id);
            return { error: 'Authorization code already used.' };
          }
          await markCodeUsed(tx, p.code!);
          if (row.expired) return { error: 'Authorization code expired.' };
          if (row.client_id !== p.client_id || row.redirect_uri !== p.redirect_uri) return { error: 'Redirect URI mismatch.' };
          if (!/^[A-Za-z0-9._~-]{43,128}$/.test(p.code_verifier!) || !safeEqual(pkceChallenge(p.code_verifier!), row.code_challenge)) {
            return { error: 'PKCE verification failed.' };
          }
          return { tokens: await issueTokens(tx, settings, row.user_id, row.client_id, row.scope, row.family_id) };
        });
        if ('error' in out) return oauthError(reply, 'invalid_grant', out.error!);
        return reply.header('cache-control', 'no-store').send(out.tokens);
      }
      if (p.grant_type === 'refresh_token') {
        if (!p.refresh_token) return oauthError(reply, 'invalid_request', 'refresh_token is required.');
        const out = await rotateRefresh(db, settings, p.refresh_token, p.client_id);
        if (!out.ok) return oauthError(reply, 'invalid_grant', out.reason);
        return reply.header('cache-control', 'no-store').send(out.tokens);
      }
      return oauthError(reply, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    },
  });

  addRoute(app, db, {
    method: ['GET', 'POST'], url: '/v4/auth/o/introspect/', rule: '*', public: true,
    handler: async (req, reply) => {
      const token = params(req).token ?? bearer(req);
      reply.header('cache-control', 'no-store');
      if (!token) return { active: false };
      return introspect(db, token);
    },
  });

  addRoute(app, db, {
    method: 'POST', url: '/v4/auth/o/revoke/', rule: '*', public: true,
    handler: async (req, reply) => {
      const token = params(req).token ?? bearer(req);
      if (token) await revokeToken(db, token);
      // RFC 7009: 200 whether or not the token was known.
      return reply.code(200).send({});
    },
  });

  addRoute(app, db, {
    method: 'POST', url: '/v4/auth/o/logout/', rule: '*', public: true,
    handler: async (req, reply) => {
      const p = params(req);
      for (const t of [bearer(req), p.token, p.refresh_token]) if (t) await revokeToken(db, t);
      return reply.code(200).send({ detail: 'Logged out.' });
    },
  });

  addRoute(app, db, {
    method: 'GET', url: '/v4/auth/temp-account-email/',
    rule: TEMP_ACCOUNT_EMAIL_RULE,
    handler: async (req) => {
      const id = Number((req.query as Params).label_id);
      if (!Number.isInteger(id) || id < 1) throw badRequest('label_id', 'A valid integer is required.');
      const [row] = await db.query<{ id: number; claimed: boolean; temp_username: string | null }>(
        'select id, claimed, temp_username from labels where id = $1', [id],
      );
      if (!row) throw new HttpError(404, { detail: 'Not found.' });
      return {
        label_id: row.id,
        claimed: row.claimed,
        username: row.claimed ? null : row.temp_username,
        email: row.claimed || !row.temp_username ? null : `${row.temp_username}@accounts.sandbox.example`,
      };
    },
  });
}
