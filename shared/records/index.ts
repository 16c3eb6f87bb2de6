/**
 * Records as data (the issue "Record pages and editors"): one declaration per record
 * type (./define.ts), by area; who may edit (./access.ts, from shared/access); the
 * cross-field rules (./checks.ts); track reordering (./order.ts); the page's tabs and
 * route.
 */
import { recordLink } from '../search/columns';
import { NOTE_TYPES } from '../api/endpoints/lists';
import type { TabDecl } from './define';
import { recordDecl } from './registry';

export * from './define';
export * from './common';
export * from './values';
export * from './checks';
export * from './access';
export * from './order';
export * from './registry';
export * from './catalog';
export * from './support';
export * from './curation';
export * from './live';
export * from './items';

export const DETAILS_TAB: TabDecl = { key: 'details', label: 'Details' };
export const NOTES_TAB: TabDecl = { key: 'notes', label: 'Notes', api: 'notes' };
export const HISTORY_TAB: TabDecl = { key: 'history', label: 'History', api: 'history' };

/** The tabs of a record's page: Details, its sub-resources, Notes where the type has notes (spec §7), History. */
export function recordTabs(type: string): TabDecl[] {
  const d = recordDecl(type);
  if (!d) return [];
  const notes = (NOTE_TYPES as readonly string[]).includes(type) ? [NOTES_TAB] : [];
  return [DETAILS_TAB, ...(d.subResources ?? []), ...notes, HISTORY_TAB];
}

/** Where a record opens: its catalogue link (§2) or its area's record route (shared/search recordLink). */
export const recordRoute = (type: string, id: number | string): string | null => recordLink(type, id);

/** The §8 save-failure text's {thing} for a type ("release", "track"…). */
export const recordNoun = (type: string): string => recordDecl(type)?.noun ?? type;
export * from './item-status';
export * from './catalog-items';
export * from './live-items';
export * from './support-items';
export * from './curation-items';
