/** The Users tab's refusal text (renderer/features/support/CouponUsersTab): the API's words for the file, and the rows it lists. */
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../shared/bridge/error';
import { MSG } from '../../shared/messages';
import { csvUploadError } from '../../renderer/features/support/CouponUsersTab';

describe('csvUploadError', () => {
  it("shows the API's message for the file (the spec's heading message) with no rows", () => {
    const e = new BridgeError({ code: 'http_error', message: 'Bad Request', status: 400, detail: { file: [MSG.csvColumnRequired] } });
    expect(csvUploadError(e)).toEqual({ message: MSG.csvColumnRequired, rows: [] });
  });
  it('lists the rows naming no user with their lines', () => {
    const e = new BridgeError({
      code: 'http_error',
      message: 'Bad Request',
      status: 400,
      detail: { file: ['1 row names no user; nothing was applied.'], unknown_rows: [{ line: 3, value: 'abc' }] },
    });
    expect(csvUploadError(e)).toEqual({ message: '1 row names no user; nothing was applied.', rows: [{ line: 3, value: 'abc' }] });
  });
  it("a 400 without words is the spec's CSV message; a failure that is no refusal is §8's upload text", () => {
    expect(csvUploadError(new BridgeError({ code: 'http_error', message: 'Bad Request', status: 400, detail: {} })).message).toBe(
      MSG.csvUpload,
    );
    expect(csvUploadError(new Error('socket hang up')).message).toBe(MSG.uploadFailed);
    expect(csvUploadError(new BridgeError({ code: 'api_unreachable', message: 'x' })).message).toBe(MSG.uploadFailed);
  });
});
