/**
 * Sandbox-only fault route: GET /v4/sandbox/status/{code}/ answers that HTTP status
 * with a {detail} body, so the console's end-to-end tests can show a real server
 * error. buildApi registers it only when the server runs as the sandbox
 * (ServerOptions.sandbox, `--sandbox` on the command line); never otherwise.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../errors';
import { addEndpoint } from '../route';
import { sandboxEndpoints } from '../../../shared/api/endpoints';

export function registerSandboxRoutes(app: FastifyInstance, db: Db) {
  addEndpoint(app, db, sandboxEndpoints.status, {
    // Any signed-in user: it only answers the status asked for.
    rule: '*',
    handler: async (req, reply) => {
      const raw = req.params.code;
      const code = Number(raw);
      if (!/^\d{3}$/.test(raw) || code < 400 || code > 599) throw notFound();
      reply.code(code);
      return { detail: `Sandbox fault: status ${code}.` };
    },
  });
}
