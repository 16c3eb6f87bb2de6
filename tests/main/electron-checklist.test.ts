/**
 * Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security),
 * the items no other test guards, checked against literal values rather than against the
 * code that produces them: the window's web preferences, the renderer's CSP, the Electron
 * major in use, and the fuses electron-builder flips when packaging (read through
 * electron-builder's own config loader and schema, without the Electron binary).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { getConfig } from 'app-builder-lib/out/util/config/load';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config';
import type { Configuration } from 'app-builder-lib';
import { DebugLogger } from 'builder-util';
import { contentSecurityPolicy, htmlWithCsp } from '../../main/lib/csp';

vi.mock('electron', () => ({ BrowserWindow: class {}, dialog: {}, shell: {} }));
const { secureWebPreferences } = await import('../../main/electron/window');

/**
 * The oldest Electron major the console may ship on. Electron supports its three latest
 * majors (a new one every 8 weeks): raise this with each upgrade (main/README.md).
 */
const ELECTRON_MIN_MAJOR = 45;

const root = join(import.meta.dirname, '..', '..');

describe('web preferences of the one window factory', () => {
  it('are exactly these: isolation, sandbox and web security on; Node, experimental and Blink features off', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toStrictEqual({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    });
    // No Blink feature switched on (toStrictEqual above already refuses the key; said twice on purpose).
    expect(secureWebPreferences('p')).not.toHaveProperty('enableBlinkFeatures');
  });
});

describe('Content-Security-Policy of the renderer', () => {
  it('is exactly this: scripts from the app only, inline style only with the page nonce, nothing unsafe', () => {
    expect(
      contentSecurityPolicy({ self: 'app://console', apiUrl: 'https://api.store.example/v4', styleNonce: 'bm9uY2Vub25jZW5vbmNl' }),
    ).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'nonce-bm9uY2Vub25jZW5vbmNl'",
        "img-src 'self' data: blob: https://api.store.example",
        "media-src 'self' blob: https://api.store.example",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-src 'none'",
        "frame-ancestors 'none'",
        "worker-src 'self' blob:",
      ].join('; '),
    );
  });

  it('every page gets a fresh nonce, in its header and in the page, and no unsafe source', () => {
    const html = '<!doctype html><html><head><title>x</title></head><body></body></html>';
    const pages = [htmlWithCsp(html, { self: 'app://console' }), htmlWithCsp(html, { self: 'app://console' })];
    const nonces = pages.map((p) => {
      expect(p.csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
      const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'/.exec(p.csp)![1];
      expect(p.html).toBe(html.replace('<head>', `<head><meta property="csp-nonce" nonce="${nonce}">`));
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('Electron kept current', () => {
  it(`package.json asks for Electron ${ELECTRON_MIN_MAJOR} or later, and the installed one is`, () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      devDependencies?: Record<string, string>;
      dependencies?: Record<string, string>;
    };
    const range = pkg.devDependencies?.electron ?? pkg.dependencies?.electron;
    // One version, exact or with ^/~ (the lockfile pins it): its major is the floor of the range.
    const wanted = /^[\^~]?(\d+)\.\d+\.\d+$/.exec(range ?? '');
    expect(wanted, `electron range ${range}`).not.toBeNull();
    expect(Number(wanted![1])).toBeGreaterThanOrEqual(ELECTRON_MIN_MAJOR);
    const installed = createRequire(join(root, 'package.json'))('electron/package.json') as { version: string };
    expect(Number(installed.version.split('.')[0])).toBeGreaterThanOrEqual(ELECTRON_MIN_MAJOR);
    expect(installed.version.split('.')[0]).toBe(wanted![1]);
  });
});

describe('electron-builder.yml', () => {
  const read = async () =>
    (await getConfig<Configuration>({ packageKey: 'build', configFilename: 'electron-builder', projectDir: root, packageMetadata: null }))!;

  it('is valid for the installed electron-builder (its own schema) and flips the fuses the security guide recommends', async () => {
    const { result, configFile } = await read();
    expect(configFile).toBe(join(root, 'electron-builder.yml'));
    await validateConfiguration(result, new DebugLogger(false));
    expect(result.asar).toBe(true);
    expect(result.electronFuses).toStrictEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('a misspelt fuse would not pass unnoticed: the schema refuses it', async () => {
    const { result } = await read();
    const typo = { ...result, electronFuses: { ...result.electronFuses, runAsNod: false } } as Configuration;
    await expect(validateConfiguration(typo, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  });
});
