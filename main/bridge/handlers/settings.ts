import type { settingsChannels } from '../../../shared/bridge/channels/settings';
import type { MainServices } from '../../services';
import type { AreaHandlers } from '../types';

export function settingsHandlers(s: MainServices): AreaHandlers<typeof settingsChannels> {
  return {
    settingsGet: ({ key }) => ({ value: s.settings.get(key) }),
    settingsSet: ({ key, value }) => {
      s.settings.set(key, value);
      return { ok: true as const };
    },
  };
}
