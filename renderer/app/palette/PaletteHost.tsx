/**
 * Ctrl+K (⌘K on macOS) anywhere in the shell opens the command palette: the key is caught on
 * the document before any control sees it, wherever focus is (a page's heading, a field, the
 * body). The palette's code loads on the first press and stays mounted after (a brand switch
 * it started lands after it has closed).
 *
 * Nothing typed right after Ctrl+K is lost (issue 29): until the palette's input has focus
 * (its code loading, the dialog appearing), the keys pressed are held here, not given to the
 * page, and the input starts with them: characters and Backspace edit the held text, Enter
 * runs the first command for it once the palette is up, Esc closes the palette; a click
 * anywhere stops the holding.
 */
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { opensPalette } from '../../lib/shortcuts';
import { PALETTE_INPUT_ID, type TypedAhead } from './typed-ahead';

const CommandPalette = lazy(() => import('./CommandPalette'));

export function PaletteHost() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const openRef = useRef(false);
  // The keys typed since Ctrl+K while the input has not taken focus yet; null when not waiting.
  const typed = useRef<TypedAhead | null>(null);
  const show = useCallback((next: boolean) => {
    openRef.current = next;
    if (!next) typed.current = null;
    setOpen(next);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (opensPalette(e)) {
        e.preventDefault();
        e.stopPropagation();
        if (!openRef.current) typed.current = { text: '', enter: false };
        setLoaded(true);
        show(true);
        return;
      }
      const held = typed.current;
      if (held === null || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (document.activeElement?.id === PALETTE_INPUT_ID) return;
      // The page does not see it: it belongs to the palette.
      e.preventDefault();
      e.stopPropagation();
      if (e.key === 'Escape') show(false);
      else if (e.key === 'Backspace') held.text = [...held.text].slice(0, -1).join('');
      else if (e.key === 'Enter') held.enter = true;
      else if ([...e.key].length === 1 && !held.enter) held.text += e.key;
    };
    // A click elsewhere meanwhile: the user has moved on, the keys are theirs again.
    const onPointer = () => (typed.current = null);
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('mousedown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('mousedown', onPointer, true);
    };
  }, [show]);

  /** Hands the held keys to the palette's input as it takes focus, once. */
  const takeTyped = useCallback(() => {
    const held = typed.current;
    typed.current = null;
    return held;
  }, []);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onClose={() => show(false)} takeTyped={takeTyped} />
    </Suspense>
  );
}
