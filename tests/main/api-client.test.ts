import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { ApiClient, STREAM_NOT_RESENT, httpError } from '../../main/services/api-client';
import { bankingEndpoints, jobEndpoints, listEndpoints, meEndpoints } from '../../shared/api';
import { BridgeError } from '../../shared/bridge';

type FakeSession = ConstructorParameters<typeof ApiClient>[0]['session'];
const oneToken: FakeSession = { withAccessToken: (call) => call('tok'), activeBrand: 'brand:dance' };

function client(respond: (url: string, init: RequestInit) => Response, session = oneToken) {
  const seen: { url: string; init: RequestInit }[] = [];
  const api = new ApiClient({
    apiUrl: 'http://127.0.0.1:9000/',
    session,
    fetch: (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return respond(url, init);
    }) as unknown as typeof fetch,
  });
  return { api, seen };
}
const json = (status: number, body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status, ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });

describe('api client', () => {
  it('sends bearer, JSON, If-Match, Idempotency-Key and a sorted query; returns data and ETag', async () => {
    const { api, seen } = client(() => json(200, { id: 1 }, { headers: { etag: '"v3"' } }));
    const res = await api.request({
      method: 'PATCH',
      path: '/v4/catalog/tracks/1/',
      query: { z: 1, page: 2, type: 'x', id: [1, 2] },
      body: { title: 'T' },
      ifMatch: '"v2"',
      idempotencyKey: 'k1',
    });
    expect(res).toEqual({ status: 200, data: { id: 1 }, etag: '"v3"' });
    const { url, init } = seen[0];
    expect(url).toBe('http://127.0.0.1:9000/v4/catalog/tracks/1/?type=x&page=2&id=1,2&z=1');
    const h = new Headers(init.headers);
    expect(h.get('authorization')).toBe('Bearer tok');
    expect(h.get('content-type')).toBe('application/json');
    expect(h.get('if-match')).toBe('"v2"');
    expect(h.get('idempotency-key')).toBe('k1');
    expect(init.body).toBe('{"title":"T"}');
  });

  it('raises 400-599 with the status text and the body detail (spec §7)', async () => {
    const { api } = client(() => json(404, { detail: 'No such track.' }, { statusText: 'Not Found' }));
    await expect(api.request({ method: 'GET', path: '/v4/catalog/tracks/9/' })).rejects.toMatchObject({
      status: 404,
      message: 'Not Found',
      detail: 'No such track.',
    });
  });

  it('without a status text: "Received unexpected status code: N"', async () => {
    const { api } = client(() => new Response('oops', { status: 503 }));
    await expect(api.request({ method: 'GET', path: '/v4/x/' })).rejects.toMatchObject({
      status: 503,
      message: 'Received unexpected status code: 503',
      detail: 'oops',
    });
    expect(httpError({ status: 418, statusText: '' }, null).message).toBe('Received unexpected status code: 418');
  });

  it('keeps validation bodies whole in detail', async () => {
    const { api } = client(() => json(400, { title: ['Too long.'] }, { statusText: 'Bad Request' }));
    await expect(api.request({ method: 'POST', path: '/v4/x/', body: {} })).rejects.toMatchObject({
      status: 400,
      detail: { title: ['Too long.'] },
    });
  });
});

describe('api client: streamed GET (exports)', () => {
  const tracksExport = listEndpoints('tracks').export;

  it('calls the declared endpoint: bearer, brand and the asked Accept with the encoded query, and hands the body over unread', async () => {
    const { api, seen } = client(() => new Response('id,title\n1,A\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    const controller = new AbortController();
    const res = await api.stream(
      tracksExport,
      { query: { type: 'tracks', q: 'a b', columns: 'bpm,key' } },
      { accept: 'text/csv', signal: controller.signal },
    );
    const { url, init } = seen[0];
    expect(url).toBe('http://127.0.0.1:9000/v4/catalog/tracks/export/?type=tracks&columns=bpm,key&q=a%20b');
    expect(init.method).toBe('GET');
    const h = new Headers(init.headers);
    expect(h.get('authorization')).toBe('Bearer tok');
    expect(h.get('x-brand')).toBe('brand:dance');
    expect(h.get('accept')).toBe('text/csv');
    expect(init.signal).toBe(controller.signal);
    expect(res.bodyUsed).toBe(false);
    expect(await res.text()).toBe('id,title\n1,A\n');
  });

  it('answers an error status as a Response for the caller to read (no throw)', async () => {
    const { api } = client(() => json(403, { detail: 'No.' }, { statusText: 'Forbidden' }));
    const res = await api.stream(tracksExport, {}, { accept: 'text/csv' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: 'No.' });
  });

  it("goes through the session's token call, so a 401 is retried with the refreshed token", async () => {
    const retryOnce: FakeSession = {
      activeBrand: undefined,
      async withAccessToken(call) {
        const first = await call('old');
        return first.status === 401 ? call('new') : first;
      },
    };
    const bearer = (init: RequestInit) => new Headers(init.headers).get('authorization');
    const { api, seen } = client(
      (_url, init) => (bearer(init) === 'Bearer new' ? new Response('a\n') : new Response('', { status: 401 })),
      retryOnce,
    );
    const res = await api.stream(tracksExport, {}, { accept: 'text/csv' });
    expect(seen.map(({ init }) => bearer(init))).toEqual(['Bearer old', 'Bearer new']);
    expect(seen.every(({ init }) => !new Headers(init.headers).has('x-brand'))).toBe(true);
    expect(await res.text()).toBe('a\n');
  });

  it("checks the query with the declaration's query schema: a bad one fails with invalid_request naming the field, nothing sent", async () => {
    const { api, seen } = client(() => new Response('a\n'));
    const queries: Record<string, string>[] = [{ per_page: '0' }, { page: 'x' }, { columns: 'c'.repeat(4097) }];
    for (const query of queries) {
      const err = await api.stream(tracksExport, { query }, { accept: 'text/csv' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(BridgeError);
      expect(err).toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(new RegExp(`^Invalid query for GET /v4/catalog/tracks/export/ \\(${Object.keys(query)[0]}: `)),
      });
    }
    expect(seen).toEqual([]);
  });
});

const banking = {
  supplier_id: 3,
  version: 2,
  bank_name: 'B',
  name_on_account: null,
  routing_number: null,
  account_number: null,
  sort_code: null,
  swift: null,
  iban: null,
  paypal_email: null,
  tax_id: null,
};

/**
 * ApiClient.call: a declared endpoint (shared/api/endpoints) called by its parameters;
 * the path built from the declaration, the answer parsed by its response schema, and
 * an answer that does not match failing with a clear BridgeError (`bad_response`).
 */
describe('ApiClient.call', () => {
  it('builds the path from the parameters, sends query, body and If-Match, and answers the parsed body with the ETag', async () => {
    const { api, seen } = client(() => json(200, banking, { headers: { etag: '"v2"' } }));
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
    expect((error as BridgeError).message).toMatch(
      /^Unexpected answer from the API host to GET \/v4\/catalog\/suppliers\/3\/banking\/ \(version: /,
    );
    expect((error as BridgeError).status).toBeUndefined();
  });

  it('a job view and a 204 parse by their declarations; HTTP errors stay the §7 BridgeError', async () => {
    const job = client(() => json(200, { id: 9, kind: 'sales', state: 'DONE', child_job_id: null, result: { rows: 1 } }));
    expect((await job.api.call(jobEndpoints.view, { params: { kind: 'sales', id: 9 } })).data).toMatchObject({
      state: 'DONE',
      result: { rows: 1 },
    });
    expect(job.seen[0].url).toBe('http://127.0.0.1:9000/v4/jobs/sales/9/');

    const ended = client(() => new Response(null, { status: 204 }));
    expect((await ended.api.call(meEndpoints.endSession, { params: { id: 'fam 1' } })).data).toBeNull();
    expect(ended.seen[0].url).toBe('http://127.0.0.1:9000/v4/accounts/me/sessions/fam%201/');

    const missing = client(() => json(404, { detail: 'Not found.' }));
    await expect(missing.api.call(bankingEndpoints.get, { params: { id: 4 } })).rejects.toMatchObject({
      code: 'http_error',
      status: 404,
      detail: 'Not found.',
    });
  });
});

describe('api client: a streamed body and a 401', () => {
  /** A session that answers the first call with the caller's 401, then retries once with a fresh token (SessionService.withAccessToken). */
  const retryingSession = {
    activeBrand: undefined,
    withAccessToken: async (call: (token: string) => Promise<Response>) => {
      const first = await call('old');
      return first.status === 401 ? call('new') : first;
    },
  };
  const bodies: string[] = [];
  const fetch401 = (async (_url: string, init: RequestInit) => {
    bodies.push(await new Response(init.body).text());
    return bodies.length === 1 ? new Response('{"detail":"expired"}', { status: 401 }) : new Response('{"rows":1}', { status: 200 });
  }) as unknown as typeof fetch;
  const req = (body: Readable) => ({ method: 'POST' as const, path: '/v4/x/', body });
  const csv = () => Readable.from([Buffer.from('user_id\n'), Buffer.from('1\n')]);

  it('the retry sends the source again through `reopen`, whole', async () => {
    bodies.length = 0;
    const api = new ApiClient({ apiUrl: 'http://127.0.0.1:9', session: retryingSession, fetch: fetch401 });
    const r = await api.request(req(csv()), { contentType: 'text/csv', reopen: async () => csv() });
    expect(r.status).toBe(200);
    expect(bodies).toEqual(['user_id\n1\n', 'user_id\n1\n']);
  });

  it('without `reopen` the consumed stream is not resent: the call fails saying so', async () => {
    bodies.length = 0;
    const api = new ApiClient({ apiUrl: 'http://127.0.0.1:9', session: retryingSession, fetch: fetch401 });
    const err = await api.request(req(csv()), { contentType: 'text/csv' }).catch((e: unknown) => e);
    expect([(err as BridgeError).code, (err as BridgeError).message]).toEqual(['stream_not_resent', STREAM_NOT_RESENT]);
    expect(bodies).toHaveLength(1);
  });
});
