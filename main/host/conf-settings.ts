import Conf from 'conf';
import type { SettingsBackend } from '../services/settings';

/**
 * The browser host's settings backend: conf (what electron-store is built on, same
 * get/set/delete) writing settings.json in the console's data folder.
 */
export function createConfBackend(dataDir: string): SettingsBackend {
  const conf = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: 'settings', projectName: 'store-console' });
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  };
}
