/** COPY's CSV (LF record ends) made the console's CSV (CRLF), whatever the chunking (server/api/routes/export.ts crlfRecords). */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { crlfRecords } from '../../server/api/routes/export';
import { csvLine } from '../../shared/search';

/** The same records as COPY writes them: csvLine's quoting, LF at each record end. */
const asCopy = (lines: string[]) => lines.map((l) => l.replace(/\r\n$/, '\n')).join('');

describe('crlfRecords', () => {
  it('ends every record with CRLF and leaves line ends inside quoted cells alone, cut into chunks anywhere', async () => {
    const cells = ['', 'a', 'b\nc', 'say "hi"', '"', 'x,y', '\r\n', '""', 'crlf\r\ninside', 'ünï ♫'];
    for (let seed = 1; seed <= 50; seed++) {
      let r = seed;
      const next = (n: number) => (r = (r * 1103515245 + 12345) % 2147483648) % n;
      const lines = Array.from({ length: 1 + next(20) }, () =>
        csvLine(Array.from({ length: 1 + next(4) }, () => cells[next(cells.length)])),
      );
      const copy = Buffer.from(asCopy(lines));
      const chunks: Buffer[] = [];
      for (let i = 0; i < copy.length;) {
        const n = 1 + next(7);
        chunks.push(copy.subarray(i, i + n));
        i += n;
      }
      const out = await buffer(Readable.from(chunks).pipe(crlfRecords()));
      expect(out.toString(), `seed ${seed}`).toBe(lines.join(''));
    }
  });
});
