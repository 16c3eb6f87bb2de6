/**
 * Thin wrappers over bridge.apiRequest: the renderer's only way to the v4 API.
 * Main adds the bearer token; failures come back as HttpError (spec §7), and a 401
 * is handed to the session-ended handler the app installs (it navigates to /logout).
 */
import type { ApiRequest } from '../../shared/bridge/channels/api';
import { bridge } from './bridge';
import { bodyError, endsSession, errorForStatus, toHttpError, type HttpError } from './http-errors';

export interface ApiResult<T> {
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

export async function apiCall<T>(request: ApiRequest, opts: CallOptions = {}): Promise<ApiResult<T>> {
  let res;
  try {
    res = await bridge.apiRequest(request);
  } catch (error) {
    throw fail(toHttpError(error), opts);
  }
  const failure = errorForStatus(res.status, undefined, res.data);
  if (failure) throw fail(failure, opts);
  return { data: res.data as T, etag: res.etag, status: res.status };
}

function fail(error: HttpError, opts: CallOptions): HttpError {
  if (endsSession(error)) {
    onUnauthorized();
    return error;
  }
  if (opts.bodyError && error.status !== undefined && error.detail !== undefined) return bodyError(error.status, error.detail);
  return error;
}

export async function apiGet<T>(path: string, query?: Query): Promise<T> {
  return (await apiCall<T>({ method: 'GET', path, query })).data;
}

/** GET that also answers the ETag a later PATCH must send as If-Match. */
export function apiGetVersioned<T>(path: string, query?: Query): Promise<ApiResult<T>> {
  return apiCall<T>({ method: 'GET', path, query });
}

export function apiPatch<T>(path: string, body: unknown, ifMatch: string, opts?: CallOptions): Promise<ApiResult<T>> {
  return apiCall<T>({ method: 'PATCH', path, body, ifMatch }, opts);
}

export async function apiPost<T>(path: string, body?: unknown, idempotencyKey?: string, opts?: CallOptions): Promise<T> {
  return (await apiCall<T>({ method: 'POST', path, body, idempotencyKey }, opts)).data;
}

export async function apiPut<T>(path: string, body: unknown, ifMatch?: string, opts?: CallOptions): Promise<T> {
  return (await apiCall<T>({ method: 'PUT', path, body, ifMatch }, opts)).data;
}

export async function apiDelete(path: string, opts?: CallOptions): Promise<void> {
  await apiCall<unknown>({ method: 'DELETE', path }, opts);
}
