import { createHash, randomBytes } from 'node:crypto';

/** RFC 7636 PKCE with S256: a 43-char verifier, its SHA-256 challenge, and a state. */
export function createPkce(): { verifier: string; challenge: string; state: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: challengeOf(verifier), state: randomBytes(16).toString('base64url') };
}

export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
