/**
 * What other features add to the record pages (issue 28: the record layer names no
 * feature), registered from renderer/app/record-extensions.tsx:
 * - `header`: a control in a record's header, before Delete (a label's CSV, a party's
 *   statements);
 * - `banner`: a panel between the header and the tabs (a live stream's next step);
 * - form checks: errors by field worked out as a record is typed, on its page and on the
 *   create page (a page slug already taken). A check is a React hook; the list is fixed
 *   once the app has loaded, so each runs on every render in the same order;
 * - own pages: a type whose route opens a page of its feature rather than the record page
 *   (an order, a delivery).
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import type { ObjectRow } from '../../../shared/api/endpoints';
import type { FieldErrors } from './form-model';

export interface RecordPartProps {
  readonly type: string;
  readonly id: number;
  /** The record as last loaded or saved. */
  readonly row: ObjectRow;
}

export interface RecordExtension {
  readonly header?: ComponentType<RecordPartProps>;
  readonly banner?: ComponentType<RecordPartProps>;
}

/** Errors by field for the values typed; `record` is the record being edited (absent on the create page). */
export type RecordFormCheck = (
  type: string,
  values: Readonly<Record<string, unknown>>,
  record?: { id: number; row: ObjectRow },
) => FieldErrors;

const EXTENSIONS = new Map<string, RecordExtension[]>();
const OWN_PAGES = new Map<string, ComponentType<{ id: number }>>();

/** The page a type's route opens instead of the record page. */
export function registerOwnPage(type: string, page: ComponentType<{ id: number }>): void {
  OWN_PAGES.set(type, page);
}

/** The page a type's route opens for record `id` instead of the record page, or null. */
export function ownPageOf(type: string, id: number): ReactElement | null {
  const page = OWN_PAGES.get(type);
  return page ? createElement(page, { key: id, id }) : null;
}
const CHECKS: RecordFormCheck[] = [];

export function registerRecordExtension(type: string, extension: RecordExtension): void {
  EXTENSIONS.set(type, [...(EXTENSIONS.get(type) ?? []), extension]);
}

/** The extensions of a type's pages, in the order registered. */
export function recordExtensions(type: string): readonly RecordExtension[] {
  return EXTENSIONS.get(type) ?? [];
}

export function registerRecordFormCheck(check: RecordFormCheck): void {
  CHECKS.push(check);
}

const NONE: FieldErrors = {};

/** Every registered check's errors for these values, merged (the first error of a field wins). */
export function useRecordFormChecks(
  type: string,
  values: Readonly<Record<string, unknown>>,
  record?: { id: number; row: ObjectRow },
): FieldErrors {
  let out = NONE;
  for (const check of CHECKS) {
    const errors = check(type, values, record);
    if (errors !== NONE && Object.keys(errors).length > 0) out = { ...errors, ...out };
  }
  return out;
}
