import { AREA_RULES, WRITE_RULES, anyOf, can, principalFrom, writeRouteRule, type Rule } from '../../../shared/access';
import { BridgeError } from '../../../shared/bridge';
import type { SessionUser } from '../../../shared/bridge/channels/session';
import type { packagingChannels } from '../../../shared/bridge/channels/packaging';
import { STATUS_TEXT } from '../../../shared/messages';
import type { PackagingService } from '../../services/packaging';
import type { PackageDeliveries } from '../../services/packaging/deliveries';
import type { AreaHandlers } from '../types';

export interface PackagingHandlerDeps {
  packaging: PackagingService;
  deliveries: PackageDeliveries;
  session: { status(): Promise<{ signedIn: boolean; user: SessionUser | null }> };
}

/**
 * Packaging reads the user's disk, so main checks who asks, not only the renderer's
 * route guard: suppliers, labels, staff admin and content ops (AREA_RULES['/packaging']).
 */
async function allowed(s: PackagingHandlerDeps, rule: Rule = AREA_RULES['/packaging']): Promise<SessionUser> {
  const { user } = await s.session.status();
  if (!user || !can(principalFrom(user.scope, user.features, user.brand), rule)) {
    throw new BridgeError({ code: 'forbidden', status: 403, message: STATUS_TEXT[403] });
  }
  return user;
}

export function packagingHandlers(s: PackagingHandlerDeps): AreaHandlers<typeof packagingChannels> {
  const p = s.packaging;
  const guard =
    <Req, Res>(fn: (req: Req) => Promise<Res> | Res) =>
    async (req: Req): Promise<Res> => {
      await allowed(s);
      return fn(req);
    };
  /** The same, for what is kept per user (the packages each user built): `owner` is the session user. */
  const owned =
    <Req, Res>(fn: (req: Req, owner: string) => Promise<Res> | Res) =>
    async (req: Req): Promise<Res> =>
      fn(req, String((await allowed(s)).userId));
  // Picking a CSV file (a coupon's users) is for coupon writers too (support, marketing), not only packaging's users.
  const csvRule = anyOf(AREA_RULES['/packaging'], WRITE_RULES.coupons);
  // Picking an image (a page module item's, cropped afterwards) is for page module writers too (curation).
  const imageRule = anyOf(AREA_RULES['/packaging'], writeRouteRule('page_modules'));
  const ruleOf = (what: string | undefined): Rule | undefined =>
    what === 'csv' ? csvRule : what === 'coverArt' || what === 'images' ? imageRule : undefined;
  const pickGuard =
    <Req, Res>(what: (req: Req) => string | undefined, fn: (req: Req) => Promise<Res> | Res) =>
    async (req: Req): Promise<Res> => {
      await allowed(s, ruleOf(what(req)));
      return fn(req);
    };
  return {
    packagingPick: pickGuard(
      (req) => req.kind,
      (req) => p.pick(req.kind),
    ),
    packagingBrowse: pickGuard(
      (req) => req.show,
      (req) => p.browse(req.path, req.show),
    ),
    packagingBrowsePick: pickGuard(
      (req) => req.kind,
      (req) => p.browsePick(req.path, req.kind),
    ),
    packagingPicked: guard(async (req) => ({ picked: await p.pickedOf(req.paths) })),
    packagingScan: guard(async (req) => ({ entries: await p.scan(req.scanId, req.paths) })),
    packagingCoverArt: guard((req) => p.coverArt(req.path)),
    packagingSender: guard((req) => p.sender(req.supplierId)),
    packagingBuild: owned((req, owner) => p.build(req, owner)),
    packagingBuilt: owned(async (_req, owner) => ({ packages: await p.builtPackages(owner) })),
    packagingCancel: guard((req) => {
      p.cancel(req.id);
      s.deliveries.cancel(req.id);
      return { ok: true as const };
    }),
    packagingDeliveryKey: guard((req) => s.deliveries.key(req.supplierId)),
    packagingDeliver: guard((req) => s.deliveries.deliver(req)),
  };
}
