// Builds what `npm start`, the e2e tests and `npm run dist` need:
//   dist/renderer       the React renderer (Vite)
//   dist/host/index.mjs the browser host (main's services + renderer + WebSocket bridge)
//   dist/server/cli.mjs the v4 API and identity provider
//   dist/main/*.cjs     Electron main and preload (CommonJS, as Electron loads them)
// Skips what is already up to date unless --force is given.
import { build as esbuild } from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { externalPackages } from './external-packages.mjs';

const force = process.argv.includes('--force');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');

function newest(dirs) {
  let t = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const f of readdirSync(p)) if (f !== 'node_modules') walk(join(p, f));
    } else t = Math.max(t, s.mtimeMs);
  };
  dirs.forEach(walk);
  return t;
}
const stale = (out, inputs) => force || !existsSync(out) || statSync(out).mtimeMs < newest([...inputs, 'package-lock.json']);

const node = { bundle: true, platform: 'node', target: 'node22.12', plugins: [externalPackages], sourcemap: 'linked', logLevel: 'warning' };
const esmBanner = { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" };

const targets = [
  {
    name: 'renderer',
    out: 'dist/renderer/index.html',
    inputs: ['renderer', 'shared', 'vite.config.ts'],
    run: async () => {
      const { build } = await import('vite');
      await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
    },
  },
  {
    name: 'server',
    out: 'dist/server/cli.mjs',
    entry: 'server/cli.ts',
    inputs: ['server', 'shared'],
    run: () => esbuild({ ...node, entryPoints: ['server/cli.ts'], outfile: 'dist/server/cli.mjs', format: 'esm', banner: esmBanner }),
  },
  {
    name: 'host',
    out: 'dist/host/index.mjs',
    entry: 'main/host/index.ts',
    inputs: ['main', 'shared', 'scripts/node-flags.mjs'],
    run: () => esbuild({ ...node, entryPoints: ['main/host/index.ts'], outfile: 'dist/host/index.mjs', format: 'esm', banner: esmBanner }),
  },
  {
    name: 'electron',
    out: 'dist/main/electron.cjs',
    entry: 'main/electron/index.ts',
    inputs: ['main', 'shared', 'scripts/node-flags.mjs'],
    run: () =>
      esbuild({
        ...node,
        entryPoints: ['main/electron/index.ts'],
        outfile: 'dist/main/electron.cjs',
        format: 'cjs',
        external: ['electron'],
      }),
  },
  {
    name: 'api-child',
    out: 'dist/main/api-child.mjs',
    entry: 'main/electron/api-child.ts',
    inputs: ['main/electron/api-child.ts'],
    run: () => esbuild({ ...node, entryPoints: ['main/electron/api-child.ts'], outfile: 'dist/main/api-child.mjs', format: 'esm' }),
  },
  {
    name: 'preload',
    out: 'dist/main/preload.cjs',
    entry: 'preload/index.ts',
    inputs: ['preload', 'shared'],
    run: () =>
      esbuild({
        ...node,
        plugins: [],
        entryPoints: ['preload/index.ts'],
        outfile: 'dist/main/preload.cjs',
        format: 'cjs',
        external: ['electron'],
      }),
  },
];

for (const t of targets) {
  if (only && !only.includes(t.name)) continue;
  if (t.entry && !existsSync(t.entry)) continue;
  if (!stale(t.out, t.inputs)) continue;
  const started = Date.now();
  await t.run();
  console.log(`built ${t.name} in ${Date.now() - started} ms`);
}
