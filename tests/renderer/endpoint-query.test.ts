/**
 * Query keys from the endpoint declarations (issue 28, renderer/lib/api.ts): an endpoint's
 * answer has one key wherever it is shown, made of its path with the parameters in place
 * and its query; invalidating an endpoint refreshes every answer of it under the
 * parameters given, whatever the query string.
 */
import { fakeMain, pageOf, reply } from './fake-main';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardEndpoints, hypeEndpoints, labelEndpoints, meEndpoints } from '../../shared/api/endpoints';
import { endpointKey, endpointQuery, endpointQueryWhen, invalidateEndpoint } from '../../renderer/lib/api';

const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
afterEach(() => client.clear());

describe('endpoint query keys', () => {
  it('are the path segments with the parameters in their places, then the query', () => {
    expect(endpointKey(labelEndpoints.mappings, { params: { id: 5 } })).toEqual(['v4', 'catalog', 'labels', 5, 'mappings']);
    expect(endpointKey(hypeEndpoints.subscriptions, { query: { page: '2' } })).toEqual(['v4', 'hype-subscriptions', { page: '2' }]);
    expect(endpointKey(dashboardEndpoints.view)).toEqual(['v4', 'dashboard']);
    // An id from a route (text) and from a row (a number) name the same answer.
    expect(endpointKey(labelEndpoints.mappings, { params: { id: '5' } })).toEqual(
      endpointKey(labelEndpoints.mappings, { params: { id: 5 } }),
    );
    // A parameter not known yet holds its place: the key is never another endpoint's.
    expect(endpointKey(labelEndpoints.mappings, {})).toEqual(['v4', 'catalog', 'labels', null, 'mappings']);
    // The same endpoint and arguments from two screens: one key.
    expect(endpointQuery(meEndpoints.get, {}).queryKey).toEqual(endpointQueryWhen(meEndpoints.get, {}).queryKey);
  });

  it('a query fetches and parses its endpoint; one whose arguments are not known waits', async () => {
    fakeMain.api.on(hypeEndpoints.subscriptions, () => reply(pageOf([])));
    const data = await client.fetchQuery(endpointQuery(hypeEndpoints.subscriptions, { query: { page: '1' } }));
    expect(data.results).toEqual([]);
    expect(fakeMain.api.callsOf(hypeEndpoints.subscriptions)).toHaveLength(1);
    const waiting = endpointQueryWhen(labelEndpoints.mappings, null);
    expect(typeof waiting.queryFn).not.toBe('function');
  });

  it('invalidating an endpoint marks its answers under those parameters stale, whatever their query, and no others', async () => {
    const page1 = endpointKey(hypeEndpoints.subscriptions, { query: { page: '1' } });
    const page2 = endpointKey(hypeEndpoints.subscriptions, { query: { page: '2' } });
    const label5 = endpointKey(labelEndpoints.mappings, { params: { id: 5 } });
    const label6 = endpointKey(labelEndpoints.mappings, { params: { id: 6 } });
    const dashboard = endpointKey(dashboardEndpoints.view);
    for (const k of [page1, page2, label5, label6, dashboard]) client.setQueryData(k, { results: [] });
    const stale = () => [page1, page2, label5, label6, dashboard].map((k) => client.getQueryState(k)!.isInvalidated);

    await invalidateEndpoint(client, hypeEndpoints.subscriptions);
    expect(stale()).toEqual([true, true, false, false, false]);
    await invalidateEndpoint(client, labelEndpoints.mappings, { id: 5 });
    expect(stale()).toEqual([true, true, true, false, false]);
  });
});
