// @vitest-environment happy-dom
/**
 * A module's items reordered with the keyboard (issue 17): the drag measures the rows once,
 * an arrow moves one row, the insertion marker and the screen-reader text follow, and the
 * drop gives the 1-based position the item takes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ModuleItem } from '../../shared/api/endpoints';
import { SortableItemTable } from '../../renderer/features/curation/ModuleItemTable';

const items: ModuleItem[] = [1, 2, 3].map((id) => ({
  id, position: id, item_type: { id: 9, name: 'YouTube Video' }, item: null, image_url: null, url: `https://v.example/${id}`, start_date: null, end_date: null,
}));
const byId = new Map(items.map((i) => [i.id, i]));

/** Rows 40 px high from y = 100 (happy-dom lays nothing out). */
function layOut() {
  const rect = (top: number, height: number) => ({ top, bottom: top + height, left: 0, right: 800, width: 800, height, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('tbody tr');
    if (row) return rect(100 + 40 * [...row.parentElement!.children].indexOf(row), 40);
    return rect(60, 200);
  });
}

const key = (code: string) => act(async () => {
  fireEvent.keyDown(document, { code, key: code === 'Space' ? ' ' : code });
  await new Promise((r) => setTimeout(r, 0));
});

/** The table of items 1-3 with the nth handle (0-based) picked up by Space; returns onMove. */
async function pickUp(n: number) {
  layOut();
  const onMove = vi.fn();
  render(
    <MemoryRouter>
      <SortableItemTable ids={[1, 2, 3]} byId={byId} now={new Date('2026-01-10T12:00:00Z')} titleOf={(id) => `item ${String(id)}`} onMove={onMove}
        removingId={null} removeDisabled={false} onRemove={() => {}} />
    </MemoryRouter>,
  );
  const handle = screen.getAllByTestId('reorder-handle')[n]!;
  handle.focus();
  await act(async () => {
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await new Promise((r) => setTimeout(r, 0));
  });
  return onMove;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SortableItemTable by keyboard', () => {
  it('moves the first item down two rows: marker, announcements, and the position it takes', async () => {
    const onMove = await pickUp(0);
    const live = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
    expect(live()).toContain('item 1 is over position 1');
    expect(screen.queryByTestId('drop-marker')).toBeNull();
    await key('ArrowDown');
    expect(live()).toContain('item 1 is over position 2');
    // Below the second row: its bottom (180) in the table box (top 60).
    expect(screen.getByTestId('drop-marker').style.transform).toBe('translateY(120px)');
    await key('ArrowDown');
    await key('ArrowDown');
    expect(live()).toContain('item 1 is over position 3');
    await key('Space');
    expect(onMove).toHaveBeenCalledWith(1, 3);
    expect(live()).toContain('item 1 dropped at position 3');
    expect(screen.queryByTestId('drop-marker')).toBeNull();
  });

  it('Escape cancels: nothing moves', async () => {
    const onMove = await pickUp(2);
    await key('ArrowUp');
    await key('Escape');
    expect(onMove).not.toHaveBeenCalled();
    expect(document.querySelector('[id^="DndLiveRegion"]')?.textContent).toContain('Moving item 3 was cancelled');
  });
});
