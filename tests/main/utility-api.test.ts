/**
 * The sandbox API as Electron runs it: startUtilityApi forks dist/main/api-child.mjs in
 * a utilityProcess, and api-child gives server/cli.ts the process.send it reports ready
 * with, posting through process.parentPort. The fork is faked (no Electron binary
 * here); the shim and the server run for real under Node with a stand-in parentPort.
 */
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JS_FLAGS } from '../../scripts/node-flags.mjs';
import { copyTemplateSandbox } from '../fixtures/seed-template';

class FakeUtilityProcess extends EventEmitter {
  killed = 0;
  kill() {
    this.killed++;
    return true;
  }
}

const forks: {
  path: string;
  args: string[];
  options: { env: Record<string, string>; serviceName?: string; execArgv?: string[] };
  child: FakeUtilityProcess;
}[] = [];

vi.mock('electron', () => ({
  utilityProcess: {
    fork: (path: string, args: string[], options: { env: Record<string, string> }) => {
      const child = new FakeUtilityProcess();
      forks.push({ path, args, options, child });
      return child;
    },
  },
}));

// Inside the project, so the bundles' external packages resolve from its node_modules as dist/'s do.
const cache = join(process.cwd(), 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const tmp = mkdtempSync(join(cache, 'utility-api-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('startUtilityApi (Electron)', () => {
  beforeEach(() => {
    forks.length = 0;
  });

  it('forks the child with its data in the user data folder, on free ports, and resolves with the URLs it reports', async () => {
    const { startUtilityApi } = await import('../../main/electron/embedded-api');
    const started = startUtilityApi('/app/dist/main/api-child.mjs', join(tmp, 'user-data'));
    await vi.waitFor(() => expect(forks).toHaveLength(1));
    const f = forks[0];
    expect(f.path).toBe('/app/dist/main/api-child.mjs');
    expect(f.args).toEqual([
      '--data-dir',
      join(tmp, 'user-data', 'pglite'),
      '--sandbox',
      '--log-file',
      join(tmp, 'user-data', 'server.log'),
    ]);
    expect(f.options.env).toMatchObject({ API_PORT: '0', IDP_PORT: '0', CONSOLE_DATA_DIR: join(tmp, 'user-data', 'pglite') });
    // The project's V8 flags, as the switch a utility process reads before it creates its isolate.
    expect(f.options.execArgv).toEqual([`--js-flags=${JS_FLAGS}`]);
    f.child.emit('message', { type: 'log', text: 'not ready yet' });
    f.child.emit('message', { type: 'ready', api: 41000, idp: 'http://127.0.0.1:41001/' });
    const api = await started;
    expect(api.apiUrl).toBe('http://127.0.0.1:41000');
    expect(api.idpUrl).toBe('http://127.0.0.1:41001');
    api.stop();
    expect(f.child.killed).toBe(1);
  });

  it('rejects when the child exits before it is ready', async () => {
    const { startUtilityApi } = await import('../../main/electron/embedded-api');
    const started = startUtilityApi('/app/dist/main/api-child.mjs', join(tmp, 'user-data-2'));
    await vi.waitFor(() => expect(forks).toHaveLength(1));
    forks[0].child.emit('exit', 3);
    await expect(started).rejects.toThrow('the sandbox API exited before it was ready (code 3)');
  });
});

describe('api-child (the utilityProcess entry)', () => {
  it('runs the real server and reports ready through process.parentPort', async () => {
    // The same layout as dist/: main/api-child.mjs imports ../server/cli.mjs.
    const out = join(tmp, 'dist');
    const common = {
      bundle: true,
      platform: 'node' as const,
      target: 'node22.12',
      packages: 'external' as const,
      format: 'esm' as const,
      logLevel: 'warning' as const,
    };
    await build({ ...common, entryPoints: ['main/electron/api-child.ts'], outfile: join(out, 'main', 'api-child.mjs') });
    await build({
      ...common,
      entryPoints: ['server/cli.ts'],
      outfile: join(out, 'server', 'cli.mjs'),
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    // A utility process has process.parentPort and no process.send; this stand-in
    // port writes what is posted to stdout as one JSON line.
    const port = join(tmp, 'parent-port.mjs');
    writeFileSync(port, "process.parentPort = { postMessage: (m) => process.stdout.write('PORT ' + JSON.stringify(m) + '\\n') };\n");
    // On a copy of the run's seeded sandbox (seeding is not what this test is about), else seeded in memory.
    const where = copyTemplateSandbox(tmp) ? ['--data-dir', join(tmp, 'sandbox', 'pglite')] : ['--memory'];
    const child = spawn(process.execPath, ['--import', port, join(out, 'main', 'api-child.mjs'), ...where, '--sandbox'], {
      env: { ...process.env, API_PORT: '0', IDP_PORT: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const ready = await new Promise<{ type: string; api: string; idp: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ready message within 90 s\n${stdout}\n${stderr}`)), 90_000);
        child.stdout.on('data', (d) => {
          stdout += d;
          const line = stdout.split('\n').find((l) => l.startsWith('PORT '));
          if (line) {
            clearTimeout(timer);
            resolve(JSON.parse(line.slice(5)));
          }
        });
        child.once('exit', (code) => reject(new Error(`api-child exited with ${code}\n${stdout}\n${stderr}`)));
      });
      expect(ready.type).toBe('ready');
      const idp = String(ready.idp).replace(/\/+$/, '');
      const introspect = await fetch(`${/^\d+$/.test(idp) ? `http://127.0.0.1:${idp}` : idp}/v4/auth/o/introspect/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'token=not-a-token',
      });
      // The identity provider answers: introspection without a caller's own bearer token is a 401.
      expect(introspect.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
  }, 120_000);
});
