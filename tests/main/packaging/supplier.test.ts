/**
 * The package sender's supplier (main/services/packaging/supplier.ts) is read through
 * the declared endpoints: the user's own at /v4/my/supplier/, a named one at the
 * supplier's object; an answer without the sender's fields fails as `bad_response`
 * naming the call, never as a sender with made-up values.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../main/services/api-client';
import { supplierFetcher } from '../../../main/services/packaging/supplier';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fetcher(answer: (path: string) => Response) {
  const paths: string[] = [];
  const api = new ApiClient({
    apiUrl: 'http://127.0.0.1:9000',
    session: { withAccessToken: (call) => call('tok'), activeBrand: undefined },
    fetch: (async (url: string) => {
      const path = new URL(url).pathname;
      paths.push(path);
      return answer(path);
    }) as unknown as typeof fetch,
  });
  return { fetch: supplierFetcher(api), paths };
}

describe('package sender supplier', () => {
  it("a supplier user's own supplier comes from /v4/my/supplier/", async () => {
    const f = fetcher(() => json({ id: 4, name: 'Four', ddex_party_id: 'PADPIDA2014120301' }));
    expect(await f.fetch()).toEqual({ id: 4, name: 'Four', ddex_party_id: 'PADPIDA2014120301' });
    expect(f.paths).toEqual(['/v4/my/supplier/']);
  });

  it("staff name a supplier: its object gives the sender's fields (and only those)", async () => {
    const f = fetcher(() => json({ id: 7, version: 3, name: 'Seven', ddex_party_id: null, vendor_code: 'V7' }));
    expect(await f.fetch(7)).toEqual({ id: 7, name: 'Seven', ddex_party_id: null });
    expect(f.paths).toEqual(['/v4/catalog/suppliers/7/']);
  });

  it('an answer without the sender fields is a bad_response naming the call and the field', async () => {
    await expect(fetcher(() => json({ id: 4, name: 4, ddex_party_id: null })).fetch()).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/GET \/v4\/my\/supplier\/ \(name: /),
    });
    await expect(fetcher(() => json({ id: 7, version: 1, ddex_party_id: null })).fetch(7)).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/GET \/v4\/catalog\/suppliers\/7\/ \(name: /),
    });
  });

  it('an API error stays the API error (no supplier for a label without one: 404)', async () => {
    await expect(fetcher(() => json({ detail: 'Not found.' }, 404)).fetch()).rejects.toMatchObject({ code: 'http_error', status: 404 });
  });
});
