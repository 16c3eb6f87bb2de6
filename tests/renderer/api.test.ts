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

const { call, fetchData } = await import('../../renderer/lib/api');
const { bodyErrorText, errorText } = await import('../../renderer/lib/http-errors');
const { accountQueries, endSession, saveProfile } = await import('../../renderer/features/account/api');
const { autocompleteOptions } = await import('../../renderer/lib/autocomplete');
const { bankingEndpoints, listEndpoints } = await import('../../shared/api');
const { meEndpoints } = await import('../../shared/api/endpoints/me');

beforeEach(() => {
  requests.length = 0;
});

const profile = {
  id: 1,
  username: 'admin',
  email: 'a@x',
  display_name: null,
  first_name: 'A',
  last_name: null,
  scope: 's',
  brand: 'brand:dance',
  sessions: [],
};

/** main's answer to a 400-599: the BridgeError it throws (main/services/api-client.ts httpError). */
function failWith(shape: ConstructorParameters<typeof BridgeError>[0]) {
  const delivered = new BridgeError(shape);
  answer = async () => {
    throw delivered;
  };
  return delivered;
}

describe('a failed call rejects with the BridgeError the bridge delivered', () => {
  it('a 500: the same error, status, code, message and detail kept, nothing re-wrapped', async () => {
    const delivered = failWith({ code: 'http_error', status: 500, message: 'Internal Server Error', detail: 'boom' });
    const error = await fetchData(listEndpoints('tracks').list, { query: {} }).catch((e: unknown) => e);
    expect(error).toBe(delivered);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'http_error', status: 500, message: 'Internal Server Error', detail: 'boom' });
    expect(errorText(error)).toBe('Internal Server Error');
  });

  it('a 401 rejects like any failure (the session-ended event, not the call, leads to /logout)', async () => {
    const delivered = failWith({ code: 'session_ended', status: 401, message: 'Your session has ended. Please sign in again.' });
    await expect(call(meEndpoints.get, {})).rejects.toBe(delivered);
  });

  it("a form save shows the server's detail (§7 body-error variant); elsewhere the same failure shows the status text", async () => {
    failWith({ code: 'http_error', status: 412, message: 'Precondition Failed', detail: 'This object was changed by someone else.' });
    const error = await saveProfile({ display_name: 'A' }, '"v1"').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 412 });
    expect(bodyErrorText(error)).toBe('This object was changed by someone else.');
    expect(errorText(error)).toBe('Precondition Failed');
  });

  it('ending a session shows field errors, the body text, or the status text when there is no body', async () => {
    failWith({
      code: 'http_error',
      status: 400,
      message: 'Bad Request',
      detail: { display_name: ['Too long.'], non_field_errors: ['Check the form.'] },
    });
    expect(bodyErrorText(await endSession('s1').catch((e: unknown) => e))).toBe('display_name: Too long.; Check the form.');
    failWith({ code: 'http_error', status: 502, message: 'Bad Gateway', detail: 'upstream down' });
    expect(bodyErrorText(await endSession('s1').catch((e: unknown) => e))).toBe('upstream down');
    failWith({ code: 'http_error', status: 503, message: 'Received unexpected status code: 503' });
    expect(bodyErrorText(await endSession('s1').catch((e: unknown) => e))).toBe('Received unexpected status code: 503');
    expect(requests.at(-1)).toEqual({ method: 'DELETE', path: '/v4/accounts/me/sessions/s1/' });
  });
});

describe('typed calls of declared endpoints', () => {
  it('build the request from the declaration and answer the parsed body, the status and the ETag', async () => {
    answer = async () => ({
      status: 200,
      data: { count: 1, next: null, previous: null, page: '1/1', per_page: 25, results: [{ id: 5, title: 'T' }] },
    });
    const page = await fetchData(listEndpoints('tracks').list, { query: { page: 2, genre: '3' } });
    expect(page.results).toEqual([{ id: 5, title: 'T' }]);
    expect(requests[0]).toEqual({ method: 'GET', path: '/v4/catalog/tracks/', query: { page: 2, genre: '3' } });

    answer = async () => ({ status: 200, data: profile, etag: '"v4"' });
    const me = await accountQueries.me().queryFn!({} as never);
    expect(me).toEqual({ status: 200, data: profile, etag: '"v4"' });
    await saveProfile({ first_name: 'B' }, '"v4"');
    expect(requests.at(-1)).toEqual({ method: 'PATCH', path: '/v4/accounts/me/', body: { first_name: 'B' }, ifMatch: '"v4"' });

    answer = async () => ({ status: 200, data: { results: [{ type: 'tracks', id: 7, name: 'Seven', detail: 'Ann' }] } });
    expect(await autocompleteOptions('tracks', 'se').queryFn!({} as never)).toEqual([
      { type: 'tracks', id: 7, name: 'Seven', detail: 'Ann' },
    ]);
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
