/**
 * Issue 29: the console has a favicon, so no page asks for a missing /favicon.ico. The
 * renderer's index.html is built as Vite builds it (the project's config: its root and
 * public directory), without the app's script (not needed for the page's head); the built
 * page must link an icon, and the file it links must be in the build output.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, resolveConfig } from 'vite';

const work = mkdtempSync(join(tmpdir(), 'favicon-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the favicon', () => {
  it('the built index.html links an icon that exists in the build', async () => {
    const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build');
    const html = readFileSync(join(config.root, 'index.html'), 'utf8');
    // The page's head as written, without its module script (the app itself is not built here).
    const root = join(work, 'src');
    const outDir = join(work, 'out');
    mkdirSync(root);
    writeFileSync(join(root, 'index.html'), html.replace(/<script type="module"[^>]*><\/script>/, ''));
    await build({
      configFile: false,
      root,
      base: config.base,
      publicDir: config.publicDir,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });

    const built = readFileSync(join(outDir, 'index.html'), 'utf8');
    const link = /<link\b[^>]*\brel="(?:shortcut )?icon"[^>]*>/.exec(built)?.[0];
    expect(link).toBeDefined();
    const href = /\bhref="([^"]+)"/.exec(link!)?.[1];
    expect(href).toBeDefined();
    // Served from the renderer's root (base '/'), as app:// and the browser host serve it.
    const file = join(outDir, href!.replace(/^\//, ''));
    expect(existsSync(file)).toBe(true);
    if (file.endsWith('.svg')) expect(readFileSync(file, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });
});
