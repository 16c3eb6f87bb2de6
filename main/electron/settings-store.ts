import type { SettingsBackend } from '../services/settings';

/**
 * Electron's settings backend: electron-store (conf underneath, the same schema as
 * the browser host) in app.getPath('userData'). electron-store is ESM-only and
 * main is bundled as CommonJS, hence the dynamic import.
 */
export async function createElectronStoreBackend(): Promise<SettingsBackend> {
  const { default: Store } = await import('electron-store');
  const store = new Store<Record<string, unknown>>({ name: 'settings' });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
