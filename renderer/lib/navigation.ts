/** The side navigation and the Resources page, derived from AREAS and can() (spec §6). */
import { can, type Principal } from '../../shared/access';
import { AREAS, NAV_GROUPS, type Area, type NavGroup } from './areas';

export interface NavSection {
  group: NavGroup;
  items: Area[];
}

export function allowedResources(principal: Principal): Area[] {
  return AREAS.filter((r) => can(principal, r.access));
}

export function navSections(principal: Principal): NavSection[] {
  const allowed = allowedResources(principal).filter((r) => r.nav !== false);
  return NAV_GROUPS.map((group) => ({ group, items: allowed.filter((r) => r.group === group) })).filter((s) => s.items.length > 0);
}

/** The area a pathname belongs to (longest matching root). */
export function resourceFor(pathname: string): Area | undefined {
  return AREAS.filter((r) => pathname === r.path || pathname.startsWith(`${r.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
}
