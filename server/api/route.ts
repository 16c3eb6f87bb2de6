/**
 * Route registration that cannot forget authorization: every route carries an access
 * rule from shared/access (or a function choosing one per request), and the app's
 * onRoute hook refuses to start with a route that has none.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { can, type Rule } from '../../shared/access';
import { HttpError, forbidden } from './errors';
import { authenticate, type RequestUser } from './principal';
import type { Db } from '../db/client';

export type RuleOf = Rule | ((req: FastifyRequest) => Rule);

export interface RouteDef {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  /** Who may call it (spec §6 data). Required: a route without a rule is a bug. */
  rule: RuleOf;
  /** No bearer token needed (identity-provider pages and token endpoint only). */
  public?: boolean;
  handler: (req: FastifyRequest, reply: FastifyReply, user: RequestUser | null) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rule?: RuleOf;
    public?: boolean;
  }
}

/** Installs the guard: fails at startup on a route without a rule. */
export function requireRules(app: FastifyInstance) {
  app.addHook('onRoute', (opts) => {
    if (!opts.config?.rule) throw new Error(`Route ${String(opts.method)} ${opts.url} has no access rule`);
  });
}

export function addRoute(app: FastifyInstance, db: Db, def: RouteDef) {
  if (!def.rule) throw new Error(`Route ${String(def.method)} ${def.url} has no access rule`);
  app.route({
    method: def.method,
    url: def.url,
    config: { rule: def.rule, public: def.public },
    handler: async (req, reply) => {
      const user = def.public ? null : await authenticate(db, req);
      if (user) {
        const rule = typeof def.rule === 'function' ? def.rule(req) : def.rule;
        if (!can(user.principal, rule)) throw forbidden();
      }
      const out = await def.handler(req, reply, user);
      return out;
    },
  });
}

export { HttpError };
