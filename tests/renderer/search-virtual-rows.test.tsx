// @vitest-environment happy-dom
/**
 * A long results page (issue 29): only the rows in view are in the DOM, at one fixed height,
 * and the rows a scroll brings into view replace the others; selection, links, tags and the
 * first column's place work as on a short page.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { shownColumns } from '../../shared/search';
import { ResultsTable, VIRTUAL_FROM, type ResultsTableProps } from '../../renderer/features/search/ResultsTable';
import { OVERSCAN, ROW_HEIGHT, windowOf } from '../../renderer/features/search/VirtualRows';
import type { Row } from '../../renderer/lib/search-queries';

const ROWS: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: i + 1,
  title: `Track ${i + 1}`,
  artists: [{ id: 1, name: 'Ann' }],
  encode_status: i % 2 ? 'ERROR' : 'CONVERTED',
  bpm: 120,
}));

function table(extra: Partial<ResultsTableProps> = {}) {
  const props: ResultsTableProps = {
    columns: shownColumns('tracks', ['encode_status', 'bpm']),
    rows: ROWS,
    type: 'tracks',
    orderBy: null,
    onSort: vi.fn(),
    page: 1,
    perPage: 10_000,
    total: 10_000,
    onPage: vi.fn(),
    selected: [],
    onSelect: vi.fn(),
    height: 470,
    ...extra,
  };
  const view = render(
    <MemoryRouter>
      <ResultsTable {...props} />
    </MemoryRouter>,
  );
  return {
    props,
    rerender: (more: Partial<ResultsTableProps>) =>
      view.rerender(
        <MemoryRouter>
          <ResultsTable {...props} {...more} />
        </MemoryRouter>,
      ),
  };
}

const scroller = () => document.querySelector<HTMLElement>('[data-results-scroller]')!;
const shownIds = () => [...scroller().querySelectorAll<HTMLElement>('[data-row-key]')].map((r) => Number(r.dataset.rowKey));

describe('the rows to render at a scroll position', () => {
  it.each([
    // [scrollTop, height, count, first, end]
    [0, 470, 10_000, 0, 10 + OVERSCAN],
    [ROW_HEIGHT * 5000, 470, 10_000, 5000 - OVERSCAN, 5010 + OVERSCAN],
    [ROW_HEIGHT * 5000 + 20, 470, 10_000, 5000 - OVERSCAN, 5011 + OVERSCAN],
    [ROW_HEIGHT * 9990, 470, 10_000, 9990 - OVERSCAN, 10_000],
    [0, 470, 3, 0, 3],
    [0, 470, 0, 0, 0],
  ])('scrolled %i px, %i px high, %i rows: %i to %i', (top, height, count, first, end) => {
    expect(windowOf(top, height, count)).toEqual([first, end]);
  });
});

describe('a long results page', () => {
  it(`from ${VIRTUAL_FROM} rows only the rows in view are in the DOM, each in its place`, () => {
    table();
    expect(shownIds()).toEqual(Array.from({ length: 10 + OVERSCAN }, (_, i) => i + 1));
    const rows = scroller().querySelectorAll<HTMLElement>('[data-row-key]');
    expect(rows[3].style.top).toBe(`${3 * ROW_HEIGHT}px`);
    // The whole list's height, so the scroll bar is the list's.
    expect((scroller().firstElementChild as HTMLElement).style.height).toBe(`${10_000 * ROW_HEIGHT}px`);
    expect(scroller().getAttribute('role')).toBe('table');
    expect(scroller().getAttribute('aria-label')).toBe('10,000 results');
  });

  it('a scroll brings the rows there into the DOM and takes the others out', () => {
    table();
    const el = scroller();
    act(() => {
      el.scrollTop = ROW_HEIGHT * 5000;
      fireEvent.scroll(el);
    });
    expect(shownIds()[0]).toBe(5001 - OVERSCAN);
    expect(shownIds()).toContain(5001);
    expect(shownIds()).not.toContain(1);
    expect(screen.getByText('Track 5001').closest('a')!.getAttribute('href')).toBe('/catalog/tracks/5001');
  });

  it('shows links, tags in the spec words, and the whole text of a cell as its title', () => {
    table();
    const row = scroller().querySelector<HTMLElement>('[data-row-key="2"]')!;
    expect(row.querySelector('a')!.getAttribute('href')).toBe('/catalog/tracks/2');
    expect(row.querySelector('.ant-tag')!.textContent).toBe('ERROR');
    const cells = [...row.querySelectorAll<HTMLElement>('[role="cell"]')];
    // ID, Title, Artists, BPM, then the status (a tag: no title).
    expect(cells.map((c) => c.title)).toEqual(['', '2', 'Track 2', 'Ann', '120', '']);
  });

  it('a row box selects its row; a selected row shows it; the header box selects every row', () => {
    const { props, rerender } = table();
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[2]);
    expect(props.onSelect).toHaveBeenLastCalledWith([3]);
    rerender({ selected: [3] });
    const row = scroller().querySelector<HTMLElement>('[data-row-key="3"]')!;
    expect(row.className).toContain('results-vrow--selected');
    expect(row.querySelector<HTMLInputElement>('input')!.checked).toBe(true);
    fireEvent.click(row.querySelector('input')!);
    expect(props.onSelect).toHaveBeenLastCalledWith([]);
    // The header's select-all is antd's: every key of the page.
    fireEvent.click(document.querySelector('thead input[type="checkbox"]')!);
    expect(vi.mocked(props.onSelect).mock.lastCall![0]).toHaveLength(10_000);
  });

  it('Shift with a box ticks or clears every row from the last one ticked or cleared', () => {
    const { props, rerender } = table();
    const box = (id: number) => scroller().querySelector<HTMLInputElement>(`[data-row-key="${id}"] input`)!;
    fireEvent.click(box(2));
    expect(props.onSelect).toHaveBeenLastCalledWith([2]);
    rerender({ selected: [2] });
    fireEvent.click(box(5), { shiftKey: true });
    expect(props.onSelect).toHaveBeenLastCalledWith([2, 3, 4, 5]);
    rerender({ selected: [2, 3, 4, 5, 9] });
    fireEvent.click(box(3), { shiftKey: true });
    expect(props.onSelect).toHaveBeenLastCalledWith([2, 9]);
    // Another page starts without a row to range from: Shift ticks just the one.
    rerender({ rows: ROWS.slice(100), selected: [] });
    fireEvent.click(box(105), { shiftKey: true });
    expect(props.onSelect).toHaveBeenLastCalledWith([105]);
  });

  it('keeps the selection box and the first column in view when scrolled sideways, heading included', () => {
    table();
    const row = scroller().querySelector<HTMLElement>('[data-row-key="1"]')!;
    const [box, first] = row.querySelectorAll<HTMLElement>('[role="cell"]');
    expect(box.className).toContain('results-vcell--select');
    expect(first.className).toContain('results-vcell--first');
    expect(first.style.left).toBe('48px');
    const idHeading = [...document.querySelectorAll<HTMLElement>('thead th')].find((th) => th.textContent?.trim() === 'ID')!;
    expect([idHeading.style.position, idHeading.style.left]).toEqual(['sticky', '48px']);
  });

  it(`below ${VIRTUAL_FROM} rows the table is antd's own, every row in the DOM`, () => {
    table({ rows: ROWS.slice(0, VIRTUAL_FROM - 1), perPage: 100, total: VIRTUAL_FROM - 1 });
    expect(document.querySelector('[data-results-scroller]')).toBeNull();
    expect(document.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(VIRTUAL_FROM - 1);
  });
});
