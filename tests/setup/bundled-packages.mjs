/**
 * drizzle-orm for the test workers as one bundle (issue 31), as the dist/ and run-ts
 * bundles have it (scripts/external-packages.mjs): Node's loader reads a package's
 * package.json for every file it loads from it, and drizzle-orm's is 179 KB, so a worker
 * that loads the server spent about 0.9 s of CPU on it. Each entry point the code imports
 * is bundled (esbuild, with its shared parts split into chunks, so each class exists once)
 * into node_modules/.cache, once per drizzle-orm version, and vitest.config.ts resolves
 * the imports to it. Other packages stay where they are.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { externalPackages } from '../../scripts/external-packages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The drizzle-orm entry points the sources import (bundled-packages.test.ts checks the list is whole). */
export const DRIZZLE_ENTRIES = /** @type {const} */ ([
  'drizzle-orm',
  'drizzle-orm/pg-core',
  'drizzle-orm/migrator',
  'drizzle-orm/pglite',
  'drizzle-orm/pglite/migrator',
  'drizzle-orm/node-postgres',
  'drizzle-orm/node-postgres/migrator',
]);

/** @param {string} entry */
const fileOf = (entry) => `${entry.replace(/\//g, '__')}.mjs`;

/**
 * Builds the bundle unless it is there; gives its folder.
 * @returns {Promise<string>}
 */
export async function drizzleBundle() {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules/drizzle-orm/package.json'), 'utf8'));
  const dir = join(root, 'node_modules', '.cache', 'store-console-drizzle', version);
  const complete = () => DRIZZLE_ENTRIES.every((e) => existsSync(join(dir, fileOf(e))));
  if (complete()) return dir;
  // An entry point added since it was built: built again, with every entry point.
  rmSync(dir, { recursive: true, force: true });
  // Built beside, then renamed into place: two runs starting at once never read half a bundle.
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  await build({
    entryPoints: Object.fromEntries(DRIZZLE_ENTRIES.map((e) => [fileOf(e).replace(/\.mjs$/, ''), e])),
    absWorkingDir: root,
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  try {
    renameSync(tmp, dir);
  } catch (e) {
    // Another run put its bundle there first: use that one.
    rmSync(tmp, { recursive: true, force: true });
    if (!complete()) throw e;
  }
  return dir;
}

/**
 * Vite aliases that resolve each bundled entry point (and only those) to the bundle.
 * @returns {Promise<{ find: RegExp; replacement: string }[]>}
 */
export async function drizzleAliases() {
  const dir = await drizzleBundle();
  return DRIZZLE_ENTRIES.map((e) => ({ find: new RegExp(`^${e.replace(/\//g, '\\/')}$`), replacement: join(dir, fileOf(e)) }));
}
