/**
 * What a search screen offers to do with the rows chosen, by search type (the tracks' bulk
 * edit, the deliveries' re-ingest): registered from renderer/app/search-actions.tsx, so the
 * search screen names no other feature. An action is offered to whom `offered` says; its
 * dialog gets the rows as chosen and says on close whether it changed anything (the
 * selection is then cleared).
 */
import type { ComponentType, Key } from 'react';
import type { Principal } from '../../../shared/access';
import type { BulkRow } from '../../../shared/api/endpoints';
import type { Row } from '../../lib/search-queries';

export interface BulkActionDialogProps {
  /** The rows chosen, each with the version the user saw (a bulk edit sends it). */
  readonly rows: readonly BulkRow[];
  /** Each chosen row as the list showed it (undefined: never shown, e.g. chosen by "Select all" on a later page). */
  readonly seen: ReadonlyMap<Key, Row | undefined>;
  onClose(applied: boolean): void;
}

export interface SearchBulkAction {
  readonly key: string;
  /** The button's words. */
  readonly label: string;
  offered(principal: Principal): boolean;
  /** Shown while the action runs (lazy: loaded when first chosen). */
  readonly Dialog: ComponentType<BulkActionDialogProps>;
}

const ACTIONS = new Map<string, SearchBulkAction[]>();

/** Adds an action to a search type's screens (once per key). */
export function registerSearchBulkAction(type: string, action: SearchBulkAction): void {
  const list = ACTIONS.get(type) ?? [];
  if (!list.some((a) => a.key === action.key)) ACTIONS.set(type, [...list, action]);
}

/** The actions a search type offers this principal. */
export function searchBulkActions(type: string, principal: Principal): SearchBulkAction[] {
  return (ACTIONS.get(type) ?? []).filter((a) => a.offered(principal));
}
