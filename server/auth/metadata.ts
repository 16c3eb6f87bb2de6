/**
 * RFC 8414 authorization server metadata (GET /.well-known/oauth-authorization-server on
 * the identity provider's host), so a standard OAuth client finds the authorize, token,
 * revocation and introspection endpoints, PKCE S256 and the public-client authentication
 * by itself. Public: it names endpoints, nothing of any user. The issuer is the identity
 * provider's configured public origin (IDP_PUBLIC_URL, else its listening address), never
 * the request's Host; before it is known (the listener not up yet) the document is a 503.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_PATHS, authorizationServerMetadata } from '../../shared/api/endpoints/auth';
import type { Db } from '../db/client';
import { addRoute } from '../api/route';

export function registerOAuthMetadata(app: FastifyInstance, db: Db, issuer: () => string | undefined) {
  addRoute(app, db, {
    method: 'GET',
    url: AUTH_PATHS.metadata,
    rule: '*',
    public: true,
    ownInputChecks: true,
    handler: async (_req, reply) => {
      const origin = issuer();
      if (!origin) return reply.code(503).header('retry-after', '1').send({ detail: 'The identity provider is starting.' });
      return reply.header('cache-control', 'public, max-age=300').send(authorizationServerMetadata(origin));
    },
  });
}
