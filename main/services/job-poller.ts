/**
 * The job poller (spec §4, §8; api-conventions "Jobs"). Pure Node, no electron.
 *
 * wait(kind, id) asks `GET /v4/jobs/{kind}/{id}/` through the API client every
 * POLL_INTERVAL_MS (the first ask at once) until the job is DONE. A DONE job with a
 * `child_job_id` hands on: the child (same kind, as the API's jobs do) is polled on
 * the next tick, and so on. ERROR fails with the job's error text; POLL_TIMEOUT_MS
 * after the start (parent and children together) it fails with "Request Timed Out",
 * also when a request is still in flight then. Every state change of every job in
 * the chain is reported (the `jobProgress` event). An API error (401, 404, 5xx,
 * unreachable) ends the wait with that error; a cancel ends it with `cancelled` and
 * aborts the request in flight.
 *
 * Time comes from a PollClock so tests can run the 120 s without waiting for it.
 */
import { jobEndpoints, type JobView } from '../../shared/api/endpoints';
import { BridgeError, type BridgeEventPayload } from '../../shared/bridge';
import type { JobKind, JobOutcome } from '../../shared/bridge/channels/jobs';
import { POLL_INTERVAL_MS, POLL_TIMEOUT_MS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import type { ApiClient } from './api-client';

export interface PollClock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason once it aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** A signal that aborts `ms` from now (bounds a request still in flight at the deadline). */
  timeout(ms: number): AbortSignal;
}

export const systemClock: PollClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    }),
  timeout: (ms) => AbortSignal.timeout(ms),
};

export type JobProgress = BridgeEventPayload<'jobProgress'>;

export interface JobPollerDeps {
  api: Pick<ApiClient, 'call'>;
  /** Each state change: main wires this to the `jobProgress` bridge event. */
  onProgress?: (progress: JobProgress) => void;
  intervalMs?: number;
  timeoutMs?: number;
  clock?: PollClock;
}

export function timedOutError(detail?: unknown): BridgeError {
  return new BridgeError({ code: 'timeout', message: MSG.requestTimedOut, detail });
}

export function cancelledError(): BridgeError {
  return new BridgeError({ code: 'cancelled', message: 'Cancelled.' });
}

export class JobPoller {
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private readonly clock: PollClock;
  /** Waits in progress by `${kind}/${id}` (the id asked for), for cancel(). */
  private readonly active = new Map<string, Set<AbortController>>();

  constructor(private readonly deps: JobPollerDeps) {
    this.intervalMs = deps.intervalMs ?? POLL_INTERVAL_MS;
    this.timeoutMs = deps.timeoutMs ?? POLL_TIMEOUT_MS;
    this.clock = deps.clock ?? systemClock;
  }

  async wait(kind: JobKind, id: string | number, opts: { signal?: AbortSignal } = {}): Promise<JobOutcome> {
    const key = `${kind}/${String(id)}`;
    const cancel = new AbortController();
    let waits = this.active.get(key);
    if (!waits) this.active.set(key, (waits = new Set()));
    waits.add(cancel);
    const deadline = this.clock.timeout(this.timeoutMs);
    const signals = [cancel.signal, deadline, ...(opts.signal ? [opts.signal] : [])];
    const signal = AbortSignal.any(signals);
    let last: { jobId: string; state: string } | undefined;
    try {
      return await this.poll(kind, String(id), signal, (p) => (last = p));
    } catch (err) {
      if (cancel.signal.aborted || opts.signal?.aborted) throw cancelledError();
      if (deadline.aborted || (err instanceof BridgeError && err.code === 'timeout')) throw timedOutError(last && { kind, ...last });
      throw err;
    } finally {
      waits.delete(cancel);
      if (waits.size === 0) this.active.delete(key);
    }
  }

  /** Stops every wait on this job; true when there was one. */
  cancel(kind: JobKind, id: string | number): boolean {
    const waits = this.active.get(`${kind}/${String(id)}`);
    if (!waits?.size) return false;
    for (const c of waits) c.abort(cancelledError());
    return true;
  }

  cancelAll(): void {
    for (const waits of this.active.values()) for (const c of waits) c.abort(cancelledError());
  }

  private async poll(
    kind: JobKind,
    firstId: string,
    signal: AbortSignal,
    seen: (p: { jobId: string; state: string }) => void,
  ): Promise<JobOutcome> {
    const deadlineAt = this.clock.now() + this.timeoutMs;
    const chain = new Set<string>([firstId]);
    let jobId = firstId;
    let parentJobId: string | undefined;
    let lastState: string | undefined;
    for (;;) {
      const job = await this.fetchJob(kind, jobId, signal);
      if (job.state !== lastState) {
        lastState = job.state;
        seen({ jobId, state: job.state });
        this.deps.onProgress?.({
          jobId,
          state: job.state,
          detail: { kind, ...(parentJobId ? { parentJobId } : {}), ...(job.state === 'ERROR' ? { error: errorText(job) } : {}) },
        });
      }
      if (job.state === 'ERROR') {
        throw new BridgeError({
          code: 'job_failed',
          message: errorText(job) ?? `Job ${kind} ${jobId} failed.`,
          detail: job.result ?? job.detail ?? job.error,
        });
      }
      if (job.state === 'DONE') {
        if (job.child_job_id == null) return { id: jobId, state: 'DONE', result: job.result ?? null };
        const child = String(job.child_job_id);
        if (chain.has(child))
          throw new BridgeError({ code: 'bad_job_response', message: `Job ${kind} ${jobId} hands on to ${child}, already in its chain.` });
        chain.add(child);
        parentJobId = jobId;
        jobId = child;
        lastState = undefined;
      }
      const remaining = deadlineAt - this.clock.now();
      if (remaining <= 0) throw timedOutError();
      await this.clock.sleep(Math.min(this.intervalMs, remaining), signal);
      if (this.clock.now() >= deadlineAt) throw timedOutError();
    }
  }

  private async fetchJob(kind: JobKind, id: string, signal: AbortSignal): Promise<JobView> {
    // GET /v4/jobs/{kind}/{id}/, parsed by its declaration (shared/api/endpoints/jobs.ts).
    const call = this.deps.api.call(jobEndpoints.view, { params: { kind, id } }, { signal }).catch((err: unknown) => {
      if (err instanceof BridgeError && err.code === 'bad_response') {
        throw new BridgeError({ code: 'bad_job_response', message: `Unexpected answer polling job ${kind} ${id}.`, detail: err.detail });
      }
      throw err;
    });
    return (await raceSignal(call, signal)).data;
  }
}

/** The job's error: `error` or `detail` on the job, else in its result (the API stores `{detail}`). */
function errorText(job: JobView): string | undefined {
  const r = job.result && typeof job.result === 'object' ? (job.result as Record<string, unknown>) : {};
  for (const v of [job.error, job.detail, r.error, r.detail, typeof job.result === 'string' ? job.result : undefined]) {
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
}

/** Settles with `p`, or rejects as soon as `signal` aborts (whether or not `p` honours it). */
function raceSignal<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    p.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
