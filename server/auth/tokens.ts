/**
 * Token issuing, refresh rotation with reuse detection, revocation and introspection.
 * Only SHA-256 hashes of codes and tokens are stored.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/client';
import { hashToken, newToken } from './crypto';

export interface TokenSettings {
  /** Access-token lifetime in seconds (env ACCESS_TOKEN_TTL). */
  accessTtl: number;
  refreshTtl: number;
}

export interface IssuedTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
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
): Promise<IssuedTokens> {
  const access = newToken();
  const refresh = newToken();
  await db.query(
    `insert into oauth_tokens (token_hash, kind, user_id, client_id, family_id, scope, expires_at) values
     ($1, 'access', $3, $4, $5, $6, now() + make_interval(secs => $7)),
     ($2, 'refresh', $3, $4, $5, $6, now() + make_interval(secs => $8))`,
    [hashToken(access), hashToken(refresh), userId, clientId, familyId, scope, s.accessTtl, s.refreshTtl],
  );
  return { access_token: access, token_type: 'Bearer', expires_in: s.accessTtl, refresh_token: refresh, scope };
}

export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('update oauth_tokens set revoked_at = now() where family_id = $1 and revoked_at is null', [familyId]);
}

export type RefreshOutcome = { ok: true; tokens: IssuedTokens } | { ok: false; reason: string };

/** Rotates a refresh token. Reusing a rotated (or revoked) one revokes its whole family. */
export async function rotateRefresh(db: Db, s: TokenSettings, refreshToken: string, clientId: string): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ family_id: string; user_id: number; client_id: string; scope: string; rotated_at: string | null; revoked_at: string | null; expired: boolean; enabled: boolean; app: string | null; role: string | null; brands: string[] }>(
      `select t.family_id, t.user_id, t.client_id, t.scope, t.rotated_at, t.revoked_at, t.expires_at <= now() as expired,
              u.enabled, u.app, u.role, u.brands
       from oauth_tokens t join users u on u.id = t.user_id
       where t.token_hash = $1 and t.kind = 'refresh' for update of t`,
      [hashToken(refreshToken)],
    );
    if (!row || row.client_id !== clientId) return { ok: false, reason: 'Invalid refresh token.' };
    if (row.rotated_at || row.revoked_at) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reason: 'Refresh token already used; the session has been revoked.' };
    }
    if (row.expired || !row.enabled) return { ok: false, reason: 'Refresh token expired.' };
    await tx.query('update oauth_tokens set rotated_at = now() where token_hash = $1', [hashToken(refreshToken)]);
    // The previous access tokens of the family stop working once a new pair is issued.
    await tx.query(
      `update oauth_tokens set revoked_at = now() where family_id = $1 and kind = 'access' and revoked_at is null`,
      [row.family_id],
    );
    const tokens = await issueTokens(tx, s, row.user_id, clientId, scopeOf(row), row.family_id);
    return { ok: true, tokens };
  });
}

export interface Introspection {
  active: boolean;
  scope?: string;
  exp?: number;
  username?: string;
  user_id?: number;
  display_name?: string | null;
  features?: string[];
  brand?: string;
  brands?: string[];
  client_id?: string;
  token_type?: string;
}

export async function introspect(db: Queryable, token: string): Promise<Introspection> {
  const [row] = await db.query<{ scope: string; exp: number; username: string; user_id: number; display_name: string | null; features: string[]; brands: string[]; client_id: string; kind: string }>(
    `select t.scope, extract(epoch from t.expires_at)::bigint as exp, u.username, u.id as user_id, u.display_name, u.features,
            u.brands, t.client_id, t.kind
     from oauth_tokens t join users u on u.id = t.user_id
     where t.token_hash = $1 and t.revoked_at is null and t.rotated_at is null and t.expires_at > now() and u.enabled`,
    [hashToken(token)],
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
    brand: row.brands[0] ?? '',
    brands: row.brands,
    client_id: row.client_id,
    token_type: row.kind === 'access' ? 'Bearer' : 'refresh_token',
  };
}

/** RFC 7009 revocation: the token's whole family goes (access and refresh). */
export async function revokeToken(db: Queryable, token: string): Promise<boolean> {
  const [row] = await db.query<{ family_id: string }>('select family_id from oauth_tokens where token_hash = $1', [hashToken(token)]);
  if (!row) return false;
  await revokeFamily(db, row.family_id);
  return true;
}
