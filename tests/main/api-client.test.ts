import { describe, expect, it } from 'vitest';
import { ApiClient, httpError } from '../../main/services/api-client';

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
const json = (status: number, body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status, ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });

describe('api client', () => {
  it('sends bearer, JSON, If-Match, Idempotency-Key and a sorted query; returns data and ETag', async () => {
    const { api, seen } = client(() => json(200, { id: 1 }, { headers: { etag: '"v3"' } }));
    const res = await api.request({ method: 'PATCH', path: '/v4/catalog/tracks/1/', query: { z: 1, page: 2, type: 'x', id: [1, 2] }, body: { title: 'T' }, ifMatch: '"v2"', idempotencyKey: 'k1' });
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
    await expect(api.request({ method: 'GET', path: '/v4/catalog/tracks/9/' })).rejects.toMatchObject({ status: 404, message: 'Not Found', detail: 'No such track.' });
  });

  it('without a status text: "Received unexpected status code: N"', async () => {
    const { api } = client(() => new Response('oops', { status: 503 }));
    await expect(api.request({ method: 'GET', path: '/v4/x/' })).rejects.toMatchObject({ status: 503, message: 'Received unexpected status code: 503', detail: 'oops' });
    expect(httpError({ status: 418, statusText: '' }, null).message).toBe('Received unexpected status code: 418');
  });

  it('keeps validation bodies whole in detail', async () => {
    const { api } = client(() => json(400, { title: ['Too long.'] }, { statusText: 'Bad Request' }));
    await expect(api.request({ method: 'POST', path: '/v4/x/', body: {} })).rejects.toMatchObject({ status: 400, detail: { title: ['Too long.'] } });
  });
});

describe('api client: streamed GET (exports)', () => {
  it('sends bearer, brand and the asked Accept with the encoded query, and hands the body over unread', async () => {
    const { api, seen } = client(() => new Response('id,title\n1,A\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    const controller = new AbortController();
    const res = await api.stream('/v4/catalog/tracks/export/', { query: 'type=tracks&q=a%20b', accept: 'text/csv', signal: controller.signal });
    const { url, init } = seen[0];
    expect(url).toBe('http://127.0.0.1:9000/v4/catalog/tracks/export/?type=tracks&q=a%20b');
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
    const res = await api.stream('/v4/x/export/', { accept: 'text/csv' });
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
    const { api, seen } = client((_url, init) => (bearer(init) === 'Bearer new' ? new Response('a\n') : new Response('', { status: 401 })), retryOnce);
    const res = await api.stream('/v4/x/export/', { accept: 'text/csv' });
    expect(seen.map(({ init }) => bearer(init))).toEqual(['Bearer old', 'Bearer new']);
    expect(seen.every(({ init }) => !new Headers(init.headers).has('x-brand'))).toBe(true);
    expect(await res.text()).toBe('a\n');
  });
});
