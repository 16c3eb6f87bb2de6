/**
 * Ctrl+K (⌘K on macOS) anywhere in the shell opens the command palette: the key is caught on
 * the document before any control sees it, wherever focus is (a page's heading, a field, the
 * body). The palette's code loads on the first press and stays mounted after (a brand switch
 * it started lands after it has closed).
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { opensPalette } from '../../lib/shortcuts';

const CommandPalette = lazy(() => import('./CommandPalette'));

export function PaletteHost() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!opensPalette(e)) return;
      e.preventDefault();
      e.stopPropagation();
      setLoaded(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
