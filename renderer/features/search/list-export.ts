/**
 * The current search list's export, for the command palette: the list's Export CSV button
 * registers what it runs while it is on screen and can start (not while one runs, nor
 * over an empty list); the palette offers "Export this list to CSV" while one is registered.
 */
import { atom } from 'jotai';

export interface ListExport {
  /** Starts the export, exactly as the list's button does. */
  run: () => void;
}

export const listExportAtom = atom<ListExport | null>(null);
