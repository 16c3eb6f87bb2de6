// The V8 flags of every long-running Node process the project starts, declared once:
// npm start (scripts/start.mjs), npm run server / worker (scripts/server.mjs) and npm run
// bench (scripts/bench.mjs) run themselves with them (withNodeFlags below); the browser
// host's sandbox API child (main/host/embedded-api.ts) and the bench's API child
// (bench/_support.ts) are forked with them; Electron gets them as --js-flags (JS_FLAGS:
// main through scripts/start.mjs, renderers through main/electron/index.ts, the sandbox
// API's utility process through main/electron/embedded-api.ts).
//
// Why: Node 24's V8 sizes the young generation from the machine's memory (semi-spaces up
// to 64 MB on a 24 GiB machine). Measured on Node 24: an idle API (dist/server/cli.mjs on
// PostgreSQL) had 362 MB RSS (108 MB on Node 20) with heapUsed ~37 MB on both and
// heapTotal 174 MB; `npm run bench -- export` showed the API at ~300 MB and main at
// 190-220 MB (117-175 MB on Node 20).
// --max-semi-space-size=8: the idle API is 157 MB, and in `npm run bench -- export
// --scale 40` the API stays at 165 MB (flat) and main at 120 MB, with no loss of
// throughput (18,154 rows/s against 15,446 without). At full scale (one million rows)
// the API still climbed to 204-227 MB in five runs: the rows in flight outlive the more
// frequent scavenges, so the old generation fills with soon-dead rows (~1.4 MB a
// scavenge) and V8's dynamic growing factor let it reach ~115 MB before a full GC.
// --heap-growing-percent=100 (the old generation grows to at most twice what survived the
// last full GC): the API at 163-167 MB, flat at every quarter of the export, main
// 141-150 MB, rows/s within the machine's noise (interleaved runs: 39,994 and 24,180
// against 46,391 and 25,200; the API's export alone 17-21 s against 20-30 s).
// (--optimize-for-size held both near 115 MB but exported ~30% slower: not used.)
// v8.setFlagsFromString at run time does not work (measured): V8 sizes the heap when the
// isolate is created, so the flags must be on the command line (execArgv, or Electron's
// --js-flags, which Electron reads before it creates an isolate).
import { spawn } from 'node:child_process';

/** Node command-line flags (execArgv). */
export const NODE_FLAGS = Object.freeze(['--max-semi-space-size=8', '--heap-growing-percent=100']);

// A job worker process (`npm run worker`, cli.mjs --worker) runs with a 1 MB semi-space.
// Measured (Node 24, the built cli.mjs loaded, idle): RSS 122 MB at 1 MB, 144 at 2, 162
// at 4, 190 at 8, 218 at 16 (heapTotal only 38-51 MB at 1-8: the rest is V8's young
// generation pages outside heapTotal). The worker's own JavaScript is light (job polling,
// the catalogue rows of an ingest; ffmpeg and xmllint do the work), so more frequent
// scavenges cost it nothing measurable, and issue 15's goal is its peak RSS (under 300 MB,
// flat): `npm run bench -- ingest`. The API and main keep NODE_FLAGS (the export's rows
// in flight want the 8 MB young generation).
/** Node command-line flags of a job worker process. */
export const WORKER_NODE_FLAGS = Object.freeze(['--max-semi-space-size=1', '--heap-growing-percent=100']);

/** The flags of a process started with `argv`: a job worker's (`--worker`), else the project's. */
export function nodeFlagsFor(argv = process.argv) {
  return argv.includes('--worker') ? WORKER_NODE_FLAGS : NODE_FLAGS;
}

/** The same flags as the value of Electron's --js-flags switch. */
export const JS_FLAGS = NODE_FLAGS.join(' ');

/** True when every flag of `flags` is in `execArgv`. */
export function hasNodeFlags(execArgv = process.execArgv, flags = NODE_FLAGS) {
  return flags.every((flag) => execArgv.includes(flag));
}

/** A flag's name (`--max-semi-space-size` of `--max-semi-space-size=8`). */
const flagName = (flag) => flag.split('=')[0];

/** Set in the re-run: the pid of the process that started it (the one waiting for it). */
const STARTER_PID = 'CONSOLE_NODE_FLAGS_STARTER';
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs the calling script with `flags` (NODE_FLAGS, or WORKER_NODE_FLAGS for a worker).
 * With them on its command line, resolves at once. Without them (`node scripts/x.mjs`, as
 * npm runs it), starts the same script again with them (in place of other values of the
 * same flags this process had) and never resolves: this process only waits for the re-run, passing on
 * SIGINT/SIGTERM/SIGHUP, its IPC messages (both ways, when it has a channel) and a
 * disconnect, and ends as the re-run ends (its exit code or signal). The re-run stops
 * itself (SIGTERM) if this process is killed outright (SIGKILL), so none is left behind.
 * @returns {Promise<void>}
 */
export async function withNodeFlags(flags = NODE_FLAGS) {
  if (hasNodeFlags(process.execArgv, flags)) {
    watchStarter();
    return;
  }
  const ipc = typeof process.send === 'function';
  const names = new Set(flags.map(flagName));
  const own = process.execArgv.filter((a) => !names.has(flagName(a)));
  const child = spawn(process.execPath, [...flags, ...own, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', ...(ipc ? ['ipc'] : [])],
    env: { ...process.env, [STARTER_PID]: String(process.pid) },
  });
  for (const signal of FORWARDED) process.on(signal, () => child.kill(signal));
  if (ipc) {
    child.on('message', (message) => process.connected && process.send(message));
    process.on('message', (message) => child.connected && child.send(message));
    process.on('disconnect', () => child.connected && child.disconnect());
  }
  child.once('error', (err) => {
    console.error(`Could not start ${process.argv[1]} with ${flags.join(' ')}: ${err.message}`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    if (code !== null || !signal) process.exit(code ?? 1);
    for (const s of FORWARDED) process.removeAllListeners(s);
    process.kill(process.pid, signal);
  });
  return new Promise(() => {});
}

/** In the re-run: SIGTERM to itself once the process that started it has gone. */
function watchStarter() {
  const starter = Number(process.env[STARTER_PID]);
  delete process.env[STARTER_PID];
  if (!starter) return;
  const check = () => {
    // An orphan is adopted by init or a subreaper: its parent is no longer the starter.
    if (process.ppid !== starter) {
      clearInterval(timer);
      process.kill(process.pid, 'SIGTERM');
    }
  };
  const timer = setInterval(check, 500);
  timer.unref();
  check();
}
