/**
 * Versioned migrations through Drizzle. The drizzle-kit folder server/db/migrations
 * (SQL files + meta/_journal.json, embedded into the bundle by embed-migrations.ts) is
 * written out to a temporary folder (only when something is pending) and applied by Drizzle's migrator for the engine,
 * which records each applied file in drizzle.__drizzle_migrations.
 *
 * Databases made before Drizzle tracked their migrations in `schema_migrations`
 * (versions 1–4, kept in ./legacy). Such a database is first brought to version 4
 * with those scripts, then the Drizzle migrations that produce the same schema
 * (LEGACY_EQUIVALENT) are recorded as applied and schema_migrations is dropped, so
 * the migrator only runs what came after.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client';
import { JOURNAL, SQL_FILES } from './embedded-migrations';
import legacy1 from './legacy/0001_init';
import legacy2 from './legacy/0002_indexes';
import legacy3 from './legacy/0003_counts';
import legacy4 from './legacy/0004_genre_text';

/**
 * The pre-Drizzle path is kept until this day, then removed with ./legacy (docs/decisions.md
 * "Data folders made before Drizzle"): an older folder is upgraded by any release before it.
 */
export const LEGACY_SCHEMA_KEPT_UNTIL = '2027-06-30';

/** The pre-Drizzle migrations, as they were applied and tracked in schema_migrations. */
export const LEGACY_MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'init', sql: legacy1 },
  { version: 2, name: 'indexes', sql: legacy2 },
  { version: 3, name: 'counts', sql: legacy3 },
  { version: 4, name: 'genre_text', sql: legacy4 },
];

/** The Drizzle migrations whose result is the legacy schema at version 4. */
export const LEGACY_EQUIVALENT = ['0000_extensions', '0001_baseline', '0002_row_counts'] as const;

/** Writes the embedded migrations as a drizzle-kit folder; returns it and its remover. */
function materialize(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'console-migrations-'));
  mkdirSync(join(dir, 'meta'));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(JOURNAL));
  for (const e of JOURNAL.entries) writeFileSync(join(dir, `${e.tag}.sql`), SQL_FILES[e.tag]);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The newest Drizzle migration recorded as applied (its journal `when`), or 0 when none. */
async function newestApplied(db: Db): Promise<number> {
  const [t] = await db.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!t.present) return 0;
  const [{ n }] = await db.query<{ n: number | null }>('select max(created_at) as n from drizzle.__drizzle_migrations');
  return Number(n ?? 0);
}

/**
 * Converts a pre-Drizzle database (schema_migrations present): finishes its legacy
 * migrations, then records LEGACY_EQUIVALENT as applied. Returns whether it did.
 */
async function adoptLegacy(db: Db, folder: string): Promise<boolean> {
  const [t] = await db.query<{ present: boolean }>("select to_regclass('public.schema_migrations') is not null as present");
  if (!t.present) return false;
  const done = new Set((await db.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version));
  const known = new Set(LEGACY_MIGRATIONS.map((m) => m.version));
  const unknown = [...done].filter((v) => !known.has(v));
  if (unknown.length)
    throw new Error(`schema_migrations holds unknown versions ${unknown.join(', ')}; this server is older than the database.`);
  for (const m of LEGACY_MIGRATIONS) {
    if (done.has(m.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
    });
  }
  const files = readMigrationFiles({ migrationsFolder: folder });
  await db.transaction(async (tx) => {
    // The same table Drizzle's migrator creates (pg-core dialect.migrate).
    await tx.exec(`create schema if not exists drizzle;
      create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    for (const tag of LEGACY_EQUIVALENT) {
      const i = JOURNAL.entries.findIndex((e) => e.tag === tag);
      await tx.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [files[i].hash, files[i].folderMillis]);
    }
    await tx.exec('drop table schema_migrations');
  });
  return true;
}

export interface MigrateResult {
  /** Tags of the Drizzle migrations run now. */
  applied: string[];
  /** True when a pre-Drizzle (schema_migrations) database was adopted. */
  adoptedLegacy: boolean;
}

/**
 * Brings the database to the latest migration; running it again applies nothing.
 * Drizzle's migrator applies the journal entries newer than the newest one recorded,
 * so a database already at the last entry returns before anything is written out.
 */
export async function migrate(db: Db): Promise<MigrateResult> {
  const last = JOURNAL.entries[JOURNAL.entries.length - 1].when;
  return db.withMigrationLock(async () => {
    const [legacy] = await db.query<{ present: boolean }>("select to_regclass('public.schema_migrations') is not null as present");
    if (!legacy.present && (await newestApplied(db)) >= last) return { applied: [], adoptedLegacy: false };
    const folder = materialize();
    try {
      const adoptedLegacy = await adoptLegacy(db, folder.dir);
      const before = await newestApplied(db);
      await db.runMigrations(folder.dir);
      const applied = JOURNAL.entries.filter((e) => e.when > before).map((e) => e.tag);
      return { applied, adoptedLegacy };
    } finally {
      folder.remove();
    }
  });
}
