/**
 * A new ed25519 SSH key pair that ssh2 itself can load. ssh2's generator drops a leading zero byte
 * of the public key, so about one pair in 256 is one its own parser (and so its client and server)
 * refuses (mscdex/ssh2#1513): such a pair is thrown away and another made. Node only (main, server,
 * tests): the renderer never imports it.
 */
import ssh2 from 'ssh2';

const { utils } = ssh2;

export interface SshKeyPair {
  /** OpenSSH private key text. */
  private: string;
  /** OpenSSH public key line ("ssh-ed25519 AAAA… comment"). */
  public: string;
}

/** True when ssh2 loads both halves. */
export function sshKeyLoads(pair: SshKeyPair): boolean {
  return !(utils.parseKey(pair.private) instanceof Error) && !(utils.parseKey(pair.public) instanceof Error);
}

export function newSshKeyPair(comment?: string): SshKeyPair {
  for (;;) {
    const made = utils.generateKeyPairSync('ed25519', comment ? { comment } : {});
    const pair = { private: made.private, public: made.public };
    if (sshKeyLoads(pair)) return pair;
  }
}
