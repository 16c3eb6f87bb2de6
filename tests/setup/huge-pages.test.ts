/**
 * The test processes run with glibc's huge-pages tunable (tests/setup/huge-pages.mjs): the
 * value added to GLIBC_TUNABLES, this worker started with it, and a process started from
 * here gets transparent huge pages for a large allocation.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HUGE_PAGES_TUNABLE, withHugePages } from './huge-pages.mjs';

/** The kernel's transparent huge page mode (always, madvise or never), or null when it has none. */
const THP = '/sys/kernel/mm/transparent_hugepage/enabled';
const mode = existsSync(THP) ? (/\[(\w+)\]/.exec(readFileSync(THP, 'utf8'))?.[1] ?? null) : null;

/** AnonHugePages (kB) of a Node process that allocates and touches 64 MB, started with `env`. */
function hugePagesOfChild(env: NodeJS.ProcessEnv): number {
  const script = `const b = Buffer.alloc(64 << 20); b.fill(1);
const kb = /AnonHugePages:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/smaps_rollup', 'utf8'));
console.log(kb ? kb[1] : '0');`;
  return Number(execFileSync(process.execPath, ['-e', script], { env, encoding: 'utf8' }).trim());
}

describe('huge pages for the test processes', () => {
  it.each([
    [undefined, HUGE_PAGES_TUNABLE],
    ['', HUGE_PAGES_TUNABLE],
    ['glibc.malloc.arena_max=2', `glibc.malloc.arena_max=2:${HUGE_PAGES_TUNABLE}`],
    ['glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2', `glibc.malloc.arena_max=2:${HUGE_PAGES_TUNABLE}`],
  ])('GLIBC_TUNABLES %j becomes %j', (current, expected) => {
    expect(withHugePages(current)).toBe(expected);
  });

  it('this test worker was started with the tunable', () => {
    expect(process.env.GLIBC_TUNABLES?.split(':')).toContain(HUGE_PAGES_TUNABLE);
  });

  it.skipIf(mode === null || mode === 'never' || !existsSync('/proc/self/smaps_rollup'))(
    'a process started with it gets huge pages for a large allocation (without, none where the kernel gives them only when asked)',
    () => {
      expect(hugePagesOfChild(process.env)).toBeGreaterThan(0);
      if (mode === 'madvise') expect(hugePagesOfChild({ ...process.env, GLIBC_TUNABLES: '' })).toBe(0);
    },
  );
});
