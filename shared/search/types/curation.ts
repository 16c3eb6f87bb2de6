/** Search types of the curation area (spec §2): one declaration each (shared/search/define.ts). */
import { SEARCH_RULES } from '../../access/search-rules';
import { defineSearchType, ids, text, reference, date, bool, col } from '../define';
import { ID, NAME, ENABLED, D, START_DATE, END_DATE } from './common';

export const pages = defineSearchType({
  key: 'pages',
  label: 'Pages',
  area: '/curation',
  category: 'curation',
  path: 'pages',
  rule: SEARCH_RULES.pages,
  filters: {
    id: ids(),
    page_id: ids(),
    name: text(),
    slug: text(),
    page_type_id: reference('page-types'),
    enabled: bool(),
    start_date: date(),
    end_date: date(),
  },
  columns: {
    id: ID,
    name: NAME,
    page_type: col('Page Type', 'ref', D),
    slug: col('URL Slug', 'text', D),
    start_date: START_DATE,
    end_date: END_DATE,
    enabled: ENABLED,
  },
  defaultSort: 'name',
  textSearch: true,
});

export const pageModules = defineSearchType({
  key: 'page_modules',
  label: 'Page Modules',
  area: '/curation',
  category: 'curation',
  path: 'page-modules',
  rule: SEARCH_RULES.pages,
  filters: {
    id: ids(),
    name: text(),
    page_id: ids(),
    type_id: reference('page-module-types'),
    enabled: bool(),
    start_date: date(),
    end_date: date(),
  },
  columns: {
    id: ID,
    name: NAME,
    module_type: col('Module Type', 'ref', D),
    page: col('Page', 'ref', D),
    start_date: START_DATE,
    end_date: END_DATE,
    item_count: col('Items', 'number'),
    enabled: ENABLED,
  },
  defaultSort: 'name',
  textSearch: true,
});
