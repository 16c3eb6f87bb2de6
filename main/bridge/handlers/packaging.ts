import { AREA_RULES, can, principalFrom } from '../../../shared/access';
import { BridgeError } from '../../../shared/bridge';
import type { SessionUser } from '../../../shared/bridge/channels/session';
import type { packagingChannels } from '../../../shared/bridge/channels/packaging';
import { STATUS_TEXT } from '../../../shared/messages';
import type { PackagingService } from '../../services/packaging';
import type { AreaHandlers } from '../types';

export interface PackagingHandlerDeps {
  packaging: PackagingService;
  session: { status(): Promise<{ signedIn: boolean; user: SessionUser | null }> };
}

/**
 * Packaging reads the user's disk, so main checks who asks, not only the renderer's
 * route guard: suppliers, labels, staff admin and content ops (AREA_RULES['/packaging']).
 */
async function allowed(s: PackagingHandlerDeps): Promise<void> {
  const { user } = await s.session.status();
  if (!user || !can(principalFrom(user.scope, user.features, user.brand), AREA_RULES['/packaging'])) {
    throw new BridgeError({ code: 'forbidden', status: 403, message: STATUS_TEXT[403] });
  }
}

export function packagingHandlers(s: PackagingHandlerDeps): AreaHandlers<typeof packagingChannels> {
  const p = s.packaging;
  const guard =
    <Req, Res>(fn: (req: Req) => Promise<Res> | Res) =>
    async (req: Req): Promise<Res> => {
      await allowed(s);
      return fn(req);
    };
  return {
    packagingPick: guard((req) => p.pick(req.kind)),
    packagingBrowse: guard((req) => p.browse(req.path, req.show)),
    packagingBrowsePick: guard((req) => p.browsePick(req.path, req.kind)),
    packagingPicked: guard(async (req) => ({ picked: await p.pickedOf(req.paths) })),
    packagingScan: guard(async (req) => ({ entries: await p.scan(req.scanId, req.paths) })),
    packagingCoverArt: guard((req) => p.coverArt(req.path)),
    packagingSender: guard((req) => p.sender(req.supplierId)),
    packagingBuild: guard((req) => p.build(req)),
    packagingCancel: guard((req) => {
      p.cancel(req.id);
      return { ok: true as const };
    }),
  };
}
