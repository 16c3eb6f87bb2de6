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
import { endpointRequest, parseResponse, type CallArgs, type EndpointSpec, type ResponseOf } from '../../shared/api/endpoint';
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
