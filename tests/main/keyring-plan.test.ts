/**
 * npm start and the OS keychain (main/host/keyring.ts): what the start does on each kind
 * of machine, before anything starts. The e2e start.spec.ts runs the private keyring for real.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onPath, planKeyring, probeSecretService, type KeyringSituation } from '../../main/host/keyring';

const linux: KeyringSituation = {
  platform: 'linux',
  secretService: false,
  sandbox: true,
  inPrivateKeyring: false,
  privateKeyringAsked: false,
  toolsInstalled: true,
};

describe('planKeyring', () => {
  it('starts as it is where a Secret Service answers, and on macOS and Windows (their keychains)', () => {
    expect(planKeyring({ ...linux, secretService: true })).toEqual({ action: 'proceed' });
    expect(planKeyring({ ...linux, secretService: true, sandbox: false })).toEqual({ action: 'proceed' });
    expect(planKeyring({ ...linux, platform: 'darwin' })).toEqual({ action: 'proceed' });
    expect(planKeyring({ ...linux, platform: 'win32', sandbox: false })).toEqual({ action: 'proceed' });
  });

  it('the sandbox without a Secret Service starts again inside a private keyring', () => {
    expect(planKeyring(linux)).toEqual({ action: 'private-keyring' });
  });

  it('inside the private keyring it starts; when the keyring gave no Secret Service the sandbox keeps its sign-ins in memory, anything else stops (never loops)', () => {
    expect(planKeyring({ ...linux, inPrivateKeyring: true, secretService: true })).toEqual({ action: 'proceed' });
    expect(planKeyring({ ...linux, inPrivateKeyring: true })).toEqual({ action: 'memory' });
    for (const failed of [
      planKeyring({ ...linux, inPrivateKeyring: true, privateKeyringAsked: true }),
      planKeyring({ ...linux, inPrivateKeyring: true, sandbox: false }),
    ]) {
      expect(failed.action).toBe('stop');
      expect((failed as { message: string }).message).toMatch(/^Secure storage unavailable: the private keyring did not start/);
    }
  });

  it('a real API host without a Secret Service stops before sign-in, naming the command that fixes it', () => {
    const plan = planKeyring({ ...linux, sandbox: false });
    expect(plan).toEqual({
      action: 'stop',
      message:
        'Secure storage unavailable: this machine has no Secret Service (OS keychain), and the console keeps sign-in tokens nowhere else. ' +
        'Start it inside a private keyring (sign-ins last until it stops): npm run start:headless; or start it in a desktop session with GNOME Keyring or KWallet.',
    });
  });

  it('without dbus-run-session or gnome-keyring-daemon the sandbox keeps its sign-ins in memory; a real API host names the Debian packages to install', () => {
    expect(planKeyring({ ...linux, toolsInstalled: false })).toEqual({ action: 'memory' });
    // A keychain that answers is used as it is, packages or not.
    expect(planKeyring({ ...linux, toolsInstalled: false, secretService: true })).toEqual({ action: 'proceed' });
    const real = planKeyring({ ...linux, sandbox: false, toolsInstalled: false });
    expect(real.action).toBe('stop');
    expect((real as { message: string }).message).toContain('sudo apt-get install dbus gnome-keyring, then npm run start:headless');
    const asked = planKeyring({ ...linux, privateKeyringAsked: true, toolsInstalled: false });
    expect(asked.action).toBe('stop');
    expect((asked as { message: string }).message).toContain('sudo apt-get install dbus gnome-keyring');
  });

  it('npm run start:headless always goes into a private keyring, with a Secret Service or without, sandbox or API_URL', () => {
    for (const secretService of [true, false])
      for (const sandbox of [true, false])
        expect(planKeyring({ ...linux, privateKeyringAsked: true, secretService, sandbox })).toEqual({ action: 'private-keyring' });
  });
});

describe('probeSecretService', () => {
  it('is false without a D-Bus session (the token vault would refuse too)', async () => {
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/bus';
    try {
      expect(await probeSecretService(5_000)).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
      else process.env.DBUS_SESSION_BUS_ADDRESS = saved;
    }
  });
});

describe('onPath', () => {
  it('finds executables on PATH only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'path-'));
    writeFileSync(join(dir, 'tool-a'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(dir, 'not-exec'), 'x', { mode: 0o644 });
    expect(onPath(['tool-a'], { PATH: `/nonexistent:${dir}` })).toBe(true);
    expect(onPath(['tool-a', 'tool-b'], { PATH: dir })).toBe(false);
    expect(onPath(['not-exec'], { PATH: dir })).toBe(false);
    expect(onPath(['tool-a'], {})).toBe(false);
  });
});
