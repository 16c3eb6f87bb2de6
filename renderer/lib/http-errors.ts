/**
 * The texts of spec §7/§8 for a failed call, as pure functions over what it rejected
 * with: the BridgeError the bridge delivered (status, code, message, detail; main sets
 * the §7 message of a 400-599 answer), or anything else a screen caught. Nothing here
 * wraps the error again or decides about the session: a 401 that cannot be cured ends
 * the session in main, which says so with the sessionEnded event (app/session-ended.ts).
 */
import { BridgeError } from '../../shared/bridge/error';
import { validationBody } from '../../shared/api/envelope';
import { MSG, friendlyStatusText } from '../../shared/messages';

/** An HTTP error status (spec §7: 400-599). */
export function isErrorStatus(status: number | undefined): status is number {
  return status !== undefined && status >= 400 && status <= 599;
}

/**
 * The status a failure carries: a BridgeError's (set when the API host answered
 * 400-599), or a router error response's; none for a transport or render error.
 */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof BridgeError) return error.status;
  if (error && typeof error === 'object' && 'status' in error && typeof (error as { status: unknown }).status === 'number') {
    return (error as { status: number }).status;
  }
  return undefined;
}

/**
 * §7: the text of a failure. For an error status, its status text or "Received
 * unexpected status code: N"; otherwise the error's own message.
 */
export function errorText(error: unknown): string {
  const status = statusOf(error);
  const message = ownMessage(error).trim();
  if (isErrorStatus(status)) return message || MSG.unexpectedStatus(status);
  return message;
}

/** An error's message (a thrown string is its own), '' when it has none. */
function ownMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    return typeof message === 'string' ? message : '';
  }
  return error === null || error === undefined ? '' : String(error);
}

/**
 * §7's body-error variant, for what a screen submits (a form save, ending a session):
 * the body's `detail`; for a validation body (`{"field": ["message"],
 * "non_field_errors": [...]}`) its messages as "field: message"; else the body as
 * text. Without a body: errorText.
 */
export function bodyErrorText(error: unknown): string {
  const detail = error instanceof BridgeError && isErrorStatus(error.status) ? error.detail : undefined;
  return bodyText(detail) || errorText(error);
}

/** §8: "Something went wrong processing your request: {error}". */
export function requestFailedText(error: unknown): string {
  return MSG.requestFailed(errorText(error));
}

/** §8: "Error during create or update of {thing}, with {error}", with the body-error variant's text. */
export function saveFailedText(thing: string, error: unknown): string {
  return MSG.saveFailed(thing, bodyErrorText(error));
}

/** §8: the friendly text by the failure's status ("That's an error." without one). */
export function friendlyErrorText(error: unknown): string {
  return friendlyStatusText(statusOf(error));
}

/** A body (or its detail, as main hands it over) as text; '' for none. */
function bodyText(body: unknown): string {
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

/** The field errors of a failed call's v4 validation body (a 400 naming fields), or null. */
export function validationErrorsOf(error: unknown): Record<string, string[]> | null {
  return error instanceof BridgeError && error.status === 400 ? fieldErrors(error.detail) : null;
}

/** The field errors of a v4 validation body (shared validationBody, each field with a message), or null. */
function fieldErrors(body: unknown): Record<string, string[]> | null {
  const r = validationBody.safeParse(body);
  const entries = r.success ? Object.values(r.data) : [];
  return r.success && entries.length > 0 && entries.every((m) => m.length > 0) ? r.data : null;
}
