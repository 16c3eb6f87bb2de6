/**
 * The SFTP process's own health listener (issue 26, "Operations"): a tiny HTTP server,
 * apart from the drop server's port, answering
 *   GET /health  200 {"status":"ok", …}            the process is alive
 *   GET /ready   200 {"status":"ready", …}          its database (or the parent process
 *                503 {"status":"unavailable", …}   that answers for it) answers
 *   GET /metrics Prometheus text (./metrics.ts), guarded by METRICS_TOKEN as on the API
 * and 404 to anything else. Plain node:http: this process runs no Fastify.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { METRICS_UNAUTHORIZED, metricsGuard } from '../ops/routes';
import { listen } from './listen';

/** The /ready check's time limit. */
export const READY_TIMEOUT_MS = 3_000;

export interface HealthListener {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startHealthListener(opts: {
  port: number;
  host?: string;
  /** Resolves when the database (or parent) answers. */
  ready: () => Promise<void>;
  /** Figures added to both answers (connections open…). */
  info?: () => Record<string, unknown>;
  readyTimeoutMs?: number;
  /** GET /metrics: the exposition text and its content type; omitted: no /metrics. */
  metrics?: () => Promise<{ contentType: string; body: string }>;
  /** Bearer token /metrics requires (env METRICS_TOKEN). */
  metricsToken?: string;
}): Promise<HealthListener> {
  const mayRead = metricsGuard(opts.metricsToken);
  const send = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'Method not allowed' });
    if (path === '/health') return send(res, 200, { status: 'ok', service: 'sftp', ...opts.info?.() });
    if (path === '/metrics' && opts.metrics) {
      if (!mayRead(req.headers.authorization)) {
        res.setHeader('www-authenticate', 'Bearer realm="metrics"');
        return send(res, 401, { detail: METRICS_UNAUTHORIZED });
      }
      opts.metrics().then(
        ({ contentType, body }) => {
          res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
          res.end(body);
        },
        (e: unknown) => send(res, 500, { detail: e instanceof Error ? e.message : String(e) }),
      );
      return;
    }
    if (path !== '/ready') return send(res, 404, { error: 'Not found' });
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in time')), opts.readyTimeoutMs ?? READY_TIMEOUT_MS);
    });
    Promise.race([opts.ready(), limit])
      .then(
        () => send(res, 200, { status: 'ready', service: 'sftp', ...opts.info?.() }),
        (e: unknown) => send(res, 503, { status: 'unavailable', service: 'sftp', reason: e instanceof Error ? e.message : String(e) }),
      )
      .finally(() => clearTimeout(timer));
  });
  const { port, url } = await listen(server, 'http', opts.port, opts.host ?? '127.0.0.1');
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
