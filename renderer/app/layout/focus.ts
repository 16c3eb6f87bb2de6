/**
 * Keyboard focus in the shell: the skip links' targets, and after an in-app navigation the
 * new page's title (its h1) announced by moving focus to the page announcer, a visually
 * hidden element holding that title placed before the skip links (issue 29): a screen reader
 * reads the title, and the next Tab still reaches "Skip to main content" first. Once, for
 * every route.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export const MAIN_ID = 'main-content';
export const SEARCH_INPUT_ID = 'global-search-text';
/** The visually hidden element, first in the shell, that names the page after a navigation. */
export const PAGE_ANNOUNCER_ID = 'page-announcer';

/** How long a page may take to show its heading (a lazily loaded screen, a record's first fetch). */
const HEADING_WAIT_MS = 5000;

/** Focuses an element that is not focusable by itself (tabindex -1: reachable by script, not by Tab). */
export function focusElement(el: HTMLElement | null): boolean {
  if (!el) return false;
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.tabIndex = -1;
  el.focus();
  return document.activeElement === el;
}

/** Puts the page's title in the announcer and focuses it (afresh, so it is read even when it already had focus). */
export function announcePage(heading: HTMLElement): boolean {
  const announcer = document.getElementById(PAGE_ANNOUNCER_ID);
  if (!announcer) return false;
  announcer.textContent = heading.textContent?.trim() ?? '';
  if (document.activeElement === announcer) announcer.blur();
  return focusElement(announcer);
}

/**
 * After the path changes (not on the first load, nor when only the query changes: filters
 * and tabs keep their focus), announces the page's h1 in `main` as soon as it appears (see
 * announcePage), unless the user has put focus somewhere else meanwhile (a control opened
 * while the page loads).
 */
export function useAnnouncePageOnNavigate(): void {
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
    const movedByUser = () =>
      document.activeElement !== before && document.activeElement !== document.body && document.activeElement !== null;
    const tryFocus = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      return heading !== null && announcePage(heading);
    };
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
