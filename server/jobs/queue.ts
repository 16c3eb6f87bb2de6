/**
 * The Postgres-backed job queue (api-conventions "Jobs"): jobs are rows; a worker in
 * each server process claims PENDING jobs with FOR UPDATE SKIP LOCKED (so several
 * servers on one PostgreSQL database never run a job twice), runs the handler of its
 * kind and stores DONE + result, or ERROR. A handler may hand on to a child job: the
 * parent is DONE with child_job_id and the poller follows the child (spec §4).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { jobs } from '../db/schema';

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

const JOB_FIELDS = {
  id: jobs.id, kind: jobs.kind, state: jobs.state, child_job_id: jobs.child_job_id, owner_id: jobs.owner_id,
  payload: jobs.payload, result: jobs.result,
};

/** A jsonb value stored as JSON (so a null result is JSON null, not SQL NULL). */
const json = (v: unknown) => sql`${JSON.stringify(v ?? null)}::jsonb`;

export async function enqueue(db: Queryable, kind: string, ownerId: number, payload: Record<string, unknown>): Promise<JobRow> {
  const [row] = await db.orm.insert(jobs).values({ kind, owner_id: ownerId, payload }).returning(JOB_FIELDS);
  return row;
}

/** Claims and runs one pending job; false when there was none. */
export async function runOne(db: Db, handlers: Readonly<Record<string, JobHandler>>): Promise<boolean> {
  const next = db.orm.select({ id: jobs.id }).from(jobs).where(eq(jobs.state, 'PENDING')).orderBy(jobs.id).limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db.orm.update(jobs).set({ state: 'RUNNING', updated_at: sql`now()` })
    .where(inArray(jobs.id, next)).returning(JOB_FIELDS);
  if (!job) return false;
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    const out = await handler(db, job);
    await db.transaction(async (tx) => {
      const child = out.child ? await enqueue(tx, out.child.kind, job.owner_id ?? 0, out.child.payload) : null;
      await tx.orm.update(jobs).set({ state: 'DONE', result: json(out.result), child_job_id: child?.id ?? null, updated_at: sql`now()` })
        .where(eq(jobs.id, job.id));
    });
  } catch (e) {
    await db.orm.update(jobs).set({ state: 'ERROR', result: json({ detail: (e as Error).message }), updated_at: sql`now()` })
      .where(eq(jobs.id, job.id));
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
