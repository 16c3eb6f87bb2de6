import { describe, expect, it } from 'vitest';
import { createKeychainVault, SECURE_STORAGE_UNAVAILABLE } from '../../main/services/token-vault';

/** Outside a D-Bus session there is no Secret Service: the vault must fail closed. */
describe('token vault without a keychain', () => {
  it('fails closed with "secure storage unavailable" on save, read and delete', async () => {
    const saved = { ...process.env };
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    delete process.env.DISPLAY;
    try {
      const vault = createKeychainVault('store-console-test-noop');
      for (const op of [() => vault.save('acct', 'secret'), () => vault.read('acct'), () => vault.delete('acct')]) {
        const err = await op().then(() => null, (e) => e);
        expect(err).toMatchObject({ code: 'secure_storage_unavailable', message: SECURE_STORAGE_UNAVAILABLE });
      }
    } finally {
      process.env = saved;
    }
  });
});
