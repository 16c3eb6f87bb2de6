/**
 * No screen is a placeholder: every record type a route can name (renderer/features/records
 * route.ts typeAtRoute) opens a real page — a record declaration (shared/records) or a page
 * of its own (orders, deliveries) — so RecordRoute never falls back to anything but the 404.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_TYPES } from '../../shared/access';
import { recordDecl } from '../../shared/records';
import { typeAtRoute } from '../../renderer/features/records/route';

/** Types RecordRoute opens with a page of their own rather than the generic record page. */
const OWN_PAGES = ['orders', 'deliveries'];

describe('no placeholder screens', () => {
  it('every type a record route can name has a page', () => {
    const routable = SEARCH_TYPES.flatMap((t) => {
      const areas = t.linkSegment ? ['/catalog' as const] : t.area ? [t.area] : [];
      return areas.map((area) => typeAtRoute(area, t.linkSegment ?? t.recordSegment ?? t.path)).filter((k): k is string => !!k);
    });
    expect(routable.length).toBeGreaterThan(10);
    expect(routable.filter((k) => !recordDecl(k) && !OWN_PAGES.includes(k))).toEqual([]);
  });
});
