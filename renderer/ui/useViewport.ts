/** The viewport class of spec §2 for the current window width, kept up to date. */
import { useSyncExternalStore } from 'react';
import { viewportClass, type ViewportClass } from '../../shared/constants';

function subscribe(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

export function useViewportClass(): ViewportClass {
  return useSyncExternalStore(
    subscribe,
    () => viewportClass(window.innerWidth),
    () => 'desktop',
  );
}

/** Phones: the navigation becomes an overlay drawer instead of a side column. */
export function isMobile(vp: ViewportClass): boolean {
  return vp === 'mobile-portrait' || vp === 'mobile-landscape';
}
