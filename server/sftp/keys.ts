/** SSH public keys of SFTP users: an authorized_keys line read with ssh2's parser. */
import { createHash } from 'node:crypto';
import { loadSsh2 } from '../lazy-modules';

export interface PublicKey {
  algorithm: string;
  key_data: string;
  comment: string;
  fingerprint: string;
}

/** `ssh-ed25519 AAAA… comment` → its parts and SHA256 fingerprint; null when it is not one public key. */
export function parsePublicKeyLine(line: string): PublicKey | null {
  const parsed = loadSsh2().utils.parseKey(line.trim());
  if (parsed instanceof Error || Array.isArray(parsed) || parsed.isPrivateKey()) return null;
  const blob = parsed.getPublicSSH();
  // The comment is what follows the key data on the line (ssh2 reads it too, not always).
  const comment = line.trim().split(/\s+/).slice(2).join(' ');
  return {
    algorithm: parsed.type,
    key_data: blob.toString('base64'),
    comment,
    fingerprint: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
  };
}
