/**
 * The unit run's file order (tests/setup/run-order.mjs, vitest.config.ts's sequencer): lanes
 * of one worker process (project and test environment) one after another, the lane with the
 * most recorded time first, longest first within each, a file with no record first in its
 * lane. Vitest keeps a sharing worker only for a next file of its lane, so an order that
 * alternates lanes starts a process per file.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import config from '../../vitest.config';
import { environmentOf, runOrder } from './run-order.mjs';
import type { RunFile } from './run-order.mjs';

const recorded = {
  'tests/server/a.test.ts': 100,
  'tests/renderer/b.test.tsx': 30,
  'tests/server/c.test.ts': 20,
  'tests/renderer/d.test.tsx': 10,
  'tests/server/e.test.ts': 5,
  'tests/renderer/f.test.ts': 3,
};
const file = (path: string, environment = 'node'): RunFile => ({
  path,
  project: path.startsWith('tests/renderer/') ? 'renderer' : 'shared',
  environment,
});
const files = [
  file('tests/renderer/f.test.ts'),
  file('tests/server/e.test.ts'),
  file('tests/renderer/d.test.tsx', 'happy-dom'),
  file('tests/server/c.test.ts'),
  file('tests/renderer/b.test.tsx', 'happy-dom'),
  file('tests/server/a.test.ts'),
];

it('runs lane after lane, the most recorded time first, longest first within; never alternating lanes', () => {
  expect(runOrder(files, recorded).map((f) => f.path)).toEqual([
    'tests/server/a.test.ts',
    'tests/server/c.test.ts',
    'tests/server/e.test.ts',
    'tests/renderer/b.test.tsx',
    'tests/renderer/d.test.tsx',
    // The same project in another environment is a lane of its own.
    'tests/renderer/f.test.ts',
  ]);
});

it('runs a file with no record first in its lane; a lane of new files only, last', () => {
  const order = runOrder(
    [
      ...files,
      file('tests/renderer/new.test.tsx', 'happy-dom'),
      { path: 'tests/main/new.test.ts', project: 'isolated', environment: 'node' },
    ],
    recorded,
  );
  expect(order.map((f) => f.path)).toEqual([
    'tests/server/a.test.ts',
    'tests/server/c.test.ts',
    'tests/server/e.test.ts',
    'tests/renderer/new.test.tsx',
    'tests/renderer/b.test.tsx',
    'tests/renderer/d.test.tsx',
    'tests/renderer/f.test.ts',
    'tests/main/new.test.ts',
  ]);
});

it("reads the environment a file names in its comment, else the project's environment", () => {
  expect(environmentOf(join(__dirname, '../renderer/list-states.test.tsx'), 'node')).toBe('happy-dom');
  expect(environmentOf(__filename, 'node')).toBe('node');
  expect(environmentOf(join(__dirname, 'no-such-file.test.ts'), 'node')).toBe('node');
});

it("is the unit run's sequencer: the run's files in lanes", async () => {
  const Sequencer = config.test!.sequence!.sequencer!;
  const root = join(__dirname, '../..');
  const spec = (path: string, project: string) =>
    ({ moduleId: join(root, path), project: { name: project, config: { environment: 'node' } } }) as unknown as TestSpecification;
  const sequencer = new Sequencer({ config: { root } } as never);
  const sorted = await sequencer.sort([
    spec('tests/renderer/list-states.test.tsx', 'renderer'),
    spec('tests/server/me.test.ts', 'shared'),
    spec('tests/renderer/search-types-roles.test.tsx', 'renderer'),
    spec('tests/server/postgres.test.ts', 'shared'),
  ]);
  const lanes = sorted.map((s) => s.project.name);
  // The shared lane holds the most recorded time (postgres.test.ts), and runs first, whole.
  expect(lanes).toEqual(['shared', 'shared', 'renderer', 'renderer']);
  expect(sorted[0].moduleId).toBe(join(root, 'tests/server/postgres.test.ts'));
});
