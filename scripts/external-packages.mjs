// The esbuild plugin that keeps the Node bundles' packages in node_modules (as esbuild's
// packages: 'external' does) but for the ones bundled in: used by scripts/build.mjs (dist/)
// and scripts/run-ts.mjs (the bundles the tests and benches start servers and workers from).

/**
 * Packages bundled into the Node outputs instead of loaded from node_modules at run time.
 * drizzle-orm: Node's loader reads a package's package.json for every file it loads from it,
 * and drizzle-orm's is 179 KB (its exports map): about 0.6 s of each process's start here,
 * in the API, its SFTP drop server and each worker. Bundled, it is one file of ours.
 */
export const BUNDLED = /^drizzle-orm(\/|$)/;

export const externalPackages = {
  name: 'external-packages',
  setup(build) {
    // Every bare import stays external (esbuild's packages: 'external') but the BUNDLED ones.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') || !BUNDLED.test(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};
