/**
 * Sandbox-only routes (server/api/routes/sandbox.ts): the fault route answers the status
 * asked for; the delivery drop hands a batch folder on this machine to ingestion, as the
 * SFTP drop does when a batch's BatchComplete arrives.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { refersTo } from '../references';
import { errorBody } from '../envelope';
import { JobStarted } from './jobs';

export const sandboxEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/v4/sandbox/status/:code/',
    params: z.object({ code: z.union([z.number().int(), z.string()]).transform(String) }),
    response: errorBody,
    doc: 'Answers HTTP status `code` (400-599) with a {detail} body; only on the embedded sandbox.',
  }),
  deliver: endpoint({
    method: 'POST',
    path: '/v4/sandbox/deliveries/',
    body: z.strictObject({
      supplier_id: refersTo(z.number({ error: 'A valid integer is required.' }).int().positive().max(2_147_483_647), {
        record: 'suppliers',
      }),
      batch_dir: z
        .string({ error: 'This field is required.' })
        .min(1)
        .max(1000)
        .refine((p) => p.startsWith('/'), "Give the batch folder's absolute path."),
    }),
    response: JobStarted,
    doc: 'Enqueues an `ingest-batch` job of a batch folder on this machine (202); admin only, only on the embedded sandbox.',
  }),
};
