import type { apiChannels } from '../../../shared/bridge/channels/api';
import type { MainServices } from '../../services';
import type { AreaHandlers } from '../types';

export function apiHandlers(s: MainServices): AreaHandlers<typeof apiChannels> {
  return {
    apiRequest: (req) => s.api.request(req),
  };
}
