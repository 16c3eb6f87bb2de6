/**
 * The unit run's file times (tests/setup/file-times-reporter.ts): a file's time is its whole
 * time on its worker (environment, harness, import, setup file, and its tests with their
 * hooks), not only its tests, so a file whose time is in a beforeAll is long in the order
 * the sequencer reads; rows longest first, by path from the root.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { TestModule, Vitest } from 'vitest/node';
import FileTimesReporter from './file-times-reporter';
import type { FileTime } from '../../bench/_unit-files';

const dir = mkdtempSync(join(tmpdir(), 'file-times-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A finished test module as Vitest hands it to reporters (the fields the reporter reads). */
const finished = (
  path: string,
  worker: number,
  ms: { environment: number; prepare: number; collect: number; setup: number; testsAndHooks: number },
) =>
  ({
    moduleId: `/repo/${path}`,
    project: { name: 'shared' },
    diagnostic: () => ({
      environmentSetupDuration: ms.environment,
      prepareDuration: ms.prepare,
      collectDuration: ms.collect,
      setupDuration: ms.setup,
      duration: ms.testsAndHooks,
      concurrencyId: worker,
    }),
  }) as unknown as TestModule;

it("records each file's whole time on its worker, longest first", () => {
  const outputFile = join(dir, 'unit-files.json');
  const r = new FileTimesReporter({ outputFile });
  r.onInit({ config: { root: '/repo' } } as unknown as Vitest);
  // Short tests after a long beforeAll (a seed): 0.2 s of tests in the JSON report, 55 s here.
  r.onTestModuleEnd(
    finished('tests/server/explain.test.ts', 2, { environment: 10, prepare: 40, collect: 2_000, setup: 0, testsAndHooks: 53_000 }),
  );
  r.onTestModuleEnd(finished('tests/shared/dates.test.ts', 1, { environment: 0, prepare: 5, collect: 300, setup: 0, testsAndHooks: 100 }));
  r.onTestRunEnd();
  const rows = JSON.parse(readFileSync(outputFile, 'utf8')) as FileTime[];
  expect(rows.map(({ endedAt: _, ...row }) => row)).toEqual([
    { file: 'tests/server/explain.test.ts', project: 'shared', worker: 2, seconds: 55.1, importSeconds: 2 },
    { file: 'tests/shared/dates.test.ts', project: 'shared', worker: 1, seconds: 0.4, importSeconds: 0.3 },
  ]);
  for (const row of rows) expect(row.endedAt).toBeGreaterThanOrEqual(0);
});
