/**
 * A row dragged by its handle with the pointer (mouse, pen or touch), without React: the
 * row follows the pointer by a transform written straight to its style, so nothing
 * re-renders while it moves (issue 17's bench: frame work p95 under 16 ms with 250 rows).
 *
 * dnd-kit's pointer sensor is not used for this: DndContext changes its state and its
 * contexts on every pointer move, and React walks every element under the provider
 * looking for their consumers, a few milliseconds a frame with 250 rows. dnd-kit keeps
 * the keyboard (its sensor, attributes and announcements); the pointer comes here.
 */

/** How far the pointer moves before the drag starts, so a click on the handle stays a click. */
export const ACTIVATION_PX = 4;
/** The band along the scroll box's top and bottom edges where a drag scrolls it, at most this fast. */
const EDGE_PX = 60;
const MAX_SCROLL_PX_PER_FRAME = 20;

/**
 * How many pixels a frame the scroll box scrolls while the pointer is at `y`: none in
 * the middle, faster the deeper it is in the band along an edge (or past it), up to the
 * maximum; negative scrolls up.
 */
export function edgeScrollSpeed(y: number, top: number, bottom: number, band = EDGE_PX, max = MAX_SCROLL_PX_PER_FRAME): number {
  const b = Math.min(band, (bottom - top) / 4);
  if (b <= 0) return 0;
  if (y < top + b) return -Math.round(max * Math.min(1, (top + b - y) / b));
  if (y > bottom - b) return Math.round(max * Math.min(1, (y - (bottom - b)) / b));
  return 0;
}

/** The nearest ancestor that scrolls vertically, else the document's scrolling element. */
export function scrollParent(el: Element): Element {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if ((overflowY === 'auto' || overflowY === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return document.scrollingElement ?? document.documentElement;
}

/**
 * While a pointer drag moves, the position under it is spoken at most this often. A screen
 * reader cannot say thirty positions a second (an assertive region cuts each one off), and
 * every change of the region's text lays the page out again, which during an auto-scroll
 * made Chrome repaint the whole page (issue 17's bench: 7-10 ms a frame, 1 frame in 3).
 */
export const MOVE_ANNOUNCE_MS = 1000;

export interface Announcer {
  /** Said at once (picked up, dropped, cancelled): a position waiting to be said is dropped. */
  now(text: string): void;
  /** A position: said at once when the last announcement is MOVE_ANNOUNCE_MS old, else when it is (the latest one then). */
  move(text: string): void;
  /** Drops a position waiting to be said. */
  stop(): void;
}

/** Announcements written by `write`, positions throttled to one per `intervalMs` with the latest said last. */
export function throttledAnnouncer(
  write: (text: string) => void,
  intervalMs = MOVE_ANNOUNCE_MS,
  clock: () => number = () => performance.now(),
): Announcer {
  let last = -Infinity;
  let pending: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const say = (text: string) => {
    write(text);
    last = clock();
  };
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  const flush = () => {
    timer = null;
    if (pending != null) say(pending);
    pending = null;
  };
  return {
    now(text) {
      stop();
      say(text);
    },
    move(text) {
      pending = text;
      if (timer) return;
      const wait = last + intervalMs - clock();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    stop,
  };
}

export interface PointerDragHandlers {
  /** The drag started (the pointer moved past the activation distance): measure here. */
  start(): void;
  /** The row's centre moved by `dy` since the start (pointer moves and scrolling both counted). */
  move(dy: number): void;
  /** The drag ended: dropped, or cancelled (Escape, pointer cancelled, window left). */
  end(cancelled: boolean): void;
}

/**
 * Follows the pointer pressed on a row's handle (`down`, a primary button press): after
 * ACTIVATION_PX the row gets `draggingClass` and follows the pointer vertically, the
 * scroll box scrolls near its edges, and `handlers` hear the drag. Returns a function
 * that cancels it.
 */
export function followPointer(down: PointerEvent, row: HTMLElement, draggingClass: string, handlers: PointerDragHandlers): () => void {
  const startY = down.clientY;
  const startX = down.clientX;
  const scroller = scrollParent(row);
  const isRoot = scroller === document.scrollingElement || scroller === document.documentElement;
  const scrollTop = () => (isRoot ? window.scrollY : scroller.scrollTop);
  const startScroll = scrollTop();
  let scrolled = 0;
  let pointerY = startY;
  let active = false;
  let frame = 0;

  const dy = () => pointerY - startY + scrolled;
  const follow = () => {
    const d = dy();
    row.style.transform = `translate3d(0, ${d}px, 0)`;
    handlers.move(d);
  };
  const edges = () => {
    if (isRoot) return { top: 0, bottom: window.innerHeight };
    const r = scroller.getBoundingClientRect();
    return { top: Math.max(r.top, 0), bottom: Math.min(r.bottom, window.innerHeight) };
  };
  const autoScroll = () => {
    frame = 0;
    const { top, bottom } = edges();
    const speed = edgeScrollSpeed(pointerY, top, bottom);
    if (!speed) return;
    const before = scrollTop();
    scroller.scrollBy(0, speed);
    // Keep going while it still moves (stopped at the top or the bottom, or the pointer left the band).
    if (scrollTop() !== before) frame = requestAnimationFrame(autoScroll);
  };

  const onMove = (e: PointerEvent) => {
    if (e.pointerId !== down.pointerId) return;
    pointerY = e.clientY;
    if (!active) {
      if (Math.hypot(e.clientX - startX, e.clientY - startY) < ACTIVATION_PX) return;
      active = true;
      row.classList.add(draggingClass);
      handlers.start();
    }
    if (e.cancelable) e.preventDefault();
    follow();
    if (!frame) frame = requestAnimationFrame(autoScroll);
  };
  const onScroll = () => {
    scrolled = scrollTop() - startScroll;
    if (active) follow();
  };
  const stop = (cancelled: boolean) => {
    window.removeEventListener('pointermove', onMove, true);
    window.removeEventListener('pointerup', onUp, true);
    window.removeEventListener('pointercancel', onCancel, true);
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('scroll', onScroll, true);
    window.removeEventListener('selectstart', prevent, true);
    window.removeEventListener('blur', onBlur);
    if (frame) cancelAnimationFrame(frame);
    if (!active) return;
    active = false;
    row.classList.remove(draggingClass);
    row.style.transform = '';
    handlers.end(cancelled);
  };
  const onUp = (e: PointerEvent) => e.pointerId === down.pointerId && stop(false);
  const onCancel = (e: PointerEvent) => e.pointerId === down.pointerId && stop(true);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !active) return;
    e.preventDefault();
    e.stopPropagation();
    stop(true);
  };
  const onBlur = () => stop(true);
  const prevent = (e: Event) => active && e.preventDefault();

  window.addEventListener('pointermove', onMove, { capture: true, passive: false });
  window.addEventListener('pointerup', onUp, true);
  window.addEventListener('pointercancel', onCancel, true);
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('scroll', onScroll, { capture: true, passive: true });
  window.addEventListener('selectstart', prevent, true);
  window.addEventListener('blur', onBlur);
  return () => stop(true);
}
