import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import { BridgeError } from '../../shared/bridge';

export const VAULT_SERVICE = 'store-console';
export const SECURE_STORAGE_UNAVAILABLE =
  'Secure storage unavailable: the OS keychain could not be reached, so no tokens were stored or read.';

/**
 * Secrets per account in the OS keychain (macOS Keychain, Windows Credential
 * Manager, Linux Secret Service) through @napi-rs/keyring. Fails closed: when the
 * keychain cannot be reached every call throws `secure_storage_unavailable`; there is
 * no plain-text fallback. On Linux the entry is pinned to the Secret Service, so the
 * library's silent fallback to the (non-persistent) kernel keyring is never used.
 */
export interface TokenVault {
  save(account: string, secret: string): Promise<void>;
  read(account: string): Promise<string | null>;
  delete(account: string): Promise<boolean>;
}

const options: EntryOptions = { linux: { store: 'secret-service' } };

export function createKeychainVault(service = VAULT_SERVICE): TokenVault {
  const entry = (account: string) => new AsyncEntry(service, account, options);
  return {
    save: (account, secret) => guard(() => entry(account).setPassword(secret)),
    read: (account) => guard(() => entry(account).getPassword()),
    delete: (account) => guard(() => entry(account).deleteCredential()),
  };
}

async function guard<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    throw new BridgeError({
      code: 'secure_storage_unavailable',
      message: SECURE_STORAGE_UNAVAILABLE,
      detail: err instanceof Error ? err.message : String(err),
    });
  }
}

/**
 * A vault in this process's memory: its secrets never reach the disk and are gone when the
 * process ends. The sandbox on a machine without a keychain keeps its sign-ins here (its
 * passwords are public: main/host/keyring.ts, `memory`); unit tests of the services too.
 */
export function createMemoryVault(): TokenVault & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    save: async (a, s) => void entries.set(a, s),
    read: async (a) => entries.get(a) ?? null,
    delete: async (a) => entries.delete(a),
  };
}
