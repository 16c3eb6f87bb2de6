// @vitest-environment happy-dom
/**
 * A module's items reordered with the keyboard and with the pointer (issue 17): the drag
 * measures the rows once, an arrow (or the pointer) moves the item, the insertion marker
 * and the screen-reader text follow, and the drop gives the 1-based position the item takes.
 */
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ModuleItem } from '../../shared/api/endpoints';
import { SortableItemTable } from '../../renderer/features/curation/ModuleItemTable';
import { MOVE_ANNOUNCE_MS, edgeScrollSpeed, throttledAnnouncer } from '../../renderer/features/curation/pointer-drag';

const items: ModuleItem[] = [1, 2, 3].map((id) => ({
  id,
  position: id,
  item_type: { id: 9, name: 'YouTube Video' },
  item: null,
  image_url: null,
  url: `https://v.example/${id}`,
  start_date: null,
  end_date: null,
}));
const byId = new Map(items.map((i) => [i.id, i]));

/** Rows 40 px high from y = 100 (happy-dom lays nothing out). */
function layOut() {
  const rect = (top: number, height: number) =>
    ({ top, bottom: top + height, left: 0, right: 800, width: 800, height, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('tbody tr');
    if (row) return rect(100 + 40 * [...row.parentElement!.children].indexOf(row), 40);
    return rect(60, 200);
  });
}

const key = (code: string) =>
  act(async () => {
    fireEvent.keyDown(document, { code, key: code === 'Space' ? ' ' : code });
    await new Promise((r) => setTimeout(r, 0));
  });

/** React commits of the table so far. */
let commits = 0;

/** The table of items 1-3; returns onMove. */
function table() {
  layOut();
  const onMove = vi.fn();
  commits = 0;
  render(
    <Profiler id="items" onRender={() => void commits++}>
      <MemoryRouter>
        <SortableItemTable
          ids={[1, 2, 3]}
          byId={byId}
          now={new Date('2026-01-10T12:00:00Z')}
          titleOf={(id) => `item ${String(id)}`}
          onMove={onMove}
          removingId={null}
          removeDisabled={false}
          onRemove={() => {}}
        />
      </MemoryRouter>
    </Profiler>,
  );
  return onMove;
}

/** The table of items 1-3 with the nth handle (0-based) picked up by Space; returns onMove. */
async function pickUp(n: number) {
  const onMove = table();
  const handle = screen.getAllByTestId('reorder-handle')[n]!;
  handle.focus();
  await act(async () => {
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await new Promise((r) => setTimeout(r, 0));
  });
  return onMove;
}

const marker = () => screen.getByTestId('drop-marker');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SortableItemTable by keyboard', () => {
  it('moves the first item down two rows: marker, announcements, and the position it takes', async () => {
    const onMove = await pickUp(0);
    const live = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
    expect(live()).toContain('item 1 is over position 1');
    expect(marker().hidden).toBe(true);
    await key('ArrowDown');
    expect(live()).toContain('item 1 is over position 2');
    // Below the second row: its bottom (180) in the table box (top 60).
    expect(marker().hidden).toBe(false);
    expect(marker().style.transform).toBe('translateY(120px)');
    await key('ArrowDown');
    await key('ArrowDown');
    expect(live()).toContain('item 1 is over position 3');
    await key('Space');
    expect(onMove).toHaveBeenCalledWith(1, 3);
    expect(live()).toContain('item 1 dropped at position 3');
    expect(marker().hidden).toBe(true);
  });

  it('Escape cancels: nothing moves', async () => {
    const onMove = await pickUp(2);
    await key('ArrowUp');
    await key('Escape');
    expect(onMove).not.toHaveBeenCalled();
    expect(document.querySelector('[id^="DndLiveRegion"]')?.textContent).toContain('Moving item 3 was cancelled');
  });
});

/** The pointer pressed on the nth handle (0-based) at y, then moved to each of `ys` (a primary mouse button). */
function press(n: number, y: number) {
  const handle = screen.getAllByTestId('reorder-handle')[n]!;
  const at = (type: string, clientY: number) =>
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      clientX: 10,
      clientY,
      pointerId: 1,
      isPrimary: true,
      button: 0,
      buttons: 1,
      pointerType: 'mouse',
    });
  act(() => void handle.dispatchEvent(at('pointerdown', y)));
  return {
    row: handle.closest('tr')!,
    move: (to: number) => act(() => void window.dispatchEvent(at('pointermove', to))),
    up: (to: number) => act(() => void window.dispatchEvent(at('pointerup', to))),
  };
}

describe('SortableItemTable by pointer (no render while it moves)', () => {
  const live = () => screen.getByTestId('pointer-drag-live').textContent;
  // The positions are spoken at most once every MOVE_ANNOUNCE_MS: the clock is the test's.
  afterEach(() => void vi.useRealTimers());

  it('drags the first item below the third: the row follows, the marker and announcements follow, the drop gives position 3', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const onMove = table();
    const p = press(0, 120);
    p.move(122);
    // Under the activation distance: not a drag yet.
    expect(p.row.classList.contains('module-items__row--dragging')).toBe(false);
    expect(p.row.style.transform).toBe('');
    p.move(130);
    expect(p.row.classList.contains('module-items__row--dragging')).toBe(true);
    expect(p.row.style.transform).toBe('translate3d(0, 10px, 0)');
    expect(live()).toBe('Picked up item 1. item 1 is over position 1.');
    expect(marker().hidden).toBe(true);
    const before = commits;
    p.move(165);
    // Below the second row: its bottom (180) in the table box (top 60). The marker follows at once;
    // the position is said once a second has passed since the last announcement.
    expect(marker().hidden).toBe(false);
    expect(marker().style.transform).toBe('translateY(120px)');
    expect(live()).toBe('Picked up item 1. item 1 is over position 1.');
    p.move(205);
    expect(marker().style.transform).toBe('translateY(160px)');
    act(() => void vi.advanceTimersByTime(MOVE_ANNOUNCE_MS - 1));
    expect(live()).toBe('Picked up item 1. item 1 is over position 1.');
    // Only the latest position is said (position 2 was passed over).
    act(() => void vi.advanceTimersByTime(1));
    expect(live()).toBe('item 1 is over position 3.');
    // Back over the second row a second later: said at once.
    act(() => void vi.advanceTimersByTime(MOVE_ANNOUNCE_MS));
    p.move(165);
    expect(live()).toBe('item 1 is over position 2.');
    p.move(205);
    // The moves rendered nothing: the row, the marker and the announcement were written to the DOM.
    expect(commits).toBe(before);
    p.up(205);
    expect(onMove).toHaveBeenCalledWith(1, 3);
    // The drop is said at once, and the position that was waiting is never said after it.
    expect(live()).toBe('item 1 dropped at position 3.');
    act(() => void vi.advanceTimersByTime(5 * MOVE_ANNOUNCE_MS));
    expect(live()).toBe('item 1 dropped at position 3.');
    expect(marker().hidden).toBe(true);
    expect(p.row.style.transform).toBe('');
    expect(p.row.classList.contains('module-items__row--dragging')).toBe(false);
  });

  it('Escape cancels, and a press without a move is no drag: nothing moves', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const onMove = table();
    const p = press(2, 200);
    p.move(130);
    expect(live()).toBe('Picked up item 3. item 3 is over position 3.');
    expect(marker().style.transform).toBe('translateY(40px)');
    act(() => void fireEvent.keyDown(window, { key: 'Escape', code: 'Escape' }));
    expect(live()).toBe('Moving item 3 was cancelled.');
    // The position that was waiting (1) is dropped with the drag.
    act(() => void vi.advanceTimersByTime(5 * MOVE_ANNOUNCE_MS));
    expect(live()).toBe('Moving item 3 was cancelled.');
    expect(p.row.style.transform).toBe('');
    p.up(130);
    const q = press(1, 160);
    q.up(161);
    expect(onMove).not.toHaveBeenCalled();
    expect(q.row.classList.contains('module-items__row--dragging')).toBe(false);
  });
});

describe('throttledAnnouncer', () => {
  it('says a position at once when the last announcement is old enough, else the latest one when it is; now() says at once and drops what waits', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let t = 0;
    const said: string[] = [];
    const a = throttledAnnouncer(
      (text) => said.push(`${t}:${text}`),
      1000,
      () => t,
    );
    a.move('p1');
    a.move('p2');
    a.move('p3');
    expect(said).toEqual(['0:p1']);
    t = 1000;
    vi.advanceTimersByTime(1000);
    expect(said).toEqual(['0:p1', '1000:p3']);
    t = 2500;
    a.move('p4');
    expect(said).toEqual(['0:p1', '1000:p3', '2500:p4']);
    t = 2600;
    a.move('p5');
    a.now('dropped');
    t = 5000;
    vi.advanceTimersByTime(5000);
    expect(said).toEqual(['0:p1', '1000:p3', '2500:p4', '2600:dropped']);
    t = 5100;
    a.now('picked up');
    t = 5200;
    a.move('p6');
    a.stop();
    vi.advanceTimersByTime(5000);
    expect(said).toEqual(['0:p1', '1000:p3', '2500:p4', '2600:dropped', '5100:picked up']);
    vi.useRealTimers();
  });
});

describe('edgeScrollSpeed', () => {
  it('scrolls only within the band along an edge, faster the deeper, at most the maximum', () => {
    expect(edgeScrollSpeed(450, 0, 900)).toBe(0);
    expect(edgeScrollSpeed(840, 0, 900)).toBe(0);
    expect(edgeScrollSpeed(870, 0, 900)).toBe(10);
    expect(edgeScrollSpeed(900, 0, 900)).toBe(20);
    expect(edgeScrollSpeed(1800, 0, 900)).toBe(20);
    expect(edgeScrollSpeed(30, 0, 900)).toBe(-10);
    expect(edgeScrollSpeed(-50, 0, 900)).toBe(-20);
    // A short box: the band is a quarter of it.
    expect(edgeScrollSpeed(90, 0, 100)).toBe(12);
    expect(edgeScrollSpeed(50, 0, 0)).toBe(0);
  });
});
