import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveInside } from '../../main/lib/safe-path';

let root: string;
beforeAll(() => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'safe-')));
  root = join(dir, 'app');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), 'index');
  writeFileSync(join(root, 'assets', 'a.js'), 'a');
  writeFileSync(join(dir, 'outside.txt'), 'secret');
  symlinkSync(join(dir, 'outside.txt'), join(root, 'assets', 'link-out.txt'));
  symlinkSync(dir, join(root, 'assets', 'dir-out'));
  symlinkSync(join(root, 'assets', 'a.js'), join(root, 'alias.js'));
});

describe('resolveInside (app:// and the host)', () => {
  it('resolves files inside the root', async () => {
    expect(await resolveInside(root, '/index.html')).toBe(join(root, 'index.html'));
    expect(await resolveInside(root, '/assets/a.js')).toBe(join(root, 'assets', 'a.js'));
    expect(await resolveInside(root, '/alias.js')).toBe(join(root, 'assets', 'a.js'));
  });

  it.each([
    '/../outside.txt',
    '/assets/../../outside.txt',
    '/%2e%2e/outside.txt',
    '/assets/%2E%2E/%2e%2e/outside.txt',
    '/%252e%252e/outside.txt',
    '/..%2foutside.txt',
    '/..%5coutside.txt',
    '/assets/./a.js',
    '/index.html%00.js',
    '/%E0%A4%A',
  ])('refuses %s', async (path) => {
    expect(await resolveInside(root, path)).toBeNull();
  });

  it('refuses symlinks that lead out of the root', async () => {
    expect(await resolveInside(root, '/assets/link-out.txt')).toBeNull();
    expect(await resolveInside(root, '/assets/dir-out/outside.txt')).toBeNull();
  });

  it('refuses folders and missing files', async () => {
    expect(await resolveInside(root, '/assets')).toBeNull();
    expect(await resolveInside(root, '/nope.js')).toBeNull();
  });
});
