/**
 * Prometheus metrics of the API and worker processes (prom-client), served as GET /metrics
 * by server/ops/routes.ts. One registry per process (`processRegistry`), for what the
 * process does whatever database it talks to:
 *   - http_request_duration_seconds{server, method, route, status_class}: every request of
 *     the API and identity provider apps, by Fastify's route pattern (routeOptions.url, never
 *     the raw URL: ids and query strings would make a series per request) and 2xx/4xx/5xx;
 *   - job_run_duration_seconds{kind, outcome}: each run of a job in this process (outcome
 *     done, failed, stopped, skipped: already finished or cancelled), timed around its handler;
 *   - jobs_failed_total{kind}: jobs this process recorded as ended ERROR (retries exhausted,
 *     past their expiry, their worker lost);
 *   - ingestions_total{outcome}: deliveries whose ingestion ended ingested, refused (a rule of
 *     the store or a broken delivery) or error (an unexpected failure; retried by the queue);
 *   - prom-client's default process metrics (CPU, memory, event loop lag, handles), prefixed
 *     with nothing (process_*, nodejs_*).
 * The queue's depth and oldest waiting age are read from the database at each scrape
 * (QueueGauges): they are the same whichever process answers.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency by route pattern and status class.',
  labelNames: ['server', 'method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

export const jobRunDuration = new Histogram({
  name: 'job_run_duration_seconds',
  help: 'Duration of job runs in this process by kind and outcome (done, failed, stopped, skipped).',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 1800],
  registers: [processRegistry],
});

export const jobsFailed = new Counter({
  name: 'jobs_failed_total',
  help: 'Jobs recorded as ended ERROR by this process (retries exhausted, expired, worker lost), by kind.',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

export const ingestions = new Counter({
  name: 'ingestions_total',
  help: 'Delivery ingestions by outcome: ingested, refused (a rule or a broken delivery), error (unexpected; retried).',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export type IngestionOutcome = 'ingested' | 'refused' | 'error';
export type JobRunOutcome = 'done' | 'failed' | 'stopped' | 'skipped';

/** What the queue reports at a scrape, per kind (JobQueue.depth). */
export interface QueueDepth {
  kind: string;
  /** Jobs ready to run and not taken (created or retry, start time reached). */
  waiting: number;
  /** Seconds the longest-waiting of them has been ready; 0 when none waits. */
  oldestSeconds: number;
  /** Jobs a worker runs now. */
  running: number;
}

/** The queue's gauges for one process's /metrics: filled from the database at each scrape. */
export class QueueGauges {
  readonly registry = new Registry();
  private readonly gauges: Gauge<'kind'>[];

  constructor(private readonly read: () => Promise<QueueDepth[]>) {
    const gauge = (name: string, help: string) => new Gauge({ name, help, labelNames: ['kind'] as const, registers: [this.registry] });
    this.gauges = [
      gauge('job_queue_waiting', 'Jobs ready to run that no worker has taken, by kind.'),
      gauge('job_queue_oldest_waiting_seconds', 'Seconds the longest-waiting ready job has waited, by kind (0: none waits).'),
      gauge('job_queue_running', 'Jobs being run by a worker now, by kind.'),
    ];
  }

  /** Reads the depth once; a failed read leaves the gauges empty for this scrape (and /ready says why). */
  async refresh(): Promise<void> {
    const depth = await this.read().catch(() => []);
    for (const g of this.gauges) g.reset();
    const [waiting, oldest, running] = this.gauges;
    for (const d of depth) {
      waiting.set({ kind: d.kind }, d.waiting);
      oldest.set({ kind: d.kind }, d.oldestSeconds);
      running.set({ kind: d.kind }, d.running);
    }
  }
}

/** The exposition text of the process's metrics and, when given, the queue's (read now). */
export async function metricsText(queue?: QueueGauges): Promise<{ contentType: string; body: string }> {
  if (!queue) return { contentType: processRegistry.contentType, body: await processRegistry.metrics() };
  await queue.refresh();
  const registry = Registry.merge([processRegistry, queue.registry]);
  return { contentType: registry.contentType, body: await registry.metrics() };
}
