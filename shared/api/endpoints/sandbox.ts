/** Sandbox-only fault route (server/api/routes/sandbox.ts): answers the status asked for. */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { errorBody } from '../envelope';

export const sandboxEndpoints = {
  status: endpoint({
    method: 'GET', path: '/v4/sandbox/status/:code/', params: z.object({ code: z.union([z.number().int(), z.string()]).transform(String) }),
    response: errorBody,
    doc: 'Answers HTTP status `code` (400-599) with a {detail} body; only on the embedded sandbox.',
  }),
};
