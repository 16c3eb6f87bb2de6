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

const { apiGet, apiGetVersioned, apiPatch, setUnauthorizedHandler } = await import('../../renderer/lib/api');
const { HttpError } = await import('../../renderer/lib/http-errors');

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
});
