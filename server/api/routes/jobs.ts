/**
 * Async sales calls of a supplier and the job polling endpoint (api-conventions "Jobs"),
 * registered from their declarations (shared/api/endpoints/jobs.ts): the path, the
 * supplier id, the date range and the kind are checked there before a handler runs.
 */
import type { FastifyInstance } from 'fastify';
import { SALES_RULE, brandsOf, filterRefusedText, salesFilterAllowed } from '../../../shared/access';
import { SALES_JOB_KINDS, jobEndpoints, type JobView, type SalesFilters, type SalesJobKind } from '../../../shared/api/endpoints/jobs';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import type { JobQueue, JobRow } from '../../jobs/queue';
import type { SalesPayload } from '../../jobs/sales';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import type { RequestUser } from '../principal';
import { addEndpoint, endpointsOf, registerHandlers } from '../route';

/** Sales filters by their screen labels, for the field error. */
const SALES_FILTER_LABELS: Readonly<Record<string, string>> = { sale_type_id: 'Sale type', label_id: 'Label', supplier_id: 'Supplier' };

/**
 * Spec §6 on sales: a filter the user may not use (sale type and label are control-only)
 * is a 403 naming the field, never quietly applied or ignored.
 */
function refuseRestrictedFilters(user: RequestUser, filters: SalesFilters) {
  const refused = Object.keys(filters).filter(
    (f) => (filters as Record<string, unknown>)[f] !== undefined && !salesFilterAllowed(user.principal, f),
  );
  if (refused.length) {
    throw new HttpError(403, Object.fromEntries(refused.map((f) => [f, [filterRefusedText(SALES_FILTER_LABELS[f] ?? f)]])));
  }
}

/**
 * What a sales job may read for this user: the filters, held to the brands the user holds
 * (a brand they do not hold is a 400 naming it) and, for a supplier or label user, to
 * their own lines.
 */
function salesPayload(user: RequestUser, filters: SalesFilters): SalesPayload {
  const brands: string[] = brandsOf(user.principal.scopes);
  if (filters.brand && !brands.includes(filters.brand)) throw badRequest('brand', MSG.brandNotHeld);
  return {
    ...filters,
    brands,
    ...(user.supplierId != null ? { own_supplier_id: user.supplierId } : {}),
    ...(user.labelId != null ? { own_label_id: user.labelId } : {}),
  };
}

const view = (j: JobRow): JobView => ({ id: j.id, kind: j.kind, state: j.state, child_job_id: j.child_job_id, result: j.result });

export function registerJobRoutes(app: FastifyInstance, db: Db, queue: JobQueue) {
  const start = async (kind: SalesJobKind, user: RequestUser, filters: SalesFilters) => {
    const job = await queue.enqueue(kind, user.id, { ...salesPayload(user, filters) });
    // Only a singleton key can hold a job back, and the sales kinds take none.
    if (!job) throw new HttpError(409, { detail: 'A job like this one is already queued.' });
    return { id: job.id, state: job.state };
  };
  for (const kind of SALES_JOB_KINDS) {
    addEndpoint(app, db, jobEndpoints.start[kind], {
      rule: SALES_RULE,
      handler: async (req, reply, user) => {
        const { id } = req.params;
        // A supplier asks only for itself, a label only for its own supplier; another id is not found.
        if (user.supplierId != null && user.supplierId !== id) throw notFound();
        const [s] = await db.query('select 1 from suppliers where id = $1', [id]);
        if (!s) throw notFound();
        if (user.labelId != null) {
          const [own] = await db.query('select 1 from labels where id = $1 and supplier_id = $2', [user.labelId, id]);
          if (!own) throw notFound();
        }
        reply.code(202);
        return start(kind, user, { ...req.body, supplier_id: id });
      },
    });
  }
  for (const kind of SALES_JOB_KINDS) {
    addEndpoint(app, db, jobEndpoints.console[kind], {
      rule: SALES_RULE,
      handler: async (req, reply, user) => {
        refuseRestrictedFilters(user, req.body);
        reply.code(202);
        return start(kind, user, req.body);
      },
    });
  }
  registerHandlers(app, db, endpointsOf(jobEndpoints, 'salesCsv', 'view'), {
    salesCsv: {
      rule: SALES_RULE,
      handler: async (req, reply, user) => {
        const [job] = await db.query<{ csv: string | null; filename: string | null }>(
          `select result->>'csv' as csv, result->>'filename' as filename from jobs
           where id = $1 and kind = 'sales-export' and owner_id = $2 and state = 'DONE'`,
          [req.params.id, user.id],
        );
        if (job?.csv == null) throw notFound();
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${job.filename ?? `sales-${req.params.id}.csv`}"`)
          .send(job.csv);
      },
    },
    // Anyone signed in may poll, but only their own jobs exist for them.
    view: {
      rule: '*',
      handler: async (req, _reply, user) => {
        const { kind, id } = req.params;
        const [job] = await db.query<JobRow>(
          'select id, kind, state, child_job_id, owner_id, payload, result from jobs where id = $1 and kind = $2 and owner_id = $3',
          [id, kind, user.id],
        );
        if (!job) throw notFound();
        return view(job);
      },
    },
  });
}
