import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createKeychainVault } from '../../main/services/token-vault';

/** Runs inside scripts/with-keyring.sh: a private D-Bus session with gnome-keyring. */
describe('token vault in the real keychain', () => {
  it('saves, reads and deletes per account', async () => {
    expect(process.env.KEYCHAIN_AVAILABLE).toBe('1');
    const vault = createKeychainVault('store-console-test');
    await vault.save('alice', 'secret-a');
    await vault.save('bob', 'secret-b');
    expect(await vault.read('alice')).toBe('secret-a');
    expect(await vault.read('bob')).toBe('secret-b');
    await vault.save('alice', 'secret-a2');
    expect(await vault.read('alice')).toBe('secret-a2');
    expect(await vault.delete('alice')).toBe(true);
    expect(await vault.read('alice')).toBeNull();
    expect(await vault.delete('alice')).toBe(false);
    expect(await vault.read('bob')).toBe('secret-b');
    await vault.delete('bob');
  });

  it('is stored in the Secret Service (visible to secret-tool), not in a file', async () => {
    const vault = createKeychainVault('store-console-test');
    await vault.save('carol', 'secret-c');
    // secret-tool: Debian package libsecret-tools (installed by .ci/run).
    const found = execFileSync('secret-tool', ['lookup', 'service', 'store-console-test', 'username', 'carol'], { encoding: 'utf8' });
    expect(found.trim()).toBe('secret-c');
    await vault.delete('carol');
    expect(() =>
      execFileSync('secret-tool', ['lookup', 'service', 'store-console-test', 'username', 'carol'], { encoding: 'utf8', stdio: 'pipe' }),
    ).toThrow();
  });
});
