// @vitest-environment happy-dom
/** The results table and column chooser as a user sees them: columns, tags, links, sort, selection. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { columnsOf, shownColumns } from '../../shared/search';
import { ColumnChooser } from '../../renderer/features/search/ColumnChooser';
import { ResultsTable, type ResultsTableProps } from '../../renderer/features/search/ResultsTable';

afterEach(cleanup);

const rows = [
  {
    id: 7,
    title: '=Evil',
    artists: [
      { id: 1, name: 'Ann' },
      { id: 2, name: 'Bo' },
    ],
    encode_status: 'CONVERTED',
    release_date: '2024-03-07',
    bpm: 128,
  },
  { id: 8, title: 'Second', artists: [], encode_status: 'ERROR', release_date: null, bpm: null },
];

function table(extra: Partial<ResultsTableProps> = {}) {
  const props: ResultsTableProps = {
    columns: shownColumns('tracks', ['encode_status', 'release_date', 'bpm']),
    rows,
    type: 'tracks',
    orderBy: null,
    onSort: vi.fn(),
    page: 1,
    perPage: 25,
    total: 2,
    onPage: vi.fn(),
    selected: [],
    onSelect: vi.fn(),
    ...extra,
  };
  render(
    <MemoryRouter>
      <ResultsTable {...props} />
    </MemoryRouter>,
  );
  return props;
}

describe('ResultsTable', () => {
  it('shows fixed and chosen columns, catalogue links, spec tags and MM/DD/YYYY dates', () => {
    table();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual(['ID', 'Title', 'Artists', 'BPM', 'Encode Status', 'Release Date']);
    const first = screen.getByText('=Evil').closest('tr')!;
    expect(within(first).getByText('=Evil').closest('a')!.getAttribute('href')).toBe('/catalog/tracks/7');
    expect(within(first).getByText('Ann, Bo')).toBeTruthy();
    expect(within(first).getByText('CONVERTED').className).toContain('ant-tag');
    expect(within(first).getByText('03/07/2024')).toBeTruthy();
    expect(screen.getByText('2 results')).toBeTruthy();
  });

  it('asks for order_by when a sortable header is clicked', () => {
    const p = table();
    const title = [...document.querySelectorAll('thead th')].find((th) => th.textContent?.trim() === 'Title')!;
    fireEvent.click(title);
    expect(p.onSort).toHaveBeenCalledWith('title');
  });

  it('reports the selected ids', () => {
    const p = table();
    const boxes = document.querySelectorAll('tbody tr.ant-table-row input[type="checkbox"]');
    expect(boxes).toHaveLength(2);
    fireEvent.click(boxes[1]);
    expect(p.onSelect).toHaveBeenCalled();
    expect(vi.mocked(p.onSelect).mock.calls[0][0]).toEqual([8]);
  });
});

describe('ColumnChooser', () => {
  it('keeps fixed columns on and toggles optional ones', async () => {
    const onChange = vi.fn();
    render(<ColumnChooser columns={columnsOf('tracks')} shown={['mix_name']} onChange={onChange} />);
    fireEvent.click(screen.getByText('Columns'));
    const chooser = await screen.findByTestId('column-chooser');
    expect((within(chooser).getByText('Title').closest('label')!.querySelector('input') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(chooser).getByText('BPM'));
    expect(onChange).toHaveBeenCalledWith(['mix_name', 'bpm']);
    fireEvent.click(within(chooser).getByText('Mix Name'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});

describe('ResultsTable layout and semantics (issue 12)', () => {
  it('keeps the first column in view and leaves nothing focusable in the hidden measuring row', () => {
    table();
    const idHeader = [...document.querySelectorAll('thead th')].find((th) => th.textContent?.trim() === 'ID')!;
    expect(idHeader.className).toContain('ant-table-cell-fix');
    const measure = document.querySelectorAll('.ant-table-measure-row');
    expect(measure.length).toBeGreaterThan(0);
    for (const row of measure) {
      expect(row.hasAttribute('inert')).toBe(true);
      for (const el of row.querySelectorAll<HTMLElement>('input, button, a')) expect(el.tabIndex).toBe(-1);
    }
  });

  it('an empty result shows what the screen gives it', () => {
    table({ rows: [], total: 0, empty: <p>No results for Title: Storm.</p> });
    expect(screen.getByText('No results for Title: Storm.')).toBeTruthy();
  });
});
