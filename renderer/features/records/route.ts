/**
 * Which record a route names: the inverse of shared recordLink (/catalog/{segment}/{id}
 * for the catalogue links of §2, {area}/{recordSegment ?? path}/{id} for the others).
 */
import { SEARCH_TYPES, type AreaRoute } from '../../../shared/access';

/** The search type of `{area}/{segment}/:id`, or undefined. */
export function typeAtRoute(area: AreaRoute, segment: string): string | undefined {
  return SEARCH_TYPES.find((t) =>
    t.linkSegment ? area === '/catalog' && t.linkSegment === segment : t.area === area && (t.recordSegment ?? t.path) === segment,
  )?.key;
}

/** A record id in a route: digits only (anything else is the 404 page). */
export function routeId(id: string | undefined): number | null {
  return id && /^\d{1,9}$/.test(id) ? Number(id) : null;
}
