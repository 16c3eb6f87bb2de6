/**
 * Delivers a built package to the store's SFTP drop server (issue 15, "Deliver to the
 * store"), with ssh2's client: the batch's files in order (the writer's order,
 * BatchComplete last, DDEX choreography), folders made as needed, progress by bytes,
 * cancel through an AbortSignal, and resume after a broken connection: a file already
 * on the server whole (same size and same SHA-256, read back) is skipped. The drop
 * server writes each upload under a temporary name and renames it when closed, so a
 * broken upload leaves nothing behind to resume from but also nothing half-written.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import ssh2 from 'ssh2';
import type { SFTPWrapper } from 'ssh2';

export interface SftpTarget {
  host: string;
  port: number;
  username: string;
  /** A password, or the supplier's ingester key. */
  password?: string;
  /** An OpenSSH private key (text). */
  privateKey?: string;
  /** The server's host key (OpenSSH public key line) to pin; omitted: any (the sandbox's own server). */
  hostKey?: string;
}

export interface DeliveryProgress {
  /** The file being sent (relative to the package's output folder). */
  file: string;
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
}

export interface DeliveryResult {
  uploaded: string[];
  /** Already on the server whole (resume). */
  skipped: string[];
}

export class DeliveryCancelled extends Error {
  constructor() {
    super('The delivery was cancelled.');
  }
}

/** `work`, or DeliveryCancelled as soon as `signal` aborts (ssh2 may not call back once the connection is ended). */
function abortable<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DeliveryCancelled());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const sha256Local = (path: string) =>
  new Promise<string>((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path)
      .on('data', (d) => h.update(d))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });

const sha256Remote = (sftp: SFTPWrapper, path: string) =>
  new Promise<string>((resolve, reject) => {
    const h = createHash('sha256');
    sftp
      .createReadStream(path)
      .on('data', (d: Buffer) => h.update(d))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });

const remoteSize = (sftp: SFTPWrapper, path: string) =>
  new Promise<number | null>((resolve) => {
    sftp.stat(path, (err, st) => resolve(err ? null : st.size));
  });

const mkdirOk = (sftp: SFTPWrapper, path: string) =>
  new Promise<void>((resolve, reject) => {
    sftp.mkdir(path, (err) => {
      if (!err) return resolve();
      // Already there: fine.
      sftp.stat(path, (e2, st) => (!e2 && st.isDirectory() ? resolve() : reject(err)));
    });
  });

function connect(target: SftpTarget, signal?: AbortSignal): Promise<{ conn: ssh2.Client; sftp: SFTPWrapper }> {
  return new Promise((resolve, reject) => {
    const conn = new ssh2.Client();
    const onAbort = () => {
      conn.end();
      reject(new DeliveryCancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    conn.on('ready', () => {
      // Request/answer traffic (stat, read-back): no Nagle delay on each small request.
      conn.setNoDelay(true);
      conn.sftp((err, sftp) => {
        signal?.removeEventListener('abort', onAbort);
        if (err) {
          conn.end();
          return reject(err);
        }
        resolve({ conn, sftp });
      });
    });
    conn.on('error', (e) => {
      signal?.removeEventListener('abort', onAbort);
      reject(e);
    });
    const pinned = target.hostKey ? ssh2.utils.parseKey(target.hostKey.trim()) : null;
    conn.connect({
      host: target.host,
      port: target.port,
      username: target.username,
      password: target.password,
      privateKey: target.privateKey,
      readyTimeout: 20_000,
      hostVerifier:
        pinned && !(pinned instanceof Error) && !Array.isArray(pinned) ? (key: Buffer) => key.equals(pinned.getPublicSSH()) : undefined,
    });
  });
}

/**
 * Sends `files` (paths relative to `root`, POSIX separators, in order; BatchComplete
 * last) to the same paths on the server. Rejects with DeliveryCancelled when `signal`
 * aborts, or with the connection's error; run it again to resume.
 */
export async function deliverPackage(
  target: SftpTarget,
  root: string,
  files: readonly string[],
  opts: { signal?: AbortSignal; onProgress?: (p: DeliveryProgress) => void } = {},
): Promise<DeliveryResult> {
  const { signal, onProgress } = opts;
  if (signal?.aborted) throw new DeliveryCancelled();
  const sizes = await Promise.all(files.map(async (f) => (await stat(join(root, f))).size));
  const bytesTotal = sizes.reduce((a, b) => a + b, 0);
  const { conn, sftp } = await connect(target, signal);
  const result: DeliveryResult = { uploaded: [], skipped: [] };
  let bytesDone = 0;
  const made = new Set<string>();
  const onAbort = () => conn.end();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (const [i, file] of files.entries()) {
      if (signal?.aborted) throw new DeliveryCancelled();
      const local = join(root, file);
      const remote = `/${file}`;
      onProgress?.({ file, filesDone: i, filesTotal: files.length, bytesDone, bytesTotal });
      // Resume: the same bytes already there are not sent again.
      const same = async () =>
        (await remoteSize(sftp, remote)) === sizes[i] && (await sha256Remote(sftp, remote)) === (await sha256Local(local));
      if (await abortable(same(), signal)) {
        result.skipped.push(file);
        bytesDone += sizes[i];
        continue;
      }
      const parts = posix.dirname(remote).split('/').filter(Boolean);
      for (let d = 1; d <= parts.length; d++) {
        const dir = `/${parts.slice(0, d).join('/')}`;
        if (!made.has(dir)) {
          await abortable(mkdirOk(sftp, dir), signal);
          made.add(dir);
        }
      }
      const start = bytesDone;
      await abortable(
        new Promise<void>((resolve, reject) => {
          sftp.fastPut(
            local,
            remote,
            {
              step: (sent) => onProgress?.({ file, filesDone: i, filesTotal: files.length, bytesDone: start + sent, bytesTotal }),
            },
            (err) => (err ? reject(err) : resolve()),
          );
        }),
        signal,
      );
      bytesDone += sizes[i];
      result.uploaded.push(file);
    }
    onProgress?.({ file: '', filesDone: files.length, filesTotal: files.length, bytesDone, bytesTotal });
    return result;
  } catch (e) {
    if (signal?.aborted) throw new DeliveryCancelled();
    throw e;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    conn.end();
  }
}
