import { z } from 'zod';
import { channel } from '../define';

/** A v4 path: /v4/ then lower-case segments; never `..`, never a host. */
export const ApiPath = z
  .string()
  .max(512)
  .regex(/^\/v4\/(?:[a-z0-9_-]+\/)*(?:[a-z0-9_-]+\/?)?$/, 'not a v4 API path');

const QueryValue = z.union([z.string().max(4096), z.number(), z.boolean(), z.null()]);

export const ApiRequest = z
  .object({
    method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
    path: ApiPath,
    query: z.record(z.string().max(64), z.union([QueryValue, z.array(QueryValue).max(1000)])).optional(),
    body: z.unknown().optional(),
    /** The ETag the edit was based on (required by the API for PATCH). */
    ifMatch: z.string().max(128).optional(),
    /** For money-moving POSTs (refunds, credits). */
    idempotencyKey: z.string().max(128).optional(),
  })
  .strict();
export type ApiRequest = z.input<typeof ApiRequest>;

export const ApiResponse = z.object({
  status: z.number().int(),
  data: z.unknown(),
  etag: z.string().optional(),
});
export type ApiResponse = z.infer<typeof ApiResponse>;

export const apiChannels = {
  apiRequest: channel(
    "One call to the v4 API host, made by main with the session's bearer token. A 400-599 answer fails with the status (spec §7); a 401 that a refresh cannot cure ends the session.",
    ApiRequest,
    ApiResponse,
  ),
} as const;
