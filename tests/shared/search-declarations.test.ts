/**
 * One declaration per search type (shared/search/types): the views the console and
 * the server read (SEARCH_TYPES, filter inputs, columns, sorts) come from it, and each
 * vocabulary is listed once (shared/vocabularies.ts).
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_TYPES } from '../../shared/access';
import { EXCLUSIVE_PERIODS } from '../../shared/constants';
import { COLUMNS, FILTER_DECLS, filterKind, hasTextSearch, releaseStatusTag } from '../../shared/search';
import type { SearchTypeDecl } from '../../shared/search/define';
import { SEARCH_TYPE_DECLS } from '../../shared/search/types';
import { ENCODE_STATUSES, ORDER_STATUSES, RELEASE_STATUS, RELEASE_STATUSES, deliveryMessage } from '../../shared/vocabularies';
import { DELIVERY_STATUS_MESSAGES } from '../../shared/messages';

describe('search type declarations', () => {
  it('SEARCH_TYPES, the column lists and the text-search flag are views of the declarations', () => {
    expect(SEARCH_TYPES.map((t) => t.key)).toEqual(SEARCH_TYPE_DECLS.map((d) => d.key));
    for (const d of SEARCH_TYPE_DECLS) {
      const t = SEARCH_TYPES.find((x) => x.key === d.key)!;
      expect([t.filters, t.rule, t.path]).toEqual([Object.keys(d.filters), d.rule, d.path]);
      expect(COLUMNS[d.key].map((c) => c.key)).toEqual(Object.keys(d.columns));
      expect(hasTextSearch(d.key)).toBe(d.textSearch);
    }
  });

  it('a filter name means the same in every type that declares it (the console looks filters up by name)', () => {
    for (const d of SEARCH_TYPE_DECLS) {
      for (const [name, f] of Object.entries(d.filters)) expect(f, `${d.key}.${name}`).toEqual(FILTER_DECLS.get(name));
    }
  });

  it('each default order is a sortable column or a declared extra sort', () => {
    for (const d of SEARCH_TYPE_DECLS as readonly SearchTypeDecl[]) {
      const sortable = Object.entries(d.columns)
        .filter(([, c]) => c.sortable)
        .map(([k]) => k);
      expect([...sortable, ...(d.sorts ?? [])], d.key).toContain(d.defaultSort.replace(/^-/, ''));
    }
  });

  it('select filters offer the vocabularies', () => {
    const values = (name: string) => {
      const k = filterKind(name, 'brand:dance');
      return k.kind === 'select' ? k.options.map((o) => o.value) : [];
    };
    expect(values('encode_status')).toEqual([...ENCODE_STATUSES]);
    expect(values('current_status')).toEqual([...ORDER_STATUSES]);
    expect(values('release_status')).toEqual([...RELEASE_STATUSES]);
    expect(filterKind('pposp_enrollment_status')).toEqual({
      kind: 'select',
      options: [
        { value: '1', label: 'Enrolled' },
        { value: '0', label: 'Not Enrolled' },
      ],
    });
  });
});

describe('vocabularies', () => {
  it('release statuses: each once, its tag tone from the vocabulary, its message one of the §8 texts', () => {
    expect(new Set(RELEASE_STATUSES).size).toBe(RELEASE_STATUSES.length);
    for (const t of RELEASE_STATUS) {
      expect(releaseStatusTag(t.value)).toEqual({ text: t.label, tone: t.tone });
      if (t.message) expect(Object.values(DELIVERY_STATUS_MESSAGES)).toContain(deliveryMessage(t.message));
    }
  });

  it('exclusive periods: one list, days and labels (§9), None (0) and Lifetime (null) both representable', () => {
    expect(EXCLUSIVE_PERIODS.map((p) => [p.days, p.label])).toEqual([
      [0, 'None'],
      [14, '2 Weeks'],
      [28, '4 Weeks'],
      [56, '8 Weeks'],
      [null, 'Lifetime'],
    ]);
  });
});
