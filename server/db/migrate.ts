/** Versioned migrations: each runs once, in order, inside a transaction. */
import type { Db } from './client';
import m0001 from './migrations/0001_init';
import m0002 from './migrations/0002_indexes';
import m0003 from './migrations/0003_counts';
import m0004 from './migrations/0004_genre_text';

export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'init', sql: m0001 },
  { version: 2, name: 'indexes', sql: m0002 },
  { version: 3, name: 'counts', sql: m0003 },
  { version: 4, name: 'genre_text', sql: m0004 },
];

/** Applies pending migrations; returns the versions applied. */
export async function migrate(db: Db): Promise<number[]> {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  const done = new Set((await db.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version));
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
    });
    applied.push(m.version);
  }
  return applied;
}
