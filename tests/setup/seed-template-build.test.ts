/**
 * `npm run test:template` (tests/setup/seed-template-build.ts): `npm test` builds the
 * seeded template in its first step, beside the type-check, lint and format check, and the
 * unit run's global setup then finds that very template (the script runs from a
 * scripts/run-ts.mjs bundle in dist/.run: the same checkout, the same template key).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_TEMPLATE_ENV } from '../fixtures/seed-template';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('npm run test:template', () => {
  it("names the template this run's global setup made (already built: nothing to do)", () => {
    const out = execFileSync('npm', ['run', '--silent', 'test:template'], { encoding: 'utf8' });
    expect(out.trim().split('\n').at(-1)).toBe(`seed template: ${process.env[SEED_TEMPLATE_ENV]}`);
    expect(out).not.toMatch(/seed template built/);
  });

  it("runs in npm test's first step, at once with the checks, before the unit run", () => {
    const [first, ...rest] = scripts.test.split(' && ');
    expect(first.split(' ')).toEqual(
      expect.arrayContaining(['scripts/run-parallel.mjs', 'typecheck', 'lint', 'format:check', 'test:template']),
    );
    expect(rest[0]).toBe('npm run test:unit');
  });
});
