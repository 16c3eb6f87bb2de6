/** The v4 list envelope (api-conventions.md "Lists"). */
import { z } from 'zod';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 200;

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    /** "current/last", e.g. "2/50"; "1/1" for an empty list. */
    page: z.string().regex(/^\d+\/\d+$/),
    per_page: z.number().int().positive(),
    results: z.array(item),
  });
}

export type ListEnvelope<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  page: string;
  per_page: number;
  results: T[];
};

/** A whole short list (an object's notes, files, images) as one page of the envelope. */
export function onePage<T>(results: T[]): ListEnvelope<T> {
  return { count: results.length, next: null, previous: null, page: '1/1', per_page: Math.max(1, results.length), results };
}

/** Reads "current/last" into numbers; throws on anything else. */
export function parsePage(page: string): { current: number; last: number } {
  const m = /^(\d+)\/(\d+)$/.exec(page);
  if (!m) throw new Error(`Bad page "${page}"`);
  return { current: Number(m[1]), last: Number(m[2]) };
}

export const errorBody = z.object({ detail: z.string() });
/** Validation errors: field name → messages, plus non_field_errors. */
export const validationBody = z.record(z.string(), z.array(z.string()));
