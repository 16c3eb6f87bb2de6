/** Object versions on the wire (api-conventions): the ETag of a GET, the If-Match of a PATCH. */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../domain/errors';

export const etagOf = (version: number) => `"v${version}"`;

/** The If-Match version of a PATCH (428 without one, 412 when it is not a version tag). */
export function ifMatchVersion(req: FastifyRequest): number {
  const h = req.headers['if-match'];
  if (!h) throw new HttpError(428, { detail: 'This request requires an If-Match header.' });
  const m = /^(?:W\/)?"v(\d+)"$/.exec(String(h).trim());
  if (!m) throw new HttpError(412, { detail: 'The If-Match header does not match the current version.' });
  return Number(m[1]);
}

/** Throws the 412 of a stale If-Match, carrying the current ETag, unless the versions agree. */
export function assertVersion(stored: number, expected: number): void {
  if (stored !== expected) {
    throw new HttpError(
      412,
      { detail: 'This object was changed by someone else. Reload to see the latest version.' },
      { etag: etagOf(stored) },
    );
  }
}
