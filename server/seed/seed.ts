/**
 * Deterministic seed generator. Small tables are built in JS from a seeded PRNG;
 * the large ones (artists, releases, tracks, users, orders, sales lines) with
 * INSERT … SELECT over generate_series after `setseed`, so one million tracks load
 * in minutes. Scale 1 is the demo size (5,000 tracks).
 */
import type { Db, Queryable } from '../db/client';
import type { Storage } from '../storage';
import { seedAudioRows, seedSandboxAudioRows, writeSandboxAudio } from './audio';
import { seedKeptDeliveries, writeKeptDeliveries } from './kept-deliveries';
import type { KeptFile } from './ern';
import { hashPassword } from '../auth/crypto';
import { AGREEMENT_PENDING_ACCOUNT, SANDBOX_ACCOUNTS } from './accounts';
import { rng } from './rng';
import { SUPPLIER_NAMES } from './words';
import { parties, users, agreement } from './parties';
import { reference, catalogue } from './catalogue';
import { brandContent, commerce, deliveries, sales, follows } from './commerce';

export interface SeedOptions {
  seed?: number;
  /** Multiplier of the demo size; 200 gives one million tracks. */
  scale?: number;
  log?: (msg: string) => void;
  /** Where the sandbox tracks' audio goes (without one only the rows are written). */
  storage?: Storage;
  /** false leaves out the sales lines, their statements and rollup (for a test that reads none of them: they are most of a large seed's time). */
  sales?: boolean;
}

export interface SeedCounts {
  suppliers: number;
  labels: number;
  artists: number;
  releases: number;
  tracks: number;
  customers: number;
  orders: number;
  sales_lines: number;
  follows: number;
}

export function seedCounts(scale: number): SeedCounts {
  const s = Math.max(1, Math.floor(scale));
  return {
    suppliers: SUPPLIER_NAMES.length,
    labels: 100 * s,
    artists: 1200 * s,
    releases: 1000 * s,
    tracks: 5000 * s,
    customers: 500 * s,
    orders: 1000 * Math.min(s, 50),
    sales_lines: 20000 * Math.min(s, 10),
    follows: 4000 * Math.min(s, 10),
  };
}

/**
 * The `setseed()` value (in [-1, 1]) of a seed number, one to one: seeds 0-999 keep the
 * values they always had, (n + 1) / 1001, so their data does not change; every other
 * 32-bit integer maps into [-0.5, 0), 2^-33 apart. (The former (n % 1000 + 1) / 1001 gave
 * seeds 1 and 1001 the same database data.) PostgreSQL keeps 52 bits of the value, so
 * distinct values here seed distinct random() sequences.
 */
export function pgSeedOf(seedNo: number): number {
  if (!Number.isInteger(seedNo) || seedNo < -(2 ** 31) || seedNo >= 2 ** 31) {
    throw new RangeError(`The seed must be a whole number from ${-(2 ** 31)} to ${2 ** 31 - 1} (got ${seedNo}).`);
  }
  if (seedNo >= 0 && seedNo < 1000) return (seedNo + 1) / 1001;
  return -(seedNo + 2 ** 31 + 1) / 2 ** 33;
}

/** True when the database already holds seeded data. */
export async function isSeeded(db: Queryable): Promise<boolean> {
  const [r] = await db.query<{ n: number }>('select count(*)::int as n from users');
  return r.n > 0;
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedCounts> {
  const seedNo = opts.seed ?? 1;
  const pgSeed = pgSeedOf(seedNo);
  const counts = seedCounts(opts.scale ?? 1);
  const log = opts.log ?? (() => undefined);
  const r = rng(seedNo);
  let sandboxAudio: number[] = [];
  let keptFiles: KeptFile[] = [];
  // Hash outside the transaction: scrypt is deliberately slow.
  const hashes = await Promise.all(SANDBOX_ACCOUNTS.map((a, i) => hashPassword(a.password, Buffer.from(`sandbox-salt-${seedNo}-${i}`))));
  const pendingHash = await hashPassword(AGREEMENT_PENDING_ACCOUNT.password, Buffer.from(`sandbox-salt-${seedNo}-pending`));
  await db.transaction(async (tx) => {
    await tx.query('select setseed($1)', [pgSeed]);
    // Bulk load without per-row foreign-key triggers when allowed (superuser): the seed
    // builds consistent ids itself. Counts kept by triggers are recomputed at the end.
    const [su] = await tx.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
    if (su?.rolsuper) await tx.query('set local session_replication_role = replica');
    const t0 = Date.now();
    const step = async (name: string, fn: () => Promise<unknown>) => {
      const t = Date.now();
      await fn();
      log(`seed: ${name} ${Date.now() - t} ms`);
    };
    await step('reference', () => reference(tx));
    await step('parties', () => parties(tx, r, counts));
    await step('users', () => users(tx, counts, hashes));
    await step('catalogue', () => catalogue(tx, counts));
    await step('audio', async () => {
      await seedAudioRows(tx, counts.tracks);
      sandboxAudio = await seedSandboxAudioRows(tx);
    });
    await step('brand content', () => brandContent(tx, r));
    await step('commerce', () => commerce(tx, r, counts));
    await step('deliveries', async () => {
      await deliveries(tx, r, counts);
      keptFiles = await seedKeptDeliveries(tx);
    });
    if (opts.sales !== false) await step('sales', () => sales(tx, counts));
    await step('follows', () => follows(tx, counts));
    await step('service agreement', () => agreement(tx, pendingHash));
    await tx.query('set local session_replication_role = origin');
    // The triggers that keep tracks.artist_names (migration 0013) were off: every artist's name, in order.
    await step('artist names', () => tx.query('select refresh_track_artist_names(array(select id from tracks))'));
    await tx.exec(`do $$ declare r record; begin
      for r in select tbl from row_counts loop
        execute format('update row_counts set n = (select count(*) from %I) where tbl = %L', r.tbl, r.tbl);
      end loop; end $$`);
    // The sales rollup its trigger did not keep during the load (migration 0016).
    await tx.query('select sales_daily_rebuild()');
    log(`seed: done in ${Date.now() - t0} ms`);
  });
  // The files the committed rows name.
  if (opts.storage) await writeSandboxAudio(opts.storage, sandboxAudio);
  if (opts.storage) await writeKeptDeliveries(opts.storage, keptFiles);
  // Vacuum sets the visibility map, so id/sort-key scans can be index-only.
  await db.exec('vacuum analyze');
  return counts;
}
