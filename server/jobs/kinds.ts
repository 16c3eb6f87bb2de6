/** The server's job kinds and how each runs: one entry per kind of JOB_KINDS (shared/api/endpoints/jobs.ts), no other. */
import { INGEST_BATCH_JOB, type JobKind as JobKindName } from '../../shared/api/endpoints/jobs';
import type { Storage } from '../storage';
import { ingestKind } from '../ingest/ingest';
import { encodeKinds } from './encode';
import type { JobKind } from './queue';
import { SALES_HANDLERS } from './sales';
import { STATEMENTS_KIND } from './statements';

/** What the handlers work with besides the database. */
export interface JobDeps {
  /** The file store (encode jobs look for each track's source audio there). */
  storage: Storage;
}

export function jobHandlers(deps: JobDeps): Readonly<Record<JobKindName, JobKind>> {
  return {
    ...SALES_HANDLERS,
    ...encodeKinds(deps.storage),
    statements: STATEMENTS_KIND,
    [INGEST_BATCH_JOB]: { ...ingestKind(deps.storage), ...INGEST_BATCH_QUEUE },
  };
}

/**
 * Ingestion of a complete SFTP batch (server/sftp enqueues it): queued here, run by the
 * ingestion worker's handler (server/ingest). 'exclusive': one job per batch queued or running.
 */
const INGEST_BATCH_QUEUE: Pick<JobKind, 'policy'> = { policy: 'exclusive' };
export { ingestBatchKey } from '../ingest/batch';
