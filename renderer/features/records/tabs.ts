/**
 * The sub-resource tabs of the record pages, by type and tab key (shared/records
 * declares which tabs a type has). A tab shows once a component is registered for it:
 *
 *   registerRecordTab('tracks', 'songwriters', lazy(() => import('./TrackSongwriters')));
 *
 * (in renderer/app/record-tabs.ts). Details, Notes and History are the page's own; a tab that
 * declares `fields` shows those fields of the record's form and needs no component.
 */
import type { ComponentType } from 'react';
import type { ObjectRow } from '../../../shared/api/endpoints';
import { can, notesRule, type Principal } from '../../../shared/access';
import { DETAILS_TAB, HISTORY_TAB, NOTES_TAB, recordTabs, type TabDecl } from '../../../shared/records';

export interface RecordTabProps {
  type: string;
  id: number;
  /** The record as last loaded or saved. */
  row: ObjectRow;
  /** A tab with edits of its own says whether they are unsaved (the page warns before leaving). */
  onDirty?: (dirty: boolean) => void;
  /** A tab whose call changed the record itself hands the answer (the record and its ETag) to the page's form. */
  onRecord?: (fresh: { row: ObjectRow; etag: string | undefined }) => void;
}

const REGISTRY = new Map<string, ComponentType<RecordTabProps>>();
const slot = (type: string, key: string) => `${type}/${key}`;

export function registerRecordTab(type: string, key: string, component: ComponentType<RecordTabProps>): void {
  if (!recordTabs(type).some((t) => t.key === key)) throw new Error(`${type} declares no tab ${key}`);
  REGISTRY.set(slot(type, key), component);
}

export function recordTabComponent(type: string, key: string): ComponentType<RecordTabProps> | undefined {
  return REGISTRY.get(slot(type, key));
}

const OWN = new Set([DETAILS_TAB.key, NOTES_TAB.key, HISTORY_TAB.key]);

/**
 * The tabs a record page shows: the declared ones that the page or a registered component
 * can show; Notes only to those who may read them (staff: notesRule).
 */
export function shownTabs(type: string, principal: Principal): TabDecl[] {
  return recordTabs(type).filter((t) =>
    t.key === NOTES_TAB.key
      ? can(principal, notesRule(type))
      : OWN.has(t.key) || (t.fields?.length ?? 0) > 0 || REGISTRY.has(slot(type, t.key)),
  );
}
