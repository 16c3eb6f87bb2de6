import { Readable } from 'node:stream';
import { BridgeError } from '../../shared/bridge';
import type { ApiRequest, ApiResponse } from '../../shared/bridge/channels/api';
import { BRAND_HEADER, buildQuery, type QueryValue } from '../../shared/api';
import { checkQuery, endpointRequest, parseResponse, type CallArgs, type EndpointSpec, type ResponseOf } from '../../shared/api/endpoint';
import { MSG } from '../../shared/messages';
import type { SessionService } from './session';

export interface ApiClientDeps {
  apiUrl: string;
  session: Pick<SessionService, 'withAccessToken' | 'activeBrand'>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Header naming the brand the session acts for among the token's brands (declared in shared/api/endpoint.ts). */
export { BRAND_HEADER };

export interface RequestOptions {
  signal?: AbortSignal;
  /** The Content-Type of a raw-bytes body (an image upload); JSON bodies are always application/json. */
  contentType?: string;
  /**
   * A stream body is read once: the retry after a token refresh (401) sends a fresh stream
   * of the same source from here (a picked file opened again). Without it, a streamed call
   * is not resent after a 401 (a consumed stream would send a truncated body).
   */
  reopen?: () => Promise<Readable>;
}

/** Why a streamed call that met a 401 was not resent (no way to reopen its body). */
export const STREAM_NOT_RESENT = 'The upload could not be resent after the session was renewed. Please try again.';

/** A typed call's answer: the body parsed by the declaration, the status and the ETag. */
export interface CallResult<E extends EndpointSpec> {
  status: number;
  data: ResponseOf<E>;
  etag?: string;
}

/**
 * The only HTTP client of the v4 API host. Bearer token from the session (refreshed
 * and retried once on 401; a 401 refresh cannot cure ends the session), JSON both
 * ways (or a streamed body: stream()), If-Match and Idempotency-Key when given. A 400-599 answer throws a
 * BridgeError with the status, the status text or "Received unexpected status code:
 * N", and the body's `detail` (spec §7).
 */
export class ApiClient {
  private readonly apiUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly deps: ApiClientDeps) {
    this.apiUrl = deps.apiUrl.replace(/\/+$/, '');
    this.fetch = deps.fetch ?? fetch;
  }

  /**
   * `opts.signal` cancels the call (it then fails like an unreachable host; the caller knows why).
   * A body of raw bytes (an endpoint whose body is `Uint8Array`, e.g. cover art) goes as it is,
   * with `opts.contentType`; any other body as JSON.
   */
  async request(req: ApiRequest, opts: RequestOptions = {}): Promise<ApiResponse> {
    const url = this.urlOf(req);
    const hasBody = req.body !== undefined && req.method !== 'GET';
    const raw = req.body instanceof Uint8Array;
    // A stream body (a picked CSV file) goes as it reads, never whole in memory.
    const streamed = req.body instanceof Readable;
    let attempt = 0;
    const res = await this.deps.session.withAccessToken(async (token) => {
      attempt++;
      // The first attempt consumed the stream: a retry reads the source again, or is not made.
      let body = req.body;
      if (streamed && attempt > 1) {
        if (!opts.reopen) throw new BridgeError({ code: 'stream_not_resent', message: STREAM_NOT_RESENT });
        body = await opts.reopen();
      }
      const headers = this.headers(token, 'application/json');
      if (hasBody) headers['content-type'] = raw || streamed ? (opts.contentType ?? 'application/octet-stream') : 'application/json';
      if (req.ifMatch) headers['if-match'] = req.ifMatch;
      if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey;
      try {
        return await this.fetch(url, {
          method: req.method,
          headers,
          body: hasBody
            ? streamed
              ? (Readable.toWeb(body as Readable) as ReadableStream<Uint8Array>)
              : raw
                ? (body as Uint8Array<ArrayBuffer>)
                : JSON.stringify(body)
            : undefined,
          ...(streamed && { duplex: 'half' }),
          signal: withTimeout(this.deps.timeoutMs ?? 60_000, opts.signal),
        });
      } catch (err) {
        throw new BridgeError({
          code: 'api_unreachable',
          message: 'The API host could not be reached.',
          detail: err instanceof Error ? err.message : String(err),
        });
      }
    });
    const data = await readBody(res);
    if (res.status >= 400 && res.status <= 599) throw httpError(res, data);
    return { status: res.status, data, etag: res.headers.get('etag') ?? undefined };
  }

  /**
   * A call of a declared endpoint whose body is handed over as a stream instead of
   * being read whole (CSV exports: `listEndpoints(type).export`): the path built from
   * the declaration and `args` as call() does, the query checked by the declaration's
   * query schema first (a BridgeError `invalid_request`, nothing sent), the same bearer
   * token (refreshed and retried once on 401) and brand header as request(), no time
   * limit (a long export runs as long as it streams; `signal` cancels). The Response
   * comes back whatever its status: the caller reads an error body its own way.
   */
  async stream<E extends EndpointSpec>(
    e: E,
    args: CallArgs<E>,
    opts: { accept: string; signal?: AbortSignal; range?: string },
  ): Promise<Response> {
    checkQuery(e, args.query);
    const req = endpointRequest(e, args);
    const url = this.urlOf(req);
    return this.deps.session.withAccessToken((token) => {
      const headers = this.headers(token, opts.accept);
      // A media element's byte range (audio previews), passed on as it came.
      if (opts.range) headers.range = opts.range;
      return this.fetch(url, { method: req.method, headers, signal: opts.signal });
    });
  }

  /** The host, the path and the query encoded (spec §5). */
  private urlOf(req: Pick<ApiRequest, 'path' | 'query'>): string {
    const query = req.query ? buildQuery(toQuery(req.query)) : '';
    return `${this.apiUrl}${req.path}${query ? `?${query}` : ''}`;
  }

  /** Accept, the session's bearer token and the active brand: what every call to the API host carries. */
  private headers(token: string, accept: string): Record<string, string> {
    const headers: Record<string, string> = { accept, authorization: `Bearer ${token}` };
    const brand = this.deps.session.activeBrand;
    if (brand) headers[BRAND_HEADER] = brand;
    return headers;
  }

  /**
   * One call of a declared endpoint (shared/api/endpoints): the path built from its
   * parameters, the answer parsed by its response schema. An answer that does not
   * parse fails with a BridgeError `bad_response` naming the endpoint and the fields.
   */
  async call<E extends EndpointSpec>(e: E, args: CallArgs<E>, opts: RequestOptions = {}): Promise<CallResult<E>> {
    const req = endpointRequest(e, args);
    const res = await this.request(req, opts);
    return { status: res.status, data: parseResponse(e, req.path, res.data), etag: res.etag };
  }
}

function withTimeout(ms: number, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([timeout, signal]) : timeout;
}

/** Spec §7: the status text, or "Received unexpected status code: N"; `detail` from the body. */
export function httpError(res: Pick<Response, 'status' | 'statusText'>, body: unknown): BridgeError {
  const detail =
    body && typeof body === 'object' && 'detail' in body
      ? (body as { detail: unknown }).detail
      : body === null || body === ''
        ? undefined
        : body;
  return new BridgeError({ code: 'http_error', status: res.status, message: res.statusText || MSG.unexpectedStatus(res.status), detail });
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

type RawQuery = NonNullable<ApiRequest['query']>;
function toQuery(q: RawQuery): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(q)) {
    out[k] = Array.isArray(v)
      ? v.filter((x) => x !== null).map((x) => (typeof x === 'boolean' ? String(x) : (x as string | number)))
      : (v as QueryValue);
  }
  return out;
}
