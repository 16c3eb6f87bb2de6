import { describe, expect, it } from 'vitest';
import { principalFrom } from '../../shared/access';
import {
  cellLink,
  cellText,
  columnsOf,
  deleteView,
  filterKind,
  loadSavedViews,
  parseSearchUrl,
  saveView,
  searchQueryString,
  searchUrl,
  panelFilters,
  exportFilters,
  setFilter,
  shownColumns,
  visibleFilters,
  viewsOf,
  hypeTag,
  voidedTag,
  cellTag,
  claimedTag,
  encodeStatusTag,
  enrollmentTag,
  exportColumnKeys,
  indexedTag,
  recordLink,
  ENCODE_STATUSES,
  ORDER_STATUSES,
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
      type: 'tracks',
      page: 2,
      perPage: 25,
      filters: { title: 'deep', release_id: '1 2', id: '3 4' },
    });
    expect(q).toBe('type=tracks&page=2&per_page=25&title=deep');
    expect(searchQueryString(admin, { type: 'tracks', filters: { id: ' 3  4\n5', title: '' } })).toBe('type=tracks&id=3,4,5');
  });
  it('exports the same filters the list sends, normalised, without paging', () => {
    expect(
      exportFilters(supplierBaseware, {
        type: 'tracks',
        page: 3,
        perPage: 50,
        orderBy: '-id',
        filters: { title: 'x', release_id: '1', q: 'deep' },
      }),
    ).toEqual({ title: 'x', q: 'deep' });
    expect(exportFilters(admin, { type: 'tracks', filters: { id: '1 2' } })).toEqual({ id: '1,2' });
  });
  it('sends the free-text search as q where the type has one', () => {
    expect(searchQueryString(admin, { type: 'tracks', filters: { q: ' deep house ', title: 'x' } })).toBe(
      'type=tracks&q=deep%20house&title=x',
    );
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
    expect(pposp).toEqual({
      kind: 'select',
      options: [
        { value: '1', label: 'Enrolled' },
        { value: '0', label: 'Not Enrolled' },
      ],
    });
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
    const row = {
      id: 7,
      title: 'T',
      artists: [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ],
      price_override: null,
      exclusive_period: 28,
    };
    const col = (t: string, k: string) => columnsOf(t).find((c) => c.key === k)!;
    expect(cellText(col('tracks', 'artists'), row)).toBe('A, B');
    expect(cellText(col('releases', 'price_override'), row)).toBe('$0.00');
    expect(cellText(col('releases', 'exclusive_period'), row)).toBe('4 Weeks');
    expect(cellLink('tracks', col('tracks', 'title'), row)).toBe('/catalog/tracks/7');
    expect(cellLink('deliveries', col('deliveries', 'release_id'), { release_id: 12 })).toBe('/catalog/releases/12');
  });
  it('uses the spec words for tags', () => {
    expect(voidedTag(true).text).toBe('Voided');
    expect(voidedTag(false).text).toBe('Active');
    expect([hypeTag(false, true), hypeTag(true, true), hypeTag(true, false)].map((t) => t.text)).toEqual([
      'Hype Ineligible',
      'Hype Active',
      'Hype Inactive',
    ]);
    expect([enrollmentTag(1), enrollmentTag(0), enrollmentTag('1'), enrollmentTag(null)].map((t) => t.text)).toEqual([
      'Enrolled',
      'Not Enrolled',
      'Enrolled',
      'Not Enrolled',
    ]);
    expect([indexedTag(true), indexedTag(false)].map((t) => t.text)).toEqual(['Indexed', 'Not Indexed']);
    expect([claimedTag(true), claimedTag(false)].map((t) => t.text)).toEqual(['Account claimed', 'Account not claimed']);
    expect(
      ['CONVERTED', 'TRANSCODING', 'ERROR', 'Pending Audio Encode', 'Not Converted', null].map((v) => encodeStatusTag(v).text),
    ).toEqual(['CONVERTED', 'TRANSCODING', 'ERROR', 'Pending Audio Encode', 'Not Converted', 'Not Converted']);
    expect(ENCODE_STATUSES).toEqual(['CONVERTED', 'TRANSCODING', 'ERROR', 'Not Converted', 'Pending Audio Encode']);
  });
  it('shows tags only in the words of spec §4 (Enabled is a Yes/No field, not a status)', () => {
    const SPEC_WORDS = new Set([
      'Voided',
      'Active',
      'Enrolled',
      'Not Enrolled',
      'Indexed',
      'Not Indexed',
      'Hype Ineligible',
      'Hype Active',
      'Hype Inactive',
      'Account claimed',
      'Account not claimed',
      ...ENCODE_STATUSES,
      ...ORDER_STATUSES,
    ]);
    const samples = [true, false, 1, 0, null, 'CONVERTED', 'TRANSCODING', 'ERROR', 'Open', 'Complete', 'Deleted', ''];
    for (const t of SEARCH_TYPES) {
      for (const c of columnsOf(t.key)) {
        if (c.kind === 'releaseStatus') continue; // shows the delivery's own release_status value (§4 list)
        for (const v of samples) {
          const tag = cellTag(c, { [c.field]: v, hype_active: v });
          if (tag && tag.text) expect(SPEC_WORDS.has(tag.text), `${t.key}.${c.key} shows "${tag.text}"`).toBe(true);
        }
      }
    }
    const enabled = columnsOf('genres').find((c) => c.key === 'enabled')!;
    expect(cellTag(enabled, { enabled: true })).toBeNull();
    expect([cellText(enabled, { enabled: true }), cellText(enabled, { enabled: false })]).toEqual(['Yes', 'No']);
  });
  it('sorts exclusive-period columns on the server (Lifetime as 250 there)', () => {
    expect(columnsOf('releases').find((c) => c.kind === 'exclusive')!.sortable).toBe(true);
    expect(columnsOf('suppliers').find((c) => c.kind === 'exclusive')!.sortable).toBe(true);
  });
  it('links the first fixed column of every routed type to its record', () => {
    const CATALOGUE = ['artists', 'charts', 'labels', 'tracks', 'releases', 'suppliers'];
    for (const t of SEARCH_TYPES.filter((x) => x.area !== null)) {
      const first = columnsOf(t.key)[0];
      expect(first.fixed && first.link, t.key).toBe(true);
      const href = cellLink(t.key, first, { id: 42, release_id: 9 });
      if (CATALOGUE.includes(t.key)) expect(href, t.key).toBe(`/catalog/${t.key}/42`);
      else if (t.key === 'deliveries') expect(href).toBe('/catalog/releases/9');
      else expect(href, t.key).toMatch(new RegExp(`^${t.area}/[a-z-]+/42$`));
    }
    expect(recordLink('orders', 5)).toBe('/support/orders/5');
    expect(recordLink('pages', 5)).toBe('/curation/pages/5');
    expect(recordLink('live_streams', 5)).toBe('/live/streams/5');
    expect(recordLink('genres', 5)).toBe('/catalog/genres/5');
    expect(recordLink('muzooka_artists', 5)).toBeNull();
    expect(recordLink('orders', null)).toBeNull();
  });
  it('exports the keys on screen, fixed ones included, so an export with nothing chosen is never the defaults', () => {
    expect(exportColumnKeys('releases', [])).toEqual(['id', 'title', 'label']);
    expect(exportColumnKeys('releases', null)).toEqual(shownColumns('releases', null).map((c) => c.key));
    expect(exportColumnKeys('releases', ['upc'])).toEqual(['id', 'title', 'label', 'upc']);
  });
});

describe('year, month and store filters', () => {
  it('offers years down to 2004, the twelve months, and the active brand’s stores (§6)', () => {
    const years = filterKind('year', 'brand:dance', new Date('2026-05-01T00:00:00Z'));
    expect(years.kind === 'select' && years.options.map((o) => o.value)).toEqual(
      Array.from({ length: 2026 - 2004 + 1 }, (_, i) => String(2026 - i)),
    );
    const months = filterKind('month');
    expect(months.kind === 'select' && months.options.map((o) => `${o.value} ${o.label}`).slice(0, 2)).toEqual(['1 January', '2 February']);
    const dance = filterKind('store', 'brand:dance');
    const dj = filterKind('store', 'brand:dj');
    expect(dance.kind === 'select' && dance.options.map((o) => o.value)).toEqual(['music', 'soundpack', 'stem', 'cloud', 'streaming']);
    expect(dj.kind === 'select' && dj.options.map((o) => o.value)).toEqual(['music', 'streaming']);
  });
  it('shows them to support on orders and hype purchases, and sends them', () => {
    const support = principalFrom('app:control staff:support brand:dance');
    expect(visibleFilters(support, 'orders')).toEqual(expect.arrayContaining(['year', 'month', 'store']));
    expect(visibleFilters(support, 'hype_purchases')).toEqual(expect.arrayContaining(['year', 'month']));
    expect(searchQueryString(support, { type: 'orders', filters: { year: '2025', month: '3', store: 'stem' } })).toBe(
      'type=orders&month=3&store=stem&year=2025',
    );
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
