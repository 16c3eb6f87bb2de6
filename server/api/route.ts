/**
 * Route registration that cannot forget authorization: every route carries an access
 * rule from shared/access (or a function choosing one per request), and the app's
 * onRoute hook refuses to start with a route that has none.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { SERVICE_AGREEMENT_ACCEPT_RULE, can, type Rule } from '../../shared/access';
import { STATUS_TEXT } from '../../shared/messages';
import type { BodyOut, EndpointSpec, ParamsOut, QueryOut, ResponseIn } from '../../shared/api/endpoint';
import { HttpError, forbidden, notFound } from '../domain/errors';
import { validationError } from './validation';
import { assertReferences, checksReferences } from './references';
import { authenticate, type RequestUser } from './principal';
import type { Db } from '../db/client';

export type RuleOf = Rule | ((req: FastifyRequest) => Rule);

interface RouteBase {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  /** Who may call it (spec §6 data). Required: a route without a rule is a bug. */
  rule: RuleOf;
  /**
   * The route checks every input itself and answers bad input in its protocol's own
   * shape (the OAuth pages and endpoints: RFC 6749 error redirects, error pages,
   * `{error}` bodies), so the edge's generic 400 (server/api/edge.ts) stands aside.
   * The fuzz test still walks it.
   */
  ownInputChecks?: boolean;
  /** Answers a supplier that has not accepted the service agreement (as EndpointSpec.beforeAgreement). */
  beforeAgreement?: true;
}

/**
 * A route: one that needs a bearer token gets its caller (never null); a public one
 * (identity-provider pages, the token endpoint, health) gets none.
 */
export type RouteDef = RouteBase &
  (
    | { public?: false; handler: (req: FastifyRequest, reply: FastifyReply, user: RequestUser) => Promise<unknown> }
    /** No bearer token needed (identity-provider pages and token endpoint only). */
    | { public: true; handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown> }
  );

declare module 'fastify' {
  interface FastifyContextConfig {
    rule?: RuleOf;
    public?: boolean;
    ownInputChecks?: boolean;
  }
}

/** Installs the guard: fails at startup on a route without a rule. */
export function requireRules(app: FastifyInstance) {
  app.addHook('onRoute', (opts) => {
    if (!opts.config?.rule) throw new Error(`Route ${String(opts.method)} ${opts.url} has no access rule`);
  });
}

/**
 * Whether an authenticated caller may go on to the handler: first the service agreement,
 * then the route's access rule. A Baseware supplier user (the §2 /service-agreement
 * rule: SERVICE_AGREEMENT_ACCEPT_RULE) whose supplier has not accepted the version in
 * force gets 403 with the §8 text from every route not declared `beforeAgreement` (the
 * agreement itself, the user's own profile and supplier, ending a session); sign-in,
 * sign-out and the token endpoints are public routes and need no token. Labels, artists,
 * DJs and staff accept nothing. Checked before the rule, so every refused call of such a
 * supplier says the same thing.
 */
export function admit(req: FastifyRequest, user: RequestUser, rule: RuleOf, beforeAgreement: boolean | undefined): void {
  if (!beforeAgreement && !user.agreementAccepted && can(user.principal, SERVICE_AGREEMENT_ACCEPT_RULE)) throw forbidden(STATUS_TEXT[403]);
  if (!can(user.principal, typeof rule === 'function' ? rule(req) : rule)) throw forbidden();
}

export function addRoute(app: FastifyInstance, db: Db, def: RouteDef) {
  if (!def.rule) throw new Error(`Route ${String(def.method)} ${def.url} has no access rule`);
  app.route({
    method: def.method,
    url: def.url,
    config: { rule: def.rule, public: def.public, ownInputChecks: def.ownInputChecks },
    handler: async (req, reply) => {
      if (def.public) return def.handler(req, reply);
      const user = await authenticate(db, req);
      admit(req, user, def.rule, def.beforeAgreement);
      return def.handler(req, reply, user);
    },
  });
}

/** What an endpoint's handler receives: params, query and body already parsed by the declaration. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;

/** A declared endpoint's route. Every one needs a bearer token: its handler gets the caller, never null. */
export interface EndpointDef<E extends EndpointSpec> {
  /** Who may call it (spec §6 data), checked before the request is validated. */
  rule: RuleOf;
  /** The most body bytes this route takes (default the app's bodyLimit); more is a 413. */
  bodyLimit?: number;
  /**
   * Answers the response the declaration promises (checked at compile time). A handler
   * that streams or sets no body answers with `reply.send(…)` (the reply).
   */
  handler: (req: EndpointRequest<E>, reply: FastifyReply, user: RequestUser) => Promise<ResponseIn<E> | FastifyReply>;
}

/** Checks every declared answer against its response schema (tests: API_CHECK_RESPONSES=1). */
const checkResponses = () => process.env.API_CHECK_RESPONSES === '1';

/**
 * Validation of one part of the request by its zod schema, for Fastify's schema
 * support: a body or query that does not parse is a 400 in the v4 shape
 * ({"field": ["message"]}); path parameters that do not parse name no object (404).
 * A missing body is read as {} (as parseBody does).
 */
function zodValidator({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const zod = schema as z.ZodType;
  return (data: unknown) => {
    // No body at all is an empty change set (a JSON `null` sent as the body is refused by the edge first).
    const r = zod.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    if (r.success) {
      // zod builds its output as a plain object, where a `__proto__` key would set the prototype instead of
      // becoming a key: keep the caller's `__proto__` parameter as an own key, so the handler refuses it by name.
      if (
        httpPart === 'querystring' &&
        data &&
        typeof data === 'object' &&
        Object.hasOwn(data, '__proto__') &&
        r.data &&
        typeof r.data === 'object'
      ) {
        Object.defineProperty(r.data, '__proto__', {
          value: (data as Record<string, unknown>)['__proto__'],
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return { value: r.data };
    }
    return { error: httpPart === 'params' ? notFound() : validationError(r.error) };
  };
}

/**
 * Registers a route from its declaration in shared/api/endpoints: the declaration's
 * method and path, its params/query/body schemas validated by Fastify before the
 * handler (after authentication and the access rule, so an unauthorised caller learns
 * nothing from validation), the handler typed by it.
 */
export function addEndpoint<E extends EndpointSpec>(app: FastifyInstance, db: Db, endpoint: E, def: EndpointDef<E>) {
  if (!def.rule) throw new Error(`Route ${endpoint.method} ${endpoint.path} has no access rule`);
  const users = new WeakMap<FastifyRequest, RequestUser>();
  const schema: FastifySchema = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  // The one reference check (./references.ts): ids the body marks must name a list item or record.
  const references = checksReferences(endpoint.body) ? (endpoint.body as z.ZodType) : null;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { rule: def.rule },
    ...(def.bodyLimit !== undefined && { bodyLimit: def.bodyLimit }),
    schema,
    validatorCompiler: zodValidator,
    preValidation: async (req) => {
      const user = await authenticate(db, req);
      admit(req, user, def.rule, endpoint.beforeAgreement);
      users.set(req, user);
    },
    ...(references && {
      preHandler: async (req: FastifyRequest) => {
        await assertReferences(db, references, req.body);
      },
    }),
    handler: async (req, reply) => {
      // Authenticated in preValidation, which runs first on every request.
      const user = users.get(req);
      if (!user) throw new Error(`${endpoint.method} ${endpoint.path}: no authenticated caller`);
      const out = await def.handler(req as EndpointRequest<E>, reply, user);
      if (checkResponses() && out !== reply) {
        // The answer as the client receives it (JSON: dates as strings).
        const r = endpoint.response.safeParse(out === undefined ? null : JSON.parse(JSON.stringify(out)));
        if (!r.success)
          throw new Error(`${endpoint.method} ${endpoint.path} answered outside its declaration: ${z.prettifyError(r.error)}`);
      }
      return out;
    },
  });
}

/** A group of declared endpoints as shared/api/endpoints exports it: name → declaration. */
export type EndpointGroup = Readonly<Record<string, EndpointSpec>>;

/**
 * One route per endpoint of a group: exactly the group's names, each entry typed from
 * its declaration as addEndpoint types it (params, query, body, response, the caller).
 */
export type HandlerMap<G extends EndpointGroup> = { readonly [K in keyof G]: EndpointDef<G[K]> };

/** A map with a name its group does not declare has `never` there, so it does not compile. */
export type OnlyNamesOf<G, M> = M & { readonly [K in Exclude<keyof M, keyof G>]: never };

/**
 * Registers every endpoint of a group with its handler entry (addEndpoint each), in the
 * map's order: one entry per endpoint, so an endpoint without its handler, or a handler for
 * one the group does not declare, fails to compile; a map whose names are not the group's
 * (one built around the types) fails at startup.
 */
export function registerHandlers<G extends EndpointGroup, M extends HandlerMap<G>>(
  app: FastifyInstance,
  db: Db,
  group: G,
  map: OnlyNamesOf<G, M>,
) {
  const names = Object.keys(group);
  const given = Object.keys(map);
  const missing = names.filter((n) => !Object.hasOwn(map, n));
  const extra = given.filter((n) => !Object.hasOwn(group, n));
  if (missing.length || extra.length) {
    throw new Error(
      `Handlers for ${names.join(', ')}: ${missing.length ? `none for ${missing.join(', ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `not declared: ${extra.join(', ')}` : ''}`,
    );
  }
  for (const name of given) addEndpoint(app, db, group[name], (map as HandlerMap<G>)[name]);
}

/** The names of a group's endpoints (not of the groups nested in it, as supplierEndpoints.contacts). */
type EndpointNames<G> = { [K in keyof G]: G[K] extends EndpointSpec ? K : never }[keyof G] & string;

/**
 * The named endpoints of a group, in that order, for a module that serves only part of it
 * (the rest is registered by another module, e.g. trackSubresourceEndpoints) or a group
 * with groups nested in it.
 */
export function endpointsOf<G extends object, const K extends EndpointNames<G>>(group: G, ...names: K[]): Pick<G, K> {
  return Object.fromEntries(names.map((n) => [n, group[n]])) as Pick<G, K>;
}

export { HttpError };
