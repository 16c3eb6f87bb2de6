/** zod errors → the v4 validation body {"field": ["message"]}. */
import type { z } from 'zod';
import { HttpError } from './errors';

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (out[k] ??= []).push('Unknown or read-only field.');
      continue;
    }
    const field = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (out[field] ??= []).push(issue.message);
  }
  throw new HttpError(400, out);
}
