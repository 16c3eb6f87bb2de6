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

/** The scroll containers antd tables put their rows in when they scroll sideways or have a fixed height. */
const TABLE_SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * Keeps every table that scrolls inside itself reachable by keyboard (axe
 * scrollable-region-focusable): a table scroller wider or taller than its box gets
 * tabindex 0, so Tab reaches it and the arrow keys scroll it; one that fits again loses it.
 * Watched once, in the shell, for every screen's tables (rows arriving, a narrower window).
 */
export function useScrollableTablesFocusable(): void {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      // The content area is mounted afresh per area and brand: look it up each time.
      const main = document.getElementById(MAIN_ID);
      for (const el of main?.querySelectorAll<HTMLElement>(TABLE_SCROLLERS) ?? []) {
        const scrolls = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
        if (scrolls && el.getAttribute('tabindex') === null) el.tabIndex = 0;
        else if (!scrolls && el.getAttribute('tabindex') === '0') el.removeAttribute('tabindex');
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      mutations.disconnect();
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
