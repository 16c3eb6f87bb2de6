/** The two Fastify apps: the v4 API and the identity provider. */
import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { registerIdp } from '../auth/idp';
import type { TokenSettings } from '../auth/tokens';
import type { JobQueue } from '../jobs/queue';
import { HttpError } from './errors';
import { requireRules } from './route';
import { registerAuxiliaryRoutes } from './routes/auxiliary';
import { registerExportRoutes } from './routes/export';
import { registerListRoutes } from './routes/lists';
import { registerSearchRoutes } from './routes/search';
import { registerMeRoutes } from './routes/me';
import { registerBankingRoutes } from './routes/banking';
import { registerJobRoutes } from './routes/jobs';
import { registerNoteRoutes } from './routes/notes';
import { registerSandboxRoutes } from './routes/sandbox';

function base(logger: boolean): FastifyInstance {
  const app = Fastify({ logger, exposeHeadRoutes: false, bodyLimit: 5 * 1024 * 1024 });
  requireRules(app);
  app.register(formbody);
  app.setErrorHandler((err: FastifyError | HttpError | Error, _req, reply) => {
    if (err instanceof HttpError) return reply.code(err.status).headers(err.headers).send(err.body);
    const pgCode = (err as { code?: string }).code;
    if (pgCode === '23514' || pgCode === '22001' || pgCode === '23505' || pgCode === '23503') {
      // A database constraint caught what validation did not: still a client error.
      const field = (err as { constraint?: string; column?: string }).column ?? 'non_field_errors';
      return reply.code(pgCode === '23505' ? 409 : 400).send({ [field]: [err.message] });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ detail: err.message });
    reply.log.error(err);
    return reply.code(500).send({ detail: 'Server error.' });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ detail: 'Not found.' }));
  return app;
}

export interface ApiOptions {
  logger?: boolean;
  /** Running as the console's embedded sandbox: adds the sandbox-only fault route. */
  sandbox?: boolean;
  /** The job queue the async calls enqueue on. */
  jobs: JobQueue;
}

export async function buildApi(db: Db, settings: TokenSettings, opts: ApiOptions): Promise<FastifyInstance> {
  const app = base(opts.logger ?? false);
  await app.register(async (scope) => {
    if (opts.sandbox) registerSandboxRoutes(scope, db);
    registerExportRoutes(scope, db);
    registerListRoutes(scope, db);
    registerSearchRoutes(scope, db);
    registerAuxiliaryRoutes(scope, db);
    registerMeRoutes(scope, db);
    registerJobRoutes(scope, db, opts.jobs);
    registerNoteRoutes(scope, db);
    registerBankingRoutes(scope, db);
    // Spec §7 lists introspect and temp-account-email among the API host's calls too.
    registerIdp(scope, db, settings, false);
  });
  return app;
}

export async function buildIdp(db: Db, settings: TokenSettings, logger = false): Promise<FastifyInstance> {
  const app = base(logger);
  await app.register(async (scope) => registerIdp(scope, db, settings, true));
  return app;
}
