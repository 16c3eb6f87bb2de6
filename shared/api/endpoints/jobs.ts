/**
 * Asynchronous jobs (api-conventions "Jobs"): the kinds, the calls that start a sales
 * job (a supplier's sales and sales export, `{start_date, end_date}` → 202 JobStarted) and
 * the job view polled at GET /v4/jobs/{kind}/{id}/. The server registers these routes
 * from here (server/api/routes/jobs.ts); main's job poller parses with JobView. The
 * re-encode calls that start `encode` jobs are declared with the media (media.ts).
 */
import { z } from 'zod';
import { MSG } from '../../messages';
import { calendarDate } from '../dates';
import { endpoint, IdParam } from '../endpoint';

/** The sales job kinds: started by a supplier's sales calls below. */
export const SALES_JOB_KINDS = ['sales', 'sales-export'] as const;
export type SalesJobKind = (typeof SALES_JOB_KINDS)[number];
/** The job kinds the v4 API has (the server has a handler for each: JOB_HANDLERS, server/jobs/kinds.ts). */
export const JOB_KINDS = [...SALES_JOB_KINDS, 'encode', 'ingest-batch'] as const;
export const JobKind = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof JobKind>;

/**
 * What an `ingest-batch` job is given (the SFTP drop enqueues one when a batch's
 * BatchComplete file arrives): the supplier and the batch folder on the server's disk.
 */
export interface IngestBatchPayload {
  supplier_id: number;
  batch_dir: string;
}

export const JOB_STATES = ['PENDING', 'RUNNING', 'DONE', 'ERROR'] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

/** A job id as the API gives it (a positive integer), as a number or a digit string. */
export const JobId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^[1-9][0-9]{0,15}$/, 'not a job id'),
]);

/** What GET /v4/jobs/{kind}/{id}/ answers. */
export const JobView = z.object({
  id: z.union([z.number().int(), z.string()]),
  kind: z.string().optional(),
  state: JobState,
  child_job_id: JobId.nullable().optional(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
  detail: z.unknown().optional(),
});
export type JobView = z.infer<typeof JobView>;

/** What starting a job answers (202). */
export const JobStarted = z.object({ id: z.number().int(), state: JobState });
export type JobStarted = z.infer<typeof JobStarted>;

/** The days a sales job covers: real calendar days (2024-02-30 is a 400 naming the field), start not after end. */
export const SalesRange = z
  .strictObject({ start_date: calendarDate, end_date: calendarDate })
  .refine((r) => r.start_date <= r.end_date, { message: MSG.startBeforeEnd, path: ['start_date'] });
export type SalesRange = z.infer<typeof SalesRange>;

/** A supplier id in a path: one past the API's ids (int4 included) names no supplier (404). */
const supplierParams = z.object({ id: IdParam });

const startSales = <K extends SalesJobKind>(kind: K, what: string) =>
  endpoint({
    method: 'POST', path: `/v4/catalog/suppliers/:id/${kind}/`, params: supplierParams, body: SalesRange, response: JobStarted,
    doc: `Starts a \`${kind}\` job: ${what} of one supplier over the range (202; poll it at /v4/jobs/${kind}/{id}/).`,
  });

export const jobEndpoints = {
  view: endpoint({
    method: 'GET', path: '/v4/jobs/:kind/:id/', params: z.object({ kind: JobKind, id: IdParam }),
    response: JobView,
    doc: 'One of the user\'s own jobs: its state, the child it handed on to, its result.',
  }),
  /** The call that starts a sales job of each kind. */
  start: {
    sales: startSales('sales', 'the monthly sales summary by brand and store'),
    'sales-export': startSales('sales-export', 'the sales lines as CSV (the job hands the rendering to a child job)'),
  } satisfies Record<SalesJobKind, unknown>,
};
