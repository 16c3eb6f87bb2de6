/**
 * The folder a worker process encodes in (issue 25, "workers that die"): its temporary
 * files (a track's source copied out of storage, ffmpeg's outputs before they are stored)
 * live in `<storage folder>/.work/<host>-<pid>/` (WORK_FOLDER_NAME), never in os.tmpdir().
 * Beside the store, on its disk, and out of its keys (a key never starts with a dot).
 *
 * A worker clears its own folder when it starts working (JobKind.start) and removes every
 * sibling folder of its host whose process is gone: a worker killed mid-encode (SIGKILL,
 * a crash, the machine's power) leaves its files there, and the next worker to start on
 * that host removes them. Folders of other hosts (a store shared over the network) and of
 * live processes are left alone. A pid the system gave again to another process keeps a dead
 * worker's folder until that process ends; a worker that gets its own old pid back (pid 1
 * in a container) clears it as its own. A process prepares its folder once (a second queue
 * working in the same process, as tests run them, must not empty the folder of the first).
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Storage } from '../storage';

/** The folder of all workers' folders, inside the storage folder. */
export const WORK_FOLDER_NAME = '.work';

/** A host name as a folder name's part (no `-` inside, so `<host>-<pid>` splits at its last one). */
const hostPart = (host: string) => host.replace(/[^A-Za-z0-9.]/g, '_') || 'host';

/** Whether process `pid` of this host is running (a zombie counts as running until reaped). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folders this process has prepared, by path: each is prepared once per process. */
const prepared = new Map<string, Promise<void>>();

export interface WorkFolder {
  /** This process's folder (exists once prepare() has run). */
  readonly path: string;
  /** Empties this process's folder and removes the folders dead processes of this host left. */
  prepare(): Promise<void>;
}

/** The work folder of this process under `root` (default: `.work` in the storage folder). */
export function workFolder(root: string, pid = process.pid, host = hostname()): WorkFolder {
  const mine = `${hostPart(host)}-${pid}`;
  const path = join(root, mine);
  const prepare = async () => {
    await mkdir(root, { recursive: true });
    for (const name of await readdir(root)) {
      const m = /^(.+)-(\d+)$/.exec(name);
      if (name !== mine && !(m && m[1] === hostPart(host) && !processAlive(Number(m[2])))) continue;
      await rm(join(root, name), { recursive: true, force: true });
    }
    await mkdir(path, { recursive: true });
  };
  return {
    path,
    prepare() {
      // A pid given for another process (tests) is prepared every time.
      if (pid !== process.pid) return prepare();
      let done = prepared.get(path);
      if (!done)
        prepared.set(
          path,
          (done = prepare().catch((e: unknown) => {
            prepared.delete(path);
            throw e;
          })),
        );
      return done;
    },
  };
}

/** The root of the workers' folders for a store: `.work` in its folder (the local store's). */
export function workRootOf(storage: Storage): string {
  const folder = (storage as { folder?: unknown }).folder;
  if (typeof folder !== 'string') throw new Error('The encoder needs a work folder: a local store, or a work folder given.');
  return join(folder, WORK_FOLDER_NAME);
}
