/**
 * The server's list SQL is typed from the shared declaration (server/api/lists/types.ts
 * list()): a declared filter or sort without its SQL, SQL for an undeclared filter, or
 * a text search without its expression does not compile (checked by `tsc -b`
 * through the @ts-expect-error lines below), and every declared type has its SQL.
 */
import { describe, expect, it } from 'vitest';
import { defineSearchType, col, ids, text } from '../../shared/search/define';
import { SEARCH_RULES } from '../../shared/access';
import { SEARCH_TYPE_DECLS } from '../../shared/search/types';
import { RECORDS } from '../../shared/records';
import { LIST_DEF_BY_KEY, checkListDefs, list, type RowSql } from '../../server/api/lists/types';

const probe = defineSearchType({
  key: 'probe',
  label: 'Probe',
  area: null,
  category: 'catalog',
  path: 'probe',
  rule: SEARCH_RULES.muzooka,
  filters: { id: ids(), name: text() },
  columns: { id: col('ID', 'number', { fixed: true, sortable: true }), name: col('Name') },
  sorts: ['created_at'],
  defaultSort: 'id',
  textSearch: true,
});
const base = { from: 'artists t', row: { id: 't.id', name: 't.name', version: 't.version' }, text: 't.name' };

describe('list SQL typed from the declaration', () => {
  it('compiles only with SQL for exactly the declared filters and sorts', () => {
    const ok = list(probe, { ...base, filters: { id: 't.id', name: 't.name' }, sorts: { id: 't.id', created_at: 't.created_at' } });
    expect(Object.keys(ok.filters)).toEqual(['id', 'name']);
    expect(ok.defaultSort).toBe('id');
    // @ts-expect-error: the declared filter `name` has no SQL
    list(probe, { ...base, filters: { id: 't.id' }, sorts: { id: 't.id', created_at: 't.created_at' } });
    // @ts-expect-error: SQL for a filter the declaration does not have
    list(probe, { ...base, filters: { id: 't.id', name: 't.name', nme: 't.name' }, sorts: { id: 't.id', created_at: 't.created_at' } });
    // @ts-expect-error: the declared extra sort `created_at` has no SQL
    list(probe, { ...base, filters: { id: 't.id', name: 't.name' }, sorts: { id: 't.id' } });
    // @ts-expect-error: a type with text search needs its text expression
    list(probe, {
      from: 'artists t',
      row: { id: 't.id', version: 't.version' },
      filters: { id: 't.id', name: 't.name' },
      sorts: { id: 't.id', created_at: 't.created_at' },
    });
  });

  it('a default order that is not a sort does not compile', () => {
    const decl = {
      key: 'p2',
      label: 'P2',
      area: null,
      category: 'catalog',
      path: 'p2',
      rule: SEARCH_RULES.muzooka,
      filters: {},
      columns: { id: col('ID', 'number', { sortable: true }) },
      sorts: [],
      textSearch: false,
    } as const;
    // @ts-expect-error: `name` is neither a sortable column nor a declared sort
    expect(defineSearchType({ ...decl, defaultSort: 'name' }).key).toBe('p2');
    expect(defineSearchType({ ...decl, defaultSort: '-id' }).defaultSort).toBe('-id');
  });

  it('every declared search type has its list SQL, with the declaration’s filter kinds', () => {
    expect(checkListDefs()).toEqual([]);
    for (const d of SEARCH_TYPE_DECLS) {
      const def = LIST_DEF_BY_KEY.get(d.key)!;
      for (const [name, f] of Object.entries(d.filters)) expect(def.filters[name].kind, `${d.key}.${name}`).toBe(f.kind);
      expect(def.defaultSort).toBe(d.defaultSort);
    }
  });

  it('a record type’s row: a derived or shown field without SQL does not compile; a plain field is read from its column', () => {
    const row = {
      id: 't.id',
      version: 't.version',
      supplier: 's',
      label_manager: 'lm',
      created_at: 't.created_at',
    } satisfies RowSql<'labels'>;
    // @ts-expect-error: supplier_id is shown as `supplier` ({id, name}), which has no SQL
    const noSupplier: RowSql<'labels'> = { id: 't.id', version: 't.version', label_manager: 'lm', created_at: 't.created_at' };
    // @ts-expect-error: the shown `created_at` has no SQL
    const noCreated: RowSql<'labels'> = { id: 't.id', version: 't.version', supplier: 's', label_manager: 'lm' };
    // @ts-expect-error: every row holds its version (the ETag)
    const noVersion: RowSql<'orders'> = { id: 't.id' };
    expect([row, noSupplier, noCreated, noVersion].every(Boolean)).toBe(true);
    // Labels leave their plain fields out (the field recipe): each one's row entry, filter and sort read t.<field>.
    const labels = LIST_DEF_BY_KEY.get('labels')!;
    const plain = Object.entries(RECORDS.labels.fields)
      .filter(([, f]) => !('shownAs' in f))
      .map(([k]) => k);
    expect(plain).toContain('bio');
    for (const k of plain) expect(labels.row[k], k).toBe(`t.${k}`);
    expect(labels.select).toMatch(/(^|, )t\.bio(,|$)/);
    expect([labels.filters.name.expr, labels.filters.enabled.expr, labels.sorts.name]).toEqual(['t.name', 't.enabled', 't.name']);
    // What the map says wins over the column of the same name (a DJ profile's `enabled` is users.dj_profile_enabled).
    expect(LIST_DEF_BY_KEY.get('dj_profiles')!.row.enabled).toBe('t.dj_profile_enabled');
  });
});
