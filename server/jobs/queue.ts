/**
 * The Postgres-backed job queue (api-conventions "Jobs"): jobs are rows; a worker in
 * each server process claims PENDING jobs with FOR UPDATE SKIP LOCKED (so several
 * servers on one PostgreSQL database never run a job twice), runs the handler of its
 * kind and stores DONE + result, or ERROR. A handler may hand on to a child job: the
 * parent is DONE with child_job_id and the poller follows the child (spec §4).
 */
import type { Db, Queryable } from '../db/client';

export interface JobRow {
  id: number;
  kind: string;
  state: 'PENDING' | 'RUNNING' | 'DONE' | 'ERROR';
  child_job_id: number | null;
  owner_id: number | null;
  payload: Record<string, unknown>;
  result: unknown;
}

export interface HandlerOutcome {
  result: unknown;
  /** Enqueue a child job (same owner); the parent finishes pointing at it. */
  child?: { kind: string; payload: Record<string, unknown> };
}

export type JobHandler = (db: Queryable, job: JobRow) => Promise<HandlerOutcome>;

export async function enqueue(db: Queryable, kind: string, ownerId: number, payload: Record<string, unknown>): Promise<JobRow> {
  const [row] = await db.query<JobRow>(
    `insert into jobs (kind, owner_id, payload) values ($1, $2, $3) returning id, kind, state, child_job_id, owner_id, payload, result`,
    [kind, ownerId, JSON.stringify(payload)],
  );
  return row;
}

/** Claims and runs one pending job; false when there was none. */
export async function runOne(db: Db, handlers: Readonly<Record<string, JobHandler>>): Promise<boolean> {
  const [job] = await db.query<JobRow>(
    `update jobs set state = 'RUNNING', updated_at = now()
     where id = (select id from jobs where state = 'PENDING' order by id for update skip locked limit 1)
     returning id, kind, state, child_job_id, owner_id, payload, result`,
  );
  if (!job) return false;
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    const out = await handler(db, job);
    await db.transaction(async (tx) => {
      const child = out.child ? await enqueue(tx, out.child.kind, job.owner_id ?? 0, out.child.payload) : null;
      await tx.query(`update jobs set state = 'DONE', result = $2, child_job_id = $3, updated_at = now() where id = $1`, [
        job.id, JSON.stringify(out.result ?? null), child?.id ?? null,
      ]);
    });
  } catch (e) {
    await db.query(`update jobs set state = 'ERROR', result = $2, updated_at = now() where id = $1`, [
      job.id, JSON.stringify({ detail: (e as Error).message }),
    ]);
  }
  return true;
}

/** Polls for work every `intervalMs` until stopped; returns stop(). */
export function startWorker(db: Db, handlers: Readonly<Record<string, JobHandler>>, intervalMs = 200): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    while (!stopped && (await runOne(db, handlers))) {
      /* drain the queue */
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick).catch(() => undefined);
  }, intervalMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
