/**
 * One v4 endpoint, declared once: method, path ('/v4/jobs/:kind/:id/' style), the zod
 * schemas of its path parameters, query, body and response, and what it does. Used
 * three ways (the bridge's shared/bridge/define.ts is the model):
 * - the server registers the route from it (server/api/route.ts registerHandlers, a
 *   route module's handler map, or addEndpoint): params, query and body are parsed by
 *   their schemas before the handler runs, and the handler's return type is checked
 *   against the response schema;
 * - main's API client builds the path and parses the answer with it
 *   (main/services/api-client.ts call);
 * - the renderer gets typed, parsed results (renderer/lib/api.ts call).
 * The declarations are grouped in shared/api/endpoints/.
 */
import { z } from 'zod';
import { BridgeError } from '../bridge/error';
import { issuesText, parseAnswer } from '../bridge/define';
import type { ApiRequest } from '../bridge/channels/api';

/** Header naming the brand a call acts for among the brands the token holds. */
export const BRAND_HEADER = 'x-brand';

/** The methods an endpoint may have: those of the bridge's apiRequest (shared/bridge/channels/api.ts). */
export type HttpMethod = ApiRequest['method'];

export interface EndpointSpec {
  readonly method: HttpMethod;
  /** '/v4/…/:name/…/': lower-case segments, parameters as `:name`, a trailing slash. */
  readonly path: string;
  /** The path parameters (strings in the URL); without it each `:name` is any segment. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer's body. */
  readonly response: z.ZodType;
  readonly doc: string;
  /**
   * Answers a Baseware supplier that has not yet accepted the service agreement in force
   * (the agreement itself, the user's own profile and supplier, ending a session). Every
   * other endpoint answers such a caller 403 with the §8 text (server/api/route.ts
   * `admit`; docs/decisions.md "Service agreement").
   */
  readonly beforeAgreement?: true;
}

/** The `:name` parameters of a path template. */
export type PathParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

type SchemaIn<E, K extends string> = E extends { readonly [k in K]: infer S extends z.ZodType } ? z.input<S> : undefined;
type SchemaOut<E, K extends string> = E extends { readonly [k in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a caller gives for the path parameters. */
export type ParamsIn<E extends EndpointSpec> = E extends { readonly params: infer S extends z.ZodType }
  ? z.input<S>
  : [PathParamNames<E['path']>] extends [never]
    ? undefined
    : Record<PathParamNames<E['path']>, string | number>;
/** The path parameters as the server's handler sees them (parsed). */
export type ParamsOut<E extends EndpointSpec> = E extends { readonly params: infer S extends z.ZodType }
  ? z.output<S>
  : Record<PathParamNames<E['path']>, string>;
export type QueryIn<E extends EndpointSpec> = SchemaIn<E, 'query'>;
export type QueryOut<E extends EndpointSpec> = SchemaOut<E, 'query'>;
export type BodyIn<E extends EndpointSpec> = SchemaIn<E, 'body'>;
export type BodyOut<E extends EndpointSpec> = SchemaOut<E, 'body'>;
/** What the server's handler returns (checked at compile time). */
export type ResponseIn<E extends EndpointSpec> = z.input<E['response']>;
/** What a caller gets back (parsed). */
export type ResponseOf<E extends EndpointSpec> = z.output<E['response']>;

const PATH = /^\/v4\/(?:(?:[a-z0-9_-]+|:[a-z_][a-z0-9_]*)\/)*$/;

/** Declares one endpoint; a malformed path template fails at import. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  if (!PATH.test(spec.path)) throw new Error(`Endpoint path "${spec.path}" is not a /v4/…/ template`);
  return Object.freeze(spec);
}

/** The concrete path of an endpoint: each `:name` replaced by its (URL-encoded) value. */
export function pathOf<E extends EndpointSpec>(
  e: E,
  ...[params]: ParamsIn<E> extends undefined ? [params?: undefined] : [params: ParamsIn<E>]
): string {
  return buildPath(e, params);
}

function buildPath(e: EndpointSpec, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return e.path.replace(/:([a-z_][a-z0-9_]*)/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined || v === null || v === '') throw new Error(`Endpoint ${e.method} ${e.path}: no value for :${name}`);
    return encodeURIComponent(String(v));
  });
}

/** One call of a declared endpoint: its path parameters, query and body, and the request headers it sends. */
export type CallArgs<E extends EndpointSpec> = (ParamsIn<E> extends undefined ? { params?: undefined } : { params: ParamsIn<E> }) &
  (BodyIn<E> extends undefined ? { body?: undefined } : { body: BodyIn<E> }) & {
    query?: QueryIn<E>;
    /** The ETag the edit was based on (PATCH). */
    ifMatch?: string;
    /** For money-moving POSTs. */
    idempotencyKey?: string;
  };

/** The request a call makes: the bridge's apiRequest (shared/bridge/channels/api.ts). */
export function endpointRequest<E extends EndpointSpec>(e: E, args: CallArgs<E>): ApiRequest {
  const req: ApiRequest = { method: e.method, path: buildPath(e, args.params) };
  if (args.query !== undefined) req.query = args.query as ApiRequest['query'];
  if (args.body !== undefined) req.body = args.body;
  if (args.ifMatch !== undefined) req.ifMatch = args.ifMatch;
  if (args.idempotencyKey !== undefined) req.idempotencyKey = args.idempotencyKey;
  return req;
}

/**
 * The answer parsed by the endpoint's response schema; one that does not match fails
 * with a BridgeError `bad_response` naming the endpoint and the first fields at fault.
 */
export function parseResponse<E extends EndpointSpec>(e: E, path: string, data: unknown): ResponseOf<E> {
  return parseAs(e.response, `${e.method} ${path}`, data) as ResponseOf<E>;
}

/** Part of an answer (`what` names the call) parsed by a schema, failing like parseResponse. */
export function parseAs<S extends z.ZodType>(schema: S, what: string, data: unknown): z.output<S> {
  return parseAnswer(schema, `answer from the API host to ${what}`, data);
}

/**
 * A call's query checked by the endpoint's query schema before anything is sent (the
 * values go out as the caller gave them; the server parses them again). One that does
 * not match fails with a BridgeError `invalid_request` naming the endpoint and the fields.
 */
export function checkQuery<E extends EndpointSpec>(e: E, query: QueryIn<E> | undefined): void {
  if (!e.query) return;
  const r = e.query.safeParse(query ?? {});
  if (r.success) return;
  throw new BridgeError({
    code: 'invalid_request',
    message: `Invalid query for ${e.method} ${e.path} (${issuesText(r.error.issues, '(query)')}).`,
    detail: r.error.issues,
  });
}

/** A numeric id in a path (`:id`): what the API's object ids look like. */
export const IdParam = z.union([z.number().int().nonnegative().max(999_999_999), z.string().regex(/^\d{1,9}$/)]).transform(Number);
