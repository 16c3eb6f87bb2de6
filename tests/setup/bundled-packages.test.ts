/**
 * The test workers resolve drizzle-orm's entry points to the bundle of
 * tests/setup/bundled-packages.mjs (one file set, not the package's many files), and the
 * entry points share its classes, as the package's own do.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DRIZZLE_ENTRIES, drizzleBundle } from './bundled-packages.mjs';

describe('drizzle-orm in the test workers', () => {
  it('each entry point the sources import comes from the bundle', async () => {
    const dir = await drizzleBundle();
    const bundled = async (entry: string) =>
      (await import(/* @vite-ignore */ pathToFileURL(join(dir, `${entry.replace(/\//g, '__')}.mjs`)).href)) as Record<string, unknown>;
    const [main, pgCore, pglite] = await Promise.all([import('drizzle-orm'), import('drizzle-orm/pg-core'), import('drizzle-orm/pglite')]);
    expect(main.sql).toBe((await bundled('drizzle-orm')).sql);
    expect(pgCore.pgTable).toBe((await bundled('drizzle-orm/pg-core')).pgTable);
    expect(pglite.drizzle).toBe((await bundled('drizzle-orm/pglite')).drizzle);
    expect(DRIZZLE_ENTRIES).toContain('drizzle-orm/node-postgres/migrator');
  });

  it('the entry points share one copy of the classes', async () => {
    const { is, Table } = await import('drizzle-orm');
    const { pgTable, integer, PgTable } = await import('drizzle-orm/pg-core');
    const t = pgTable('t', { id: integer('id') });
    expect(t).toBeInstanceOf(PgTable);
    expect(t).toBeInstanceOf(Table);
    expect(is(t, Table)).toBe(true);
  });
});
