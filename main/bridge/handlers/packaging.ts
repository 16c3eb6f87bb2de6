import type { packagingChannels } from '../../../shared/bridge/channels/packaging';
import type { PackagingService } from '../../services/packaging';
import type { AreaHandlers } from '../types';

export function packagingHandlers(s: { packaging: PackagingService }): AreaHandlers<typeof packagingChannels> {
  const p = s.packaging;
  return {
    packagingPick: (req) => p.pick(req.kind),
    packagingBrowse: (req) => p.browse(req.path, req.show),
    packagingScan: async (req) => ({ entries: await p.scan(req.scanId, req.paths) }),
    packagingCoverArt: (req) => p.coverArt(req.path),
    packagingSender: (req) => p.sender(req.supplierId),
    packagingBuild: (req) => p.build(req),
    packagingCancel: (req) => {
      p.cancel(req.id);
      return { ok: true as const };
    },
  };
}
