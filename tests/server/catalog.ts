/** Test helpers: a comparable description of a database's public schema, and the pre-Drizzle migrator. */
import type { Db } from '../../server/db/client';
import { LEGACY_MIGRATIONS } from '../../server/db/migrate';

export interface Catalog {
  columns: string[];
  constraints: string[];
  indexes: string[];
  triggers: string[];
  functions: string[];
  extensions: string[];
}

/** Every column, constraint, index, trigger, function and extension of schema public, as sorted text lines. */
export async function catalog(db: Db): Promise<Catalog> {
  const lines = async (sql: string) => (await db.query<{ l: string }>(sql)).map((r) => r.l).sort();
  return {
    columns: await lines(`select concat_ws(' ', table_name, column_name, data_type, character_maximum_length, numeric_precision,
        numeric_scale, is_nullable, column_default) as l
      from information_schema.columns where table_schema = 'public'`),
    constraints: await lines(`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as l
      from pg_constraint where connamespace = 'public'::regnamespace`),
    indexes: await lines(`select indexdef as l from pg_indexes where schemaname = 'public'`),
    triggers: await lines(`select pg_get_triggerdef(t.oid) as l from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`),
    functions: await lines(`select p.proname || ' ' || md5(pg_get_functiondef(p.oid)) as l from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`),
    extensions: await lines(`select extname as l from pg_extension`),
  };
}

/** The pre-Drizzle migrator (schema_migrations tracking) up to `upTo`, to make legacy databases. */
export async function legacyMigrate(db: Db, upTo = LEGACY_MIGRATIONS.length): Promise<void> {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  for (const m of LEGACY_MIGRATIONS.filter((x) => x.version <= upTo)) {
    await db.transaction(async (tx) => {
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
    });
  }
}
