/**
 * Idempotency-Key for money-moving POSTs (refunds, credits; shared/design/api-conventions.md).
 *
 * The key is the caller's: stored per user (`idempotency_keys`, primary key user_id + key)
 * with a SHA-256 of the request (method, path and the parsed body with its keys sorted)
 * and the first response. The claim row is inserted in the same transaction as the work:
 * - a new key runs the work and stores its answer, all committed together;
 * - a replay (same key, same request) answers the stored response again, with
 *   `Idempotent-Replayed: true`, and does nothing;
 * - the same key with another request is a 422;
 * - a request whose key is in flight in another transaction waits for it (the unique
 *   primary key blocks the second insert until the first commits or rolls back), then
 *   replays its answer, or runs itself if the first failed.
 * A request that fails (any error: 4xx or 5xx) rolls back with its claim, so a retry runs again.
 *
 * Keys are kept IDEMPOTENCY_RETENTION_HOURS: a caller retries within minutes, so a day is
 * ample (the same window Stripe keeps). Older keys are purged by the next keyed request, at
 * most once per IDEMPOTENCY_PURGE_EVERY_MS in a process, through the created_at index; an
 * expired key is then a new key.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/client';
import { HttpError, badRequest } from '../domain/errors';
import type { RequestUser } from './principal';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Longest key taken (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX = 255;
const KEY = /^[\x21-\x7e]+$/;

/** How long a key and its first answer are kept (docs/decisions.md "Orders, credits, idempotency"). */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** The purge of expired keys runs at most this often per process. */
export const IDEMPOTENCY_PURGE_EVERY_MS = 60_000;
const lastPurge = new WeakMap<Db, number>();

/** Deletes keys older than the retention, unless this process did so within the last IDEMPOTENCY_PURGE_EVERY_MS for this database. */
export async function purgeExpiredKeys(db: Db, now = Date.now()): Promise<number> {
  const last = lastPurge.get(db);
  if (last !== undefined && now - last < IDEMPOTENCY_PURGE_EVERY_MS) return 0;
  lastPurge.set(db, now);
  const gone = await db.query(`delete from idempotency_keys where created_at < now() - make_interval(hours => $1) returning key`, [
    IDEMPOTENCY_RETENTION_HOURS,
  ]);
  return gone.length;
}

export const MISSING_KEY = `Send an Idempotency-Key header (1 to ${IDEMPOTENCY_KEY_MAX} printable characters) with this request.`;
export const KEY_REUSED = 'This Idempotency-Key was already used with a different request.';

/** JSON with every object's keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonical(body)}`)
    .digest('hex');
}

/** The request's key, or a 400 naming the header. */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = typeof raw === 'string' ? raw.trim() : '';
  if (!key || key.length > IDEMPOTENCY_KEY_MAX || !KEY.test(key)) throw badRequest('Idempotency-Key', MISSING_KEY);
  return key;
}

/**
 * Runs `work` once per (user, key): answers `status` with its result, or the stored first
 * answer of the same request again. `work` runs inside the transaction that holds the claim.
 * `request`: what identifies the request besides method and path, when the body is not
 * it (a CSV upload: its query and the user ids read from the file); the body by default.
 */
export async function idempotent<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  user: RequestUser,
  status: number,
  work: (tx: Queryable) => Promise<T>,
  request: unknown = req.body,
): Promise<T> {
  const key = idempotencyKeyOf(req);
  const hash = requestHash(req.method, req.url.split('?')[0], request);
  await purgeExpiredKeys(db);
  const out = await db.transaction(async (tx) => {
    const claimed = await tx.query(
      `insert into idempotency_keys (key, user_id, request_hash, status, body) values ($1, $2, $3, 0, 'null'::jsonb)
       on conflict do nothing returning key`,
      [key, user.id, hash],
    );
    if (claimed.length === 0) {
      const [first] = await tx.query<{ request_hash: string; status: number; body: T }>(
        'select request_hash, status, body from idempotency_keys where user_id = $1 and key = $2',
        [user.id, key],
      );
      if (first.request_hash !== hash) throw new HttpError(422, { detail: KEY_REUSED });
      return { replayed: true, status: first.status, body: first.body };
    }
    const body = await work(tx);
    await tx.query('update idempotency_keys set status = $3, body = $4::jsonb where user_id = $1 and key = $2', [
      user.id,
      key,
      status,
      JSON.stringify(body),
    ]);
    return { replayed: false, status, body };
  });
  reply.code(out.status);
  if (out.replayed) reply.header('idempotent-replayed', 'true');
  return out.body;
}
