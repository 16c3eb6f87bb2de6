import { describe, expect, it } from 'vitest';
import { principalFrom } from '../../shared/access';
import {
  cellLink, cellText, columnsOf, deleteView, filterKind, loadSavedViews, parseSearchUrl, saveView,
  searchQueryString, searchUrl, panelFilters, exportFilters, setFilter, shownColumns, visibleFilters, viewsOf, hypeTag, voidedTag,
} from '../../shared/search';
import { SEARCH_TYPES } from '../../shared/access';

const admin = principalFrom('app:control staff:admin brand:dance');
const supplierBaseware = principalFrom('app:baseware user:supplier brand:dj');

describe('filters', () => {
  it('hides restricted filters from users without control scope', () => {
    expect(visibleFilters(admin, 'tracks')).toContain('release_id');
    expect(visibleFilters(supplierBaseware, 'tracks')).not.toContain('release_id');
    expect(visibleFilters(supplierBaseware, 'tracks')).toContain('title');
    expect(visibleFilters(supplierBaseware, 'charts')).toEqual([]);
  });
  it('builds the query with ids normalised and unusable filters dropped', () => {
    const q = searchQueryString(supplierBaseware, {
      type: 'tracks', page: 2, perPage: 25, filters: { title: 'deep', release_id: '1 2', id: '3 4' },
    });
    expect(q).toBe('type=tracks&page=2&per_page=25&title=deep');
    expect(searchQueryString(admin, { type: 'tracks', filters: { id: ' 3  4\n5', title: '' } })).toBe('type=tracks&id=3,4,5');
  });
  it('exports the same filters the list sends, normalised, without paging', () => {
    expect(exportFilters(supplierBaseware, { type: 'tracks', page: 3, perPage: 50, orderBy: '-id', filters: { title: 'x', release_id: '1', q: 'deep' } }))
      .toEqual({ title: 'x', q: 'deep' });
    expect(exportFilters(admin, { type: 'tracks', filters: { id: '1 2' } })).toEqual({ id: '1,2' });
  });
  it('sends the free-text search as q where the type has one', () => {
    expect(searchQueryString(admin, { type: 'tracks', filters: { q: ' deep house ', title: 'x' } })).toBe('type=tracks&q=deep%20house&title=x');
    expect(searchQueryString(admin, { type: 'orders', filters: { q: 'x' } })).toBe('type=orders');
    expect(panelFilters(admin, 'tracks')[0]).toBe('q');
    expect(panelFilters(admin, 'orders')[0]).not.toBe('q');
    expect(panelFilters(supplierBaseware, 'charts')).toEqual([]);
  });
  it('resets the sub-genre when the genre changes', () => {
    const v = setFilter({ genre_id: '1', sub_genre_id: '9', title: 'x' }, 'genre_id', '2');
    expect(v).toEqual({ genre_id: '2', title: 'x' });
    expect(setFilter(v, 'sub_genre_id', '4')).toEqual({ genre_id: '2', sub_genre_id: '4', title: 'x' });
  });
  it('gives select filters their spec options', () => {
    const pposp = filterKind('pposp_enrollment_status');
    expect(pposp).toEqual({ kind: 'select', options: [{ value: '1', label: 'Enrolled' }, { value: '0', label: 'Not Enrolled' }] });
    const weeks = filterKind('default_pre_order_weeks');
    expect(weeks.kind === 'select' && weeks.options.map((o) => o.value)).toEqual(['0', '1', '2', '3', '4']);
    const store = filterKind('store', 'brand:dj');
    expect(store.kind === 'select' && store.options.map((o) => o.value)).toEqual(['music', 'streaming']);
    expect(filterKind('add_date').kind).toBe('dateRange');
  });
});

describe('columns', () => {
  it('has 1 to 3 fixed columns for every search type', () => {
    for (const t of SEARCH_TYPES) {
      const fixed = columnsOf(t.key).filter((c) => c.fixed).length;
      expect(fixed, t.key).toBeGreaterThanOrEqual(1);
      expect(fixed, t.key).toBeLessThanOrEqual(3);
    }
  });
  it('shows fixed columns plus the chosen ones', () => {
    expect(shownColumns('tracks', ['bpm']).map((c) => c.key)).toEqual(['id', 'title', 'artists', 'bpm']);
  });
  it('formats cells and links in the catalogue link shape', () => {
    const row = { id: 7, title: 'T', artists: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], price_override: null, exclusive_period: 28 };
    const col = (t: string, k: string) => columnsOf(t).find((c) => c.key === k)!;
    expect(cellText(col('tracks', 'artists'), row)).toBe('A, B');
    expect(cellText(col('releases', 'price_override'), row)).toBe('$0.00');
    expect(cellText(col('releases', 'exclusive_period'), row)).toBe('4 Weeks');
    expect(cellLink('tracks', col('tracks', 'title'), row)).toBe('/catalog/tracks/7');
    expect(cellLink(undefined, col('deliveries', 'release_id'), { release_id: 12 })).toBe('/catalog/releases/12');
  });
  it('uses the spec words for tags', () => {
    expect(voidedTag(true).text).toBe('Voided');
    expect([hypeTag(false, true), hypeTag(true, true), hypeTag(true, false)].map((t) => t.text))
      .toEqual(['Hype Ineligible', 'Hype Active', 'Hype Inactive']);
  });
});

describe('URL state', () => {
  it('round-trips', () => {
    const s = { type: 'releases', page: 3, perPage: 50, orderBy: '-release_date', filters: { title: 'a&b c', id: '1,2' } };
    const url = searchUrl(s);
    expect(url).toBe('type=releases&page=3&per_page=50&id=1,2&order_by=-release_date&title=a%26b%20c');
    expect(parseSearchUrl(`?${url}`)).toEqual(s);
  });
});

describe('saved views', () => {
  it('saves per user, replaces by name, deletes, and survives JSON', () => {
    const v = (id: string, name: string) => ({ id, name, type: 'tracks', filters: { title: id }, createdAt: '2026-01-01' });
    let all = saveView(loadSavedViews(null), 1, v('a', 'Mine'));
    all = saveView(all, 1, v('b', 'mine'));
    all = saveView(all, 2, v('z', 'Theirs'));
    expect(viewsOf(all, 1, 'tracks').map((x) => x.id)).toEqual(['b']);
    all = saveView(all, 1, v('c', 'Other'));
    all = deleteView(all, 1, 'b');
    expect(viewsOf(loadSavedViews(JSON.parse(JSON.stringify(all))), 1, 'tracks').map((x) => x.id)).toEqual(['c']);
    expect(viewsOf(all, 2, 'tracks').map((x) => x.id)).toEqual(['z']);
    expect(loadSavedViews({ version: 9 })).toEqual({ version: 1, users: {} });
  });
});
