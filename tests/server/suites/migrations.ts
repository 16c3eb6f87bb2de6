/**
 * Drizzle migrations on an engine: a fresh database migrated by Drizzle's migrator
 * matches the Drizzle schema (every table's columns, types, nullability, constraints
 * and indexes), a second run is a no-op, and pre-Drizzle databases (schema_migrations)
 * are adopted and end up identical to a fresh one. Run on PGlite and on PostgreSQL.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../../../server/db/client';
import { LEGACY_EQUIVALENT, migrate } from '../../../server/db/migrate';
import { JOURNAL } from '../../../server/db/embedded-migrations';
import * as schema from '../../../server/db/schema';
import { COUNTRIES } from '../../../server/db/reference';
import { catalog, legacyMigrate } from '../catalog';

/** An adoption builds a whole legacy database, migrates it and compares its catalogue with a fresh one's: on PGlite under a loaded CI machine it came within a few seconds of vitest's 30 s default. */
const ADOPT_TIMEOUT_MS = 90_000;

const TABLES = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => getTableConfig(t));
const ALL_TAGS = JOURNAL.entries.map((e) => e.tag);
const AFTER_LEGACY = ALL_TAGS.filter((t) => !(LEGACY_EQUIVALENT as readonly string[]).includes(t));

/** Drizzle's SQL type → PostgreSQL's format_type() spelling. */
function pgType(sqlType: string): string {
  return sqlType
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer')
    .replace(/^varchar/, 'character varying')
    .replace(/^char\(/, 'character(')
    .replace(/^numeric\((\d+), (\d+)\)/, 'numeric($1,$2)');
}

/** `open` gives a new, empty database each call. */
export function migrationSuite(open: () => Promise<Db>) {
  const opened: Db[] = [];
  const fresh = async () => {
    const db = await open();
    opened.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of opened) await db.close();
  });
  /**
   * One empty database migrated by Drizzle's migrator, made once: the tests that check what a fresh migration
   * builds read it (one also counts a few inserted rows), and the adoptions compare their catalogue with its.
   */
  let once: Promise<{ db: Db; applied: string[]; catalog: Awaited<ReturnType<typeof catalog>> }> | undefined;
  const migrated = () =>
    (once ??= (async () => {
      const db = await fresh();
      const { applied } = await migrate(db);
      return { db, applied, catalog: await catalog(db) };
    })());

  it('migrates an empty database to exactly the Drizzle schema: columns, types, nullability', async () => {
    const { db, applied } = await migrated();
    expect(applied).toEqual(ALL_TAGS);
    const cols = await db.query<{ table_name: string; column_name: string; type: string; is_nullable: string }>(
      `select c.table_name, c.column_name, c.is_nullable,
              format_type(a.atttypid, a.atttypmod) as type
       from information_schema.columns c
       join pg_attribute a on a.attrelid = format('public.%I', c.table_name)::regclass and a.attname = c.column_name
       where c.table_schema = 'public'`,
    );
    const inDb = new Map(cols.map((c) => [`${c.table_name}.${c.column_name}`, c]));
    const declared: string[] = [];
    for (const t of TABLES) {
      for (const c of t.columns) {
        const key = `${t.name}.${c.name}`;
        declared.push(key);
        const row = inDb.get(key);
        expect(row, `${key} exists`).toBeDefined();
        expect(row!.type, `${key} type`).toBe(pgType(c.getSQLType()));
        expect(row!.is_nullable, `${key} nullability`).toBe(c.notNull ? 'NO' : 'YES');
      }
    }
    // Nothing in the database that the schema does not declare.
    expect([...inDb.keys()].sort()).toEqual(declared.sort());
    const tables = await db.query<{ t: string }>(`select table_name as t from information_schema.tables where table_schema = 'public'`);
    expect(tables.map((r) => r.t).sort()).toEqual(TABLES.map((t) => t.name).sort());
  });

  it('creates every constraint and index the schema names, and the SQL-only parts of the custom migrations', async () => {
    const { db } = await migrated();
    const names = new Set(
      (
        await db.query<{ n: string }>(
          `select conname as n from pg_constraint where connamespace = 'public'::regnamespace
       union all select indexname from pg_indexes where schemaname = 'public'`,
        )
      ).map((r) => r.n),
    );
    for (const t of TABLES) {
      const wanted = [
        ...t.checks.map((c) => c.name),
        ...t.foreignKeys.map((f) => f.getName()),
        ...t.uniqueConstraints.map((u) => u.name!),
        ...t.primaryKeys.map((p) => p.getName()),
        ...t.indexes.map((i) => i.config.name!),
        ...t.columns.filter((c) => c.isUnique).map((c) => c.uniqueName!),
      ];
      for (const n of wanted) expect(names.has(n), `${t.name}: ${n}`).toBe(true);
    }
    const cat = await catalog(db);
    expect(cat.extensions).toEqual(expect.arrayContaining(['btree_gin', 'pg_trgm']));
    expect(cat.triggers.filter((t) => t.includes('row_counts_'))).toHaveLength(18);
    // The row_counts triggers work: an insert counts.
    await db.query(`insert into genres (name, slug) values ('G', 'g')`);
    await db.query(`insert into suppliers (name) values ('S')`);
    await db.query(`insert into labels (name, supplier_id) values ('L1', 1), ('L2', 1)`);
    const [row] = await db.query<{ n: number }>(`select n from row_counts where tbl = 'labels'`);
    expect(row.n).toBe(2);
  });

  it('running the migrator again is a no-op', async () => {
    const { db, catalog: before } = await migrated();
    const second = await migrate(db);
    expect(second).toEqual({ applied: [], adoptedLegacy: false });
    expect(await catalog(db)).toEqual(before);
    const [n] = await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(n.n).toBe(ALL_TAGS.length);
  });

  it('every row carries a version: the tables that lacked one get version integer not null default 1', async () => {
    const { db } = await migrated();
    const noVersion = await db.query<{ t: string }>(
      `select t.table_name as t from information_schema.tables t where t.table_schema = 'public' and not exists (
         select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = t.table_name
           and c.column_name = 'version' and c.data_type = 'integer' and c.is_nullable = 'NO' and c.column_default = '1')`,
    );
    // Reference tables, link tables and append-only logs (server/README.md "Row versions").
    expect(noVersion.map((r) => r.t).sort()).toEqual(
      [
        'artist_muzooka_mappings',
        'audio_files',
        'chart_tracks',
        'countries',
        'currencies',
        'delivery_events',
        'idempotency_keys',
        'jobs',
        'musical_keys',
        'oauth_codes',
        'oauth_tokens',
        'playlist_partners',
        'playlist_tracks',
        'record_history',
        'reference_items',
        'refunds',
        'release_artists',
        'release_images',
        'row_counts',
        'sales_daily',
        'sales_days',
        'sales_item_months',
        'sales_lines',
        'sales_months',
        'service_agreement_acceptances',
        'states',
        'statement_lines',
        'statements',
        'sub_genres',
        'track_artists',
        'track_countries_allowed',
        'track_publish_dates',
        'transactions',
        'ftp_user_keys', // an SFTP user's public keys: added and removed whole
        'follows', // a store user's follow: made and undone whole, never edited
        'user_identities', // a user's linked sign-ins: read-only in the console
        'password_reset_links', // the identity provider's one-time links, like its codes and tokens
        'sign_in_attempts', // counters of the sign-in limits, written by atomic upserts, never edited through the API
        'order_item_downloads', // the store's log of a customer's downloads, append-only
        'media_images', // generic image uploads, kept as they came, never edited
      ].sort(),
    );
  });

  it(
    'adopts a pre-Drizzle database at the last legacy version: baseline marked applied, later migrations run, data kept',
    async () => {
      const legacy = await fresh();
      await legacyMigrate(legacy);
      await legacy.query(`insert into suppliers (name) values ('Old supplier')`);
      await legacy.query(`insert into labels (name, supplier_id) values ('Old label', 1)`);
      await legacy.query(`insert into users (username, email) values ('old', 'old@example.com')`);
      await legacy.query(`insert into notes (entity, entity_id, body, author_id) values ('users', 1, 'kept', 1)`);

      const result = await migrate(legacy);
      expect(result).toEqual({ applied: AFTER_LEGACY, adoptedLegacy: true });
      const [gone] = await legacy.query<{ present: boolean }>("select to_regclass('public.schema_migrations') is not null as present");
      expect(gone.present).toBe(false);
      const [note] = await legacy.query<{ body: string; version: number }>('select body, version from notes');
      expect(note).toEqual({ body: 'kept', version: 1 });
      const [count] = await legacy.query<{ n: number }>(`select n from row_counts where tbl = 'labels'`);
      expect(count.n).toBe(1);

      // Same database as a fresh one, and a further run does nothing.
      expect(await catalog(legacy)).toEqual((await migrated()).catalog);
      expect(await migrate(legacy)).toEqual({ applied: [], adoptedLegacy: false });
    },
    ADOPT_TIMEOUT_MS,
  );

  it('0004 keeps only the newest banking row of a supplier that concurrent first saves had duplicated, then makes supplier_id unique', async () => {
    const legacy = await fresh();
    await legacyMigrate(legacy);
    await legacy.query(`insert into suppliers (name) values ('Twice saved'), ('Saved once')`);
    await legacy.query(`insert into banking (supplier_id, bank_name) values (1, 'Older'), (2, 'Only'), (1, 'Newest')`);
    await migrate(legacy);
    const rows = await legacy.query<{ supplier_id: number; bank_name: string }>(
      'select supplier_id, bank_name from banking order by supplier_id',
    );
    expect(rows).toEqual([
      { supplier_id: 1, bank_name: 'Newest' },
      { supplier_id: 2, bank_name: 'Only' },
    ]);
    await expect(legacy.query(`insert into banking (supplier_id, bank_name) values (2, 'Again')`)).rejects.toThrow(
      /banking_supplier_id_key/,
    );
  });

  it('0005 gives the countries of a database seeded before it their regions, then requires one', async () => {
    const legacy = await fresh();
    await legacyMigrate(legacy);
    await legacy.query(
      `insert into countries (code, name) values ('US', 'United States'), ('DE', 'Germany'), ('JP', 'Japan'), ('ZA', 'South Africa')`,
    );
    await migrate(legacy);
    const rows = await legacy.query<{ code: string; region: string }>('select code::text as code, region from countries order by code');
    const want = new Map(COUNTRIES.map(([code, , region]) => [code, region]));
    expect(rows).toEqual(['DE', 'JP', 'US', 'ZA'].map((code) => ({ code, region: want.get(code) })));
    await expect(legacy.query(`insert into countries (code, name) values ('XX', 'Nowhere')`)).rejects.toThrow(/null/);
    await expect(legacy.query(`insert into countries (code, name, region) values ('XX', 'Nowhere', 'Atlantis')`)).rejects.toThrow(
      /countries_region_check/,
    );
  });

  it(
    'adopts a pre-Drizzle database stopped at an older legacy version by finishing its legacy migrations first',
    async () => {
      const legacy = await fresh();
      await legacyMigrate(legacy, 2);
      expect((await migrate(legacy)).adoptedLegacy).toBe(true);
      expect(await catalog(legacy)).toEqual((await migrated()).catalog);
    },
    ADOPT_TIMEOUT_MS,
  );
}
