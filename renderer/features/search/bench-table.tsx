/**
 * Bench page (not part of the app bundle): the results table with 10,000 rows, as
 * bench/search-ui.ts measures its scroll frame time in Chromium. Rows are synthetic
 * tracks shaped like the API's list items.
 */
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import { shownColumns } from '../../../shared/search';
import { ENCODE_STATUSES } from '../../../shared/vocabularies';
import { ResultsTable } from './ResultsTable';
import type { Row } from '../../lib/search-queries';

const count = Number(new URLSearchParams(window.location.search).get('rows') ?? 10000);
const rows: Row[] = Array.from({ length: count }, (_, i) => ({
  id: i + 1,
  title: `Track title number ${i + 1}`,
  mix_name: i % 3 ? 'Original Mix' : 'Extended Mix',
  artists: [
    { id: i, name: `Artist ${i % 997}` },
    { id: i + 1, name: `Featured ${i % 89}` },
  ],
  release: { id: Math.floor(i / 5), name: `Release ${Math.floor(i / 5)}` },
  label: { id: i % 400, name: `Label ${i % 400}` },
  genre: { id: i % 30, name: `Genre ${i % 30}` },
  bpm: 90 + (i % 60),
  encode_status: ENCODE_STATUSES[i % ENCODE_STATUSES.length],
  release_date: `20${String(10 + (i % 15)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 9}`,
}));
const columns = shownColumns('tracks', ['mix_name', 'release', 'label', 'genre', 'bpm', 'encode_status', 'release_date']);

createRoot(document.getElementById('root')!).render(
  <ConfigProvider>
    <MemoryRouter>
      <ResultsTable
        columns={columns}
        rows={rows}
        type="tracks"
        orderBy={null}
        onSort={() => undefined}
        page={1}
        perPage={count}
        total={count}
        onPage={() => undefined}
        selected={[]}
        onSelect={() => undefined}
        height={700}
      />
    </MemoryRouter>
  </ConfigProvider>,
);
