// @vitest-environment happy-dom
/**
 * Issue 12, search filters as people use them: the compact bar of fixed search fields
 * with human labels (the rest behind "More filters"), filter values checked with the
 * server's own rules and shown on their field, the active filters as removable chips,
 * and an empty result that names the filters that produced it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { principalFrom } from '../../shared/access';
import { VALUE_MSG, dateRangeValue, idListValue } from '../../shared/api';
import { MSG } from '../../shared/messages';
import {
  activeFilters,
  barFilters,
  chipText,
  placeServerErrors,
  emptyResultText,
  filterError,
  filterErrors,
  filterLabel,
  panelFilters,
} from '../../shared/search';
import { storeOptions } from '../../shared/access';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { FilterPanel } from '../../renderer/features/search/FilterPanel';
import { validationErrorsOf } from '../../renderer/lib/http-errors';
import { BridgeError } from '../../shared/bridge/error';
import { FilterChips } from '../../renderer/features/search/FilterChips';
import * as suggestionModule from '../../renderer/features/search/SuggestionLabel';

afterEach(cleanup);

const principalOf = (username: string) => {
  const a = SANDBOX_ACCOUNTS.find((x) => x.username === username)!;
  return principalFrom([a.app, a.role, ...a.brands].join(' '), [], a.brands[0]);
};
const admin = principalOf('admin');
const supplier = principalOf('supplier');

describe('the filter bar (spec §9: 1 to 3 fixed search fields)', () => {
  it("shows the free-text search and the fixed columns' filters, never Name/Title/Track Name side by side", () => {
    expect(barFilters(admin, 'tracks')).toEqual(['q', 'id', 'artist']);
    expect(barFilters(admin, 'releases')).toEqual(['q', 'id', 'label']);
    for (const type of ['tracks', 'releases', 'artists', 'labels', 'orders', 'deliveries', 'dj_profiles']) {
      const bar = barFilters(admin, type);
      expect(bar.length, type).toBeGreaterThanOrEqual(1);
      expect(bar.length, type).toBeLessThanOrEqual(3);
      expect(
        bar.every((f) => panelFilters(admin, type).includes(f)),
        type,
      ).toBe(true);
      expect(bar.filter((f) => ['name', 'title', 'track_name'].includes(f)).length, type).toBeLessThanOrEqual(1);
    }
  });

  it('offers only the filters the principal may use (a supplier has no ID filter on tracks)', () => {
    expect(panelFilters(supplier, 'tracks')).not.toContain('id');
    expect(barFilters(supplier, 'tracks')).toEqual(['q', 'artist']);
  });

  it('labels filters as people say them', () => {
    expect(filterLabel('genre_id')).toBe('Genre');
    expect(filterLabel('sub_genre_id')).toBe('Sub-genre');
    expect(filterLabel('is_hype')).toBe('Hype');
    expect(filterLabel('release_id')).toBe('Release ID');
    expect(filterLabel('q')).toBe('Search');
  });
});

describe("filter values checked with the server's rules", () => {
  it('an ID filter takes whole numbers, as the list engine parses it', () => {
    expect(filterError('id', 'abc')).toBe(VALUE_MSG.wholeNumbers);
    expect(idListValue.safeParse('abc').error?.issues[0].message).toBe(VALUE_MSG.wholeNumbers);
    expect(filterError('id', '12 34,56')).toBeNull();
    expect(filterError('id', '0')).toBe(VALUE_MSG.range(1, 2_147_483_647));
  });

  it('a reversed date range says §5\'s "Start Date must be before End Date"', () => {
    expect(filterError('release_date', '2024-03-01:2024-01-01')).toBe(MSG.startBeforeEnd);
    expect(dateRangeValue.safeParse('2024-03-01:2024-01-01').error?.issues[0].message).toBe(MSG.startBeforeEnd);
    expect(filterError('release_date', '2024-01-01:2024-01-01')).toBeNull();
    expect(filterError('release_date', ':2024-01-01')).toBeNull();
  });

  it('free text is not checked; a store not of the brand is refused; every bad value is listed by name', () => {
    expect(filterError('title', 'abc')).toBeNull();
    expect(filterError('store', storeOptions(admin.brand)[0], admin.brand)).toBeNull();
    expect(filterError('store', 'not-a-store', admin.brand)).toBe(VALUE_MSG.choice);
    expect(filterErrors({ id: 'x', title: 'y', is_hype: 'maybe', release_date: '' })).toEqual({
      id: VALUE_MSG.wholeNumbers,
      is_hype: VALUE_MSG.bool('true', 'false'),
    });
  });
});

describe('a 400 naming fields', () => {
  it('lands on the filters it names; anything else is one labelled line, never a bare status text', () => {
    const body = { id: [VALUE_MSG.wholeNumbers], order_by: ['Cannot order by x.'] };
    expect(placeServerErrors(body, ['q', 'id'])).toEqual({
      fields: { id: VALUE_MSG.wholeNumbers },
      other: ['Order By: Cannot order by x.'],
    });
    expect(placeServerErrors(null, ['id'])).toEqual({ fields: {}, other: [] });
  });

  it('is read from the BridgeError of a 400 only', () => {
    const detail = { id: ['Enter whole numbers separated by commas.'] };
    expect(validationErrorsOf(new BridgeError({ code: 'http_error', status: 400, message: 'Bad Request', detail }))).toEqual(detail);
    expect(validationErrorsOf(new BridgeError({ code: 'http_error', status: 500, message: 'Internal Server Error', detail }))).toBeNull();
    expect(validationErrorsOf(new BridgeError({ code: 'http_error', status: 400, message: 'Bad Request', detail: 'nope' }))).toBeNull();
  });
});

describe('chips and the empty result', () => {
  it('reads each active filter as "Label: value", in the panel\'s order', () => {
    const values = { release_date: '2024-01-01:2024-01-31', title: 'Storm', is_hype: 'true', encode_status: '' };
    expect(activeFilters(values, ['title', 'is_hype', 'release_date'])).toEqual(['title', 'is_hype', 'release_date']);
    expect(chipText('release_date', values.release_date)).toBe('Release Date: 01/01/2024 – 01/31/2024');
    expect(chipText('release_date', '2024-01-01:')).toBe('Release Date: from 01/01/2024');
    expect(chipText('is_hype', 'true')).toBe('Hype: Yes');
    expect(chipText('genre_id', '5', '', (id) => (id === '5' ? 'House' : undefined))).toBe('Genre: House');
    expect(emptyResultText({ title: 'Storm' }, ['title'])).toBe('No results for Title: Storm.');
  });
});

function withQuery(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('FilterPanel', () => {
  const filters = panelFilters(admin, 'tracks');
  const bar = barFilters(admin, 'tracks');

  it('shows "abc" in the ID filter as an error on that field and sends nothing', async () => {
    const onApply = vi.fn();
    withQuery(<FilterPanel filters={filters} bar={bar} brand={admin.brand} applied={{}} errors={{}} onApply={onApply} />);
    expect(screen.getByText('ID')).toBeTruthy();
    expect(screen.queryByTestId('filter-genre_id')).toBeNull();
    fireEvent.change(screen.getByTestId('filter-id'), { target: { value: 'abc' } });
    await waitFor(() => expect(screen.getByTestId('filter-error-id').textContent).toBe(VALUE_MSG.wholeNumbers));
    fireEvent.click(screen.getByTestId('search-submit'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('filter-id'), { target: { value: '12 13' } });
    await waitFor(() => expect(screen.queryByTestId('filter-error-id')).toBeNull());
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ id: '12 13' }));
  });

  it('puts an error answered for an applied filter on its field, in the drawer for the others', async () => {
    withQuery(
      <FilterPanel
        filters={filters}
        bar={bar}
        brand={admin.brand}
        applied={{ q: 'x', release_date: '2024-03-01:2024-01-01' }}
        errors={{ q: 'Too short.', release_date: MSG.startBeforeEnd }}
        onApply={vi.fn()}
      />,
    );
    expect(screen.getByTestId('filter-error-q').textContent).toBe('Too short.');
    fireEvent.click(screen.getByTestId('more-filters'));
    await waitFor(() => expect(screen.getByTestId('filter-error-release_date').textContent).toBe(MSG.startBeforeEnd));
  });

  it("on a phone the bar is one row, Filters and Reset; every filter (the bar's too) is in the drawer, and its count shows on the button", async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      const onApply = vi.fn();
      withQuery(
        <FilterPanel filters={filters} bar={bar} brand={admin.brand} applied={{ q: 'x', genre_id: '5' }} errors={{}} onApply={onApply} />,
      );
      expect(screen.queryByTestId('filter-q')).toBeNull();
      expect(screen.queryByTestId('search-submit')).toBeNull();
      const open = screen.getByTestId('more-filters');
      expect(open.textContent).toBe('Filters');
      // Both applied filters count on the one button.
      expect(open.closest('.ant-badge')!.querySelector('.ant-badge-count')!.textContent).toBe('2');
      fireEvent.click(open);
      await waitFor(() => expect(screen.getByTestId('filter-q')).toBeTruthy());
      for (const name of bar) expect(screen.getByTestId(`filter-${name}`)).toBeTruthy();
      fireEvent.click(screen.getByTestId('more-filters-submit'));
      await waitFor(() => expect(onApply).toHaveBeenCalledWith({ q: 'x', genre_id: '5' }));
    } finally {
      window.innerWidth = width;
    }
  });

  it('Reset applies no filters', () => {
    const onApply = vi.fn();
    withQuery(<FilterPanel filters={filters} bar={bar} brand={admin.brand} applied={{ q: 'x' }} errors={{}} onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenCalledWith({});
  });
});

describe('FilterChips', () => {
  it('shows every active filter; removing a chip removes that filter; Clear filters removes all', () => {
    const onRemove = vi.fn();
    const onClear = vi.fn();
    withQuery(
      <FilterChips
        values={{ title: 'Storm', is_hype: 'false' }}
        order={['title', 'is_hype']}
        brand={admin.brand}
        errors={{}}
        onRemove={onRemove}
        onClear={onClear}
      />,
    );
    expect(screen.getByTestId('chip-title').textContent).toContain('Title: Storm');
    expect(screen.getByTestId('chip-is_hype').textContent).toContain('Hype: No');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Hype: No' }));
    expect(onRemove).toHaveBeenCalledWith('is_hype');
    fireEvent.click(screen.getByTestId('clear-filters'));
    expect(onClear).toHaveBeenCalled();
  });

  it('shows nothing without filters', () => {
    withQuery(<FilterChips values={{}} order={[]} brand="" errors={{}} onRemove={vi.fn()} onClear={vi.fn()} />);
    expect(screen.queryByTestId('filter-chips')).toBeNull();
  });
});

describe('header search suggestions', () => {
  it('show the name, then the type and id and what the server says tells them apart', () => {
    const { SuggestionLabel } = suggestionModule;
    render(
      <>
        <SuggestionLabel s={{ type: 'tracks', id: 5, name: 'Mirage', detail: 'Ann · Club Mix · Signal EP' }} />
        <SuggestionLabel s={{ type: 'artists', id: 9, name: 'Mirage', detail: '' }} />
      </>,
    );
    expect(screen.getByTestId('suggestion-tracks-5').textContent).toBe('MirageTracks #5 · Ann · Club Mix · Signal EP');
    expect(screen.getByTestId('suggestion-artists-9').textContent).toBe('MirageArtists #9');
  });
});
