/**
 * The operations routes of the API and worker processes, outside /v4/: unauthenticated
 * (except /metrics with METRICS_TOKEN), not rate-limited, logged only at warn and above
 * (a load balancer's probe every few seconds would otherwise fill the info log).
 *   GET /health   alive: 200 {"status":"ok"}; touches nothing (no database).
 *   GET /ready    200 {"status":"ok","checks":{"database":"ok","queue":"ok"}} when the
 *                 database answers `select 1` and the job queue (pg-boss, its own pool on a
 *                 PostgreSQL server) is reachable, each within READY_CHECK_TIMEOUT_MS;
 *                 otherwise 503 with {"status":"unavailable","checks":{…: "failed"}} naming
 *                 the check that failed (the error itself is logged at warn, never sent).
 *   GET /metrics  Prometheus text (server/ops/metrics.ts). With METRICS_TOKEN set: only with
 *                 `Authorization: Bearer <METRICS_TOKEN>` (else 401); without it, open to
 *                 whoever reaches the listener, so a reverse proxy must not route /metrics.
 * installHttpMetrics times every other request of an app into http_request_duration_seconds.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { QueueGauges, httpRequestDuration, metricsText } from './metrics';

export const OPS_PATHS = { health: '/health', ready: '/ready', metrics: '/metrics' } as const;
const OPS = new Set<string>(Object.values(OPS_PATHS));

/** Each readiness check's time limit: a database that hangs is not ready. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export const METRICS_UNAUTHORIZED = 'Send Authorization: Bearer <METRICS_TOKEN> to read the metrics.';

export interface OpsDeps {
  db: Db;
  jobs: JobQueue;
  /** Bearer token /metrics requires (env METRICS_TOKEN); unset or empty: /metrics is open on this listener. */
  metricsToken?: string;
}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics: with a token (METRICS_TOKEN), only a request whose Authorization header
 * is `Bearer <token>` (compared in constant time); without one, anyone who reaches the listener.
 */
export function metricsGuard(metricsToken: string | undefined): (authorization: string | undefined) => boolean {
  const token = metricsToken ? digest(`Bearer ${metricsToken}`) : null;
  return (authorization) => token === null || timingSafeEqual(digest(String(authorization ?? '')), token);
}

/** Registers /health, /ready and /metrics on an app (the API's, or the worker's health listener). */
export function registerOps(app: FastifyInstance, deps: OpsDeps): void {
  // The authorization guard of the API's apps (server/api/route.ts) wants a rule on every route: these are public.
  const config = { rule: '*' as const, public: true, ownInputChecks: true };
  const gauges = new QueueGauges(() => deps.jobs.depth());
  const mayRead = metricsGuard(deps.metricsToken);

  app.get(OPS_PATHS.health, { config, logLevel: 'warn' }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get(OPS_PATHS.ready, { config, logLevel: 'warn' }, async (req, reply) => {
    const checks: Record<string, 'ok' | 'failed'> = {};
    const run: Record<string, () => Promise<unknown>> = {
      database: () => deps.db.query('select 1'),
      queue: () => deps.jobs.ping(),
    };
    await Promise.all(
      Object.entries(run).map(async ([name, check]) => {
        try {
          await within(check(), READY_CHECK_TIMEOUT_MS);
          checks[name] = 'ok';
        } catch (err) {
          checks[name] = 'failed';
          req.log.warn({ err, check: name }, 'Readiness check failed');
        }
      }),
    );
    const ok = Object.values(checks).every((c) => c === 'ok');
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'unavailable', checks });
  });

  app.get(OPS_PATHS.metrics, { config, logLevel: 'warn' }, async (req, reply) => {
    if (!mayRead(req.headers.authorization)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ detail: METRICS_UNAUTHORIZED });
    }
    const { contentType, body } = await metricsText(gauges);
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/** Times every request of `app` (but the ops routes) into http_request_duration_seconds, labelled `server`. */
export function installHttpMetrics(app: FastifyInstance, server: string): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (route !== undefined && OPS.has(route)) return;
    httpRequestDuration.observe(
      {
        server,
        method: req.method,
        // The pattern (`/v4/catalog/releases/:id/`), never the URL; no route matched: one series.
        route: route ?? '(unmatched)',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}
