/**
 * A worker's work folder (server/jobs/work-folder.ts): starting empties its own folder and
 * removes those of this host's dead processes, and leaves live processes' and other hosts';
 * once per process.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { processAlive, workFolder } from '../../server/jobs/work-folder';
import { tempDir } from '../fixtures/audio';
import { waitFor } from './job-kinds';

const { dir, cleanup } = tempDir('work-folder-');
afterAll(cleanup);

/** The pid of a process that has ended (started here, waited for). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((r) => child.once('exit', r));
  const pid = child.pid!;
  await waitFor(async () => !processAlive(pid));
  return pid;
}

it("starting clears its own folder and dead workers' folders of this host; live ones and other hosts' stay", async () => {
  const root = join(dir, '.work');
  const host = 'build-01.example';
  const dead = await deadPid();
  const fill = (pid: number, h = host) => {
    const path = workFolder(root, pid, h).path;
    mkdirSync(join(path, 'encode-7-abc'), { recursive: true });
    writeFileSync(join(path, 'encode-7-abc', 'source.wav'), 'x');
    return basename(path);
  };
  const mine = fill(process.pid);
  const deadOnes = fill(dead);
  const live = fill(process.ppid);
  const elsewhere = fill(dead, 'other-host');
  // `<host>-<pid>`, the host's own dashes made underscores (the pid is after the last dash).
  expect(deadOnes).toBe(`build_01.example-${dead}`);
  expect(elsewhere).not.toBe(deadOnes);
  await workFolder(root, process.pid, host).prepare();
  expect(readdirSync(root).sort()).toEqual([elsewhere, live, mine].sort());
  expect(readdirSync(join(root, mine))).toEqual([]);
  expect(readdirSync(join(root, live))).toEqual(['encode-7-abc']);
  expect(existsSync(join(root, deadOnes))).toBe(false);
  // A second queue starting in the same process does not empty the folder the first works in.
  fill(process.pid);
  await workFolder(root, process.pid, host).prepare();
  expect(readdirSync(join(root, mine))).toEqual(['encode-7-abc']);
});
