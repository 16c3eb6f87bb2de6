/** Async sales calls of a supplier and the job polling endpoint (api-conventions "Jobs"). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SALES_RULE } from '../../../shared/access';
import { calendarDate } from '../../../shared/api/dates';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import type { JobQueue, JobRow } from '../../jobs/queue';
import { HttpError, notFound } from '../errors';
import { addRoute } from '../route';
import { parseBody } from '../validation';

// Real calendar days (2024-02-30 is a 400 naming the field), start not after end.
const rangeBody = z.strictObject({ start_date: calendarDate, end_date: calendarDate })
  .refine((r) => r.start_date <= r.end_date, { message: MSG.startBeforeEnd, path: ['start_date'] });

/** Supplier ids are int4: a larger one names no supplier (and must not reach the database as one). */
const INT4_MAX = 2_147_483_647;

const view = (j: JobRow) => ({ id: j.id, kind: j.kind, state: j.state, child_job_id: j.child_job_id, result: j.result });

export function registerJobRoutes(app: FastifyInstance, db: Db, queue: JobQueue) {
  for (const kind of ['sales', 'sales-export'] as const) {
    addRoute(app, db, {
      method: 'POST', url: `/v4/catalog/suppliers/:id/${kind}/`, rule: SALES_RULE,
      handler: async (req, reply, user) => {
        const id = Number((req.params as { id: string }).id);
        // A supplier asks only for itself; another supplier's id is not found.
        if (!Number.isInteger(id) || id < 1 || id > INT4_MAX || (user!.supplierId != null && user!.supplierId !== id)) throw notFound();
        const [s] = await db.query('select 1 from suppliers where id = $1', [id]);
        if (!s) throw notFound();
        const range = parseBody(rangeBody, req.body);
        const job = await queue.enqueue(kind, user!.id, { supplier_id: id, ...range });
        // Only a singleton key can hold a job back, and the sales kinds take none.
        if (!job) throw new HttpError(409, { detail: 'A job like this one is already queued.' });
        return reply.code(202).send({ id: job.id, state: job.state });
      },
    });
  }
  addRoute(app, db, {
    // Anyone signed in may poll, but only their own jobs exist for them.
    method: 'GET', url: '/v4/jobs/:kind/:id/', rule: '*',
    handler: async (req, _reply, user) => {
      const { kind, id } = req.params as { kind: string; id: string };
      if (!/^\d{1,9}$/.test(id)) throw notFound();
      const [job] = await db.query<JobRow>(
        'select id, kind, state, child_job_id, owner_id, payload, result from jobs where id = $1 and kind = $2 and owner_id = $3',
        [Number(id), kind, user!.id],
      );
      if (!job) throw notFound();
      return view(job);
    },
  });
}
