/**
 * The ingestion and encode pipeline at a glance (spec §7 Others "pipeline/"; the spec names
 * the call only), for content ops: deliveries by release_status (§4), tracks by encode
 * status (§4), and the jobs of every kind by state (the `jobs` table, spec §4 job record)
 * with what the queue holds now (waiting, the longest wait, running).
 */
import { z } from 'zod';
import { calendarDate } from '../dates';
import { endpoint } from '../endpoint';

const count = z.number().int().nonnegative();

export const PipelineJobs = z.object({
  kind: z.string(),
  /** Rows of the `jobs` table by state (since `since`, when given). */
  pending: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** The queue now: jobs ready and not taken, the longest-waiting one's wait, jobs a worker runs. */
  queue_waiting: z.number().int().nonnegative(),
  queue_oldest_seconds: z.number().nonnegative(),
  queue_running: z.number().int().nonnegative(),
});
export type PipelineJobs = z.infer<typeof PipelineJobs>;

export const PipelineStatus = z.object({
  since: z.string().nullable(),
  generated_at: z.string(),
  deliveries: z.object({
    total: z.number().int().nonnegative(),
    ingested: z.number().int().nonnegative(),
    /** Every §4 release_status (0 when none), then any other status seen. */
    by_status: z.array(z.object({ release_status: z.string(), count })),
  }),
  /** Tracks by §4 encode status (every status, 0 when none). */
  encodes: z.array(z.object({ encode_status: z.string(), count })),
  /** Every job kind of the API (JOB_KINDS), in that order. */
  jobs: z.array(PipelineJobs),
});
export type PipelineStatus = z.infer<typeof PipelineStatus>;

export const PipelineQuery = z.strictObject({
  /** Count only deliveries delivered and jobs created on or after this day (YYYY-MM-DD, UTC). Tracks are counted all. */
  since: calendarDate.optional(),
});

export const pipelineEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/v4/pipeline/',
    query: PipelineQuery,
    response: PipelineStatus,
    doc: "Pipeline status for content ops: deliveries by release_status, tracks by encode status, and jobs by kind and state with the queue's waiting and running jobs; `since` (YYYY-MM-DD) limits deliveries and jobs.",
  }),
};
