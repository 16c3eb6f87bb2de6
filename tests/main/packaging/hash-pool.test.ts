import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HashPool } from '../../../main/services/packaging/hash-pool';

const pool = new HashPool(2);
afterAll(() => pool.close());

describe('HashPool', () => {
  it('hashes chunks in order in a worker, copied or transferred', async () => {
    const chunks = Array.from({ length: 12 }, (_, i) => randomBytes(100_000 + i));
    const expected = createHash('md5').update(Buffer.concat(chunks)).digest('hex');
    const s = pool.begin();
    for (const [i, c] of chunks.entries()) {
      const own = new Uint8Array(c.byteLength);
      own.set(c);
      await s.update(i % 2 ? own : c, i % 2 === 1);
    }
    expect(await s.digest()).toBe(expected);
  });

  it('keeps several sessions apart', async () => {
    const a = randomBytes(300_000);
    const b = randomBytes(200_000);
    const sa = pool.begin();
    const sb = pool.begin();
    await Promise.all([sa.update(a.subarray(0, 150_000)), sb.update(b)]);
    await sa.update(a.subarray(150_000));
    const [da, db] = await Promise.all([sa.digest(), sb.digest()]);
    expect(da).toBe(createHash('md5').update(a).digest('hex'));
    expect(db).toBe(createHash('md5').update(b).digest('hex'));
  });

  it('an aborted session answers nothing and frees its place', async () => {
    const s = pool.begin();
    await s.update(randomBytes(1000));
    s.abort();
    await expect(s.update(randomBytes(10))).rejects.toThrow(/closed/);
    const t = pool.begin();
    await t.update(Buffer.from('abc'));
    expect(await t.digest()).toBe('900150983cd24fb0d6963f7d28e17f72');
  });
});
