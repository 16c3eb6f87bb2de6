/**
 * scripts/run-ts.mjs: a TypeScript entry is bundled once and its bundle used again while
 * none of the files it was built from has changed; a changed or removed source, or a new
 * file it imports, bundles it again. Run on a two-file entry in the run's own temporary folder.
 * drizzle-orm is bundled in (each process would otherwise read its 179 KB package.json for
 * every file it loads from it); the other packages stay in node_modules.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { bundleTs } from '../../scripts/run-ts.mjs';

const dir = mkdtempSync(join(tmpdir(), 'run-ts-'));
/** The bundles made here (kept in dist/.run like any other), removed with the folder. */
const made = new Set<string>();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const f of made) for (const p of [f, f.replace(/\.mjs$/, '.sources.json')]) rmSync(p, { force: true });
});

const entry = join(dir, 'entry.ts');
const part = join(dir, 'part.ts');
/** A bundle's mtime (ms): the same number when it was used again, a later one when it was made again. */
const builtAt = (file: string) => statSync(file).mtimeMs;
/** Sets a file's modification time `ms` from now (a change after the bundle, without waiting for the clock). */
const touch = (file: string, ms: number) => utimesSync(file, new Date(Date.now() + ms), new Date(Date.now() + ms));
const answer = async (file: string) => ((await import(`${pathToFileURL(file).href}?${builtAt(file)}`)) as { answer: number }).answer;

describe('bundleTs', () => {
  it('bundles once, and again only when a source changed, went or was added', async () => {
    writeFileSync(part, 'export const n: number = 1;\n');
    writeFileSync(entry, "import { n } from './part';\nexport const answer: number = n;\n");
    const first = await bundleTs(entry);
    made.add(first);
    expect(await answer(first)).toBe(1);
    const t1 = builtAt(first);

    // Nothing changed: the same bundle, not written again.
    expect(await bundleTs(entry)).toBe(first);
    expect(builtAt(first)).toBe(t1);

    // An imported file changed: bundled again, with the change.
    writeFileSync(part, 'export const n: number = 2;\n');
    touch(part, 1_000);
    expect(await bundleTs(entry)).toBe(first);
    expect(builtAt(first)).toBeGreaterThan(t1);
    expect(await answer(first)).toBe(2);
    const t2 = builtAt(first);

    // The entry now imports a new file: bundled again.
    writeFileSync(join(dir, 'extra.ts'), 'export const m: number = 40;\n');
    writeFileSync(entry, "import { n } from './part';\nimport { m } from './extra';\nexport const answer: number = n + m;\n");
    touch(entry, 2_000);
    await bundleTs(entry);
    expect(builtAt(first)).toBeGreaterThan(t2);
    expect(await answer(first)).toBe(42);
    const t3 = builtAt(first);

    // A source it was built from is gone: bundled again (here esbuild then says what is missing).
    rmSync(join(dir, 'extra.ts'));
    await expect(bundleTs(entry)).rejects.toThrow(/extra/);
    expect(builtAt(first)).toBe(t3);
  });

  it('bundles drizzle-orm in and leaves the other packages in node_modules', async () => {
    // Inside the project, where its packages resolve (the run's folder is outside it).
    const inProject = mkdtempSync(join('node_modules', '.cache', 'run-ts-'));
    onTestFinished(() => rmSync(inProject, { recursive: true, force: true }));
    const file = resolve(inProject, 'packages.ts');
    writeFileSync(
      file,
      "import { sql } from 'drizzle-orm';\nimport { pgTable, integer } from 'drizzle-orm/pg-core';\nimport { z } from 'zod';\n" +
        "export const answer: number = [typeof sql, typeof pgTable, typeof integer, typeof z.string].filter((t) => t === 'function').length;\n",
    );
    const bundle = await bundleTs(file);
    made.add(bundle);
    expect(await answer(bundle)).toBe(4);
    const text = readFileSync(bundle, 'utf8');
    expect(text).not.toMatch(/from\s*["']drizzle-orm/);
    expect(text).toMatch(/from\s*["']zod["']/);
  });
});
