import { z } from 'zod';
import { channel, Ok } from '../define';

/**
 * Keys of the settings store (electron-store in Electron, conf in the browser host).
 * Tokens are never among them: they live in the OS keychain.
 */
export const SettingsKey = z.enum(['auth', 'preferences', 'drawer', 'savedViews', 'packagingDraft', 'sftpDelivery']);
export type SettingsKey = z.infer<typeof SettingsKey>;

export const settingsChannels = {
  settingsGet: channel(
    'Reads one persisted UI state entry (null when absent).',
    z.object({ key: SettingsKey }).strict(),
    z.object({ value: z.unknown() }),
  ),
  settingsSet: channel(
    'Writes one persisted UI state entry (null deletes it).',
    z.object({ key: SettingsKey, value: z.unknown() }).strict(),
    Ok,
  ),
} as const;
