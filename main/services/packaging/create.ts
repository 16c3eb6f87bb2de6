import { delimiter } from 'node:path';
import type { EventBus } from '../event-bus';
import type { SettingsBackend } from '../settings';
import type { ApiClient } from '../api-client';
import type { PackagingDialogs } from './dialogs';
import { PackagingService } from './index';
import { supplierFetcher } from './supplier';

/**
 * Builds the packaging service for a transport. PACKAGING_ROOTS (path-delimited)
 * sets where the browser host's folder browser may list (default: the user's home);
 * reads happen only inside what the user picked. The packages it builds are remembered
 * in `store` (the settings store).
 */
export function createPackagingService(
  api: ApiClient,
  events: EventBus,
  dialogs?: PackagingDialogs,
  store?: SettingsBackend,
  env: NodeJS.ProcessEnv = process.env,
): PackagingService {
  const browseRoots = env.PACKAGING_ROOTS ? env.PACKAGING_ROOTS.split(delimiter).filter(Boolean) : undefined;
  return new PackagingService({
    browseRoots,
    dialogs,
    store,
    fetchSupplier: supplierFetcher(api),
    emitScanProgress: (p) => events.emit('packagingScanProgress', p),
    emitBuildProgress: (p) => events.emit('packagingBuildProgress', p),
  });
}
