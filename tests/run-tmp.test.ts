/**
 * A run's temporary folder (tests/fixtures/run-tmp.ts): the unit run's workers see TMPDIR
 * under the folder the global setup made, and the teardown removes the folder and puts
 * TMPDIR back as it was.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { useRunTmpDir } from './fixtures/run-tmp';

it("the unit run's temporary folder is one of its own", () => {
  expect(basename(tmpdir())).toMatch(/^store-console-unit-/);
});

it('the teardown removes the folder with what was left in it, and restores TMPDIR', () => {
  const before = process.env.TMPDIR;
  const end = useRunTmpDir('run-tmp-test-');
  const dir = tmpdir();
  try {
    expect(basename(dir)).toMatch(/^run-tmp-test-/);
    expect(dirname(dir)).toBe(before);
    writeFileSync(join(mkdtempSync(join(dir, 'left-')), 'file'), 'x');
  } finally {
    end();
  }
  expect(existsSync(dir)).toBe(false);
  expect(process.env.TMPDIR).toBe(before);
});
