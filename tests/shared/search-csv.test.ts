import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvLine, csvText } from '../../shared/search';

const parseAll = (text: string): string[][] => parse(text, { relax_column_count: true });

describe('CSV formula-injection escaping', () => {
  const dangerous = ['=SUM(A1:A9)', '+cmd|calc', '-2+3', '@SUM(1)', '\tTAB', '\rCR', '\0NUL', '=HYPERLINK("http://x","y")'];
  it('neutralises text cells starting with = + - @ tab CR or NUL', () => {
    for (const d of dangerous) expect(csvText(d)).toBe(`'${d}`);
  });
  it('leaves numbers as numbers, including signed numbers and numeric text', () => {
    expect(csvText(-12.5)).toBe('-12.5');
    expect(csvText(42)).toBe('42');
    expect(csvText('-12.50')).toBe('-12.50');
    expect(csvText('+3')).toBe('+3');
    expect(csvText('1e5')).toBe('1e5');
    expect(csvText(Number.NaN)).toBe('');
  });
  it('round-trips through a CSV parser', () => {
    const rows = [
      ['id', 'title', 'amount', 'note'],
      [1, 'Plain, with comma', -3.25, 'say "hi"'],
      [2, 'multi\nline\r\nvalue', '1,234.00', ''],
      ...dangerous.map((d, i) => [i + 3, d, 0, null]),
    ];
    const text = rows.map(csvLine).join('');
    const back = parseAll(text);
    expect(back).toHaveLength(rows.length);
    expect(back[1]).toEqual(['1', 'Plain, with comma', '-3.25', 'say "hi"']);
    expect(back[2]).toEqual(['2', 'multi\nline\r\nvalue', '1,234.00', '']);
    dangerous.forEach((d, i) => {
      const cell = back[i + 3][1];
      expect(cell).toBe(`'${d}`);
      expect(/^[=+\-@\t\r\0]/.test(cell)).toBe(false);
    });
    // Every parsed number cell is still a number.
    expect(Number(back[1][2])).toBe(-3.25);
  });
  it('ends every record with CRLF', () => {
    expect(csvLine(['a', 1])).toBe('a,1\r\n');
  });
});
