/**
 * The seed is deterministic in its number: the same number gives identical data, two
 * different numbers give different data (including 1 and 1001, which the former
 * setseed formula mapped to the same value). Compared by a hash of a few tables'
 * ordered rows, leaving out what depends on the clock (timestamps, dates relative to
 * today). On in-memory PGlite at the demo size.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../server/db/client';
import { openMigratedPglite, openSeededPglite, seedTemplate, TEST_SHARED_BUFFERS } from '../fixtures/seed-template';
import { prepareDb } from '../../server/app';
import { pgSeedOf } from '../../server/seed/seed';

/** Ordered rows of each table, without clock-dependent columns. */
const TABLES: Record<string, string> = {
  users: 'select id, username, email, role, brands, country_id, dj_name, is_indexed from users order by id',
  artists: 'select id, name, muzooka_id from artists order by id',
  labels: 'select id, name, supplier_id from labels order by id',
  releases: 'select id, title, label_id, genre_id, release_type_id, encode_status from releases order by id',
  tracks: 'select id, release_id, title, mix_name, bpm, key_id, sub_genre_id, artist_names, encode_status from tracks order by id',
  orders: 'select id, brand, store, user_id, status, voided from orders order by id',
  coupons: 'select id, code, discount_type_id, discount_amount, discount_percentage, max_usage, enabled from coupons order by id',
  audio_files: 'select track_id, format, size_bytes, storage_key from audio_files order by track_id, format',
  follows: 'select brand, user_id, artist_id, label_id from follows order by id',
};

/**
 * Hash of each table's rows after seeding a migrated, empty in-memory database with `seedNo`; with
 * `db`, of that database as it is (the run's seeded template: seed 1, seeded apart).
 */
async function fingerprint(seedNo: number, given?: Db, opts: { sales?: false } = {}): Promise<Record<string, string>> {
  const db = given ?? (await openMigratedPglite());
  try {
    if (!given) await prepareDb(db, { seed: seedNo, ...opts });
    const out: Record<string, string> = {};
    for (const [table, sql] of Object.entries(TABLES)) {
      const rows = await db.query(sql);
      expect(rows.length, `${table} has rows`).toBeGreaterThan(0);
      out[table] = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
    }
    return out;
  } finally {
    await db.close();
  }
}

describe('seed numbers', () => {
  it('map one to one onto setseed values in [-1, 1], keeping 0-999 as before', () => {
    const values = new Map<number, number>();
    for (const n of [...Array.from({ length: 3000 }, (_, i) => i - 500), 2 ** 31 - 1, -(2 ** 31), 1_000_000]) {
      const v = pgSeedOf(n);
      expect(v >= -1 && v <= 1, `${n} → ${v}`).toBe(true);
      values.set(v, n);
    }
    expect(values.size).toBe(3003);
    expect(pgSeedOf(1)).toBe(2 / 1001);
    expect(pgSeedOf(1001)).not.toBe(pgSeedOf(1));
    expect(() => pgSeedOf(1.5)).toThrow(RangeError);
    expect(() => pgSeedOf(2 ** 31)).toThrow(RangeError);
  });

  it('the same number gives identical data; 1, 1001 and 2 give different data', async () => {
    const a = await fingerprint(1);
    // Seed 1 seeded again, by another run: the run's template when there is one (seeded by the
    // global setup, or an earlier run with the same sources), else a fresh seed here.
    const template = seedTemplate();
    const again = template ? await fingerprint(1, await openSeededPglite()) : await fingerprint(1);
    expect(again).toEqual(a);
    for (const other of [1001, 2]) {
      // Without the sales lines, seeded after every table compared here (most of a seed's time).
      const b = await fingerprint(other, undefined, { sales: false });
      // Every table built from random choices differs, not just one of them.
      for (const table of ['users', 'artists', 'labels', 'releases', 'tracks', 'orders', 'coupons']) {
        expect([other, table, b[table] === a[table]]).toEqual([other, table, false]);
      }
    }
  }, 300_000);
});

describe("the tests' PGlite databases", () => {
  it("start with the tests' smaller shared_buffers (sooner), holding what they should; others keep PostgreSQL's", async () => {
    const shown = async (db: Db) => {
      try {
        const [{ shared_buffers }] = await db.query<{ shared_buffers: string }>('show shared_buffers');
        const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from tracks');
        return [shared_buffers, n > 0];
      } finally {
        await db.close();
      }
    };
    expect(await shown(await openSeededPglite())).toEqual([TEST_SHARED_BUFFERS, true]);
    expect(await shown(await openMigratedPglite())).toEqual([TEST_SHARED_BUFFERS, false]);
    // A data folder opened as the product opens its sandbox's (the template's migrated dump).
    const product = await openPglite(undefined, { from: readFileSync(seedTemplate()!.migratedTar) });
    try {
      expect(await product.query('show shared_buffers')).toEqual([{ shared_buffers: '128MB' }]);
    } finally {
      await product.close();
    }
  });
});
