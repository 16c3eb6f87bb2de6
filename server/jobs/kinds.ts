/** The server's job kinds and how each runs: one entry per kind of JOB_KINDS (shared/api/endpoints/jobs.ts), no other. */
import type { JobKind as JobKindName } from '../../shared/api/endpoints/jobs';
import type { Storage } from '../storage';
import { ingestKind } from '../ingest/ingest';
import { encodeKind } from './encode';
import type { JobKind } from './queue';
import { SALES_HANDLERS } from './sales';

/** What the handlers work with besides the database. */
export interface JobDeps {
  /** The file store (encode jobs look for each track's source audio there). */
  storage: Storage;
}

export function jobHandlers(deps: JobDeps): Readonly<Record<JobKindName, JobKind>> {
  return { ...SALES_HANDLERS, encode: encodeKind(deps.storage), 'ingest-batch': ingestKind(deps.storage) };
}
