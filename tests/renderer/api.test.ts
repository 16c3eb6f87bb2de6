import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../shared/bridge/error';

let answer: () => Promise<unknown> = async () => ({ status: 200, data: {} });
const requests: unknown[] = [];
vi.mock('../../renderer/lib/bridge', () => ({
  bridge: {
    apiRequest: (req: unknown) => {
      requests.push(req);
      return answer();
    },
  },
  onBridgeEvent: () => () => {},
}));

const { apiDelete, apiGet, apiGetVersioned, apiPatch, apiPost, setUnauthorizedHandler } = await import('../../renderer/lib/api');
const { HttpError } = await import('../../renderer/lib/http-errors');
const { call, fetchData } = await import('../../renderer/lib/api');
const { accountQueries, saveProfile } = await import('../../renderer/features/account/api');
const { autocompleteOptions } = await import('../../renderer/features/search/autocomplete');
const { bankingEndpoints, listEndpoints } = await import('../../shared/api');

let unauthorized = 0;
beforeEach(() => {
  requests.length = 0;
  unauthorized = 0;
  setUnauthorizedHandler(() => unauthorized++);
});

describe('api wrappers over bridge.apiRequest', () => {
  it('GET answers the data; the versioned GET also the ETag; PATCH sends If-Match', async () => {
    answer = async () => ({ status: 200, data: { id: 1 }, etag: 'W/"3"' });
    await expect(apiGet('/v4/catalog/tracks/1/', { type: 'x' })).resolves.toEqual({ id: 1 });
    await expect(apiGetVersioned('/v4/catalog/tracks/1/')).resolves.toMatchObject({ data: { id: 1 }, etag: 'W/"3"' });
    await apiPatch('/v4/catalog/tracks/1/', { title: 'T' }, 'W/"3"');
    expect(requests[0]).toEqual({ method: 'GET', path: '/v4/catalog/tracks/1/', query: { type: 'x' } });
    expect(requests[2]).toEqual({ method: 'PATCH', path: '/v4/catalog/tracks/1/', body: { title: 'T' }, ifMatch: 'W/"3"' });
  });

  it('a 500 from main rejects with an HttpError keeping status and text', async () => {
    answer = async () => {
      throw new BridgeError({ code: 'http_error', status: 500, message: 'Internal Server Error' });
    };
    const error = await apiGet('/v4/catalog/tracks/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 500, message: 'Internal Server Error' });
    expect(unauthorized).toBe(0);
  });

  it('an error status answered as data is still raised (§7)', async () => {
    answer = async () => ({ status: 418, data: { detail: 'teapot' } });
    await expect(apiGet('/v4/catalog/tracks/')).rejects.toMatchObject({ status: 418, message: 'Received unexpected status code: 418' });
  });

  it('a 401 hands over to the session-ended handler (→ /logout) and rejects', async () => {
    answer = async () => {
      throw new BridgeError({ code: 'http_error', status: 401, message: 'Unauthorized' });
    };
    await expect(apiGet('/v4/catalog/tracks/')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toBe(1);
  });

  it('the body-error variant (a screen\'s submit) rejects with the server\'s detail, keeping the status', async () => {
    answer = async () => {
      throw new BridgeError({ code: 'http_error', status: 412, message: 'Precondition Failed', detail: 'This object was changed by someone else.' });
    };
    await expect(apiPatch('/v4/accounts/me/', { display_name: 'A' }, '"v1"', { bodyError: true })).rejects.toMatchObject({
      status: 412,
      message: 'This object was changed by someone else.',
    });
    // Without it the same failure keeps the status text (the error screen's rule).
    await expect(apiPatch('/v4/accounts/me/', { display_name: 'A' }, '"v1"')).rejects.toMatchObject({ status: 412, message: 'Precondition Failed' });
  });

  it('the body-error variant shows field errors, and the body text when there is no detail', async () => {
    answer = async () => {
      throw new BridgeError({ code: 'http_error', status: 400, message: 'Bad Request', detail: { display_name: ['Too long.'], non_field_errors: ['Check the form.'] } });
    };
    await expect(apiPost('/v4/x/', {}, undefined, { bodyError: true })).rejects.toMatchObject({ status: 400, message: 'display_name: Too long.; Check the form.' });
    answer = async () => {
      throw new BridgeError({ code: 'http_error', status: 502, message: 'Bad Gateway', detail: 'upstream down' });
    };
    await expect(apiDelete('/v4/x/1/', { bodyError: true })).rejects.toMatchObject({ status: 502, message: 'upstream down' });
    // No body at all: the status text still.
    answer = async () => {
      throw new BridgeError({ code: 'http_error', status: 503, message: 'Received unexpected status code: 503' });
    };
    await expect(apiDelete('/v4/x/1/', { bodyError: true })).rejects.toMatchObject({ message: 'Received unexpected status code: 503' });
  });

  it('with the body-error variant a 401 still ends the session', async () => {
    answer = async () => {
      throw new BridgeError({ code: 'session_ended', status: 401, message: 'Your session has ended.', detail: 'x' });
    };
    await expect(apiDelete('/v4/x/1/', { bodyError: true })).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toBe(1);
  });
});

describe('typed calls of declared endpoints', () => {
  const profile = { id: 1, username: 'admin', email: 'a@x', display_name: null, first_name: 'A', last_name: null, scope: 's', brand: 'brand:dance', sessions: [] };

  it('build the request from the declaration and answer the parsed body', async () => {
    answer = async () => ({ status: 200, data: { count: 1, next: null, previous: null, page: '1/1', per_page: 25, results: [{ id: 5, title: 'T' }] } });
    const page = await fetchData(listEndpoints('tracks').list, { query: { page: 2, genre: '3' } });
    expect(page.results).toEqual([{ id: 5, title: 'T' }]);
    expect(requests[0]).toEqual({ method: 'GET', path: '/v4/catalog/tracks/', query: { page: 2, genre: '3' } });

    answer = async () => ({ status: 200, data: profile, etag: '"v4"' });
    const me = await accountQueries.me().queryFn!({} as never);
    expect(me).toEqual({ status: 200, data: profile, etag: '"v4"' });
    await saveProfile({ first_name: 'B' }, '"v4"');
    expect(requests.at(-1)).toEqual({ method: 'PATCH', path: '/v4/accounts/me/', body: { first_name: 'B' }, ifMatch: '"v4"' });

    answer = async () => ({ status: 200, data: { results: [{ type: 'tracks', id: 7, name: 'Seven' }] } });
    expect(await autocompleteOptions('tracks', 'se').queryFn!({} as never)).toEqual([{ type: 'tracks', id: 7, name: 'Seven' }]);
    expect(requests.at(-1)).toEqual({ method: 'GET', path: '/v4/catalog/search/autocomplete/', query: { type: 'tracks', q: 'se' } });
  });

  it('an answer that does not match its declaration rejects with a bad_response BridgeError', async () => {
    answer = async () => ({ status: 200, data: { supplier_id: 3, version: 'x' } });
    const error = await call(bankingEndpoints.get, { params: { id: 3 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'bad_response' });
    expect((error as Error).message).toMatch(/^Unexpected answer from the API host to GET \/v4\/catalog\/suppliers\/3\/banking\/ /);
  });
});
