/**
 * The program runner (server/jobs/spawner.ts): programs such as ffmpeg start from a small
 * helper process, not from the (large) process that asks, and answer with their exit code
 * and the end of stderr; an abort kills the program; a program that cannot start says why;
 * and when the asking process dies, even killed outright, its programs and the helper end.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KILL_AFTER_MS, ProgramStartError, programRunnerPid, runProgram } from '../../server/jobs/spawner';
import { waitFor } from './job-kinds';

/** The parent of a process as /proc has it; null when it is gone or a zombie. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' ? null : Number(ppid);
  } catch {
    return null;
  }
}

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

describe('program runner', () => {
  it('answers with the exit code and stderr, and the program is a child of the runner, not of this process', async () => {
    const ok = await runProgram('sh', ['-c', 'echo to-stderr >&2; echo to-stdout']);
    expect(ok).toEqual({ code: 0, signal: null, stderr: 'to-stderr\n' });
    const failed = await runProgram('sh', ['-c', 'echo broken >&2; exit 3']);
    expect(failed).toMatchObject({ code: 3, stderr: 'broken\n' });

    const runner = programRunnerPid()!;
    expect(parentOf(runner)).toBe(process.pid);
    const slow = runProgram('sleep', ['30']);
    const sleeper = await waitFor(async () => childrenOf(runner)[0] ?? null, 10_000);
    expect(parentOf(sleeper)).toBe(runner);
    expect(childrenOf(process.pid)).not.toContain(sleeper);
    const ac = new AbortController();
    const aborted = runProgram('sleep', ['30'], { signal: ac.signal });
    ac.abort(new Error('cancelled'));
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    process.kill(sleeper, 'SIGTERM');
    expect((await slow).signal).toBe('SIGTERM');
  });

  it('keeps the end of a long stderr, and drains stdout when asked', async () => {
    const long = await runProgram('sh', ['-c', 'i=0; while [ $i -lt 2000 ]; do echo line-$i >&2; i=$((i+1)); done; echo last >&2'], {
      keep: 100,
    });
    expect(long.stderr.length).toBe(100);
    expect(long.stderr.endsWith('line-1999\nlast\n')).toBe(true);
    // 4 MB on stdout: read and dropped, so the program is never blocked on a full pipe.
    const loud = await runProgram('sh', ['-c', 'head -c 4000000 /dev/zero; echo done >&2'], { drainStdout: true });
    expect(loud).toMatchObject({ code: 0, stderr: 'done\n' });
  });

  it('an abort kills the program, and the run rejects with an AbortError once it has exited', async () => {
    const ac = new AbortController();
    const run = runProgram('sleep', ['30'], { signal: ac.signal });
    const runner = programRunnerPid()!;
    const sleeper = await waitFor(
      async () => childrenOf(runner).find((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith('sleep')) ?? null,
      10_000,
    );
    ac.abort(new Error('cancelled'));
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(parentOf(sleeper)).toBeNull();
    // Aborted before it starts: nothing runs.
    await expect(runProgram('sleep', ['30'], { signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it(
    'an aborted program that ignores SIGTERM is killed outright, and the run still ends',
    async () => {
      const ac = new AbortController();
      const run = runProgram('sh', ['-c', 'trap "" TERM; exec sleep 30'], { signal: ac.signal });
      const runner = programRunnerPid()!;
      await waitFor(
        async () => childrenOf(runner).find((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith('sleep')) ?? null,
        10_000,
      );
      ac.abort(new Error('cancelled'));
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    },
    KILL_AFTER_MS + 20_000,
  );

  it('a program that cannot start says why', async () => {
    await expect(runProgram('/no/such/program', [])).rejects.toBeInstanceOf(ProgramStartError);
    await expect(runProgram('/no/such/program', [])).rejects.toThrow(/ENOENT/);
  });

  it('when the asking process is killed outright (SIGKILL), the runner and its programs end', async () => {
    const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'tests/server/fixtures/program-runner.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const runner = await waitFor(async () => Number(/RUNNING (\d+)/.exec(out)?.[1]) || null, 30_000);
    const sleeper = await waitFor(async () => childrenOf(runner)[0] ?? null, 10_000);
    expect(parentOf(runner)).toBe(child.pid);
    child.kill('SIGKILL');
    await waitFor(async () => (parentOf(sleeper) === null && parentOf(runner) === null ? true : null), 10_000);
  });
});
