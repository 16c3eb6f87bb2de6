/**
 * Token issuing, refresh rotation with reuse detection, revocation and introspection,
 * and the storage of authorization codes and users' sign-in lookups, through Drizzle's
 * query builder. Only SHA-256 hashes of codes and tokens are stored.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { defaultBrand, isBrand, parseScope } from '../../shared/access';
import type { IntrospectionResponse, TokenResponse } from '../../shared/api/endpoints/auth';
import type { Db, Queryable } from '../db/client';
import { oauth_codes, oauth_tokens, users } from '../db/schema';
import { hashToken, newToken } from './crypto';
import type { SignInOptions } from './throttle';

export interface TokenSettings {
  /** Access-token lifetime in seconds (env ACCESS_TOKEN_TTL). */
  accessTtl: number;
  refreshTtl: number;
  /** Sign-in limits of the identity provider (defaults in throttle.ts). */
  signIn?: SignInOptions;
}

export interface UserRow {
  id: number;
  username: string;
  display_name: string | null;
  app: string | null;
  role: string | null;
  brands: string[];
  features: string[];
  enabled: boolean;
  password_hash: string | null;
}

/** The scope string of spec §6: application, role or kind, then the brands. */
export function scopeOf(u: Pick<UserRow, 'app' | 'role' | 'brands'>): string {
  return [u.app, u.role, ...u.brands].filter(Boolean).join(' ');
}

export async function issueTokens(
  db: Queryable,
  s: TokenSettings,
  userId: number,
  clientId: string,
  scope: string,
  familyId: string = randomUUID(),
): Promise<TokenResponse> {
  const access = newToken();
  const refresh = newToken();
  const common = { user_id: userId, client_id: clientId, family_id: familyId, scope };
  await db.orm.insert(oauth_tokens).values([
    { ...common, token_hash: hashToken(access), kind: 'access', expires_at: sql`now() + make_interval(secs => ${s.accessTtl})` },
    { ...common, token_hash: hashToken(refresh), kind: 'refresh', expires_at: sql`now() + make_interval(secs => ${s.refreshTtl})` },
  ]);
  return { access_token: access, token_type: 'Bearer', expires_in: s.accessTtl, refresh_token: refresh, scope };
}

export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.orm
    .update(oauth_tokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(oauth_tokens.family_id, familyId), isNull(oauth_tokens.revoked_at)));
}

export type RefreshOutcome = { ok: true; tokens: TokenResponse } | { ok: false; reason: string };

/** Rotates a refresh token. Reusing a rotated (or revoked) one revokes its whole family. */
export async function rotateRefresh(db: Db, s: TokenSettings, refreshToken: string, clientId: string): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    const t = oauth_tokens;
    const [row] = await tx.orm
      .select({
        family_id: t.family_id,
        user_id: t.user_id,
        client_id: t.client_id,
        scope: t.scope,
        rotated_at: t.rotated_at,
        revoked_at: t.revoked_at,
        expired: sql<boolean>`${t.expires_at} <= now()`,
        enabled: users.enabled,
        app: users.app,
        role: users.role,
        brands: users.brands,
      })
      .from(t)
      .innerJoin(users, eq(users.id, t.user_id))
      .where(and(eq(t.token_hash, hashToken(refreshToken)), eq(t.kind, 'refresh')))
      .for('update', { of: t });
    if (!row || row.client_id !== clientId) return { ok: false, reason: 'Invalid refresh token.' };
    if (row.rotated_at || row.revoked_at) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reason: 'Refresh token already used; the session has been revoked.' };
    }
    if (row.expired || !row.enabled) return { ok: false, reason: 'Refresh token expired.' };
    await tx.orm
      .update(t)
      .set({ rotated_at: sql`now()` })
      .where(eq(t.token_hash, hashToken(refreshToken)));
    // The previous access tokens of the family stop working once a new pair is issued.
    await tx.orm
      .update(t)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(t.family_id, row.family_id), eq(t.kind, 'access'), isNull(t.revoked_at)));
    const tokens = await issueTokens(tx, s, row.user_id, clientId, scopeOf(row), row.family_id);
    return { ok: true, tokens };
  });
}

export async function introspect(db: Queryable, token: string): Promise<IntrospectionResponse> {
  const t = oauth_tokens;
  const [row] = await db.orm
    .select({
      scope: t.scope,
      exp: sql<number>`extract(epoch from ${t.expires_at})::bigint`.mapWith(Number),
      username: users.username,
      user_id: users.id,
      display_name: users.display_name,
      features: users.features,
      brands: users.brands,
      client_id: t.client_id,
      kind: t.kind,
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.user_id))
    .where(
      and(
        eq(t.token_hash, hashToken(token)),
        isNull(t.revoked_at),
        isNull(t.rotated_at),
        gt(t.expires_at, sql`now()`),
        eq(users.enabled, true),
      ),
    );
  if (!row) return { active: false };
  return {
    active: true,
    scope: row.scope,
    exp: row.exp,
    username: row.username,
    user_id: row.user_id,
    display_name: row.display_name,
    features: row.features,
    // The token's own scope decides, with the API's rule: both say the same default brand.
    brand: defaultBrand(parseScope(row.scope)),
    brands: parseScope(row.scope).filter(isBrand),
    client_id: row.client_id,
    token_type: row.kind === 'access' ? 'Bearer' : 'refresh_token',
  };
}

/** Whether `token` is a live access token (the caller's own credential at introspection). */
export async function isActiveAccessToken(db: Queryable, token: string): Promise<boolean> {
  const t = oauth_tokens;
  const [row] = await db.orm
    .select({ one: sql<number>`1` })
    .from(t)
    .innerJoin(users, eq(users.id, t.user_id))
    .where(
      and(
        eq(t.token_hash, hashToken(token)),
        eq(t.kind, 'access'),
        isNull(t.revoked_at),
        gt(t.expires_at, sql`now()`),
        eq(users.enabled, true),
      ),
    );
  return row !== undefined;
}

/**
 * Deletes expired authorization codes and tokens (a dead row is no use: an expired code
 * or token is refused whether or not it is still stored). Returns how many went.
 */
export async function purgeExpired(db: Queryable): Promise<{ codes: number; tokens: number }> {
  const codes = await db.orm
    .delete(oauth_codes)
    .where(lte(oauth_codes.expires_at, sql`now()`))
    .returning({ h: oauth_codes.code_hash });
  const tokens = await db.orm
    .delete(oauth_tokens)
    .where(lte(oauth_tokens.expires_at, sql`now()`))
    .returning({ h: oauth_tokens.token_hash });
  return { codes: codes.length, tokens: tokens.length };
}

/** RFC 7009 revocation: the token's whole family goes (access and refresh). */
export async function revokeToken(db: Queryable, token: string): Promise<boolean> {
  const [row] = await db.orm
    .select({ family_id: oauth_tokens.family_id })
    .from(oauth_tokens)
    .where(eq(oauth_tokens.token_hash, hashToken(token)));
  if (!row) return false;
  await revokeFamily(db, row.family_id);
  return true;
}

// Users ------------------------------------------------------------------------------

/** The user signing in with this username, or undefined. */
export async function userByUsername(db: Queryable, username: string): Promise<UserRow | undefined> {
  const [u] = await db.orm.select().from(users).where(eq(users.username, username));
  return u;
}

export async function recordLogin(db: Queryable, userId: number): Promise<void> {
  await db.orm
    .update(users)
    .set({ last_login: sql`now()` })
    .where(eq(users.id, userId));
}

// Authorization codes ---------------------------------------------------------------------

/** Stores a new authorization code (valid two minutes) starting a token family; returns the code. */
export async function createCode(
  db: Queryable,
  c: { userId: number; clientId: string; redirectUri: string; codeChallenge: string; scope: string },
): Promise<string> {
  const code = newToken();
  await db.orm.insert(oauth_codes).values({
    code_hash: hashToken(code),
    user_id: c.userId,
    client_id: c.clientId,
    redirect_uri: c.redirectUri,
    code_challenge: c.codeChallenge,
    scope: c.scope,
    family_id: randomUUID(),
    expires_at: sql`now() + interval '2 minutes'`,
  });
  return code;
}

export interface StoredCode {
  user_id: number;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  family_id: string;
  used_at: string | null;
  expired: boolean;
}

/** Reads a code for redemption, locking its row until the transaction ends. */
export async function lockCode(tx: Queryable, code: string): Promise<StoredCode | undefined> {
  const c = oauth_codes;
  const [row] = await tx.orm
    .select({
      user_id: c.user_id,
      client_id: c.client_id,
      redirect_uri: c.redirect_uri,
      code_challenge: c.code_challenge,
      scope: c.scope,
      family_id: c.family_id,
      used_at: c.used_at,
      expired: sql<boolean>`${c.expires_at} <= now()`,
    })
    .from(c)
    .where(eq(c.code_hash, hashToken(code)))
    .for('update');
  return row;
}

export async function markCodeUsed(tx: Queryable, code: string): Promise<void> {
  await tx.orm
    .update(oauth_codes)
    .set({ used_at: sql`now()` })
    .where(eq(oauth_codes.code_hash, hashToken(code)));
}
