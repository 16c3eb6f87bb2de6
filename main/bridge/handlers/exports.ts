import { BridgeError } from '../../../shared/bridge';
import type { exportsChannels } from '../../../shared/bridge/channels/exports';
import { buildQuery } from '../../../shared/api';
import { searchType } from '../../../shared/access';
import type { MainServices } from '../../services';
import { exportFileName } from '../../services/exports';
import type { AreaHandlers } from '../types';

/** The API route that streams a search type's CSV (server/routes/export.ts). */
export function exportPath(category: string, path: string): string {
  return `/v4/${category}/${path}/export/`;
}

export function exportsHandlers(s: MainServices): AreaHandlers<typeof exportsChannels> {
  return {
    exportStart: async (req) => {
      const t = searchType(req.type);
      if (!t) throw new BridgeError({ code: 'invalid_request', message: `Unknown search type: ${req.type}` });
      const target = await s.exports.chooseTarget(exportFileName(t.key));
      if (!target) return { started: false as const };
      const query = buildQuery({ ...req.filters, type: t.key, order_by: req.orderBy ?? null, columns: req.columns ?? null });
      const job = s.exports.service.start(exportPath(t.category, t.path), query, target);
      return { started: true as const, exportId: job.exportId, fileName: job.fileName };
    },
    exportCancel: (req) => {
      s.exports.service.cancel(req.exportId);
      return { ok: true as const };
    },
  };
}
