import { describe, expect, it } from 'vitest';
import { buildQuery, dateRange, isAllowedRedirectUri, normalizeIds, parseDateRange, parsePage } from '../../shared/api';

describe('buildQuery', () => {
  it('puts type, page, per_page first and sorts the rest', () => {
    expect(buildQuery({ title: 'x', per_page: 25, genre_id: 5, type: 'tracks', page: 2, artist: 'a' })).toBe(
      'type=tracks&page=2&per_page=25&artist=a&genre_id=5&title=x',
    );
  });
  it('drops empty values, joins arrays, keeps commas and colons readable', () => {
    expect(buildQuery({ id: [1, 2], add_date: '2024-01-01:2024-02-01', name: '', x: undefined, q: 'a&b' })).toBe(
      'add_date=2024-01-01:2024-02-01&id=1,2&q=a%26b',
    );
  });
});

describe('ids and dates', () => {
  it('turns whitespace into commas', () => {
    expect(normalizeIds(' 1 2\n3\t 4,, 5 ')).toBe('1,2,3,4,5');
  });
  it('formats and parses date ranges', () => {
    expect(dateRange(new Date(Date.UTC(2024, 0, 5)), '2024-02-01T10:00:00Z')).toBe('2024-01-05:2024-02-01');
    expect(parseDateRange('2024-01-05:')).toEqual({ from: '2024-01-05', to: null });
    expect(parseDateRange(':')).toBeNull();
    expect(parseDateRange('2024-1-5:2024-02-01')).toBeNull();
  });
  it('parses the envelope page', () => {
    expect(parsePage('2/50')).toEqual({ current: 2, last: 50 });
    expect(() => parsePage('2')).toThrow();
  });
});

describe('loopback redirect URIs (RFC 8252)', () => {
  it.each([
    ['http://127.0.0.1:53123/callback', true],
    ['http://127.0.0.1/cb', true],
    ['http://[::1]:8000/auth/verify', true],
    ['http://localhost:8000/cb', false],
    ['https://127.0.0.1:8000/cb', false],
    ['http://127.0.0.1.evil.com/cb', false],
    ['http://user@127.0.0.1:1/cb', false],
    ['http://127.0.0.1:1/cb#x', false],
    ['not a url', false],
  ])('%s → %s', (uri, ok) => expect(isAllowedRedirectUri(uri)).toBe(ok));
});
