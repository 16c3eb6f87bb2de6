import { randomUUID } from 'node:crypto';

export interface ClientErrorReport {
  message: string;
  stack?: string;
  componentStack?: string;
  route?: string;
  status?: number;
}

export interface ErrorReporter {
  readonly enabled: boolean;
  report(report: ClientErrorReport): Promise<void>;
}

/**
 * Sends client errors to a Sentry-compatible endpoint (the DSN's store API:
 * POST {protocol}://{host}/api/{project}/store/ with an X-Sentry-Auth header).
 * Without a DSN reporting is a no-op. http DSNs are accepted so tests can use a
 * local receiver. A failing endpoint never fails the caller.
 */
export function createErrorReporter(dsn: string | undefined, release: string, fetchImpl: typeof fetch = fetch): ErrorReporter {
  const target = dsn ? parseDsn(dsn) : null;
  if (!target) return { enabled: false, report: async () => {} };
  return {
    enabled: true,
    async report(r) {
      const event = {
        event_id: randomUUID().replace(/-/g, ''),
        timestamp: new Date().toISOString(),
        platform: 'javascript',
        level: 'error',
        release,
        logger: 'store-console',
        message: r.message,
        tags: { route: r.route ?? '', status: r.status !== undefined ? String(r.status) : '' },
        extra: { stack: r.stack, componentStack: r.componentStack },
        exception: { values: [{ type: 'Error', value: r.message, stacktrace: r.stack ? { frames: [] } : undefined }] },
      };
      try {
        await fetchImpl(target.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${target.key}, sentry_client=store-console/${release}`,
          },
          body: JSON.stringify(event),
          signal: AbortSignal.timeout(5000),
        });
      } catch {
        // Reporting is best effort: the user already sees the error screen.
      }
    },
  };
}

/** `https://<key>@<host>[/<path>]/<project>` → the store endpoint and the public key. */
export function parseDsn(dsn: string): { url: string; key: string } | null {
  let u: URL;
  try {
    u = new URL(dsn);
  } catch {
    return null;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !u.username) return null;
  const parts = u.pathname.split('/').filter(Boolean);
  const project = parts.pop();
  if (!project) return null;
  const prefix = parts.length ? `/${parts.join('/')}` : '';
  return { url: `${u.protocol}//${u.host}${prefix}/api/${project}/store/`, key: decodeURIComponent(u.username) };
}
