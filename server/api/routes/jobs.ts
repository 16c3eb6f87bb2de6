/**
 * Async sales calls of a supplier and the job polling endpoint (api-conventions "Jobs"),
 * registered from their declarations (shared/api/endpoints/jobs.ts): the path, the
 * supplier id, the date range and the kind are checked there before a handler runs.
 */
import type { FastifyInstance } from 'fastify';
import { SALES_RULE } from '../../../shared/access';
import { SALES_JOB_KINDS, jobEndpoints, type JobView } from '../../../shared/api/endpoints/jobs';
import type { Db } from '../../db/client';
import type { JobQueue, JobRow } from '../../jobs/queue';
import { HttpError, notFound } from '../errors';
import { addEndpoint } from '../route';

const view = (j: JobRow): JobView => ({ id: j.id, kind: j.kind, state: j.state, child_job_id: j.child_job_id, result: j.result });

export function registerJobRoutes(app: FastifyInstance, db: Db, queue: JobQueue) {
  for (const kind of SALES_JOB_KINDS) {
    addEndpoint(app, db, jobEndpoints.start[kind], {
      rule: SALES_RULE,
      handler: async (req, reply, user) => {
        const { id } = req.params;
        // A supplier asks only for itself; another supplier's id is not found.
        if (user!.supplierId != null && user!.supplierId !== id) throw notFound();
        const [s] = await db.query('select 1 from suppliers where id = $1', [id]);
        if (!s) throw notFound();
        const job = await queue.enqueue(kind, user!.id, { supplier_id: id, ...req.body });
        // Only a singleton key can hold a job back, and the sales kinds take none.
        if (!job) throw new HttpError(409, { detail: 'A job like this one is already queued.' });
        reply.code(202);
        return { id: job.id, state: job.state };
      },
    });
  }
  // Anyone signed in may poll, but only their own jobs exist for them.
  addEndpoint(app, db, jobEndpoints.view, {
    rule: '*',
    handler: async (req, _reply, user) => {
      const { kind, id } = req.params;
      const [job] = await db.query<JobRow>(
        'select id, kind, state, child_job_id, owner_id, payload, result from jobs where id = $1 and kind = $2 and owner_id = $3',
        [id, kind, user!.id],
      );
      if (!job) throw notFound();
      return view(job);
    },
  });
}
