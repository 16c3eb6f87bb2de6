/** Search types of the deliveries area (spec §2): one declaration each (shared/search/define.ts). */
import { SEARCH_RULES } from '../../access/search-rules';
import { defineSearchType, ids, text, reference, choice, date, col } from '../define';
import { S, D, DS, RELEASE_STATUS_OPTIONS, ALBUM_ACTION_OPTIONS } from './common';

export const deliveries = defineSearchType({
  key: 'deliveries',
  label: 'Deliveries',
  area: '/old-deliveries',
  category: 'content-ops',
  path: 'deliveries',
  rule: SEARCH_RULES.deliveries,
  filters: {
    id: ids(),
    release_id: ids(),
    title: text(),
    artist: text(),
    label: text(),
    supplier: text(),
    genre_id: reference('genres'),
    release_status: choice(RELEASE_STATUS_OPTIONS),
    album_action: choice(ALBUM_ACTION_OPTIONS),
    status_message: text(),
    source_type_id: reference('source-types'),
    date_range: date(),
  },
  columns: {
    release_id: col('Release ID', 'number', { fixed: true, link: true, linkSegment: 'releases' }),
    title: col('Title', 'text', { fixed: true, sortable: true }),
    artist: col('Artist', 'text', { fixed: true }),
    label: col('Label', 'ref', D),
    genre: col('Genre', 'ref'),
    supplier: col('Supplier', 'ref', D),
    updated: col('Updated', 'date', S),
    delivered: col('Delivered', 'date', DS),
    release_status: col('Release Status', 'releaseStatus', D),
    album_action: col('Action', 'text', D),
    status_message: col('Status Message'),
  },
  sorts: ['id'],
  defaultSort: '-delivered',
  textSearch: true,
});
