import { describe, expect, it } from 'vitest';
import type { ListEnvelope } from '../../shared/api';
import { fetchAll } from '../../shared/search';

/**
 * A fake list of `total` numbers served `perPage` at a time, with delays that finish
 * out of order. Its `count` is deliberately wrong (`reportedCount`), so only reading
 * the last page from "n/last" fetches the right pages: count / per_page would not.
 */
function server(total: number, perPage: number, reportedCount = total * 3 + 7) {
  const last = Math.max(1, Math.ceil(total / perPage));
  const asked: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage = async (page: number): Promise<ListEnvelope<number>> => {
    asked.push(page);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, ((page * 7) % 5) + 1));
    inFlight--;
    const start = (page - 1) * perPage;
    return {
      count: reportedCount,
      next: page < last ? `?page=${page + 1}` : null,
      previous: page > 1 ? `?page=${page - 1}` : null,
      page: `${page}/${last}`,
      per_page: perPage,
      results: Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => start + i),
    };
  };
  return { fetchPage, asked, maxInFlight: () => maxInFlight };
}

describe('fetchAll', () => {
  it('reads the last page from "n/last" and merges every page in order', async () => {
    const s = server(103, 10);
    const all = await fetchAll(s.fetchPage, { concurrency: 3 });
    expect(all).toEqual(Array.from({ length: 103 }, (_, i) => i));
    expect([...s.asked].sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(s.asked[0]).toBe(1);
    expect(s.maxInFlight()).toBeLessThanOrEqual(3);
  });
  it('follows "n/last", not count / per_page, when the two disagree', async () => {
    const fewer = server(103, 10, 20); // count says 2 pages
    expect(await fetchAll(fewer.fetchPage)).toHaveLength(103);
    expect(Math.max(...fewer.asked)).toBe(11);
    const more = server(30, 10, 1000); // count says 100 pages
    expect(await fetchAll(more.fetchPage)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(Math.max(...more.asked)).toBe(3);
  });
  it('stops at one page for an empty list ("1/1")', async () => {
    const s = server(0, 10);
    expect(await fetchAll(s.fetchPage)).toEqual([]);
    expect(s.asked).toEqual([1]);
  });
  it('fails when a page fails', async () => {
    const s = server(50, 10);
    const failing = (p: number) => (p === 4 ? Promise.reject(new Error('boom')) : s.fetchPage(p));
    await expect(fetchAll(failing)).rejects.toThrow('boom');
  });
  it('reports progress and honours abort', async () => {
    const s = server(50, 10);
    const seen: string[] = [];
    await fetchAll(s.fetchPage, { concurrency: 1, onPage: (d, l) => seen.push(`${d}/${l}`) });
    expect(seen).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);
    const signal = { aborted: true, reason: new Error('stop') };
    await expect(fetchAll(s.fetchPage, { signal })).rejects.toThrow('stop');
  });
});
