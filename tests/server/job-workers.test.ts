/**
 * Job workers as separate processes on one PostgreSQL server (the server this test
 * starts): a worker killed mid-job, two workers sharing the work, a clean stop, and the
 * refusal without a PostgreSQL server. The real entry points too, as npm runs them
 * (`node scripts/server.mjs --worker` and `--no-worker`, on the built server bundle):
 * its refusals, and an API without a worker whose job waits for a worker process. Skips, saying why, only without PostgreSQL binaries
 * (and fails instead when CI is set: startPgCluster).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { openJobQueue, startServer } from '../../server/app';
import type { JobQueue, JobRow } from '../../server/jobs/queue';
import { REDACTED } from '../../server/api/logging';
import { startWorker, workerConcurrency, workerLogger, WORKER_CONCURRENCY_INVALID, WORKER_NEEDS_POSTGRES } from '../../server/worker';
import { POLL_SECONDS } from '../../server/jobs/queue';
import { jobEndpoints, pathOf } from '../../shared/api';
import { api, signIn, type ServerUrls } from './helpers';
import { openStorage, type Storage } from '../../server/storage';
import { PROC_KINDS, PROC_QUEUE, PROC_TABLES } from './fixtures/proc-kinds';
import { waitFor } from './job-kinds';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { NODE_FLAGS, WORKER_NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { childrenOf, cmdlineOf } from '../fixtures/processes';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[job-workers.test] skipped: ${skip}`);

/** A process of the real entry (`npm run server` / `npm run worker`): `node scripts/server.mjs …args`. */
interface Entry {
  child: ChildProcess;
  output: () => string;
}
/** Every process a test started (entries and fixture workers): killed after each test. */
const entries = new Set<ChildProcess>();
function spawnEntry(args: string[], env: Record<string, string>): Entry {
  const child = spawn(process.execPath, ['scripts/server.mjs', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  entries.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}
/** Its first IPC message (`{type: 'ready', …}`), or a rejection with its output when it exits first. */
function readyOf<T>(e: Entry): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    e.child.once('message', (m) => resolve(m as T));
    e.child.once('exit', (code) => reject(new Error(`${e.child.spawnargs.slice(2).join(' ')} exited with ${code}: ${e.output()}`)));
  });
}
/**
 * The process that runs the entry: npm starts `node scripts/server.mjs`, which runs itself
 * again with the project's V8 flags (scripts/node-flags.mjs; a worker with WORKER_NODE_FLAGS) as its one child.
 */
function flaggedRunOf(e: Entry): number {
  const children = childrenOf(e.child.pid!);
  expect(children).toHaveLength(1);
  const flags = e.child.spawnargs.includes('--worker') ? WORKER_NODE_FLAGS : NODE_FLAGS;
  expect(cmdlineOf(children[0])).toEqual([process.execPath, ...flags, resolve('scripts/server.mjs'), ...e.child.spawnargs.slice(2)]);
  return children[0];
}
const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

beforeAll(() => {
  // The bundle npm run server/worker run (scripts/server.mjs uses dist/server/cli.mjs when it is up to date).
  execFileSync(process.execPath, ['scripts/build.mjs', '--only=server'], { stdio: 'pipe' });
}, 60_000);
// A test that failed half-way leaves no process behind for the next one.
afterEach(async () => {
  for (const c of entries) {
    c.kill('SIGKILL');
    await exitOf(c);
  }
  entries.clear();
});

describe('npm run worker (node scripts/server.mjs --worker) refuses to start', () => {
  it('without DATABASE_URL: exits 1 with its message', async () => {
    const w = spawnEntry(['--worker'], { DATABASE_URL: '' });
    expect(await exitOf(w.child)).toEqual({ code: 1, signal: null });
    expect(w.output().trim()).toBe(WORKER_NEEDS_POSTGRES);
  }, 60_000);

  it('with a WORKER_CONCURRENCY that is not a whole number from 1 to 100: exits 1 saying what it takes, before connecting', async () => {
    // An address nothing listens on: the refusal comes first, not a connection error.
    const w = spawnEntry(['--worker'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', WORKER_CONCURRENCY: 'abc' });
    expect(await exitOf(w.child)).toEqual({ code: 1, signal: null });
    expect(w.output().trim()).toBe(`${WORKER_CONCURRENCY_INVALID} Got "abc".`);
  }, 60_000);

  // Each value the process refuses, as the process reads it (one process start each cost about 3 CPU-s).
  it.each(['abc', '0', '-1', '2.5', '101', '1e2', ' 1', '0x10'])('WORKER_CONCURRENCY=%j is refused with what it takes', (value) => {
    expect(() => workerConcurrency(value)).toThrow(new Error(`${WORKER_CONCURRENCY_INVALID} Got ${JSON.stringify(value)}.`));
  });
  it('WORKER_CONCURRENCY unset or empty leaves the default; 1 to 100 are taken', () => {
    expect([undefined, ''].map((v) => workerConcurrency(v))).toEqual([undefined, undefined]);
    expect(['1', '8', '100', '007'].map((v) => workerConcurrency(v))).toEqual([1, 8, 100, 7]);
  });
});

describe.skipIf(skip !== null)('job worker processes (PostgreSQL)', () => {
  const url = () => (cluster as PgCluster).url;
  let db: Db;
  let queue: JobQueue;
  let storage: Storage;

  /** Starts `npm run worker`'s code with the test kinds; resolves once it runs. */
  async function startWorkerProcess(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'tests/server/fixtures/job-worker.ts'], {
      env: { ...process.env, DATABASE_URL: url() },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    entries.add(child);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${stderr}`)));
    });
    return child;
  }
  const finished = (id: number) =>
    waitFor(async () => {
      const job = await queue.get(id);
      return job && (job.state === 'DONE' || job.state === 'ERROR') ? job : null;
    }, 30_000);
  const runsOf = (id: number) =>
    db.query<{ pid: number; attempt: number }>('select pid, attempt from job_test_runs where job_id = $1 order by attempt', [id]);

  beforeAll(async () => {
    db = await openPostgres(url(), 4);
    await migrate(db);
    await db.exec(PROC_TABLES);
    // This process only enqueues: the worker processes run the jobs.
    storage = await openStorage({ temporary: true });
    queue = await openJobQueue(db, { jobKinds: PROC_KINDS, jobQueue: PROC_QUEUE, storage });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await db?.close();
    await storage?.close();
    await (cluster as PgCluster).stop();
  });

  it('a worker killed (SIGKILL) mid-job: another worker retries it and it finishes once, with one result and one child', async () => {
    const a = await startWorkerProcess();
    const job = (await queue.enqueue('proc-gate', null, { child: true })) as JobRow;
    await waitFor(async () => (await runsOf(job.id)).length > 0);
    expect(await runsOf(job.id)).toEqual([{ pid: a.pid, attempt: 0 }]);
    a.kill('SIGKILL');
    expect((await exitOf(a)).signal).toBe('SIGKILL');
    expect((await queue.get(job.id))!.state).toBe('RUNNING');

    const b = await startWorkerProcess();
    await db.exec('update job_test_gate set open = true');
    const done = await finished(job.id);
    expect(done).toMatchObject({ state: 'DONE', result: { pid: b.pid } });
    const runs = await runsOf(job.id);
    expect(runs.map((r) => r.pid)).toEqual([a.pid, b.pid]);
    expect(runs[1].attempt).toBeGreaterThan(0);
    // One child, pointed at by the parent, and it finishes too.
    const children = await db.query<{ id: number }>("select id from jobs where kind = 'proc-child' and payload->>'parent' = $1", [
      String(job.id),
    ]);
    expect(children).toEqual([{ id: done.child_job_id }]);
    expect(await finished(done.child_job_id!)).toMatchObject({ state: 'DONE', result: { rendered: true } });
    b.kill('SIGTERM');
    expect(await exitOf(b)).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('two worker processes on one database never run the same job: every job runs exactly once', async () => {
    const [c, d] = await Promise.all([startWorkerProcess(), startWorkerProcess()]);
    const jobs: JobRow[] = [];
    for (let i = 0; i < 40; i++) jobs.push((await queue.enqueue('proc-count', null, { n: i })) as JobRow);
    for (const j of jobs) expect((await finished(j.id)).state).toBe('DONE');
    const ids = jobs.map((j) => j.id);
    const perJob = await db.query<{ job_id: number; n: number }>(
      'select job_id, count(*)::int as n from job_test_runs where job_id = any($1) group by job_id',
      [ids],
    );
    expect(perJob).toHaveLength(jobs.length);
    expect(perJob.every((r) => r.n === 1)).toBe(true);
    // Both took part.
    const pids = await db.query<{ pid: number }>('select distinct pid from job_test_runs where job_id = any($1) order by pid', [ids]);
    expect(pids.map((p) => p.pid).sort()).toEqual([c.pid, d.pid].sort());
    for (const w of [c, d]) w.kill('SIGTERM');
    for (const w of [c, d]) expect(await exitOf(w)).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('a worker logs with pino: each failed run and the job that ends ERROR, with the job id and kind', async () => {
    const lines: Record<string, unknown>[] = [];
    const worker = await startWorker({
      databaseUrl: url(),
      jobKinds: PROC_KINDS,
      jobQueue: PROC_QUEUE,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
    });
    try {
      const job = (await queue.enqueue('proc-fail', null, {})) as JobRow;
      expect(await finished(job.id)).toMatchObject({ state: 'ERROR', result: { detail: 'The supplier has no sales in that range.' } });
      const failed = await waitFor(async () => lines.find((l) => l.msg === 'Job failed' && l.job_id === job.id));
      expect(failed).toMatchObject({ level: 50, kind: 'proc-fail', detail: 'The supplier has no sales in that range.' });
      const runs = lines.filter((l) => l.msg === 'Job run failed' && l.job_id === job.id);
      expect(runs.map((l) => [l.level, l.kind, l.attempt])).toEqual([
        [40, 'proc-fail', 0],
        [40, 'proc-fail', 1],
      ]);
      expect(runs[0].err).toMatchObject({ message: 'The supplier has no sales in that range.' });
    } finally {
      await worker.close();
    }
  }, 60_000);

  it("the worker inside the API process logs the same job lines with the API's logger", async () => {
    const lines: Record<string, unknown>[] = [];
    // No worker process runs now: the server's in-process worker takes the job and its failure.
    const server = await startServer({
      db,
      jobKinds: PROC_KINDS,
      jobQueue: PROC_QUEUE,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
    });
    try {
      const job = (await queue.enqueue('proc-fail', null, {})) as JobRow;
      expect((await finished(job.id)).state).toBe('ERROR');
      expect(await waitFor(async () => lines.find((l) => l.msg === 'Job failed' && l.job_id === job.id))).toMatchObject({
        level: 50,
        kind: 'proc-fail',
      });
      expect(lines.filter((l) => l.msg === 'Job run failed' && l.job_id === job.id)).toHaveLength(2);
    } finally {
      await server.close();
    }
  }, 120_000);

  it("the worker logger is the API's: its level, and the secrets of REDACT_PATHS redacted", () => {
    const lines: Record<string, unknown>[] = [];
    const log = workerLogger({
      level: 'warn',
      stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    log.info('not at warn');
    log.warn({ body: { password: 'hunter2', start_date: '2024-01-01' } }, 'with a secret');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'with a secret', body: { password: REDACTED, start_date: '2024-01-01' } });
  });

  it('npm run server -- --no-worker runs no jobs: a job enqueued through it stays PENDING until npm run worker runs it to DONE; both stop on SIGTERM', async () => {
    const server = spawnEntry(['--no-worker'], { DATABASE_URL: url(), API_PORT: '0', IDP_PORT: '0' });
    const urls = await readyOf<ServerUrls & { type: string }>(server);
    expect(urls.type).toBe('ready');
    flaggedRunOf(server);
    const finance = (await signIn(urls, 'finance', 'sandbox-finance')).access_token;
    const started = await api(urls, finance, pathOf(jobEndpoints.start.sales, { id: 2 }), {
      method: 'POST',
      body: { start_date: '2000-01-01', end_date: '2100-01-01' },
    });
    expect(started.status).toBe(202);
    const id = started.body.id as number;
    const state = async () => (await api(urls, finance, pathOf(jobEndpoints.view, { kind: 'sales', id }))).body.state;
    // Longer than a worker's poll: an API with a worker would have run it by now.
    await new Promise((r) => setTimeout(r, (POLL_SECONDS + 2) * 1000));
    expect(await state()).toBe('PENDING');

    const worker = spawnEntry(['--worker'], { DATABASE_URL: url(), WORKER_CONCURRENCY: '3' });
    // The worker's ready comes from the run with the V8 flags, through the process npm started.
    expect(await readyOf<{ type: string }>(worker)).toMatchObject({ type: 'ready', pid: flaggedRunOf(worker) });
    await waitFor(async () => (await state()) === 'DONE', 30_000);
    const done = await api(urls, finance, pathOf(jobEndpoints.view, { kind: 'sales', id }));
    expect(done.body).toMatchObject({ state: 'DONE', result: { line_count: expect.any(Number), over_time: expect.any(Array) } });

    worker.child.kill('SIGTERM');
    expect(await exitOf(worker.child)).toEqual({ code: 0, signal: null });
    server.child.kill('SIGTERM');
    expect(await exitOf(server.child)).toEqual({ code: 0, signal: null });
  }, 180_000);

  it('a worker refuses to start without a PostgreSQL server, saying why', async () => {
    await expect(startWorker({ databaseUrl: undefined })).rejects.toThrow(WORKER_NEEDS_POSTGRES);
  });
});
