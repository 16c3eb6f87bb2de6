import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../shared/bridge/error';
import { HttpError, bodyError, bodyErrorMessage, endsSession, errorForStatus, statusOf, toHttpError } from '../../renderer/lib/http-errors';

describe('HTTP error mapping (spec §7)', () => {
  it('statuses below 400 and above 599 are not errors', () => {
    for (const s of [200, 201, 204, 301, 399, 600]) expect(errorForStatus(s)).toBeNull();
  });

  it('400-599 raise with the status text', () => {
    const e = errorForStatus(404, 'Not Found');
    expect(e).toBeInstanceOf(HttpError);
    expect(e?.message).toBe('Not Found');
    expect(e?.status).toBe(404);
  });

  it('without a status text: "Received unexpected status code: N"', () => {
    expect(errorForStatus(400)?.message).toBe('Received unexpected status code: 400');
    expect(errorForStatus(599, '  ')?.message).toBe('Received unexpected status code: 599');
  });

  it('body-error variant: the detail, else the body text', () => {
    expect(bodyErrorMessage({ detail: 'Label is locked' })).toBe('Label is locked');
    expect(bodyErrorMessage('plain text')).toBe('plain text');
    expect(bodyErrorMessage({ title: ['too long'] })).toBe('title: too long');
    expect(bodyErrorMessage({ non_field_errors: ['Dates overlap.'], name: ['Required.', 'Too short.'] })).toBe('Dates overlap.; name: Required. Too short.');
    expect(bodyErrorMessage({ other: 1 })).toBe('{"other":1}');
    expect(bodyError(409, { detail: 'Conflict here' }).message).toBe('Conflict here');
    expect(bodyError(500, null).message).toBe('Received unexpected status code: 500');
  });

  it('a BridgeError from the API keeps its status and message', () => {
    const e = toHttpError(new BridgeError({ code: 'http', message: 'Internal Server Error', status: 500, detail: { detail: 'boom' } }));
    expect(e).toBeInstanceOf(HttpError);
    expect(e.status).toBe(500);
    expect(e.message).toBe('Internal Server Error');
    expect(statusOf(e)).toBe(500);
  });

  it('a transport BridgeError has no status', () => {
    const e = toHttpError(new BridgeError({ code: 'bridge_disconnected', message: 'lost' }));
    expect(e.status).toBeUndefined();
    expect(e.message).toBe('lost');
  });

  it('401 ends the session; others are re-raised', () => {
    expect(endsSession(errorForStatus(401, 'Unauthorized'))).toBe(true);
    expect(endsSession(new BridgeError({ code: 'http', message: 'x', status: 401 }))).toBe(true);
    expect(endsSession(errorForStatus(403, 'Forbidden'))).toBe(false);
    expect(endsSession(new Error('x'))).toBe(false);
  });
});
