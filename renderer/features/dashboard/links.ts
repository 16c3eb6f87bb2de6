/**
 * Where a dashboard link may go: only to a route the user may open (issue 27: the DJ's
 * dashboard links led to "Authorization failed"). The same rules as the navigation and the
 * route guards: the area's rule (AREAS, lib/areas.tsx), and for a record route
 * {area}/{segment}/{id} the record type's read rule (§6), whose API the page calls.
 */
import { can, searchType, type AreaRoute, type Principal } from '../../../shared/access';
import { recordLink } from '../../../shared/search';
import { AREAS } from '../../lib/areas';
import { typeAtRoute } from '../records/route';

export function mayOpen(principal: Principal, to: string): boolean {
  const [pathname] = to.split(/[?#]/);
  const [, root = '', segment, id] = pathname.split('/');
  const area = AREAS.find((a) => a.path === `/${root}`);
  if (!area || !can(principal, area.access)) return false;
  if (segment === undefined || id === undefined) return true;
  const type = typeAtRoute(area.path as AreaRoute, segment);
  const rule = type ? searchType(type)?.rule : undefined;
  return Boolean(rule && can(principal, rule));
}

/** A record's page for the dashboard, or null when the user may not open it (the name is shown unlinked). */
export function dashboardRecordLink(principal: Principal, type: string, id: number): string | null {
  const to = recordLink(type, id);
  return to && mayOpen(principal, to) ? to : null;
}
