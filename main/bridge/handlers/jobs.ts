import type { jobsChannels } from '../../../shared/bridge/channels/jobs';
import type { MainServices } from '../../services';
import type { AreaHandlers } from '../types';

export function jobsHandlers(s: MainServices): AreaHandlers<typeof jobsChannels> {
  return {
    jobWait: (req) => s.jobs.wait(req.kind, req.id),
    jobCancel: (req) => {
      s.jobs.cancel(req.kind, req.id);
      return { ok: true as const };
    },
  };
}
