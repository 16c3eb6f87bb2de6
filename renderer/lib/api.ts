/**
 * Thin wrappers over bridge.apiRequest: the renderer's only way to the v4 API.
 * Main adds the bearer token; failures come back as HttpError (spec §7), and a 401
 * is handed to the session-ended handler the app installs (it navigates to /logout).
 */
import type { ApiRequest } from '../../shared/bridge/channels/api';
import { bridge } from './bridge';
import { endsSession, errorForStatus, toHttpError } from './http-errors';

export interface ApiResult<T> {
  data: T;
  etag?: string;
  status: number;
}

type Query = ApiRequest['query'];
let onUnauthorized: () => void = () => {};

/** Installed once by the app: what to do when a call answers 401. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export async function apiCall<T>(request: ApiRequest): Promise<ApiResult<T>> {
  let res;
  try {
    res = await bridge.apiRequest(request);
  } catch (error) {
    const httpError = toHttpError(error);
    if (endsSession(httpError)) onUnauthorized();
    throw httpError;
  }
  const failure = errorForStatus(res.status, undefined, res.data);
  if (failure) {
    if (endsSession(failure)) onUnauthorized();
    throw failure;
  }
  return { data: res.data as T, etag: res.etag, status: res.status };
}

export async function apiGet<T>(path: string, query?: Query): Promise<T> {
  return (await apiCall<T>({ method: 'GET', path, query })).data;
}

/** GET that also answers the ETag a later PATCH must send as If-Match. */
export function apiGetVersioned<T>(path: string, query?: Query): Promise<ApiResult<T>> {
  return apiCall<T>({ method: 'GET', path, query });
}

export function apiPatch<T>(path: string, body: unknown, ifMatch: string): Promise<ApiResult<T>> {
  return apiCall<T>({ method: 'PATCH', path, body, ifMatch });
}

export async function apiPost<T>(path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
  return (await apiCall<T>({ method: 'POST', path, body, idempotencyKey })).data;
}

export async function apiPut<T>(path: string, body: unknown, ifMatch?: string): Promise<T> {
  return (await apiCall<T>({ method: 'PUT', path, body, ifMatch })).data;
}

export async function apiDelete(path: string): Promise<void> {
  await apiCall<unknown>({ method: 'DELETE', path });
}
