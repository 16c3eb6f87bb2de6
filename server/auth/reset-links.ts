/**
 * One-time password reset links of the identity provider (spec §2 user detail "password
 * reset link"). Support issues one from the user page (POST
 * /v4/accounts/users/{id}/password-reset-link/); the link opens the identity provider's
 * reset page (AUTH_PATHS.passwordReset), where the user sets a new password once.
 *
 * - Only the token's SHA-256 is stored; the URL is in the issuing answer only.
 * - A link works for LIMITS.passwordResetLinkMinutes, once: the use is one conditional
 *   UPDATE (unused and unexpired), so two concurrent uses cannot both succeed.
 * - Issuing a new link for a user voids that user's unused older ones.
 * - Setting the password revokes the user's tokens: every signed-in session ends.
 * - Expiry is decided by the identity provider's clock (TokenSettings.signIn.now), so
 *   tests move time rather than wait.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LIMITS } from '../../shared/constants';
import { AUTH_PATHS } from '../../shared/api/endpoints/auth';
import type { Db, Queryable } from '../db/client';
import { oauth_tokens, password_reset_links, users } from '../db/schema';
import { hashPassword, hashToken, newToken } from './crypto';

/** The reset page's messages (ours: the spec quotes none). */
export const RESET_MESSAGES = {
  invalid: 'This password reset link is not valid.',
  used: 'This password reset link has already been used.',
  expired: 'This password reset link has expired. Ask support for a new one.',
  length: 'The new password must be 10 to 128 characters long.',
  mismatch: 'The two passwords do not match.',
  done: 'Your password has been changed. You can now sign in with it.',
} as const;

export const RESET_PASSWORD_MIN = 10;
export const RESET_PASSWORD_MAX = 128;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Issues a link for `userId` (voiding the user's unused older ones); the token is returned once. */
export async function issueResetLink(db: Db, userId: number, issuedBy: number, idpUrl: string, now: number) {
  const token = newToken();
  const expiresAt = new Date(now + LIMITS.passwordResetLinkMinutes * 60_000).toISOString();
  await db.transaction(async (tx) => {
    await tx.orm.delete(password_reset_links).where(and(eq(password_reset_links.user_id, userId), isNull(password_reset_links.used_at)));
    await tx.orm
      .insert(password_reset_links)
      .values({ token_hash: hashToken(token), user_id: userId, issued_by: issuedBy, expires_at: expiresAt });
  });
  const url = new URL(AUTH_PATHS.passwordReset, idpUrl);
  url.searchParams.set('token', token);
  return { url: url.toString(), expires_at: expiresAt };
}

export type LinkState = 'ok' | 'invalid' | 'used' | 'expired';

/** What a link's token is now (the reset page's GET). */
export async function linkState(db: Queryable, token: string, now: number): Promise<LinkState> {
  if (!TOKEN_PATTERN.test(token)) return 'invalid';
  const [row] = await db.orm
    .select({ used_at: password_reset_links.used_at, expires_at: password_reset_links.expires_at })
    .from(password_reset_links)
    .where(eq(password_reset_links.token_hash, hashToken(token)))
    .limit(1);
  if (!row) return 'invalid';
  if (row.used_at) return 'used';
  return Date.parse(row.expires_at) > now ? 'ok' : 'expired';
}

/** The problem with a new password (entered twice), or null. */
export function passwordProblem(password: string, again: string): string | null {
  if ([...password].length < RESET_PASSWORD_MIN || [...password].length > RESET_PASSWORD_MAX) return RESET_MESSAGES.length;
  return password === again ? null : RESET_MESSAGES.mismatch;
}

/** Uses the link: sets the password and ends the user's sessions; the link's state when it may not be used. */
export async function useResetLink(db: Db, token: string, password: string, now: number): Promise<LinkState> {
  if (!TOKEN_PATTERN.test(token)) return 'invalid';
  // Hashed before the transaction: scrypt is deliberately slow.
  const hash = await hashPassword(password);
  const used = await db.transaction(async (tx) => {
    const nowIso = new Date(now).toISOString();
    const [row] = await tx.orm
      .update(password_reset_links)
      .set({ used_at: nowIso })
      .where(
        and(
          eq(password_reset_links.token_hash, hashToken(token)),
          isNull(password_reset_links.used_at),
          gt(password_reset_links.expires_at, nowIso),
        ),
      )
      .returning({ user_id: password_reset_links.user_id });
    if (!row) return false;
    await tx.orm.update(users).set({ password_hash: hash }).where(eq(users.id, row.user_id));
    await tx.orm
      .update(oauth_tokens)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(oauth_tokens.user_id, row.user_id), isNull(oauth_tokens.revoked_at)));
    return true;
  });
  return used ? 'ok' : linkState(db, token, now);
}
