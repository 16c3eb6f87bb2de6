/** zod errors → the v4 validation body {"field": ["message"]}. */
import type { z } from 'zod';
import { HttpError } from './errors';

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  throw validationError(r.error);
}

/** A zod failure as the v4 400: {"field": ["message"]} (non_field_errors for the whole value). */
export function validationError(error: z.ZodError): HttpError {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (out[k] ??= []).push('Unknown or read-only field.');
      continue;
    }
    const field = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (out[field] ??= []).push(issue.message);
  }
  return new HttpError(400, out);
}
