/**
 * .ci/run runs CI on Node 24: node_ok (.ci/node.sh) refuses a node whose major is below
 * NODE_MAJOR, so a machine with Node 22 or 23 (which package.json's engines accepts) is
 * bootstrapped to 24.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** node_ok's answer with a fake `node` on PATH that reports `version` (none when null). */
function nodeOk(version: string | null): boolean {
  const bin = mkdtempSync(join(tmpdir(), 'ci-node-'));
  dirs.push(bin);
  if (version !== null) {
    writeFileSync(join(bin, 'node'), `#!/bin/sh\necho ${version}\n`);
    chmodSync(join(bin, 'node'), 0o755);
  }
  const r = spawnSync('/bin/bash', ['-c', '. .ci/node.sh && node_ok'], {
    cwd: root,
    env: { PATH: `${bin}:/usr/bin:/bin` },
    encoding: 'utf8',
  });
  return r.status === 0;
}

describe('.ci/node.sh node_ok', () => {
  it('accepts Node 24 and later', () => {
    expect(nodeOk('24.0.0')).toBe(true);
    expect(nodeOk('24.21.0')).toBe(true);
    expect(nodeOk('25.1.0')).toBe(true);
  });

  it('refuses Node 22 and 23, which engines accepts, and a missing node', () => {
    expect(nodeOk('22.12.0')).toBe(false);
    expect(nodeOk('23.11.1')).toBe(false);
    expect(nodeOk('20.19.0')).toBe(false);
    expect(nodeOk(null)).toBe(false);
  });

  it("NODE_MAJOR is 24 while package.json engines stays Electron's >=22.12", () => {
    const major = execFileSync('/bin/bash', ['-c', '. .ci/node.sh && echo $NODE_MAJOR'], { cwd: root, encoding: 'utf8' }).trim();
    expect(major).toBe('24');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=22.12');
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^\. \.ci\/node\.sh$/m);
  });
});
