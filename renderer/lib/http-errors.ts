/**
 * HTTP handling of spec §7 as a small pure module: a 400-599 answer becomes an
 * HttpError with the status text or "Received unexpected status code: N"; the
 * body-error variant carries the body's detail (or its text); 401 ends the session.
 */
import type { BridgeError } from '../../shared/bridge';
import { validationBody } from '../../shared/api/envelope';
import { MSG } from '../../shared/messages';

/** A BridgeError by shape (type-only import keeps the bridge schemas out of this module). */
function isBridgeError(error: unknown): error is BridgeError {
  return error instanceof Error && error.name === 'BridgeError' && typeof (error as BridgeError).code === 'string';
}

export class HttpError extends Error {
  readonly status?: number;
  readonly detail?: unknown;
  constructor(message: string, status?: number, detail?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.detail = detail;
  }
}

export function isErrorStatus(status: number): boolean {
  return status >= 400 && status <= 599;
}

/** The error for an answer with `status`, or null when the status is not an error. */
export function errorForStatus(status: number, statusText?: string, detail?: unknown): HttpError | null {
  if (!isErrorStatus(status)) return null;
  const text = statusText?.trim();
  return new HttpError(text ? text : MSG.unexpectedStatus(status), status, detail);
}

/**
 * The body-error variant: the `detail` of a `{detail}` body; for a validation body
 * (`{"field": ["message"], "non_field_errors": [...]}`) its messages as "field: message";
 * else the body as text.
 */
export function bodyErrorMessage(body: unknown): string {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string') return body;
  if (typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  const fields = fieldErrors(body);
  if (fields) {
    return Object.entries(fields)
      .map(([field, messages]) => (field === 'non_field_errors' ? messages.join(' ') : `${field}: ${messages.join(' ')}`))
      .join('; ');
  }
  try {
    return JSON.stringify(body);
  } catch {
    return String(body);
  }
}

/** The field errors of a v4 validation body (shared validationBody, each field with a message), or null. */
function fieldErrors(body: unknown): Record<string, string[]> | null {
  const r = validationBody.safeParse(body);
  const entries = r.success ? Object.values(r.data) : [];
  return r.success && entries.length > 0 && entries.every((m) => m.length > 0) ? r.data : null;
}

/** Rejects like §7's body-error variant: the message is the detail or the body text. */
export function bodyError(status: number, body: unknown): HttpError {
  const message = bodyErrorMessage(body) || MSG.unexpectedStatus(status);
  return new HttpError(message, status, body);
}

/** Normalises whatever a call rejected with into an HttpError (status kept when known). */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isBridgeError(error)) {
    if (error.status !== undefined && isErrorStatus(error.status)) {
      return errorForStatus(error.status, error.message, error.detail) as HttpError;
    }
    return new HttpError(error.message, error.status, error.detail);
  }
  if (error instanceof Error) return new HttpError(error.message);
  return new HttpError(String(error));
}

/** §7: a 401 sends the user to /logout. */
export function endsSession(error: unknown): boolean {
  return (error instanceof HttpError || isBridgeError(error)) && error.status === 401;
}

/** The status an error carries, if any (for the error screen). */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpError || isBridgeError(error)) return error.status;
  if (error && typeof error === 'object' && 'status' in error && typeof (error as { status: unknown }).status === 'number') {
    return (error as { status: number }).status;
  }
  return undefined;
}
