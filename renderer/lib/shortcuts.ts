/** The console's keyboard shortcuts: listed on Help and named in the command palette's footer. */

/** The key that, with Ctrl (⌘ on macOS), opens the command palette. */
export const PALETTE_KEY = 'k';

/** Whether a key press opens the palette: Ctrl+K, or ⌘K on macOS. */
export function opensPalette(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === PALETTE_KEY;
}

/** The key that, with Ctrl (⌘ on macOS), saves the record on screen. */
export const SAVE_KEY = 's';

/** Whether a key press saves: Ctrl+S, or ⌘S on macOS. */
export function savesRecord(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === SAVE_KEY;
}

export interface Shortcut {
  keys: string;
  what: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'Ctrl+K (⌘K on macOS)', what: 'Open the command palette, from anywhere in the console' },
  { keys: '↑ / ↓', what: 'In the palette: move through the list' },
  { keys: 'Enter', what: 'In the palette: run the highlighted command' },
  { keys: 'Esc', what: 'In the palette: close it; focus returns where it was' },
  { keys: 'Ctrl+S (⌘S on macOS)', what: 'On a record page: save the unsaved changes (nothing to save: does nothing)' },
  { keys: 'Esc (in a dialog)', what: 'Close the dialog, as its Cancel or close button does' },
  { keys: 'Tab (first stops of a page)', what: 'Skip to main content, skip to search' },
];
