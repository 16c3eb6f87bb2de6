// Runs a TypeScript entry point with Node: bundles it with esbuild (dependencies
// stay external) into a temporary .mjs beside the project, then imports it.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function runTs(entry, argv = []) {
  const outDir = resolve('dist/.run');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${basename(entry).replace(/\.ts$/, '')}-${process.pid}.mjs`);
  await build({
    entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node22.12',
    packages: 'external', sourcemap: 'inline', logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  process.argv = [process.argv[0], entry, ...argv];
  process.on('exit', () => rmSync(outfile, { force: true }));
  return import(pathToFileURL(outfile).href);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [entry, ...rest] = process.argv.slice(2);
  if (!entry) { console.error('usage: node scripts/run-ts.mjs <file.ts> [args...]'); process.exit(2); }
  await runTs(entry, rest);
}
