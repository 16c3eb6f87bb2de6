/**
 * Runs short-lived programs (ffmpeg) from a small helper process instead of this one.
 *
 * Starting a program forks the process that starts it, and a fork costs in proportion to
 * the memory the process has mapped: about 3 ms from a fresh Node process, about 70 ms
 * from one holding 1 GB (an API process with its embedded PGlite, a worker mid-ingest).
 * An ingestion starts about ten ffmpeg runs a track (the encode, its source's probe and
 * one decode check per output), each fork blocking the event loop. The helper is a bare
 * Node process (a few tens of MB) started once, on first use, that starts each program
 * for us over its IPC channel and answers with the exit code and the end of stderr.
 *
 * - The helper is tied to this process: when this process ends, even killed outright, its
 *   IPC channel closes and the helper kills every program it started, then exits (so a
 *   killed worker's ffmpeg does not go on; see the tether in transcode.ts).
 * - A helper that stops is started again by the next run; runs in flight fail.
 * - Abort ends the program (SIGTERM, then SIGKILL after KILL_AFTER_MS) and rejects with an
 *   AbortError once the program has exited.
 * - The helper's code is plain JavaScript passed with -e: no file to find in a bundle or an
 *   app archive. In Electron, the same binary runs it as Node (ELECTRON_RUN_AS_NODE).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ProgramRun {
  /** Exit code; null when the program was ended by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what the program wrote to stderr (at most `keep` characters). */
  stderr: string;
}

export interface RunOptions {
  /** Read and drop what the program writes to stdout (a pipe; else stdout is closed). */
  drainStdout?: boolean;
  /** How much of stderr's end to keep (characters). */
  keep?: number;
  signal?: AbortSignal;
}

/** Thrown when the program could not be started (its message is the system's). */
export class ProgramStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProgramStartError';
  }
}

type Request = { t: 'run'; id: number; cmd: string; args: string[]; drain: boolean; keep: number } | { t: 'kill'; id: number };
type Reply =
  | { t: 'exit'; id: number; code: number | null; signal: NodeJS.Signals | null; stderr: string }
  | { t: 'error'; id: number; message: string };

/** How long an aborted program has to end after SIGTERM before it is killed outright. */
export const KILL_AFTER_MS = 3000;

/** The helper (CommonJS, run with node -e). */
const HELPER = `
const { spawn } = require('node:child_process');
const kids = new Map();
const send = (m) => { try { process.send(m); } catch {} };
process.on('message', (m) => {
  if (m.t === 'kill') {
    const c = kids.get(m.id);
    if (c) {
      c.kill('SIGTERM');
      setTimeout(() => { if (kids.has(m.id)) c.kill('SIGKILL'); }, ${KILL_AFTER_MS}).unref();
    }
    return;
  }
  let err = '';
  let child;
  try {
    child = spawn(m.cmd, m.args, { stdio: ['ignore', m.drain ? 'pipe' : 'ignore', 'pipe'] });
  } catch (e) {
    send({ t: 'error', id: m.id, message: String((e && e.message) || e) });
    return;
  }
  kids.set(m.id, child);
  if (child.stdout) child.stdout.resume();
  child.stderr.on('data', (d) => { err = (err + d.toString()).slice(-m.keep); });
  child.on('error', (e) => { if (kids.delete(m.id)) send({ t: 'error', id: m.id, message: e.message }); });
  child.on('close', (code, signal) => { if (kids.delete(m.id)) send({ t: 'exit', id: m.id, code, signal, stderr: err }); });
});
process.on('disconnect', () => {
  for (const c of kids.values()) c.kill('SIGKILL');
  process.exit(0);
});
`;

const DEFAULT_KEEP = 20_000;

interface Pending {
  resolve: (r: ProgramRun) => void;
  reject: (e: Error) => void;
}

let helper: ChildProcess | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

/** Keeps this process alive only while a run is in flight. */
function holdFor(child: ChildProcess) {
  const channel = child.channel as { ref?: () => void; unref?: () => void } | undefined;
  if (pending.size > 0) {
    child.ref();
    channel?.ref?.();
  } else {
    child.unref();
    channel?.unref?.();
  }
}

function startHelper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', HELPER], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', NODE_OPTIONS: '' },
  });
  child.on('message', (m: Reply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.t === 'error') p.reject(new ProgramStartError(m.message));
    else p.resolve({ code: m.code, signal: m.signal, stderr: m.stderr });
    holdFor(child);
  });
  const gone = (why: string) => {
    if (helper !== child) return;
    helper = null;
    const runs = [...pending.values()];
    pending.clear();
    for (const p of runs) p.reject(new ProgramStartError(why));
  };
  child.on('error', (e) => gone(`the program runner could not start: ${e.message}`));
  child.on('exit', (code, signal) => gone(`the program runner stopped (${signal ?? code})`));
  return child;
}

function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR', cause: signal.reason as unknown });
}

/** Runs `cmd` with `args` from the helper process; resolves when it has exited. */
export function runProgram(cmd: string, args: readonly string[], opts: RunOptions = {}): Promise<ProgramRun> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const child = (helper ??= startHelper());
  const id = nextId++;
  return new Promise<ProgramRun>((resolve, reject) => {
    const onAbort = () => send(child, { t: 'kill', id });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    pending.set(id, {
      resolve: (r) => {
        settle();
        if (signal?.aborted) reject(abortError(signal));
        else resolve(r);
      },
      reject: (e) => {
        settle();
        reject(signal?.aborted ? abortError(signal) : e);
      },
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    holdFor(child);
    send(child, { t: 'run', id, cmd, args: [...args], drain: Boolean(opts.drainStdout), keep: opts.keep ?? DEFAULT_KEEP });
  });
}

function send(child: ChildProcess, m: Request) {
  try {
    child.send(m);
  } catch {
    // The helper is gone: its exit fails the runs in flight.
  }
}

/** The helper's process id, once one runs (tests find the programs it started). */
export function programRunnerPid(): number | undefined {
  return helper?.pid;
}
