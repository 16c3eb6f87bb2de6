/**
 * The unit run's file order (issue 31): longest first, so the slow server suites start at
 * once and the many short files fill the workers' gaps at the end. Vitest orders by its
 * own cache of durations, which a fresh clone (CI) does not have; this reads the durations
 * recorded in tests/setup/unit-durations.json (`npm run bench -- suite --record` rewrites
 * them from test-reports/unit.json). Files with no record yet run first: a new file is
 * seen at once, and its time is recorded next.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = join(import.meta.dirname, 'unit-durations.json');

/** Seconds each test file took, by path from the repository root (forward slashes). */
export function recordedDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = recordedDurations();
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => durations[relative(root, f.moduleId).split('\\').join('/')] ?? Infinity;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
