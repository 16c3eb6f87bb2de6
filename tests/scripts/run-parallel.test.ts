/**
 * scripts/run-parallel.mjs (npm test's typecheck and lint): the scripts run at once, each
 * one's output is printed whole (never interleaved with another's), and the run fails with
 * the first failing script's code. On a package of its own, in a temporary folder: two
 * scripts that each wait for the other to have started, so they pass only when run at once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = resolve('scripts/run-parallel.mjs');
const dir = mkdtempSync(join(tmpdir(), 'run-parallel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Node one-liner that marks itself started, waits (polling, 10 s at most) for `other` to have started, prints three lines and exits with `code`. */
const waiter = (self: string, other: string, code: number) =>
  `node -e "const fs=require('fs');fs.writeFileSync('${self}.started','');const t=Date.now();` +
  `const w=()=>{if(fs.existsSync('${other}.started')){for(const i of [1,2,3])console.log('${self} line '+i);process.exit(${code})}` +
  `if(Date.now()-t>10000){console.log('${self} ran alone');process.exit(9)}setTimeout(w,20)};w()"`;
writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({
    name: 'run-parallel-fixture',
    version: '1.0.0',
    private: true,
    scripts: { a: waiter('a', 'b', 0), b: waiter('b', 'a', 0), c: waiter('c', 'd', 3), d: waiter('d', 'c', 0) },
  }),
);

function run(...names: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, ...names], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ code, out }));
  });
}

describe('run-parallel', () => {
  it('runs the scripts at once and prints each one whole', async () => {
    const { code, out } = await run('a', 'b');
    // (npm echoes each script's command, which holds the words too: the printed line is what counts.)
    expect(out).not.toMatch(/^[ab] ran alone$/m);
    expect(code).toBe(0);
    for (const name of ['a', 'b']) {
      expect(out).toMatch(new RegExp(`> npm run ${name}: passed in [\\d.]+ s\\n[^]*?${name} line 1\\n${name} line 2\\n${name} line 3\\n`));
    }
  }, 30_000);

  it("fails with the failing script's code, after the others have ended", async () => {
    const { code, out } = await run('c', 'd');
    expect(code).toBe(3);
    expect(out).toMatch(/> npm run c: failed \(exit 3\) in/);
    expect(out).toMatch(/> npm run d: passed in/);
  }, 30_000);

  it('says how to use it when given no script', async () => {
    const { code, out } = await run();
    expect(code).toBe(2);
    expect(out).toContain('usage: node scripts/run-parallel.mjs <npm script>...');
  });
});
