import { dirname } from 'node:path';
import { BridgeError } from '../../../shared/bridge';
import type { exportsChannels } from '../../../shared/bridge/channels/exports';
import { toListQuery } from '../../../shared/api/endpoints/lists';
import { searchType } from '../../../shared/access';
import type { MainServices } from '../../services';
import { exportFileName } from '../../services/exports';
import type { AreaHandlers } from '../types';

export function exportsHandlers(s: MainServices): AreaHandlers<typeof exportsChannels> {
  /** Starts an export into its chosen file, kept by id for "Show in folder"; answers where it goes. */
  const begin = (source: Parameters<MainServices['exports']['service']['start']>[0], target: string) => {
    const job = s.exports.service.start(source, target);
    s.exports.targets.set(job.exportId, target);
    return { started: true as const, exportId: job.exportId, fileName: job.fileName, folder: dirname(target) };
  };
  return {
    exportStart: async (req) => {
      const t = searchType(req.type);
      if (!t) throw new BridgeError({ code: 'invalid_request', message: `Unknown search type: ${req.type}` });
      const target = await s.exports.chooseTarget(exportFileName(t.key));
      if (!target) return { started: false as const };
      // The type's declared export endpoint (listEndpoints(type).export) is called by the export source.
      const query = toListQuery({ ...req.filters, type: t.key, order_by: req.orderBy ?? null, columns: req.columns ?? null });
      return begin({ kind: 'search', type: t.key, query }, target);
    },
    exportOrderItems: async (req) => {
      const target = await s.exports.chooseTarget(exportFileName(`order-${req.orderId}-items`));
      if (!target) return { started: false as const };
      return begin({ kind: 'orderItems', orderId: req.orderId }, target);
    },
    exportUserOrderItems: async (req) => {
      const target = await s.exports.chooseTarget(exportFileName(`user-${req.userId}-order-items`));
      if (!target) return { started: false as const };
      return begin({ kind: 'userOrderItems', userId: req.userId }, target);
    },
    exportUsersCsv: async (req) => {
      const target = await s.exports.chooseTarget(exportFileName('users'));
      if (!target) return { started: false as const };
      return begin({ kind: 'users', query: toListQuery({ ...req.filters, order_by: req.orderBy ?? null }) }, target);
    },
    exportNewUsers: async (req) => {
      const target = await s.exports.chooseTarget(exportFileName(`new-users-${req.from}-to-${req.to}`));
      if (!target) return { started: false as const };
      return begin({ kind: 'newUsers', from: req.from, to: req.to }, target);
    },
    exportLabelCsv: async (req) => {
      const target = await s.exports.chooseTarget(exportFileName(`label-${req.labelId}`));
      if (!target) return { started: false as const };
      return begin({ kind: 'labelCsv', labelId: req.labelId }, target);
    },
    exportSupplierStatements: async (req) => {
      const what = req.statementId !== undefined ? `statement-${req.statementId}` : `statements-supplier-${req.supplierId}`;
      const target = await s.exports.chooseTarget(exportFileName(what));
      if (!target) return { started: false as const };
      return begin({ kind: 'supplierStatements', supplierId: req.supplierId, statementId: req.statementId }, target);
    },
    exportSalesJob: async (req) => {
      const target = await s.exports.chooseTarget(exportFileName('sales'));
      if (!target) return { started: false as const };
      return begin({ kind: 'salesJob', jobId: req.jobId }, target);
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
