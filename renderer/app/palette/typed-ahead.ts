/** The palette's input, found by the host to tell whether keys still need holding for it. */
export const PALETTE_INPUT_ID = 'command-palette-input';

/** What was typed between Ctrl+K and the palette's input taking focus. */
export interface TypedAhead {
  text: string;
  /** Enter was pressed: run the first command for `text` once the palette is up. */
  enter: boolean;
}
