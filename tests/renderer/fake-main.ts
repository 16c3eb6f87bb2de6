/**
 * A fake main for renderer component tests (issue 31): it stands where the Electron
 * preload stands (window.storeConsole), so the renderer's own bridge code runs and parses
 * every answer with the channel's declared schema, and its v4 API answers only through
 * the declared endpoints (shared/api/endpoints): a request is matched to its endpoint and
 * parsed by the endpoint's params, query and body schemas, and a fake answer must match
 * the endpoint's response schema, so a fake cannot drift from the real contract.
 *
 * Import it before any renderer module (it installs itself on import):
 *
 *   import { fakeMain, reply, refuse } from './fake-main';
 *   fakeMain.api.on(trackEndpoints.get, ({ params }) => reply(track, { etag: '"v3"' }));
 *   fakeMain.api.on(trackEndpoints.patch, () => refuse(400, { title: ['This field may not be blank.'] }));
 *   fakeMain.channel('systemInfo', () => ({ … }));
 *
 * A channel or endpoint the test did not fake fails the call with a BridgeError naming it
 * (`not_faked`), so a screen's unexpected call shows in the test rather than hanging.
 * `settingsGet`/`settingsSet` keep a store in memory (fakeMain.settings).
 */
import { STATUS_CODES } from 'node:http';
import { type z } from 'zod';
import type { EndpointSpec, ParamsOut, QueryOut, BodyOut, ResponseIn } from '../../shared/api/endpoint';
import type { ApiRequest, ApiResponse } from '../../shared/bridge/channels/api';
import { BridgeError } from '../../shared/bridge/error';
import type { BridgeResult } from '../../shared/bridge/define';
import type { ChannelName, ChannelRequest, Channels, PreloadApi } from '../../shared/bridge';
import type { BridgeEventName, BridgeEventPayload } from '../../shared/bridge/events';
import { PRELOAD_GLOBAL } from '../../shared/bridge/transport';
import { httpError } from '../../main/services/api-client';

/** What a fake endpoint answers: a success (status 200 unless given) or a failure status with its body. */
export type FakeReply<T> = { kind: 'ok'; status: number; data: T; etag?: string } | { kind: 'error'; status: number; body: unknown };

/** A success answer with its status and ETag. */
export function reply<T>(data: T, opts: { status?: number; etag?: string } = {}): FakeReply<T> {
  return { kind: 'ok', status: opts.status ?? 200, data, etag: opts.etag };
}

/** One page of a list (the v4 list envelope) holding `results`: all of them, on page 1 of 1. */
export function pageOf<T>(
  results: T[],
  perPage = 25,
): { count: number; next: null; previous: null; page: string; per_page: number; results: T[] } {
  return { count: results.length, next: null, previous: null, page: '1/1', per_page: perPage, results };
}

/** A failure answer: main turns it into the BridgeError it would deliver (status, §7 text, the body's detail). */
export function refuse(status: number, body: unknown = null): FakeReply<never> {
  return { kind: 'error', status, body };
}

export interface FakeRequest<E extends EndpointSpec> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
  ifMatch?: string;
  idempotencyKey?: string;
  request: ApiRequest;
}

type Handler<E extends EndpointSpec> = (
  req: FakeRequest<E>,
) => ResponseIn<E> | FakeReply<ResponseIn<E>> | Promise<ResponseIn<E> | FakeReply<ResponseIn<E>>>;

interface Route {
  e: EndpointSpec;
  pattern: RegExp;
  names: string[];
  handler: Handler<EndpointSpec>;
}

function isReply(v: unknown): v is FakeReply<unknown> {
  return (
    !!v &&
    typeof v === 'object' &&
    'kind' in v &&
    ((v as { kind: unknown }).kind === 'ok' || (v as { kind: unknown }).kind === 'error') &&
    'status' in v
  );
}

function issues(e: z.ZodError): string {
  return e.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/** The fake v4 API: declared endpoints only. */
export class FakeApi {
  /** Every request the renderer made, in order. */
  readonly calls: ApiRequest[] = [];
  private readonly routes: Route[] = [];

  /** Answers `e` with `handler` (a later `on` for the same endpoint replaces the earlier one). */
  on<E extends EndpointSpec>(e: E, handler: Handler<E>): this {
    const names: string[] = [];
    const source = e.path.replace(/:([a-z_][a-z0-9_]*)/g, (_m, n: string) => {
      names.push(n);
      return '([^/]+)';
    });
    const route: Route = { e, pattern: new RegExp(`^${source}$`), names, handler: handler as unknown as Handler<EndpointSpec> };
    const i = this.routes.findIndex((r) => r.e === e);
    if (i >= 0) this.routes[i] = route;
    else this.routes.push(route);
    return this;
  }

  /** Forgets every answer and request (a new test file of the worker starts from none). */
  reset(): void {
    this.calls.length = 0;
    this.routes.length = 0;
  }

  /** The requests made to one endpoint. */
  callsOf(e: EndpointSpec): ApiRequest[] {
    const r = this.routes.find((x) => x.e === e);
    return this.calls.filter((c) => c.method === e.method && (r ? r.pattern.test(c.path) : false));
  }

  async request(req: ApiRequest): Promise<ApiResponse> {
    this.calls.push(req);
    const what = `${req.method} ${req.path}`;
    const match = this.routes.map((r) => ({ r, m: r.e.method === req.method ? r.pattern.exec(req.path) : null })).find((x) => x.m);
    if (!match) throw new BridgeError({ code: 'not_faked', message: `The fake API has no answer for ${what}` });
    const { r, m } = match;
    const rawParams = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m![i + 1])]));
    const parse = (schema: z.ZodType | undefined, value: unknown, part: string) => {
      if (!schema) return value;
      const p = schema.safeParse(value);
      if (!p.success) throw new Error(`${what}: the ${part} does not match the endpoint's declaration (${issues(p.error)})`);
      return p.data;
    };
    const out = await r.handler({
      params: parse(r.e.params, rawParams, 'path parameters') as never,
      query: parse(r.e.query, req.query ?? {}, 'query') as never,
      body: parse(r.e.body, req.body, 'body') as never,
      ifMatch: req.ifMatch,
      idempotencyKey: req.idempotencyKey,
      request: req,
    });
    const answer = isReply(out) ? out : reply(out);
    if (answer.kind === 'error') throw httpError({ status: answer.status, statusText: STATUS_CODES[answer.status] ?? '' }, answer.body);
    const checked = r.e.response.safeParse(answer.data);
    if (!checked.success) throw new Error(`${what}: the fake answer does not match the endpoint's response (${issues(checked.error)})`);
    return { status: answer.status, data: answer.data, etag: answer.etag };
  }
}

type ChannelImpl<N extends ChannelName> = (
  request: ChannelRequest<N>,
) => z.input<Channels[N]['response']> | Promise<z.input<Channels[N]['response']>>;

/** The fake main behind window.storeConsole. */
export class FakeMain {
  readonly api = new FakeApi();
  /** The settings store (settingsGet / settingsSet). */
  readonly settings = new Map<string, unknown>();
  /** Every channel call, in order. */
  readonly calls: { channel: string; request: unknown }[] = [];
  private readonly impls = new Map<string, (request: unknown) => unknown>();
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();

  /** Answers a channel (its answer is parsed by the channel's response schema, as from main). */
  channel<N extends ChannelName>(name: N, impl: ChannelImpl<N>): this {
    this.impls.set(name, impl as (request: unknown) => unknown);
    return this;
  }

  /**
   * Forgets every answer, call and setting (a new test file of the worker starts from
   * none). The renderer's event listeners stay: its modules subscribe once, on import.
   */
  reset(): void {
    this.api.reset();
    this.settings.clear();
    this.calls.length = 0;
    this.impls.clear();
  }

  /** The requests the renderer made on one channel, in order. */
  requestsOf<N extends ChannelName>(name: N): ChannelRequest<N>[] {
    return this.calls.filter((c) => c.channel === name).map((c) => c.request as ChannelRequest<N>);
  }

  /** Sends one of main's events to the renderer's listeners. */
  emit<E extends BridgeEventName>(name: E, payload: BridgeEventPayload<E>): void {
    for (const l of this.listeners.get(name) ?? []) l(payload);
  }

  async call(channel: string, request: unknown): Promise<BridgeResult> {
    this.calls.push({ channel, request });
    try {
      let value: unknown;
      const impl = this.impls.get(channel);
      if (impl) value = await impl(request);
      else if (channel === 'apiRequest') value = await this.api.request(request as ApiRequest);
      else if (channel === 'settingsGet') value = { value: this.settings.get((request as { key: string }).key) ?? null };
      else if (channel === 'settingsSet') {
        const { key, value: v } = request as { key: string; value: unknown };
        if (v === null) this.settings.delete(key);
        else this.settings.set(key, v);
        value = { ok: true };
      } else throw new BridgeError({ code: 'not_faked', message: `The fake main has no answer for the channel ${channel}` });
      return { ok: true, value };
    } catch (err) {
      if (err instanceof BridgeError) return { ok: false, error: err.toShape() };
      throw err;
    }
  }

  preload(): PreloadApi {
    const calls = new Proxy({} as PreloadApi['calls'], {
      get: (_t, name) => (typeof name === 'string' ? (request: unknown) => this.call(name, request) : undefined),
    });
    return {
      calls,
      onEvent: (name, listener) => {
        const set = this.listeners.get(name) ?? new Set();
        set.add(listener as (payload: unknown) => void);
        this.listeners.set(name, set);
        return () => set.delete(listener as (payload: unknown) => void);
      },
    };
  }
}

/** The file's fake main, installed as the preload's API (renderer/lib/bridge.ts reads it on import). */
export const fakeMain = new FakeMain();
(globalThis as unknown as { window?: Record<string, unknown> }).window ??= globalThis as never;
(window as unknown as Record<string, unknown>)[PRELOAD_GLOBAL] = fakeMain.preload();
