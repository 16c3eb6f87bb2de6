import { dirname } from 'node:path';
import { BridgeError } from '../../../shared/bridge';
import type { exportsChannels } from '../../../shared/bridge/channels/exports';
import { searchType } from '../../../shared/access';
import type { MainServices } from '../../services';
import { exportFileNameOf } from '../../services/exports';
import type { AreaHandlers } from '../types';

export function exportsHandlers(s: MainServices): AreaHandlers<typeof exportsChannels> {
  return {
    /** Every CSV main saves (ExportRequest): main picks the file, then streams it there; kept by id for "Show in folder". */
    exportStart: async (req) => {
      if (req.kind === 'search' && !searchType(req.type))
        throw new BridgeError({ code: 'invalid_request', message: `Unknown search type: ${req.type}` });
      const target = await s.exports.chooseTarget(exportFileNameOf(req));
      if (!target) return { started: false as const };
      const job = s.exports.service.start(req, target);
      s.exports.targets.set(job.exportId, target);
      return { started: true as const, exportId: job.exportId, fileName: job.fileName, folder: dirname(target) };
    },
    exportCancel: (req) => {
      s.exports.service.cancel(req.exportId);
      return { ok: true as const };
    },
    exportHistory: () => ({ entries: s.exports.history.list() }),
    exportShowInFolder: (req) => {
      // This launch's exports, else one from the history (a path main chose, never the renderer's).
      const path = s.exports.targets.get(req.exportId) ?? s.exports.history.get(req.exportId)?.path;
      if (!path) throw new BridgeError({ code: 'invalid_request', message: 'No such export.' });
      if (!s.exports.showInFolder) return { shown: false, path };
      s.exports.showInFolder(path);
      return { shown: true, path };
    },
  };
}
