/**
 * Asynchronous jobs (api-conventions "Jobs"): the kinds, what starting one answers and
 * the job view polled at GET /v4/jobs/{kind}/{id}/. The routes themselves are
 * registered by server/api/routes/jobs.ts; main's job poller parses with JobView.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint';

/** The job kinds the v4 API has. */
export const JOB_KINDS = ['sales', 'sales-export'] as const;
export const JobKind = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof JobKind>;

export const JOB_STATES = ['PENDING', 'RUNNING', 'DONE', 'ERROR'] as const;

/** What GET /v4/jobs/{kind}/{id}/ answers. */
export const JobView = z.object({
  id: z.union([z.number().int(), z.string()]),
  kind: z.string().optional(),
  state: z.enum(JOB_STATES),
  child_job_id: z.union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,15}$/)]).nullable().optional(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
  detail: z.unknown().optional(),
});
export type JobView = z.infer<typeof JobView>;

/** What starting a job answers (202). */
export const JobStarted = z.object({ id: z.number().int(), state: z.enum(JOB_STATES) });

export const jobEndpoints = {
  view: endpoint({
    method: 'GET', path: '/v4/jobs/:kind/:id/', params: z.object({ kind: JobKind, id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/)]) }),
    response: JobView,
    doc: 'One of the user\'s own jobs: its state, the child it handed on to, its result.',
  }),
};
