/**
 * Prometheus metrics of the SFTP drop server (issue 26, "Operations"), served as GET /metrics
 * on the SFTP process's health listener (./health.ts; METRICS_TOKEN guards it as on the API):
 *   - sftp_connections: TCP connections open now (signed in or not);
 *   - sftp_connections_total{outcome}: accepted, or refused at a cap (in all, per address);
 *   - sftp_sign_ins_total{outcome}: ok or refused (each refused attempt), and
 *     sftp_sign_in_timeouts_total: connections closed for not signing in in time;
 *   - sftp_upload_bytes_total: bytes written into uploads;
 *   - sftp_uploads_total{outcome}: landed (closed and in place) or abandoned (a limit, a failed
 *     write, or a session that ended mid-file: the partial file deleted);
 *   - prom-client's default process metrics.
 * One registry per drop server (a test may run several in one process).
 */
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

export class SftpMetrics {
  readonly registry = new Registry();
  readonly connectionsTotal = new Counter({
    name: 'sftp_connections_total',
    help: 'SFTP TCP connections by outcome: accepted, or refused at a cap.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly signIns = new Counter({
    name: 'sftp_sign_ins_total',
    help: 'SFTP sign-in attempts by outcome (ok, refused).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly signInTimeouts = new Counter({
    name: 'sftp_sign_in_timeouts_total',
    help: 'SFTP connections closed for not signing in within the time limit.',
    registers: [this.registry],
  });
  readonly uploadBytes = new Counter({
    name: 'sftp_upload_bytes_total',
    help: 'Bytes written into SFTP uploads.',
    registers: [this.registry],
  });
  readonly uploads = new Counter({
    name: 'sftp_uploads_total',
    help: 'SFTP uploads by outcome: landed, or abandoned (partial file deleted).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(open: () => number, opts: { processMetrics?: boolean } = {}) {
    new Gauge({
      name: 'sftp_connections',
      help: 'SFTP TCP connections open now.',
      registers: [this.registry],
      collect() {
        this.set(open());
      },
    });
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
