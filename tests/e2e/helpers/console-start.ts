/**
 * `npm start` as a person runs it in a terminal, for the start specs: in its own process
 * group, its output kept, its console's URL read from the one ready line; Ctrl-C to the group.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface StartedConsole {
  child: ChildProcess;
  /** The console's URL, from the ready line. */
  url: string;
  /** What it printed so far. */
  stdout(): string;
  stderr(): string;
}

/** The environment of `npm start` on the sandbox in `dataDir`, in a browser host; `extra` on top (an undefined value unsets one). */
export function consoleEnv(dataDir: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, CONSOLE_DATA_DIR: dataDir, CONSOLE_BROWSER_HOST: '1', API_URL: '', IDP_URL: '', HOST_PORT: '', ...extra };
}

/** Starts `npm start` with `env` and waits for a line matching `ready` (its first group: the URL). */
export async function startConsole(env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs = 180_000): Promise<StartedConsole> {
  let stdout = '';
  let stderr = '';
  const child = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stderr!.on('data', (d) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line within ${timeoutMs / 1000} s\nstdout: ${stdout}\nstderr: ${stderr}`)),
      timeoutMs,
    );
    child.stdout!.on('data', (d) => {
      stdout += d;
      const line = stdout.split('\n').find((l) => ready.test(l));
      if (line) {
        clearTimeout(timer);
        resolve(ready.exec(line)![1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`start exited with ${code}\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });
  return { child, url, stdout: () => stdout, stderr: () => stderr };
}

/** `npm start` with `env` run until it ends by itself (a start that must stop): its exit code and output. */
export async function startUntilExit(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  return { code, stdout, stderr };
}

/** Ctrl-C in a terminal: SIGINT to the whole foreground process group (npm and the console). */
function ctrlC(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGINT');
  } catch {
    // The group has already gone.
  }
}

/** Ctrl-C, then waits until npm has ended: [exit code, signal]. */
export async function stopConsole(child: ChildProcess): Promise<[number | null, NodeJS.Signals | null]> {
  if (child.exitCode !== null || child.signalCode !== null) return [child.exitCode, child.signalCode];
  const ended = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.once('exit', (c, s) => r([c, s])));
  ctrlC(child);
  return ended;
}

/** What the start script printed, without npm's own banner lines ("> pkg start", "> node …"). */
export function scriptLines(stdout: string): string[] {
  return stdout.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('> '));
}

/** Resolves true once a request to url fails to connect (the server behind it has stopped). */
export async function refused(url: string, init?: RequestInit): Promise<boolean> {
  try {
    await fetch(url, init);
    return false;
  } catch {
    return true;
  }
}
