/**
 * One small database interface over both engines: embedded PGlite (in memory or in a
 * folder) and a PostgreSQL server through node-postgres. Values come back the same
 * way from both: dates as 'YYYY-MM-DD', timestamps as ISO strings, bigint and
 * numeric as numbers.
 *
 * Each handle (and each transaction) offers two ways in over the same connection:
 * `query` for raw SQL (the dynamic list machinery) and `orm`, a Drizzle instance over
 * the schema of ./schema for typed queries.
 */
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

export type Row = Record<string, unknown>;

/** A Drizzle database or transaction on either engine. */
export type Orm = PgDatabase<PgQueryResultHKT>;

export interface Queryable {
  query<T = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Drizzle's typed query builder on the same connection (inside a transaction: the transaction's). */
  readonly orm: Orm;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters. */
  exec(sql: string): Promise<void>;
  /** Runs fn on one connection inside BEGIN/COMMIT (ROLLBACK on throw). */
  transaction<T>(fn: (tx: Queryable & { exec(sql: string): Promise<void> }) => Promise<T>): Promise<T>;
  /**
   * Applies the pending migrations of a drizzle-kit folder with Drizzle's migrator for
   * this engine (drizzle-orm/pglite/migrator or drizzle-orm/node-postgres/migrator).
   */
  runMigrations(migrationsFolder: string): Promise<void>;
  /**
   * Runs fn holding the migration lock: on PostgreSQL a session advisory lock, so
   * servers starting together on one database migrate one after the other; PGlite has
   * a single connection and needs none.
   */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * The output columns of a query, name and type OID in order: planned, not run (it is
   * wrapped in LIMIT 0).
   */
  columnTypes(text: string, params?: readonly unknown[]): Promise<{ name: string; type: number }[]>;
  /**
   * PostgreSQL only (absent on PGlite, which cannot stream COPY TO STDOUT): runs
   * `setup` then `COPY (select) TO STDOUT WITH (FORMAT csv)` in one read-only
   * transaction on one connection, piped through `through` into `sink` with
   * backpressure (the sink is not ended). COPY takes no parameters: `select` must hold
   * its values as literals. On any failure (the sink closed early too) the connection
   * is dropped rather than returned to the pool mid-COPY.
   */
  copyCsvTo?(select: string, setup: readonly string[], through: Transform, sink: Writable): Promise<void>;
  /** The engine's own handle, for the job queue (pg-boss takes a PGlite instance or a server URL). */
  readonly engine: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };
  close(): Promise<void>;
}

/** Key of the advisory lock taken while migrating a PostgreSQL server. */
const MIGRATION_LOCK = 4_711_004;

const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const INT8 = 20;
const NUMERIC = 1700;

const toIso = (s: string) => new Date(s.includes('T') || s.includes('+') ? s : `${s}Z`).toISOString();
const PARSERS: Record<number, (s: string) => unknown> = {
  [DATE]: (s) => s,
  [TIMESTAMP]: (s) => toIso(s.replace(' ', 'T')),
  [TIMESTAMPTZ]: (s) => new Date(s.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString(),
  [INT8]: (s) => Number(s),
  [NUMERIC]: (s) => Number(s),
};

export interface OpenOptions {
  /** postgres://… → PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; omitted → in memory. */
  dataDir?: string;
}

export async function openDb(opts: OpenOptions = {}): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/**
 * A tarball's bytes as the Blob PGlite loads a data folder from, handing PGlite the bytes
 * themselves: PGlite reads its Blob whole with arrayBuffer(), which on a Blob made from
 * 100 MB took about 1 s here, read through a stream in small pieces (issue 31).
 */
function tarballBlob(bytes: Uint8Array): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const buffer = whole ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
  return Object.assign(new Blob([], { type: 'application/x-tar' }), { arrayBuffer: () => Promise.resolve(buffer) });
}

/**
 * `from`: start from a data folder dumped by `dumpPglite` (a tarball, or its bytes) instead of
 * an empty database; the tests start every seeded server from one such dump, built once a run.
 * `smallWal`: keep as little write-ahead log as PostgreSQL allows (two 16 MB segments, none
 * recycled), for a data folder that is dumped and copied (the tests' seeded template: its
 * dump held 112 MB of old log beside 77 MB of data).
 * `sharedBuffers`: PostgreSQL's shared_buffers (the data folder's own, 128MB, otherwise). A start
 * fills the whole pool's memory, so a smaller one starts sooner: the tests' servers.
 */
export async function openPglite(
  dataDir?: string,
  opts: { from?: Blob | Uint8Array; smallWal?: boolean; sharedBuffers?: string } = {},
): Promise<Db> {
  const parsers = Object.fromEntries(Object.entries(PARSERS).map(([k, f]) => [k, (s: string) => f(s)]));
  const settings = [
    ...(opts.smallWal ? ['min_wal_size=32MB', 'wal_recycle=off'] : []),
    ...(opts.sharedBuffers ? [`shared_buffers=${opts.sharedBuffers}`] : []),
  ];
  const startParams = settings.length ? [...PGlite.defaultStartParams, ...settings.flatMap((c) => ['-c', c])] : undefined;
  const lite = await PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gin },
    parsers,
    ...(opts.from ? { loadDataDir: opts.from instanceof Uint8Array ? tarballBlob(opts.from) : opts.from } : {}),
    ...(startParams ? { startParams } : {}),
  });
  void pgliteTypes;
  const q = async <T>(text: string, params?: readonly unknown[]) => (await lite.query<T>(text, params as unknown[] | undefined)).rows;
  const orm = drizzlePglite({ client: lite });
  return {
    kind: 'pglite',
    query: q,
    orm: orm as unknown as Orm,
    exec: async (sql) => {
      await lite.exec(sql);
    },
    transaction: (fn) =>
      lite.transaction((tx) =>
        fn({
          query: async <T>(text: string, params?: readonly unknown[]) => (await tx.query<T>(text, params as unknown[] | undefined)).rows,
          // Drizzle only calls query() on its client, which the transaction has.
          orm: drizzlePglite({ client: tx as unknown as PGlite }) as unknown as Orm,
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      ),
    columnTypes: async (text, params) =>
      (await lite.query(`select * from (${text}) q limit 0`, params as unknown[] | undefined)).fields.map((f) => ({
        name: f.name,
        type: f.dataTypeID,
      })),
    runMigrations: (migrationsFolder) => migratePglite(orm, { migrationsFolder }),
    withMigrationLock: (fn) => fn(),
    engine: { kind: 'pglite', pglite: lite },
    close: () => lite.close(),
  };
}

/** A PGlite database's whole data folder as an uncompressed tarball (openPglite's `from`), after a checkpoint. */
export async function dumpPglite(db: Db): Promise<Blob> {
  if (db.engine.kind !== 'pglite') throw new Error('dumpPglite: not a PGlite database');
  // Two log switches and checkpoints: the log before the last one is then no longer needed,
  // and a database opened with smallWal removes it instead of keeping it for reuse.
  for (let i = 0; i < 2; i++) await db.exec('select pg_switch_wal(); checkpoint;');
  return db.engine.pglite.dumpDataDir('none');
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const typeParser = (oid: number, format?: string) => {
    const f = PARSERS[oid] as ((s: string) => unknown) | undefined;
    return f && format !== 'binary' ? f : pg.types.getTypeParser(oid, format as 'text');
  };
  const pool = new pg.Pool({ connectionString: url, max, types: { getTypeParser: typeParser as never } });
  // Fail early on a bad URL rather than on the first request.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: async <T>(text: string, params?: readonly unknown[]) => (await pool.query(text, params as unknown[] | undefined)).rows as T[],
    orm: drizzleNodePg({ client: pool }) as unknown as Orm,
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn({
          query: async <T>(text: string, params?: readonly unknown[]) =>
            (await client.query(text, params as unknown[] | undefined)).rows as T[],
          orm: drizzleNodePg({ client }) as unknown as Orm,
          exec: async (sql: string) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    columnTypes: async (text, params) =>
      (await pool.query(`select * from (${text}) q limit 0`, params as unknown[] | undefined)).fields.map((f) => ({
        name: f.name,
        type: f.dataTypeID,
      })),
    copyCsvTo: async (select, setup, through, sink) => {
      const client = await pool.connect();
      let broken = true;
      try {
        await client.query('begin read only');
        for (const s of setup) await client.query(s);
        await pipeline(client.query(copyTo(`copy (${select}) to stdout with (format csv)`)), through, sink, { end: false });
        await client.query('commit');
        broken = false;
      } finally {
        client.release(broken);
      }
    },
    runMigrations: (migrationsFolder) => migrateNodePg(drizzleNodePg({ client: pool }), { migrationsFolder }),
    withMigrationLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    engine: { kind: 'postgres', url },
    close: () => pool.end(),
  };
}
