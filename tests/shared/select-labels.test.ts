/**
 * Plain words for every fixed select (issue 29): each option a record declares is shown by a
 * label a person reads (a capital first letter, no dashes or underscores), never by its raw
 * value ("header", "draft"); and the page slots are named as the Slots tab names them.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_SLOTS, PAGE_SLOT_LABELS, RECORD_DECLS, pageModuleRecord, valueOptions } from '../../shared/records';
import { VIEWPORTS } from '../../shared/constants';

const options = RECORD_DECLS.flatMap((d) =>
  Object.entries(d.fields).flatMap(([key, f]) => (f.options ?? []).map((o) => [`${d.type}.${key}`, o.value, o.label] as const)),
);

describe('select options in plain words', () => {
  it('declared options exist to check', () => {
    expect(options.length).toBeGreaterThan(10);
  });
  it.each(options)('%s %s is shown as %s', (_field, value, label) => {
    expect(label).toMatch(/^[A-Z0-9]/);
    expect(label).not.toMatch(/[-_]\w/);
    if (typeof value === 'string' && /^[a-z]/.test(value)) expect(label).not.toBe(value);
  });
  it('page slots: Header, Left column, Right column', () => {
    expect(pageModuleRecord.fields.slot.options).toEqual(PAGE_SLOTS.map((v) => ({ value: v, label: PAGE_SLOT_LABELS[v] })));
    expect(PAGE_SLOTS.map((s) => PAGE_SLOT_LABELS[s])).toEqual(['Header', 'Left column', 'Right column']);
  });
  it('a value without a label reads as a word', () => {
    expect(valueOptions(['draft', 'not-converted'])).toEqual([
      { value: 'draft', label: 'Draft' },
      { value: 'not-converted', label: 'Not converted' },
    ]);
  });
  it('viewport classes have names people use', () => {
    expect(VIEWPORTS.map((v) => v.label)).toEqual([
      'Phone (portrait)',
      'Phone (landscape)',
      'Tablet (portrait)',
      'Tablet (landscape)',
      'Desktop',
      'Large desktop',
    ]);
  });
});
