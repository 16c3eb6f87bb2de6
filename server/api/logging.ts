/**
 * Logging of both apps: pino through Fastify's logger. Each request is logged with its
 * id, method, path, query and headers, every 500 with the error, query and body; the
 * secrets a request can carry are redacted wherever they appear (pino `redact`).
 */
import type { FastifyRequest } from 'fastify';

/** Body and query fields that hold secrets. */
export const SECRET_FIELDS = ['password', 'code', 'code_verifier', 'refresh_token', 'token', 'access_token'] as const;
/** Headers that hold secrets (lower case, as Node gives them). */
export const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'idempotency-key'] as const;
export const REDACTED = '[Redacted]';

/** Where secrets appear in a log line: the request's headers and query (req serializer), a 500's query and body. */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_HEADERS.map((h) => `req.headers["${h}"]`),
  ...SECRET_FIELDS.flatMap((f) => [`req.query.${f}`, `query.${f}`, `body.${f}`]),
];

/**
 * false: no logging (tests, in-process use). true: level info (or LOG_LEVEL) to stdout.
 * An object: its level and where to write (a file path or a stream, e.g. a test's capture).
 */
export type LogOption = boolean | { level?: string; file?: string; stream?: { write(line: string): unknown } };

function reqSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    // The path only: the query string is logged as `query`, where its secrets are redacted.
    url: req.url.split('?')[0],
    query: { ...(req.query as Record<string, unknown> | undefined) },
    headers: { ...req.headers },
    remoteAddress: req.ip,
  };
}

/** Fastify's `logger` option for a LogOption. */
export function loggerOptions(opt: LogOption | undefined) {
  if (!opt) return false;
  const o = opt === true ? {} : opt;
  return {
    level: o.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: [...REDACT_PATHS], censor: REDACTED },
    serializers: { req: reqSerializer },
    ...(o.stream ? { stream: o.stream } : o.file ? { file: o.file } : {}),
  };
}
