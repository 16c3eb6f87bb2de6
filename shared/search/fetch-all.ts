/**
 * The fetch-all helper of spec §7: asks for page 1, reads the last page from the
 * envelope's "current/last" `page` field, fetches the other pages with bounded
 * concurrency and merges the results in page order.
 */
import { parsePage, type ListEnvelope } from '../api/envelope';

export interface FetchAllOptions {
  /** Pages in flight at once after the first (default 4). */
  concurrency?: number;
  /** Refuse to go past this many pages (default 10,000): a guard, not a feature. */
  maxPages?: number;
  /** Stops starting new pages and rejects with the abort reason. */
  signal?: { readonly aborted: boolean; readonly reason?: unknown };
  /** Called after each page arrives with pages done and the last page. */
  onPage?: (done: number, last: number) => void;
}

export async function fetchAll<T>(fetchPage: (page: number) => Promise<ListEnvelope<T>>, options: FetchAllOptions = {}): Promise<T[]> {
  const { concurrency = 4, maxPages = 10_000, signal, onPage } = options;
  const check = () => {
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
  };
  check();
  const first = await fetchPage(1);
  const { last } = parsePage(first.page);
  if (last > maxPages) throw new Error(`fetchAll: ${last} pages is more than the ${maxPages} allowed`);
  const pages: T[][] = new Array(Math.max(last, 1));
  pages[0] = first.results;
  let done = 1;
  onPage?.(done, last);
  let next = 2;
  const worker = async () => {
    while (next <= last) {
      check();
      const page = next++;
      const env = await fetchPage(page);
      pages[page - 1] = env.results;
      onPage?.(++done, last);
    }
  };
  const workers = Array.from({ length: Math.min(Math.max(1, concurrency), Math.max(0, last - 1)) }, worker);
  await Promise.all(workers);
  return pages.flat();
}

/**
 * Most results a list selects at once ("select all" in the bulk-action bar): §5 says
 * such a limit exists without giving it; 5,000 is 25 pages of the largest page size.
 */
export const BULK_SELECT_LIMIT = 5000;
