/**
 * Thin wrappers over bridge.apiRequest: the renderer's only way to the v4 API.
 * `call(endpoint, args)` is the typed one: a declared endpoint (shared/api/endpoints)
 * by its parameters, the answer parsed by its response schema.
 * Main adds the bearer token; failures come back as HttpError (spec §7), and a 401
 * is handed to the session-ended handler the app installs (it navigates to /logout).
 */
import { endpointRequest, parseResponse, type CallArgs, type EndpointSpec, type ResponseOf } from '../../shared/api/endpoint';
import type { ApiRequest } from '../../shared/bridge/channels/api';
import { bridge } from './bridge';
import { bodyError, endsSession, errorForStatus, toHttpError, type HttpError } from './http-errors';

export interface ApiResult<T = unknown> {
  data: T;
  etag?: string;
  status: number;
}

type Query = ApiRequest['query'];

/**
 * `bodyError`: §7's body-error variant, for calls a screen submits (a form save, an
 * export, ending a session): a failure rejects with the body's detail (or its field
 * errors, or its text) so the user sees what the server said. Without it a failure
 * carries the status text (the error screen's rules). A 401 ends the session either way.
 */
export interface CallOptions {
  bodyError?: boolean;
}
let onUnauthorized: () => void = () => {};

/** Installed once by the app: what to do when a call answers 401. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** One untyped call: the answer's data is `unknown` until a declaration parses it (see call). */
export async function apiCall(request: ApiRequest, opts: CallOptions = {}): Promise<ApiResult> {
  let res;
  try {
    res = await bridge.apiRequest(request);
  } catch (error) {
    throw fail(toHttpError(error), opts);
  }
  const failure = errorForStatus(res.status, undefined, res.data);
  if (failure) throw fail(failure, opts);
  return { data: res.data, etag: res.etag, status: res.status };
}

function fail(error: HttpError, opts: CallOptions): HttpError {
  if (endsSession(error)) {
    onUnauthorized();
    return error;
  }
  if (opts.bodyError && error.status !== undefined && error.detail !== undefined) return bodyError(error.status, error.detail);
  return error;
}

/**
 * One call of a declared endpoint: the path built from its parameters, the answer
 * parsed by its response schema (one that does not match rejects with a BridgeError
 * `bad_response`). Failures otherwise as apiCall.
 */
export async function call<E extends EndpointSpec>(e: E, args: CallArgs<E>, opts: CallOptions = {}): Promise<ApiResult<ResponseOf<E>>> {
  const req = endpointRequest(e, args);
  const res = await apiCall(req, opts);
  return { ...res, data: parseResponse(e, req.path, res.data) };
}

/** The parsed body of a declared endpoint's answer (call without status and ETag). */
export async function fetchData<E extends EndpointSpec>(e: E, args: CallArgs<E>, opts?: CallOptions): Promise<ResponseOf<E>> {
  return (await call(e, args, opts)).data;
}

export async function apiGet(path: string, query?: Query): Promise<unknown> {
  return (await apiCall({ method: 'GET', path, query })).data;
}

/** GET that also answers the ETag a later PATCH must send as If-Match. */
export function apiGetVersioned(path: string, query?: Query): Promise<ApiResult> {
  return apiCall({ method: 'GET', path, query });
}

export function apiPatch(path: string, body: unknown, ifMatch: string, opts?: CallOptions): Promise<ApiResult> {
  return apiCall({ method: 'PATCH', path, body, ifMatch }, opts);
}

export async function apiPost(path: string, body?: unknown, idempotencyKey?: string, opts?: CallOptions): Promise<unknown> {
  return (await apiCall({ method: 'POST', path, body, idempotencyKey }, opts)).data;
}

export async function apiPut(path: string, body: unknown, ifMatch?: string, opts?: CallOptions): Promise<unknown> {
  return (await apiCall({ method: 'PUT', path, body, ifMatch }, opts)).data;
}

export async function apiDelete(path: string, opts?: CallOptions): Promise<void> {
  await apiCall({ method: 'DELETE', path }, opts);
}
