/**
 * The drop server's one seam to the database (issue 26): everything server/sftp reads or
 * writes there goes through DropBackend. Two ways to answer it:
 * - dbBackend: on the database itself (the API's process, or `npm run sftp` with DATABASE_URL);
 * - ipcBackend: over the parent's IPC channel (child_process.fork), when the drop server is
 *   the API's child on PGlite, which only one process can open: the parent answers with
 *   serveBackend over its own dbBackend.
 * Password hashes are checked where the drop server runs (never in the API's process).
 */
import type { ChildProcess } from 'node:child_process';
import type { Db } from '../db/client';
import { SignInLimiter, type LimitOptions } from '../auth/throttle';
import { INGEST_BATCH_JOB, type IngestBatchPayload } from '../../shared/api/endpoints/jobs';
import type { JobQueue } from '../jobs/queue';
import { ingestBatchKey } from '../jobs/kinds';

/** An enabled SFTP user of an enabled supplier. */
export interface SftpUser {
  id: number;
  supplier_id: number;
  password_hash: string | null;
  ingester_key: string | null;
}

export interface DropBackend {
  /** The enabled user of that name (of an enabled supplier), or null. */
  findUser(username: string): Promise<SftpUser | null>;
  /** The user's public keys (OpenSSH algorithm and base64 data). */
  userKeys(userId: number): Promise<{ algorithm: string; key_data: string }[]>;
  /** The sign-in limits' reservation of one password attempt (SignInLimiter.reserve): 0 to go on, else seconds to wait. */
  reserveAttempt(username: string, address: string | undefined): Promise<number>;
  /** The password was right (SignInLimiter.succeed). */
  attemptSucceeded(username: string, address: string | undefined): Promise<void>;
  /** A batch is complete: one `ingest-batch` job for it (singleton per batch). */
  batchComplete(supplierId: number, batchDir: string): Promise<void>;
  /** Resolves when the database answers (the /ready check). */
  ping(): Promise<void>;
}

const METHODS = [
  'findUser',
  'userKeys',
  'reserveAttempt',
  'attemptSucceeded',
  'batchComplete',
  'ping',
] as const satisfies readonly (keyof DropBackend)[];
type Method = (typeof METHODS)[number];

/**
 * A backend that answers once `ready` has: each call waits for it (or fails with it). The
 * API starts its drop server's process before its own database is open (startServer), so
 * the child loads meanwhile; a call it makes that early is answered when the database is.
 */
export function lateBackend(ready: Promise<DropBackend>): DropBackend {
  const late = {} as Record<Method, (...args: unknown[]) => Promise<unknown>>;
  for (const m of METHODS) late[m] = async (...args) => ((await ready)[m] as (...a: unknown[]) => Promise<unknown>)(...args);
  return late as unknown as DropBackend;
}

/** The backend on the database (and job queue) itself. */
export function dbBackend(db: Db, jobs: JobQueue, signIn?: LimitOptions): DropBackend {
  const limits = new SignInLimiter(db, 'sftp', signIn);
  return {
    async findUser(username) {
      const [row] = await db.query<SftpUser>(
        `select u.id, u.supplier_id, u.password_hash, s.ingester_key from ftp_users u join suppliers s on s.id = u.supplier_id
         where u.username = $1 and u.enabled and s.enabled`,
        [username],
      );
      return row ?? null;
    },
    userKeys: (userId) =>
      db.query<{ algorithm: string; key_data: string }>('select algorithm, key_data from ftp_user_keys where ftp_user_id = $1', [userId]),
    reserveAttempt: (username, address) => limits.reserve(username, address),
    attemptSucceeded: (username, address) => limits.succeed(username, address),
    async batchComplete(supplierId, batchDir) {
      const payload: IngestBatchPayload = { supplier_id: supplierId, batch_dir: batchDir };
      await jobs.enqueue(INGEST_BATCH_JOB, null, { ...payload }, { singletonKey: ingestBatchKey(supplierId, batchDir) });
    },
    async ping() {
      await db.query('select 1');
    },
  };
}

/** A call of the child, and the parent's answer. */
interface CallMessage {
  type: 'sftp-call';
  id: number;
  method: Method;
  args: unknown[];
}
interface AnswerMessage {
  type: 'sftp-answer';
  id: number;
  value?: unknown;
  error?: string;
}

const isCall = (m: unknown): m is CallMessage =>
  !!m &&
  typeof m === 'object' &&
  (m as CallMessage).type === 'sftp-call' &&
  METHODS.includes((m as CallMessage).method) &&
  Array.isArray((m as CallMessage).args);

/** The parent's side: answers the child's calls with `backend`. Returns the function that stops answering. */
export function serveBackend(child: ChildProcess, backend: DropBackend): () => void {
  const onMessage = (m: unknown) => {
    if (!isCall(m)) return;
    const answer = (a: Omit<AnswerMessage, 'type' | 'id'>) => {
      if (child.connected) child.send({ type: 'sftp-answer', id: m.id, ...a } satisfies AnswerMessage, () => undefined);
    };
    (backend[m.method] as (...a: unknown[]) => Promise<unknown>)(...m.args).then(
      (value) => answer({ value: value ?? null }),
      (e: unknown) => answer({ error: e instanceof Error ? e.message : String(e) }),
    );
  };
  child.on('message', onMessage);
  return () => child.off('message', onMessage);
}

/** How long the child waits for one answer of its parent. */
export const IPC_CALL_TIMEOUT_MS = 15_000;

/** The child's side: each call is a message to the parent (this process's IPC channel), answered by serveBackend. */
export function ipcBackend(proc: NodeJS.Process = process, timeoutMs = IPC_CALL_TIMEOUT_MS): DropBackend {
  let next = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void; timer: NodeJS.Timeout }>();
  proc.on('message', (m: unknown) => {
    const a = m as AnswerMessage;
    if (!a || typeof a !== 'object' || a.type !== 'sftp-answer') return;
    const w = waiting.get(a.id);
    if (!w) return;
    waiting.delete(a.id);
    clearTimeout(w.timer);
    if (a.error !== undefined) w.reject(new Error(a.error));
    else w.resolve(a.value);
  });
  proc.on('disconnect', () => {
    for (const [id, w] of waiting) {
      waiting.delete(id);
      clearTimeout(w.timer);
      w.reject(new Error('sftp: the parent process is gone'));
    }
  });
  const call = <T>(method: Method, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      if (!proc.connected || !proc.send) return reject(new Error('sftp: no connection to the parent process'));
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`sftp: the parent process did not answer ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      proc.send({ type: 'sftp-call', id, method, args } satisfies CallMessage);
    });
  return {
    findUser: (username) => call('findUser', username),
    userKeys: (userId) => call('userKeys', userId),
    // undefined does not survive JSON: an unknown address goes as null and counts as `unknown` either way.
    reserveAttempt: (username, address) => call('reserveAttempt', username, address ?? null),
    attemptSucceeded: (username, address) => call('attemptSucceeded', username, address ?? null),
    batchComplete: (supplierId, batchDir) => call('batchComplete', supplierId, batchDir),
    ping: () => call('ping'),
  };
}
