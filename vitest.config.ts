import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { drizzleAliases } from './tests/setup/bundled-packages.mjs';
import { useHugePages } from './tests/setup/huge-pages.mjs';
import { environmentOf, runOrder } from './tests/setup/run-order.mjs';

/** The run's file order: tests/setup/run-order.mjs (lanes of one worker process, longest first). */
class InLanes extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let recorded: Record<string, number> = {};
    try {
      recorded = JSON.parse(readFileSync('tests/setup/unit-durations.json', 'utf8')) as Record<string, number>;
    } catch {
      // No record: every file is new.
    }
    const root = this.ctx.config.root;
    const described = files.map((spec) => ({
      spec,
      path: relative(root, spec.moduleId).split('\\').join('/'),
      project: spec.project.name,
      environment: environmentOf(spec.moduleId, spec.project.config.environment),
    }));
    return runOrder(described, recorded).map((f) => f.spec);
  }
}

const EXCLUDE = ['tests/e2e/**', 'tests/**/*.keychain.test.ts', 'node_modules/**'];

/**
 * Test files that replace modules (vi.mock, vi.doMock) or load them afresh (vi.resetModules):
 * their mocks and fresh imports hold only in a module graph of their own, so they run
 * isolated, each in a new process.
 */
function mockingFiles(dir = 'tests'): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'e2e') out.push(...mockingFiles(path));
    } else if (/\.test\.tsx?$/.test(e.name) && /\bvi\.(?:(?:do)?[mM]ock|resetModules)\(/.test(readFileSync(path, 'utf8'))) {
      out.push(path);
    }
  }
  return out;
}
const ISOLATED = mockingFiles();
const RENDERER = ['tests/renderer/**/*.test.{ts,tsx}'];

// Large allocations on huge pages in every process the run starts (tests/setup/huge-pages.mjs).
useHugePages();

export default defineConfig({
  // drizzle-orm from one bundle of its entry points (tests/setup/bundled-packages.mjs).
  resolve: { alias: await drizzleAliases() },
  test: {
    /**
     * Three projects (issue 31). Files that mock modules (or load them afresh)
     * run isolated, one process per file. The others share their worker's modules from
     * file to file, so each no longer loads its whole module graph again: the server,
     * main-process and shared tests (on 73 such files: 341 → 210 CPU-s), and the renderer
     * tests that mock nothing (59 of 60 files), which start each file from a clean DOM,
     * storage, fake main, query cache and store (tests/setup/renderer-file.ts): the renderer
     * and isolated files took 401 CPU-s on 2 workers, 340 sharing (with 45 renderer files).
     * A worker is shared only with the next file of its project and environment: the
     * sequencer runs them in lanes (tests/setup/run-order.mjs).
     */
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: EXCLUDE, isolate: true } },
      {
        extends: true,
        test: {
          name: 'renderer',
          include: RENDERER,
          exclude: [...EXCLUDE, ...ISOLATED],
          isolate: false,
          setupFiles: ['tests/setup/renderer-file.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'shared', include: ['tests/**/*.test.ts'], exclude: [...EXCLUDE, ...ISOLATED, ...RENDERER], isolate: false },
      },
    ],
    environment: 'node',
    // The seeded template every test server starts from (tests/fixtures/seed-template.ts).
    globalSetup: ['tests/setup/unit-global-setup.ts'],
    // One test file per core (Vitest's default leaves one core idle): the server suites
    // spend much of their time waiting on their database, ffmpeg or a child process.
    maxWorkers: Math.max(2, availableParallelism()),
    // Longest files first, from the recorded durations (a fresh clone has no Vitest cache).
    sequence: { sequencer: InLanes },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The slowest tests (test-reports/unit.json) and each file's whole time (test-reports/unit-files.json),
    // read by `npm run bench -- suite`.
    reporters: ['default', ['json', { outputFile: 'test-reports/unit.json' }], './tests/setup/file-times-reporter.ts'],
  },
});
