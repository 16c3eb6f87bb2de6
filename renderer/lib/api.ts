/**
 * The renderer's calls of the v4 API, over bridge.apiRequest (main adds the bearer
 * token). `call(endpoint, args)`: a declared endpoint (shared/api/endpoints) by its
 * parameters, the answer parsed by its response schema.
 *
 * A failure rejects with the BridgeError the bridge delivered, as it is: main throws on
 * every 400-599 answer (status, the §7 message, the body's detail), so a call that
 * resolves is never an error status. Screens turn a failure into text with
 * http-errors.ts. A 401 that cannot be cured ends the session in main, which sends the
 * sessionEnded event: that event, not a call's rejection, leads to /logout.
 */
import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import {
  endpointRequest,
  parseResponse,
  type CallArgs,
  type EndpointSpec,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
} from '../../shared/api/endpoint';
import { bridge } from './bridge';

export interface ApiResult<T> {
  data: T;
  etag?: string;
  status: number;
}

/**
 * One call of a declared endpoint: the path built from its parameters, the answer
 * parsed by its response schema (one that does not match rejects with a BridgeError
 * `bad_response`).
 */
export async function call<E extends EndpointSpec>(e: E, args: CallArgs<E>): Promise<ApiResult<ResponseOf<E>>> {
  const req = endpointRequest(e, args);
  const res = await bridge.apiRequest(req);
  return { data: parseResponse(e, req.path, res.data), etag: res.etag, status: res.status };
}

/** The parsed body of a declared endpoint's answer (call without status and ETag). */
export async function fetchData<E extends EndpointSpec>(e: E, args: CallArgs<E>): Promise<ResponseOf<E>> {
  return (await call(e, args)).data;
}

type KeyArgs<E extends EndpointSpec> = {
  params?: Partial<Record<keyof NonNullable<ParamsIn<E>>, unknown>> | undefined;
  query?: QueryIn<E>;
};

/** The segments of an endpoint's path, each `:name` as its value (an id as a number, given as 5 or '5': one key); `stop`: end at the first one not given. */
function segments(e: EndpointSpec, params: Readonly<Record<string, unknown>> | undefined, stop: boolean): unknown[] {
  const out: unknown[] = [];
  for (const s of e.path.split('/').filter(Boolean)) {
    if (!s.startsWith(':')) {
      out.push(s);
      continue;
    }
    const v = params?.[s.slice(1)];
    if (v === undefined || v === null || v === '') {
      if (stop) return out;
      out.push(null);
    } else out.push(typeof v === 'number' || !/^\d{1,15}$/.test(String(v)) ? v : Number(v));
  }
  return out;
}

/**
 * The cache key of a GET endpoint's answer (issue 28: keys come from the declarations, never
 * written in a component): its path's segments with the parameters in their places, then the
 * query when there is one. `GET /v4/catalog/labels/:id/mappings/` of label 5 is
 * ['v4', 'catalog', 'labels', 5, 'mappings']; one endpoint has one key wherever it is shown,
 * and a parameter not known yet (a query not enabled) holds its place as null.
 */
export function endpointKey<E extends EndpointSpec>(e: E, args: KeyArgs<E> = {}): readonly unknown[] {
  const path = segments(e, args.params as Readonly<Record<string, unknown>> | undefined, false);
  return args.query === undefined ? path : [...path, args.query];
}

/**
 * A GET endpoint as a query: its key (endpointKey) and its parsed answer (fetchData). These
 * keys hold parsed bodies only: an answer kept with its ETag has its feature's key.
 */
export function endpointQuery<E extends EndpointSpec>(e: E, args: CallArgs<E>) {
  return queryOptions({ queryKey: endpointKey(e, args as KeyArgs<E>), queryFn: () => fetchData(e, args) });
}

/** endpointQuery once its arguments are known: with `null` (a party not chosen yet) the query waits (skipToken). */
export function endpointQueryWhen<E extends EndpointSpec>(e: E, args: CallArgs<E> | null) {
  return queryOptions({ queryKey: endpointKey(e, (args ?? {}) as KeyArgs<E>), queryFn: args ? () => fetchData(e, args) : skipToken });
}

/**
 * Marks an endpoint's answers stale, and refetches the ones on screen: every query of it
 * under these parameters, whatever its query string (the key's prefix up to the first
 * parameter not given: no parameters, every answer of the endpoint).
 */
export function invalidateEndpoint<E extends EndpointSpec>(client: QueryClient, e: E, params?: KeyArgs<E>['params']): Promise<void> {
  return client.invalidateQueries({ queryKey: segments(e, params as Readonly<Record<string, unknown>> | undefined, true) });
}
