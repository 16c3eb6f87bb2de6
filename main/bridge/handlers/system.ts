import type { systemChannels } from '../../../shared/bridge/channels/system';
import type { MainServices } from '../../services';
import type { AreaHandlers } from '../types';

export function systemHandlers(s: MainServices): AreaHandlers<typeof systemChannels> {
  return {
    systemInfo: () => s.system.info(),
    systemOpenExternal: async ({ url }) => {
      await s.system.openExternal(url);
      return { ok: true as const };
    },
    systemReportError: async (report) => {
      await s.system.reportError(report);
      return { ok: true as const };
    },
  };
}
