/**
 * The test workers resolve drizzle-orm's entry points to the bundle of
 * tests/setup/bundled-packages.mjs (one file set, not the package's many files), the
 * entry points share its classes, as the package's own do, and every drizzle-orm entry point
 * the sources import is one of the bundle's (another would load a second copy of the classes).
 */
import { readFileSync, readdirSync } from 'node:fs';
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

  it('every drizzle-orm entry point the sources import is bundled', () => {
    const imported = new Set<string>();
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== 'node_modules') walk(path);
        } else if (/\.(?:m?[jt]sx?)$/.test(e.name)) {
          for (const m of readFileSync(path, 'utf8').matchAll(/(?:from\s*|import\(\s*)['"](drizzle-orm(?:\/[^'"]*)?)['"]/g))
            imported.add(m[1]);
        }
      }
    };
    for (const dir of ['server', 'shared', 'main', 'tests', 'bench', 'scripts']) walk(dir);
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((e) => !(DRIZZLE_ENTRIES as readonly string[]).includes(e))).toEqual([]);
  });
});
