import { z } from 'zod';
import { JOB_KINDS, JobId, JobKind } from '../../api/endpoints/jobs';
import { channel, Ok } from '../define';

/**
 * Asynchronous API jobs (api-conventions "Jobs", spec §4): the renderer starts one
 * with an apiRequest POST (→ `{id, state: "PENDING"}`), then asks main to wait for it.
 * Main polls `GET /v4/jobs/{kind}/{id}/` every POLL_INTERVAL_MS, follows a
 * `child_job_id`, and gives up after POLL_TIMEOUT_MS with "Request Timed Out";
 * every state change arrives as a `jobProgress` event.
 */

/** The job kinds the v4 API has and its job ids, declared with the job view (shared/api/endpoints/jobs.ts). */
export { JOB_KINDS, JobId, JobKind };

export const JobRef = z.object({ kind: JobKind, id: JobId }).strict();
export type JobRef = z.input<typeof JobRef>;

/** The finished job: the last of the chain when the job handed on to a child. */
export const JobOutcome = z.object({
  id: z.string(),
  state: z.literal('DONE'),
  result: z.unknown(),
});
export type JobOutcome = z.infer<typeof JobOutcome>;

export const jobsChannels = {
  jobWait: channel(
    'Waits for an API job: polls it every second until DONE, following a child job; answers the result of the last job. Fails with the job\'s error when it ends in ERROR, with "Request Timed Out" after 120 seconds, or `cancelled` after jobCancel. Progress arrives as `jobProgress` events.',
    JobRef,
    JobOutcome,
  ),
  jobCancel: channel(
    'Stops every jobWait on this job (they fail with `cancelled`); the job itself goes on in the API. Answers ok when there was none.',
    JobRef,
    Ok,
  ),
} as const;
