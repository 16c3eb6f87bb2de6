import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeychainVault, SECURE_STORAGE_UNAVAILABLE } from '../../main/services/token-vault';

/**
 * With no Secret Service to reach the vault must fail closed. The session bus points
 * at a socket that does not exist (rather than being unset, which lets the D-Bus
 * client fall back to $XDG_RUNTIME_DIR/bus and find a desktop's real keyring), and
 * HOME and the XDG folders are empty temporary folders that must stay empty: no
 * plain-text fallback.
 */
describe('token vault without a keychain', () => {
  it('fails closed with "secure storage unavailable" on save, read and delete, and writes nothing anywhere', async () => {
    const saved = { ...process.env };
    const home = mkdtempSync(join(tmpdir(), 'vault-no-keychain-'));
    process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${join(home, 'no-such-bus')}`;
    process.env.XDG_RUNTIME_DIR = home;
    process.env.HOME = home;
    process.env.XDG_DATA_HOME = home;
    process.env.XDG_CONFIG_HOME = home;
    delete process.env.DISPLAY;
    try {
      const vault = createKeychainVault('store-console-test-noop');
      for (const op of [() => vault.save('acct', 'secret'), () => vault.read('acct'), () => vault.delete('acct')]) {
        const err = await op().then(
          () => null,
          (e) => e,
        );
        expect(err).toMatchObject({ code: 'secure_storage_unavailable', message: SECURE_STORAGE_UNAVAILABLE });
      }
      expect(readdirSync(home)).toEqual([]);
    } finally {
      process.env = saved;
      rmSync(home, { recursive: true, force: true });
    }
  });
});
