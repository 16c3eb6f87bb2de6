import { z } from 'zod';
import { channel, Empty, Ok } from '../define';

export const SystemInfo = z.object({
  transport: z.enum(['electron', 'host']),
  apiUrl: z.string(),
  idpUrl: z.string(),
  environment: z.enum(['sandbox', 'production']),
  version: z.string(),
});
export type SystemInfo = z.infer<typeof SystemInfo>;

export const systemChannels = {
  systemInfo: channel('Which transport, API host and environment this console runs against.', Empty, SystemInfo),
  systemOpenExternal: channel(
    'Opens an https URL on the allowlist in the system browser.',
    z.object({ url: z.string().url().max(2048) }).strict(),
    Ok,
  ),
  systemReportError: channel(
    'Reports a client error (render errors, failed calls) to the error-reporting endpoint when one is configured.',
    z
      .object({
        message: z.string().max(2000),
        stack: z.string().max(20000).optional(),
        componentStack: z.string().max(20000).optional(),
        route: z.string().max(512).optional(),
        status: z.number().int().optional(),
      })
      .strict(),
    Ok,
  ),
} as const;
