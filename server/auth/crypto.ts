/** Password hashing (scrypt), token generation and hashing, PKCE S256. */
import { createHash, createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, opts, (e, k) => (e ? reject(e) : resolve(k))));

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** "scrypt$N$r$p$salt$hash" (base64url parts). */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * The work a verify does when there is no usable stored hash (unknown username, account
 * without a password): the same scrypt, with the parameters new hashes use, against a
 * fixed salt and key it can never match. An unknown username then costs what a known one
 * costs, so timing does not tell which accounts exist.
 */
const DUMMY = { salt: Buffer.alloc(16, 0x5a), key: Buffer.alloc(KEYLEN), n: N, r: R, p: P };

function parseStored(stored: string | null) {
  const [alg, n, r, p, salt, hash] = (stored ?? '').split('$');
  if (alg !== 'scrypt' || !salt || !hash || !Number.isInteger(Number(n)) || !Number.isInteger(Number(r)) || !Number.isInteger(Number(p)))
    return null;
  return { salt: Buffer.from(salt, 'base64url'), key: Buffer.from(hash, 'base64url'), n: Number(n), r: Number(r), p: Number(p) };
}

/** True when `password` matches the stored hash; always runs one scrypt, whatever `stored` is. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parseStored(stored);
  const h = parsed ?? DUMMY;
  const key = await scrypt(password, h.salt, h.key.length, { N: h.n, r: h.r, p: h.p });
  const same = key.length === h.key.length && timingSafeEqual(key, h.key);
  return parsed !== null && same;
}

/** An opaque random token (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored as their SHA-256: a database leak gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** HMAC-SHA256 (base64url) of the parts joined with NUL (which no part may contain). */
export function hmac(secret: Buffer, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\0')).digest('base64url');
}
