import { delimiter } from 'node:path';
import type { EventBus } from '../../bridge/event-bus';
import type { ApiClient } from '../api-client';
import type { PackagingDialogs } from './dialogs';
import { PackagingService } from './index';
import { supplierFetcher } from './supplier';

/**
 * Builds the packaging service for a transport. PACKAGING_ROOTS (path-delimited)
 * overrides the readable roots (default: the user's home), e.g. for e2e fixtures.
 */
export function createPackagingService(api: ApiClient, events: EventBus, dialogs?: PackagingDialogs, env: NodeJS.ProcessEnv = process.env): PackagingService {
  const roots = env.PACKAGING_ROOTS ? env.PACKAGING_ROOTS.split(delimiter).filter(Boolean) : undefined;
  return new PackagingService({
    roots,
    dialogs,
    fetchSupplier: supplierFetcher((req) => api.request(req)),
    emitScanProgress: (p) => events.emit('packagingScanProgress', p),
    emitBuildProgress: (p) => events.emit('packagingBuildProgress', p),
  });
}
