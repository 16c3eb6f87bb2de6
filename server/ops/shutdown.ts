/**
 * Graceful shutdown (SIGTERM, server/process.ts): how long a stopping process waits for
 * what it is doing. The API stops accepting connections and lets requests in flight finish
 * for at most the grace period, then cuts what is left; a worker stops fetching jobs and
 * lets running ones finish for at most the grace period, then hands the rest back to the
 * queue (they run again on another worker). Env SHUTDOWN_GRACE_SECONDS, default 10.
 */
import type { FastifyInstance } from 'fastify';

/** Seconds a stopping process waits for requests in flight and running jobs (env SHUTDOWN_GRACE_SECONDS). */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;
export const MAX_SHUTDOWN_GRACE_SECONDS = 3600;
export const SHUTDOWN_GRACE_INVALID = `SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to ${MAX_SHUTDOWN_GRACE_SECONDS} (how long a stopping process waits for requests and jobs).`;

/** The env SHUTDOWN_GRACE_SECONDS: the default when unset or empty, else 0 to MAX; anything else throws. */
export function shutdownGraceSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SHUTDOWN_GRACE_SECONDS;
  const n = /^[0-9]{1,5}$/.test(value) ? Number(value) : NaN;
  if (n >= 0 && n <= MAX_SHUTDOWN_GRACE_SECONDS) return n;
  throw new Error(`${SHUTDOWN_GRACE_INVALID} Got ${JSON.stringify(value)}.`);
}

const draining = new WeakSet<FastifyInstance>();

/**
 * Answers every request with `Connection: close` once the app is closing (closeWithin), so a
 * keep-alive connection whose request was in flight closes after its answer instead of
 * holding the process until the grace period ends. Installed when the app is built.
 */
export function installDrain(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply) => {
    if (draining.has(app)) reply.header('connection', 'close');
  });
}

/**
 * Closes a listening app: no new connection is accepted, idle keep-alive connections are
 * closed, requests in flight finish (answered with `Connection: close`, installDrain); after
 * `graceMs` the connections still open are cut.
 */
export async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  draining.add(app);
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
