import { BridgeError } from '../../../shared/bridge';
import type { exportsChannels } from '../../../shared/bridge/channels/exports';
import { toListQuery } from '../../../shared/api/endpoints/lists';
import { searchType } from '../../../shared/access';
import type { MainServices } from '../../services';
import { exportFileName } from '../../services/exports';
import type { AreaHandlers } from '../types';

export function exportsHandlers(s: MainServices): AreaHandlers<typeof exportsChannels> {
  return {
    exportStart: async (req) => {
      const t = searchType(req.type);
      if (!t) throw new BridgeError({ code: 'invalid_request', message: `Unknown search type: ${req.type}` });
      const target = await s.exports.chooseTarget(exportFileName(t.key));
      if (!target) return { started: false as const };
      // The type's declared export endpoint (listEndpoints(type).export) is called by the export source.
      const query = toListQuery({ ...req.filters, type: t.key, order_by: req.orderBy ?? null, columns: req.columns ?? null });
      const job = s.exports.service.start({ type: t.key, query }, target);
      return { started: true as const, exportId: job.exportId, fileName: job.fileName };
    },
    exportOrderItems: async (req) => {
      const target = await s.exports.chooseTarget(exportFileName(`order-${req.orderId}-items`));
      if (!target) return { started: false as const };
      const job = s.exports.service.start({ type: 'orders', query: {}, orderId: req.orderId }, target);
      return { started: true as const, exportId: job.exportId, fileName: job.fileName };
    },
    exportCancel: (req) => {
      s.exports.service.cancel(req.exportId);
      return { ok: true as const };
    },
  };
}
