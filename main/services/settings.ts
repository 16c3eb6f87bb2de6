import type { SettingsKey } from '../../shared/bridge/channels/settings';

/**
 * Persisted UI state (auth view state, preferences, drawer…), keyed by SettingsKey.
 * The backend is `conf` in the browser host and electron-store (built on conf, same
 * get/set/delete) in Electron. Tokens never go here: they live in the OS keychain.
 */
export interface SettingsBackend {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface SettingsService {
  get(key: SettingsKey): unknown;
  set(key: SettingsKey, value: unknown): void;
}

export function createSettingsService(backend: SettingsBackend): SettingsService {
  return {
    get: (key) => backend.get(key) ?? null,
    set: (key, value) => (value === null || value === undefined ? backend.delete(key) : backend.set(key, value)),
  };
}

export function createMemoryBackend(): SettingsBackend {
  const map = new Map<string, unknown>();
  return { get: (k) => map.get(k), set: (k, v) => void map.set(k, v), delete: (k) => void map.delete(k) };
}
