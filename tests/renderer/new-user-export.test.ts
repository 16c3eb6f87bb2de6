import { describe, expect, it } from 'vitest';
import { NEW_USER_EXPORT_DAYS, RANGE_MESSAGES, newUserRangeError } from '../../renderer/features/support/new-user-export';

describe('new-user export range (§5, §9: at most 2 days)', () => {
  it('takes one or two calendar days, counting both ends', () => {
    expect(NEW_USER_EXPORT_DAYS).toBe(2);
    expect(newUserRangeError('2026-11-01', '2026-11-01')).toBeNull();
    expect(newUserRangeError('2026-11-01', '2026-11-02')).toBeNull();
    expect(newUserRangeError('2026-02-28', '2026-03-01')).toBeNull();
  });
  it('refuses three days, a start after the end and missing dates', () => {
    expect(newUserRangeError('2026-11-01', '2026-11-03')).toBe(RANGE_MESSAGES.tooLong);
    expect(newUserRangeError('2026-11-02', '2026-11-01')).toBe(RANGE_MESSAGES.order);
    expect(newUserRangeError(null, '2026-11-01')).toBe(RANGE_MESSAGES.required);
    expect(newUserRangeError('2026-13-45', '2026-11-01')).toBe(RANGE_MESSAGES.required);
  });
});
