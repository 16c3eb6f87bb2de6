/**
 * Sandbox-only fault route: GET /v4/sandbox/status/{code}/ answers that HTTP status
 * with a {detail} body, so the console's end-to-end tests can show a real server
 * error. buildApi registers it only when the server runs as the sandbox
 * (ServerOptions.sandbox, `--sandbox` on the command line); never otherwise.
 */
import { INGEST_BATCH_JOB } from '../../../shared/api/endpoints/jobs';
import { ingestBatchKey } from '../../jobs/kinds';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { WRITE_RULES } from '../../../shared/access';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { badRequest, notFound } from '../../domain/errors';
import { registerHandlers } from '../route';
import { sandboxEndpoints } from '../../../shared/api/endpoints';

export function registerSandboxRoutes(app: FastifyInstance, db: Db, jobs: JobQueue) {
  registerHandlers(app, db, sandboxEndpoints, {
    status: {
      // Any signed-in user: it only answers the status asked for.
      rule: '*',
      handler: async (req, reply) => {
        const raw = req.params.code;
        const code = Number(raw);
        if (!/^\d{3}$/.test(raw) || code < 400 || code > 599) throw notFound();
        reply.code(code);
        return { detail: `Sandbox fault: status ${code}.` };
      },
    },

    // The SFTP drop's stand-in in the sandbox: hands a batch folder to ingestion (server/ingest/ingest.ts).
    deliver: {
      rule: WRITE_RULES.adminOnly,
      handler: async (req, reply, user) => {
        const { supplier_id, batch_dir } = req.body;
        if (!(await stat(batch_dir).catch(() => null))?.isDirectory()) throw badRequest('batch_dir', 'No such folder.');
        const job = (await jobs.enqueue(
          INGEST_BATCH_JOB,
          user.id,
          { supplier_id, batch_dir },
          { singletonKey: ingestBatchKey(supplier_id, batch_dir) },
        ))!;
        reply.code(202);
        return { id: job.id, state: job.state };
      },
    },
  });
}
