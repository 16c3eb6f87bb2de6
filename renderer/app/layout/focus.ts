/**
 * Keyboard focus in the shell: the skip links' targets, and after an in-app navigation
 * focus moved to the new page's heading (its h1), so a keyboard or screen-reader user
 * starts reading at the page and not at the top of the document. Once, for every route.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export const MAIN_ID = 'main-content';
export const SEARCH_INPUT_ID = 'global-search-text';

/** How long a page may take to show its heading (a lazily loaded screen, a record's first fetch). */
const HEADING_WAIT_MS = 5000;

/** Focuses an element that is not focusable by itself (tabindex -1: reachable by script, not by Tab). */
export function focusElement(el: HTMLElement | null): boolean {
  if (!el) return false;
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.tabIndex = -1;
  el.focus();
  return document.activeElement === el;
}

/**
 * After the path changes (not on the first load, nor when only the query changes: filters
 * and tabs keep their focus), moves focus to the page's h1 in `main` as soon as it appears,
 * unless the user has put focus somewhere else meanwhile (a control opened while the page loads).
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const before = document.activeElement;
    const movedByUser = () => document.activeElement !== before && document.activeElement !== document.body && document.activeElement !== null;
    const tryFocus = () => focusElement(main.querySelector<HTMLElement>('h1'));
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (movedByUser() || tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
