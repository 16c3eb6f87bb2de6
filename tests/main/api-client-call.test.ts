/**
 * ApiClient.call: a declared endpoint (shared/api/endpoints) called by its parameters;
 * the path built from the declaration, the answer parsed by its response schema, and
 * an answer that does not match failing with a clear BridgeError (`bad_response`).
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../main/services/api-client';
import { bankingEndpoints, jobEndpoints, listEndpoints, meEndpoints } from '../../shared/api';
import { BridgeError } from '../../shared/bridge';

function client(respond: (url: string, init: RequestInit) => Response) {
  const seen: { url: string; init: RequestInit }[] = [];
  const session = { withAccessToken: (call: (t: string) => Promise<Response>) => call('tok'), activeBrand: 'brand:dance' };
  const api = new ApiClient({
    apiUrl: 'http://127.0.0.1:9000',
    session,
    fetch: (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return respond(url, init);
    }) as unknown as typeof fetch,
  });
  return { api, seen };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const banking = { supplier_id: 3, version: 2, bank_name: 'B', name_on_account: null, routing_number: null, account_number: null, sort_code: null, swift: null, iban: null, paypal_email: null, tax_id: null };

describe('ApiClient.call', () => {
  it('builds the path from the parameters, sends query, body and If-Match, and answers the parsed body with the ETag', async () => {
    const { api, seen } = client(() => json(200, banking, { etag: '"v2"' }));
    const res = await api.call(bankingEndpoints.patch, { params: { id: 3 }, body: { bank_name: 'B' }, ifMatch: '"v1"' });
    expect(res).toEqual({ status: 200, data: banking, etag: '"v2"' });
    expect(seen[0].url).toBe('http://127.0.0.1:9000/v4/catalog/suppliers/3/banking/');
    expect(seen[0].init.method).toBe('PATCH');
    expect(new Headers(seen[0].init.headers).get('if-match')).toBe('"v1"');
    expect(seen[0].init.body).toBe('{"bank_name":"B"}');

    const list = client(() => json(200, { count: 0, next: null, previous: null, page: '1/1', per_page: 25, results: [] }));
    await list.api.call(listEndpoints('tracks').list, { query: { page: 2, genre: '5' } });
    expect(list.seen[0].url).toBe('http://127.0.0.1:9000/v4/catalog/tracks/?page=2&genre=5');
  });

  it('an answer that does not match the declaration fails with a BridgeError naming the endpoint and the field', async () => {
    const { api } = client(() => json(200, { ...banking, version: 'two' }));
    const error = await api.call(bankingEndpoints.get, { params: { id: 3 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'bad_response' });
    expect((error as BridgeError).message).toMatch(/^Unexpected answer from the API host to GET \/v4\/catalog\/suppliers\/3\/banking\/ \(version: /);
    expect((error as BridgeError).status).toBeUndefined();
  });

  it('a job view and a 204 parse by their declarations; HTTP errors stay the §7 BridgeError', async () => {
    const job = client(() => json(200, { id: 9, kind: 'sales', state: 'DONE', child_job_id: null, result: { rows: 1 } }));
    expect((await job.api.call(jobEndpoints.view, { params: { kind: 'sales', id: 9 } })).data).toMatchObject({ state: 'DONE', result: { rows: 1 } });
    expect(job.seen[0].url).toBe('http://127.0.0.1:9000/v4/jobs/sales/9/');

    const ended = client(() => new Response(null, { status: 204 }));
    expect((await ended.api.call(meEndpoints.endSession, { params: { id: 'fam 1' } })).data).toBeNull();
    expect(ended.seen[0].url).toBe('http://127.0.0.1:9000/v4/accounts/me/sessions/fam%201/');

    const missing = client(() => json(404, { detail: 'Not found.' }));
    await expect(missing.api.call(bankingEndpoints.get, { params: { id: 4 } })).rejects.toMatchObject({ code: 'http_error', status: 404, detail: 'Not found.' });
  });
});
