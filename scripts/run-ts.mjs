// Runs a TypeScript entry point with Node: bundles it with esbuild (dependencies
// stay external but drizzle-orm) into an .mjs under dist/.run, then imports it. The bundle is kept
// with the list of files it was built from, and used again while none of them has
// changed: the tests and benches start many server and worker processes from the same
// entries, and each one bundled the whole server again.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { externalPackages } from './external-packages.mjs';

/** The kept bundle of `entry` and the record of its sources (what it was built from, and when). */
function keptBundle(entry) {
  const outDir = resolve('dist/.run');
  const name = `${basename(entry).replace(/\.ts$/, '')}-${createHash('sha256').update(resolve(entry)).digest('hex').slice(0, 8)}`;
  return { outDir, outfile: join(outDir, `${name}.mjs`), sourcesFile: join(outDir, `${name}.sources.json`) };
}

/** True when the bundle exists and none of its sources changed (or went) after it was built. */
function upToDate({ outfile, sourcesFile }) {
  if (!existsSync(outfile) || !existsSync(sourcesFile)) return false;
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(sourcesFile, 'utf8'));
    return inputs.every((p) => existsSync(p) && statSync(p).mtimeMs < builtAt);
  } catch {
    return false;
  }
}

/** Bundles `entry` unless its kept bundle is up to date; gives the bundle's path. */
export async function bundleTs(entry) {
  const kept = keptBundle(entry);
  if (upToDate(kept)) return kept.outfile;
  mkdirSync(kept.outDir, { recursive: true });
  const builtAt = Date.now();
  // Written beside, then renamed into place: processes bundling at once never read half a file.
  const tmp = `${kept.outfile}.${process.pid}.tmp`;
  const { metafile } = await build({
    entryPoints: [entry],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    // Packages stay in node_modules but drizzle-orm (scripts/external-packages.mjs).
    plugins: [externalPackages],
    sourcemap: 'inline',
    logLevel: 'warning',
    metafile: true,
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  // How it is bundled is an input too: a change to this script or its plugin makes new bundles.
  const inputs = [
    ...Object.keys(metafile.inputs).map((p) => resolve(p)),
    fileURLToPath(import.meta.url),
    fileURLToPath(new URL('./external-packages.mjs', import.meta.url)),
  ];
  writeFileSync(`${kept.sourcesFile}.${process.pid}.tmp`, JSON.stringify({ builtAt, inputs }));
  renameSync(tmp, kept.outfile);
  renameSync(`${kept.sourcesFile}.${process.pid}.tmp`, kept.sourcesFile);
  return kept.outfile;
}

export async function runTs(entry, argv = []) {
  const outfile = await bundleTs(entry);
  process.argv = [process.argv[0], entry, ...argv];
  return import(pathToFileURL(outfile).href);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [entry, ...rest] = process.argv.slice(2);
  if (!entry) {
    console.error('usage: node scripts/run-ts.mjs <file.ts> [args...]');
    process.exit(2);
  }
  await runTs(entry, rest);
}
