/** The side navigation derived from RESOURCES and can() (spec §6). */
import { can, type Principal } from '../../../shared/access';
import { NAV_GROUPS, RESOURCES, type NavGroup, type Resource } from '../resources';

export interface NavSection {
  group: NavGroup;
  items: Resource[];
}

export function allowedResources(principal: Principal): Resource[] {
  return RESOURCES.filter((r) => can(principal, r.access));
}

export function navSections(principal: Principal): NavSection[] {
  const allowed = allowedResources(principal).filter((r) => r.nav !== false);
  return NAV_GROUPS.map((group) => ({ group, items: allowed.filter((r) => r.group === group) })).filter((s) => s.items.length > 0);
}

/** The resource a pathname belongs to (longest matching root). */
export function resourceFor(pathname: string): Resource | undefined {
  return RESOURCES.filter((r) => pathname === r.path || pathname.startsWith(`${r.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
}
