import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../shared/bridge/error';
import { OTHER_STATUS_TEXT, STATUS_TEXT } from '../../shared/messages';
import {
  bodyErrorText,
  errorText,
  friendlyErrorText,
  isErrorStatus,
  requestFailedText,
  saveFailedText,
  statusOf,
} from '../../renderer/lib/http-errors';

/** A failure as main delivers it for an API answer of `status` (api-client.ts httpError). */
const http = (status: number, message: string, detail?: unknown) => new BridgeError({ code: 'http_error', status, message, detail });

describe('the texts of a failed call (spec §7, §8), over the BridgeError as delivered', () => {
  it('400-599 are error statuses; others are not', () => {
    for (const s of [400, 404, 500, 599]) expect(isErrorStatus(s)).toBe(true);
    for (const s of [undefined, 200, 201, 204, 301, 399, 600]) expect(isErrorStatus(s)).toBe(false);
  });

  it('an error status shows its status text', () => {
    const e = http(404, 'Not Found');
    expect(errorText(e)).toBe('Not Found');
    expect(statusOf(e)).toBe(404);
  });

  it('without a status text: "Received unexpected status code: N"', () => {
    expect(errorText(http(400, ''))).toBe('Received unexpected status code: 400');
    expect(errorText(http(599, '  '))).toBe('Received unexpected status code: 599');
  });

  it('a transport failure has no status and shows its own message', () => {
    const e = new BridgeError({ code: 'bridge_disconnected', message: 'The connection to the console host was lost.' });
    expect(statusOf(e)).toBeUndefined();
    expect(errorText(e)).toBe('The connection to the console host was lost.');
    expect(errorText(new Error('kaboom'))).toBe('kaboom');
    expect(errorText('plain')).toBe('plain');
    expect(errorText({ not: 'an error' })).toBe('');
  });

  it('the body-error variant: the detail, the field errors, else the body text', () => {
    expect(bodyErrorText(http(409, 'Conflict', 'Label is locked'))).toBe('Label is locked');
    expect(bodyErrorText(http(400, 'Bad Request', { title: ['too long'] }))).toBe('title: too long');
    expect(bodyErrorText(http(400, 'Bad Request', { non_field_errors: ['Dates overlap.'], name: ['Required.', 'Too short.'] }))).toBe(
      'Dates overlap.; name: Required. Too short.',
    );
    expect(bodyErrorText(http(400, 'Bad Request', { other: 1 }))).toBe('{"other":1}');
    expect(bodyErrorText(http(502, 'Bad Gateway', 'upstream down'))).toBe('upstream down');
  });

  it('the body-error variant without a body falls back to the status text rule', () => {
    expect(bodyErrorText(http(412, 'Precondition Failed'))).toBe('Precondition Failed');
    expect(bodyErrorText(http(500, ''))).toBe('Received unexpected status code: 500');
    // A detail on a failure that is not an API answer is not a body.
    expect(
      bodyErrorText(
        new BridgeError({ code: 'invalid_request', message: 'Invalid request for apiRequest', detail: [{ path: ['x'], message: 'y' }] }),
      ),
    ).toBe('Invalid request for apiRequest');
  });

  it('§8 messages around a failure', () => {
    expect(requestFailedText(http(503, 'Service Unavailable'))).toBe('Something went wrong processing your request: Service Unavailable');
    expect(saveFailedText('user', http(400, 'Bad Request', { display_name: ['Too long.'] }))).toBe(
      'Error during create or update of user, with display_name: Too long.',
    );
    expect(friendlyErrorText(http(403, 'Forbidden'))).toBe(STATUS_TEXT[403]);
    expect(friendlyErrorText(http(418, "I'm a teapot"))).toBe(OTHER_STATUS_TEXT);
    expect(friendlyErrorText(new Error('x'))).toBe(OTHER_STATUS_TEXT);
    expect(friendlyErrorText(http(500, 'x'))).toBe(STATUS_TEXT[500]);
  });
});
