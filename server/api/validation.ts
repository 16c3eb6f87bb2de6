/** zod errors → the v4 validation body {"field": ["message"]}. */
import type { z } from 'zod';
import { HttpError } from '../domain/errors';

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  // No body at all is an empty change set; a JSON body that is not what the schema wants (null, a number…) is a 400.
  const r = schema.safeParse(body === undefined ? {} : body);
  if (r.success) return r.data;
  throw validationError(r.error);
}

/** A zod failure as the v4 400: {"field": ["message"]} (non_field_errors for the whole value; nested fields by dotted path). */
export function validationError(error: z.ZodError): HttpError {
  // No prototype: a field named __proto__ or constructor is just a key here.
  const out: Record<string, string[]> = Object.create(null);
  // A nested field is named by its dotted path: `0.title` in a bulk PUT, `changes.bpm` in a bulk edit.
  const name = (path: readonly PropertyKey[]) => path.map(String).join('.');
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (out[name([...issue.path, k])] ??= []).push('Unknown or read-only field.');
      continue;
    }
    const field = issue.path.length ? name(issue.path) : 'non_field_errors';
    // One value can break several checks with one message (an id that is neither whole nor within int4): say it once.
    if (!out[field]?.includes(issue.message)) (out[field] ??= []).push(issue.message);
  }
  return new HttpError(400, out);
}
