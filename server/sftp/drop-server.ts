/**
 * The SFTP drop server (issue 15, "Delivery: SFTP"): suppliers deliver packages here as
 * the industry does, with ssh2's server mode, on its own port (SFTP_PORT).
 *
 * - Sign-in: a supplier's enabled SFTP user (ftp_users, §7 content-ops ftp-users) with its
 *   password, one of its public keys, or its supplier's ingester key as the password.
 *   Password attempts go through the sign-in limits of the identity provider
 *   (server/auth/throttle.ts, service `sftp`: per username and address, and per username),
 *   reserved before the hash; a connection has MAX_AUTH_ATTEMPTS attempts, then it is closed.
 * - Each user sees its supplier's folder of the drop root (`<drop>/<supplier id>/`) as `/`:
 *   paths are resolved here (a `..` above `/` is refused, never clamped), symlinks are
 *   never followed out (O_NOFOLLOW, and the real path must stay inside the folder), and
 *   no SYMLINK or other extension is served. Other suppliers' folders cannot be named.
 * - Uploads go to a temporary file outside every supplier's folder (`<drop>/.incoming/`)
 *   and are renamed into place when the client closes them: an interrupted upload is
 *   deleted and never appears in a batch.
 * - DDEX choreography: a batch is a folder `/<batch id>/` holding its releases; it is
 *   complete when `BatchComplete_<batch id>.xml` arrives in it (last). Then the batch is
 *   sealed (nothing in it may be written, renamed or removed) and one `ingest-batch` job
 *   is enqueued with `{ supplier_id, batch_dir }`. A BatchComplete that comes before the
 *   files its XMLs name leaves the batch open, waiting (server/ingest/batch.ts): the upload
 *   that completes it seals it and queues the job again. A batch whose delivery was refused
 *   stays open for the fixed files.
 * - Limits (server/sftp/limits.ts, README "SFTP limits"): connections in all and per address
 *   (one past either is closed at once, before any SSH is spoken), a time limit to sign in,
 *   attempts per connection, the size of one file, a quota per supplier folder (uploads in
 *   progress included) and a free-space floor on the drop volume. A write past a limit fails
 *   (SFTP FAILURE with the reason) and its partial file is deleted; so is one whose write failed.
 * - The database is reached only through DropBackend (./backend.ts): on the database itself,
 *   or over the parent's IPC channel when this runs as the API's child on PGlite.
 */
import { constants as FS, existsSync, readFileSync, type Stats } from 'node:fs';
import {
  copyFile,
  link,
  lstat,
  mkdir,
  open,
  readdir,
  realpath,
  rename,
  rm,
  rmdir,
  stat,
  statfs,
  unlink,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { join, sep } from 'node:path';
import ssh2 from 'ssh2';
import type { AuthContext, Connection, SFTPWrapper, Attributes, FileEntry } from 'ssh2';
import type { Db } from '../db/client';
import { hashToken, safeEqual, verifyPassword } from '../auth/crypto';
import { addressKey, type LimitOptions } from '../auth/throttle';
import type { JobQueue } from '../jobs/queue';
import { batchCompleteName, inState, isSealed, missingFiles, setState } from '../ingest/batch';
import { dbBackend, type DropBackend, type SftpUser } from './backend';
import { MAX_AUTH_ATTEMPTS, SFTP_LIMITS, type DiskSpace, type FreeSpaceProbe, type SftpLimits } from './limits';
import { listen } from './listen';
import { SftpMetrics } from './metrics';
import { newSshKeyPair } from '../../shared/packaging/ssh-key';

const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

/** The folder of the drop root where uploads are written until closed. */
export const INCOMING_DIR = '.incoming';
/** The host key's file name in the SFTP data folder. */
export const HOST_KEY_FILE = 'sftp_host_ed25519_key';
export { batchCompleteName };

export interface DropServerOptions {
  /** The database's answers (./backend.ts); without it, dbBackend(db, jobs, signIn). */
  backend?: DropBackend;
  db?: Db;
  jobs?: JobQueue;
  /** The drop root: one folder per supplier (created on its first sign-in). */
  dropDir: string;
  /** Where the host key is kept (generated on the first start); omitted: a new key each start. */
  keyDir?: string;
  port?: number;
  host?: string;
  log?: (msg: string) => void;
  /** The password limits (default: the identity provider's) and check; tests shorten them and count checks. */
  signIn?: LimitOptions & { verifyPassword?: typeof verifyPassword };
  /** The limits (default SFTP_LIMITS; cli.ts reads the environment's). */
  limits?: Partial<SftpLimits>;
  /** The drop volume's free space (default fs.statfs); tests simulate a full disk. */
  freeSpace?: FreeSpaceProbe;
  /** Bytes an upload writes between two free-space checks (default FREE_SPACE_CHECK_BYTES; tests make it small). */
  freeSpaceCheckBytes?: number;
  /** Its metrics include the process's (CPU, memory…): the SFTP process yes, a drop server in a test's process no. */
  processMetrics?: boolean;
}

export { MAX_AUTH_ATTEMPTS };

/** The space of the volume holding `dir`, as an unprivileged process may use it. */
export const statfsSpace: FreeSpaceProbe = async (dir) => {
  const s = await statfs(dir);
  return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
};

export interface DropServer {
  /** sftp://host:port */
  url: string;
  port: number;
  /** The host key's public half (OpenSSH format), for known_hosts. */
  hostPublicKey: string;
  /** Connections open now (signed in or not). */
  connections(): number;
  /** Its Prometheus metrics (./metrics.ts). */
  metrics: SftpMetrics;
  close(): Promise<void>;
}

/** The host key (OpenSSH private key text), generated once into `keyDir`. */
export async function loadHostKey(keyDir?: string): Promise<{ private: string; public: string }> {
  if (!keyDir) return parsedHostKey(newSshKeyPair().private)!;
  const file = join(keyDir, HOST_KEY_FILE);
  const stored = () => {
    try {
      return parsedHostKey(readFileSync(file, 'utf8')) ?? 'unreadable';
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      return null;
    }
  };
  const found = stored();
  if (found && found !== 'unreadable') return found;
  await mkdir(keyDir, { recursive: true });
  // A key the server cannot load (one made before newSshKeyPair's check) is set aside, not kept.
  if (found === 'unreadable') await rename(file, `${file}.unreadable-${Date.now()}`).catch(() => undefined);
  const made = newSshKeyPair();
  // Written whole under a private name, then linked into place: link() refuses an existing name, so
  // two processes starting at once keep the first one's key, and neither reads a half-written file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(tmp, made.private, { mode: 0o600 });
  try {
    await link(tmp, file).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  const key = stored();
  if (!key || key === 'unreadable') throw new Error(`SFTP host key: ${file} could not be read back`);
  // The public half beside it, for an operator's known_hosts (never read back: derived from the key).
  await writeFile(`${file}.pub`, `${key.public}\n`, { mode: 0o644 });
  return key;
}

/** The key with its public half (OpenSSH "type base64" form), or null when ssh2 cannot load it. */
function parsedHostKey(privateKey: string): { private: string; public: string } | null {
  const parsed = utils.parseKey(privateKey);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!key || key instanceof Error) return null;
  const pub = `${key.type} ${key.getPublicSSH().toString('base64')}`;
  return utils.parseKey(pub) instanceof Error ? null : { private: privateKey, public: pub };
}

interface PasswordCheck {
  address: string | undefined;
  verify: typeof verifyPassword;
}

async function checkAuth(backend: DropBackend, ctx: AuthContext, pw: PasswordCheck): Promise<SftpUser | null> {
  if (ctx.method === 'password') {
    // Counted (as a failure until it proves right) before any hash; refused while the username waits.
    if (await backend.reserveAttempt(ctx.username, pw.address)) return null;
    const user = await backend.findUser(ctx.username);
    // One scrypt whether or not the user exists (timing tells nothing).
    const byPassword = await pw.verify(ctx.password, user?.password_hash ?? null);
    const byIngesterKey = !!user?.ingester_key && safeEqual(hashToken(ctx.password), user.ingester_key);
    if (!user || !(byPassword || byIngesterKey)) return null;
    await backend.attemptSucceeded(ctx.username, pw.address);
    return user;
  }
  const user = await backend.findUser(ctx.username);
  if (ctx.method === 'publickey' && user) {
    const keys = await backend.userKeys(user.id);
    for (const k of keys) {
      const parsed = utils.parseKey(`${k.algorithm} ${k.key_data}`);
      if (parsed instanceof Error) continue;
      const blob = parsed.getPublicSSH();
      if (blob.length !== ctx.key.data.length || !timingSafeEqual(blob, ctx.key.data)) continue;
      // Without a signature the client only asks whether the key would do.
      if (!ctx.signature) return user;
      if (parsed.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) === true) return user;
    }
  }
  return null;
}

/** `/a/b/../c` → ['a', 'c']; null when it climbs above `/` or names something odd. */
export function virtualSegments(path: string): string[] | null {
  const out: string[] = [];
  for (const s of path.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      if (!out.length) return null;
      out.pop();
    } else if (s.includes('\0') || s.includes('\\')) return null;
    else out.push(s);
  }
  return out;
}

class Refused extends Error {
  constructor(
    readonly code: number,
    message = 'Permission denied',
  ) {
    super(message);
  }
}
const denied = () => new Refused(STATUS_CODE.PERMISSION_DENIED);

/** An upload in progress: `size` is how far it has been written, `sinceProbe` the bytes since the last free-space check. */
interface WriteHandle {
  kind: 'write';
  fh: FileHandle;
  temp: string;
  target: string;
  segments: string[];
  size: number;
  sinceProbe: number;
}
type Handle = { kind: 'read'; fh: FileHandle } | WriteHandle | { kind: 'dir'; path: string; sent: boolean };

/**
 * How old a supplier folder's count may be when an upload opens (a batch of many files
 * would otherwise walk the folder once per file); in between, uploads that land are added.
 */
export const FOLDER_RECOUNT_MS = 10_000;

/** Bytes an upload may write between two free-space checks (statfs) of the drop volume. */
export const FREE_SPACE_CHECK_BYTES = 8 * 1024 * 1024;

/** The bytes of the files under `dir` (0 when it does not exist). */
async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  for (let i = 0; i < files.length; i += 64) {
    const sizes = await Promise.all(
      files.slice(i, i + 64).map((f) =>
        lstat(f).then(
          (st) => st.size,
          () => 0,
        ),
      ),
    );
    for (const n of sizes) total += n;
  }
  return total;
}

/**
 * The write limits of every session: a file's size, each supplier's quota (its folder as
 * last counted plus every upload in progress, of all its sessions) and the drop volume's
 * free-space floor. A refusal is a Refused(FAILURE) naming the limit.
 */
class UploadGuard {
  private readonly suppliers = new Map<number, { stored: number; countedAt: number; uploads: Set<WriteHandle> }>();

  constructor(
    private readonly limits: SftpLimits,
    private readonly probe: FreeSpaceProbe,
    private readonly dropDir: string,
    private readonly checkBytes: number,
    private readonly metrics: SftpMetrics,
  ) {}

  private of(supplierId: number) {
    let s = this.suppliers.get(supplierId);
    if (!s) this.suppliers.set(supplierId, (s = { stored: 0, countedAt: -Infinity, uploads: new Set() }));
    return s;
  }

  private used(supplierId: number): number {
    const s = this.of(supplierId);
    let n = s.stored;
    for (const h of s.uploads) n += h.size;
    return n;
  }

  private async space(extra: number) {
    let d: DiskSpace;
    try {
      d = await this.probe(this.dropDir);
    } catch {
      throw new Refused(STATUS_CODE.FAILURE, 'The server cannot tell its free disk space');
    }
    const floor = Math.max(this.limits.minFreeBytes, this.limits.minFreeFraction * d.total);
    if (d.free - extra < floor) throw new Refused(STATUS_CODE.FAILURE, 'Not enough free disk space on the server');
  }

  /** Before an upload opens (its folder counted, at most FOLDER_RECOUNT_MS ago): refused when the quota is reached or the disk is at its floor. */
  async opening(supplierId: number, root: string, startSize: number) {
    const s = this.of(supplierId);
    if (Date.now() - s.countedAt > FOLDER_RECOUNT_MS) {
      s.countedAt = Date.now();
      s.stored = await folderBytes(root);
    }
    if (startSize > this.limits.maxFileBytes) throw new Refused(STATUS_CODE.FAILURE, 'File too large');
    if (this.used(supplierId) + startSize >= this.limits.quotaBytes) throw new Refused(STATUS_CODE.FAILURE, 'Quota exceeded');
    await this.space(startSize);
  }

  opened(supplierId: number, h: WriteHandle) {
    this.of(supplierId).uploads.add(h);
  }

  /** Before `length` bytes are written at `offset`: throws past a limit. */
  async writing(supplierId: number, h: WriteHandle, offset: number, length: number) {
    const end = offset + length;
    if (end > this.limits.maxFileBytes) throw new Refused(STATUS_CODE.FAILURE, 'File too large');
    const grows = Math.max(0, end - h.size);
    if (this.used(supplierId) + grows > this.limits.quotaBytes) throw new Refused(STATUS_CODE.FAILURE, 'Quota exceeded');
    h.sinceProbe += grows;
    if (h.sinceProbe >= this.checkBytes) {
      h.sinceProbe = 0;
      await this.space(grows);
    }
  }

  wrote(h: WriteHandle, offset: number, length: number) {
    h.size = Math.max(h.size, offset + length);
    this.metrics.uploadBytes.inc(length);
  }

  /** The upload ended: landed in the folder (`landed`), or deleted. */
  closed(supplierId: number, h: WriteHandle, landed: boolean) {
    const s = this.of(supplierId);
    if (!s.uploads.delete(h)) return;
    if (landed) s.stored += h.size;
    this.metrics.uploads.inc({ outcome: landed ? 'landed' : 'abandoned' });
  }
}

function attrsOf(st: Stats): Attributes {
  return { mode: st.mode, uid: 0, gid: 0, size: st.size, atime: Math.floor(st.atimeMs / 1000), mtime: Math.floor(st.mtimeMs / 1000) };
}

function longname(name: string, st: Stats): string {
  const type = st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : '-';
  const bits = 'rwxrwxrwx'
    .split('')
    .map((c, i) => (st.mode & (0o400 >> i) ? c : '-'))
    .join('');
  const date = st.mtime.toISOString().slice(0, 16).replace('T', ' ');
  return `${type}${bits} 1 supplier supplier ${String(st.size).padStart(10)} ${date} ${name}`;
}

function errnoStatus(e: unknown): number {
  if (e instanceof Refused) return e.code;
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return STATUS_CODE.NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM' || code === 'ELOOP' || code === 'EEXIST') return STATUS_CODE.PERMISSION_DENIED;
  return STATUS_CODE.FAILURE;
}

/** One signed-in user's SFTP session over its supplier's folder. */
class Session {
  private readonly handles = new Map<number, Handle>();
  private next = 1;
  private realRoot = '';
  /** The supplier's folder exists and realRoot is known (requests wait for it). */
  private ready: Promise<void> | null = null;
  /** The session is over (end() ran): no handle may be added. */
  private ended = false;

  constructor(
    private readonly sftp: SFTPWrapper,
    private readonly root: string,
    private readonly incoming: string,
    private readonly supplierId: number,
    private readonly onBatchComplete: (batchDir: string) => Promise<void>,
    private readonly guard: UploadGuard,
  ) {}

  /** Serves the session's requests (registered at once: the client's first request may come before the folder is ready). */
  start() {
    this.ready = mkdir(this.root, { recursive: true }).then(async () => {
      this.realRoot = await realpath(this.root);
    });
    const s = this.sftp;
    const on = (event: string, fn: (reqid: number, ...args: never[]) => Promise<void>) =>
      s.on(
        event as 'OPEN',
        ((reqid: number, ...args: never[]) => {
          this.ready!.then(() => fn(reqid, ...args)).catch((e: unknown) =>
            s.status(reqid, errnoStatus(e), e instanceof Refused ? e.message : undefined),
          );
        }) as never,
      );
    on('REALPATH', async (reqid, path: string) => {
      const seg = this.segments(path);
      s.name(reqid, [{ filename: `/${seg.join('/')}`, longname: `/${seg.join('/')}`, attrs: {} as Attributes }]);
    });
    on('STAT', async (reqid, path: string) => {
      s.attrs(reqid, attrsOf(await stat(await this.existing(path))));
    });
    on('LSTAT', async (reqid, path: string) => {
      s.attrs(reqid, attrsOf(await lstat(await this.existing(path))));
    });
    on('FSTAT', async (reqid, handle: Buffer) => {
      const h = this.handle(handle);
      if (h.kind === 'dir') throw new Refused(STATUS_CODE.FAILURE);
      s.attrs(reqid, attrsOf(await h.fh.stat()));
    });
    on('OPENDIR', async (reqid, path: string) => {
      const real = await this.existing(path);
      if (!(await stat(real)).isDirectory()) throw new Refused(STATUS_CODE.NO_SUCH_FILE, 'Not a directory');
      s.handle(reqid, this.add({ kind: 'dir', path: real, sent: false }));
    });
    on('READDIR', async (reqid, handle: Buffer) => {
      const h = this.handle(handle);
      if (h.kind !== 'dir') throw new Refused(STATUS_CODE.FAILURE);
      if (h.sent) return void s.status(reqid, STATUS_CODE.EOF);
      h.sent = true;
      const entries: FileEntry[] = [];
      for (const name of await readdir(h.path)) {
        const st = await lstat(join(h.path, name)).catch(() => null);
        if (st) entries.push({ filename: name, longname: longname(name, st), attrs: attrsOf(st) });
      }
      if (!entries.length) return void s.status(reqid, STATUS_CODE.EOF);
      s.name(reqid, entries);
    });
    on('OPEN', async (reqid, path: string, flags: number) => {
      const h = await this.open(path, flags);
      // The session ended while the file opened: nothing will close it, so it goes now.
      if (this.ended) {
        if (h.kind !== 'dir') await h.fh.close().catch(() => undefined);
        if (h.kind === 'write') {
          this.guard.closed(this.supplierId, h, false);
          await rm(h.temp, { force: true });
        }
        return;
      }
      s.handle(reqid, this.add(h));
    });
    on('READ', async (reqid, handle: Buffer, offset: number, length: number) => {
      const h = this.handle(handle);
      if (h.kind === 'dir') throw new Refused(STATUS_CODE.FAILURE);
      const buf = Buffer.alloc(Math.min(length, 256 * 1024));
      const { bytesRead } = await h.fh.read(buf, 0, buf.length, offset);
      if (!bytesRead) return void s.status(reqid, STATUS_CODE.EOF);
      s.data(reqid, buf.subarray(0, bytesRead));
    });
    on('WRITE', async (reqid, handle: Buffer, offset: number, data: Buffer) => {
      const h = this.handle(handle);
      if (h.kind !== 'write') throw denied();
      try {
        await this.guard.writing(this.supplierId, h, offset, data.length);
        await h.fh.write(data, 0, data.length, offset);
      } catch (e) {
        // Past a limit, or the write failed: the upload is over, its partial file deleted
        // (its handle is gone: later writes and its close fail, nothing lands).
        await this.abandon(handle, h);
        throw e;
      }
      this.guard.wrote(h, offset, data.length);
      s.status(reqid, STATUS_CODE.OK);
    });
    on('CLOSE', async (reqid, handle: Buffer) => {
      const h = this.handle(handle);
      this.handles.delete(handle.readUInt32BE(0));
      if (h.kind !== 'dir') await h.fh.close();
      if (h.kind === 'write') {
        let landed = false;
        try {
          await this.commit(h.temp, h.target, h.segments);
          landed = true;
        } finally {
          this.guard.closed(this.supplierId, h, landed);
        }
      }
      s.status(reqid, STATUS_CODE.OK);
    });
    on('MKDIR', async (reqid, path: string) => {
      const { real } = await this.writable(path);
      await mkdir(real);
      s.status(reqid, STATUS_CODE.OK);
    });
    on('RMDIR', async (reqid, path: string) => {
      const { real } = await this.writable(path);
      await rmdir(real);
      s.status(reqid, STATUS_CODE.OK);
    });
    on('REMOVE', async (reqid, path: string) => {
      const { real } = await this.writable(path);
      await unlink(real);
      s.status(reqid, STATUS_CODE.OK);
    });
    on('RENAME', async (reqid, from: string, to: string) => {
      const a = await this.writable(from);
      const b = await this.writable(to);
      await lstat(b.real).then(
        () => {
          throw denied();
        },
        (e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e;
        },
      );
      await rename(a.real, b.real);
      await this.arrived(b.segments);
      s.status(reqid, STATUS_CODE.OK);
    });
    // Permissions and times are the server's: accepted and not applied.
    on('SETSTAT', async (reqid, path: string) => {
      await this.existing(path);
      s.status(reqid, STATUS_CODE.OK);
    });
    on('FSETSTAT', async (reqid, handle: Buffer) => {
      this.handle(handle);
      s.status(reqid, STATUS_CODE.OK);
    });
    for (const event of ['READLINK', 'SYMLINK', 'EXTENDED']) {
      s.on(event as 'SYMLINK', ((reqid: number) => s.status(reqid, STATUS_CODE.OP_UNSUPPORTED)) as never);
    }
  }

  /** The session ended: uploads never closed are deleted (an interrupted upload is never part of a batch). */
  async end() {
    this.ended = true;
    const open = [...this.handles.values()];
    this.handles.clear();
    for (const h of open) {
      if (h.kind === 'dir') continue;
      await h.fh.close().catch(() => undefined);
      if (h.kind === 'write') {
        this.guard.closed(this.supplierId, h, false);
        await rm(h.temp, { force: true });
      }
    }
  }

  /** An upload that failed: its handle dropped, its partial file deleted. */
  private async abandon(handle: Buffer, h: WriteHandle) {
    this.handles.delete(handle.readUInt32BE(0));
    this.guard.closed(this.supplierId, h, false);
    await h.fh.close().catch(() => undefined);
    await rm(h.temp, { force: true });
  }

  private add(h: Handle): Buffer {
    const id = this.next++;
    this.handles.set(id, h);
    const b = Buffer.alloc(4);
    b.writeUInt32BE(id);
    return b;
  }

  private handle(b: Buffer): Handle {
    const h = b.length === 4 ? this.handles.get(b.readUInt32BE(0)) : undefined;
    if (!h) throw new Refused(STATUS_CODE.FAILURE, 'Invalid handle');
    return h;
  }

  private segments(path: string): string[] {
    const seg = virtualSegments(path);
    if (!seg) throw denied();
    return seg;
  }

  /** The real path must stay inside the supplier's folder (no symlink leads out). */
  private async inside(real: string) {
    const r = await realpath(real);
    if (r !== this.realRoot && !r.startsWith(this.realRoot + sep)) throw denied();
  }

  private async existing(path: string): Promise<string> {
    const real = join(this.root, ...this.segments(path));
    await this.inside(real);
    return real;
  }

  /** A path that may be written: its folder exists inside the supplier's, and its batch is not sealed. */
  private async writable(path: string): Promise<{ real: string; segments: string[] }> {
    const segments = this.segments(path);
    if (!segments.length) throw denied();
    const real = join(this.root, ...segments);
    await this.inside(join(this.root, ...segments.slice(0, -1)));
    const st = await lstat(real).catch(() => null);
    if (st?.isSymbolicLink()) throw denied();
    if (await this.sealed(segments[0])) throw new Refused(STATUS_CODE.PERMISSION_DENIED, 'The batch is complete');
    return { real, segments };
  }

  private async sealed(batch: string): Promise<boolean> {
    return isSealed(join(this.root, batch));
  }

  private async open(path: string, flags: number): Promise<Handle> {
    const writing = (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC)) !== 0;
    if (!writing) {
      const real = await this.existing(path);
      return { kind: 'read', fh: await open(real, FS.O_RDONLY | FS.O_NOFOLLOW) };
    }
    const { real, segments } = await this.writable(path);
    const current = await lstat(real).catch(() => null);
    if (current && flags & OPEN_MODE.EXCL) throw new Refused(STATUS_CODE.FAILURE, 'File exists');
    if (current && !current.isFile()) throw denied();
    if (!current && !(flags & OPEN_MODE.CREAT)) throw new Refused(STATUS_CODE.NO_SUCH_FILE);
    const resume = !!current && !(flags & OPEN_MODE.TRUNC);
    await this.guard.opening(this.supplierId, this.root, resume ? current.size : 0);
    const temp = join(this.incoming, `${this.supplierId}-${randomBytes(12).toString('hex')}`);
    let fh: FileHandle | undefined;
    try {
      // Resuming (no TRUNC): the upload continues from a copy of what is there.
      if (resume) await copyFile(real, temp);
      fh = await open(temp, resume ? 'r+' : 'w+', 0o644);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    const h: WriteHandle = { kind: 'write', fh, temp, target: real, segments, size: resume ? current.size : 0, sinceProbe: 0 };
    this.guard.opened(this.supplierId, h);
    return h;
  }

  private async commit(temp: string, target: string, segments: string[]) {
    try {
      if (await this.sealed(segments[0])) throw new Refused(STATUS_CODE.PERMISSION_DENIED, 'The batch is complete');
      // An early BatchComplete: the batch is marked waiting before the file lands, so it is never sealed meanwhile.
      if (this.isBatchComplete(segments)) {
        const { releases, missing } = await missingFiles(join(this.root, segments[0]));
        if (releases === 0 || missing.size > 0) await setState(join(this.root, segments[0]), 'waiting', true);
      }
      await rename(temp, target);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    await this.arrived(segments);
  }

  /**
   * A file arrived at `segments`: its batch's BatchComplete completes the batch, unless
   * files its XMLs name are still to come (the batch then waits, open); in a waiting batch,
   * the file that completes it seals it and queues its ingestion.
   */
  private isBatchComplete(segments: string[]): boolean {
    return segments.length === 2 && segments[1] === batchCompleteName(segments[0]);
  }

  private async arrived(segments: string[]) {
    const batchDir = join(this.root, segments[0]);
    if (this.isBatchComplete(segments)) return this.onBatchComplete(batchDir);
    if (!inState(batchDir, 'waiting') || !existsSync(join(batchDir, batchCompleteName(segments[0])))) return;
    const { releases, missing } = await missingFiles(batchDir);
    if (releases > 0 && missing.size === 0) {
      await setState(batchDir, 'waiting', false);
      await this.onBatchComplete(batchDir);
    }
  }
}

export async function startDropServer(opts: DropServerOptions): Promise<DropServer> {
  const { dropDir } = opts;
  if (!opts.backend && !(opts.db && opts.jobs)) throw new Error('startDropServer: a backend, or db and jobs');
  const backend = opts.backend ?? dbBackend(opts.db!, opts.jobs!, opts.signIn);
  const limits: SftpLimits = { ...SFTP_LIMITS, ...opts.limits };
  const incoming = join(dropDir, INCOMING_DIR);
  // Uploads of an earlier run that never closed are not deliveries.
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { recursive: true });
  const hostKey = await loadHostKey(opts.keyDir);
  const clients = new Set<Connection>();
  const verify = opts.signIn?.verifyPassword ?? verifyPassword;
  const sockets = new Set<Socket>();
  const metrics = new SftpMetrics(() => sockets.size, { processMetrics: opts.processMetrics });
  const guard = new UploadGuard(
    limits,
    opts.freeSpace ?? statfsSpace,
    dropDir,
    opts.freeSpaceCheckBytes ?? FREE_SPACE_CHECK_BYTES,
    metrics,
  );

  const enqueue = async (supplierId: number, batchDir: string) => {
    await backend.batchComplete(supplierId, batchDir);
    opts.log?.(`sftp: batch complete, ingest-batch queued for ${batchDir}`);
  };

  /** Each connection's pre-authentication time limit (cleared once it signs in). */
  const authTimers = new WeakMap<Socket, NodeJS.Timeout>();
  const server = new Server({ hostKeys: [hostKey.private] }, (client, info) => {
    clients.add(client);
    // ssh2 keeps the socket a client came on as `_sock` (its types do not say so).
    const socket = (client as Connection & { _sock?: Socket })._sock;
    client.once('ready', () => {
      if (socket) clearTimeout(authTimers.get(socket));
    });
    // SFTP is request/answer: without it, Nagle and delayed ACKs add ~200 ms to each small answer.
    // (ssh2 has it on server connections; its types do not say so.)
    (client as Connection & { setNoDelay(on: boolean): void }).setNoDelay(true);
    let user: SftpUser | null = null;
    let attempts = 0;
    client.on('authentication', (ctx) => {
      if (ctx.method === 'none') return ctx.reject(['password', 'publickey']);
      // Past the limit (a request already on its way when the connection was closed): refused unchecked.
      if (++attempts > limits.maxAuthAttempts) return void ctx.reject([]);
      const refuse = () => {
        metrics.signIns.inc({ outcome: 'refused' });
        ctx.reject(['password', 'publickey']);
        if (attempts >= limits.maxAuthAttempts) client.end();
      };
      if (ctx.method !== 'password' && ctx.method !== 'publickey') return refuse();
      checkAuth(backend, ctx, { address: info.ip, verify }).then((u) => {
        if (!u) return refuse();
        user = u;
        metrics.signIns.inc({ outcome: 'ok' });
        ctx.accept();
      }, refuse);
    });
    client.on('ready', () => {
      // Ready comes only after an accepted sign-in, which set the user.
      const u = user;
      if (!u) return void client.end();
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const root = join(dropDir, String(u.supplier_id));
          const s = new Session(sftp, root, incoming, u.supplier_id, (dir) => enqueue(u.supplier_id, dir), guard);
          const ended = () => void s.end();
          // One SFTP session per connection: when it ends, so does the connection (the
          // OpenSSH client waits for that before it exits).
          sftp.on('end', () => sftp.end());
          sftp.on('close', () => {
            ended();
            client.end();
          });
          client.on('close', ended);
          s.start();
        });
        // No shell, exec or port forwarding: SFTP only.
        session.on('shell', (_a, reject) => reject());
        session.on('exec', (_a, reject) => reject());
      });
    });
    client.on('error', () => undefined);
    client.on('close', () => clients.delete(client));
  });

  // The TCP listener is ours: a connection past a cap is closed before ssh2 sees it (no
  // key exchange, no buffers), and the others are handed to ssh2 (injectSocket).
  const perAddress = new Map<string, number>();
  const listener = createServer({ noDelay: true }, (socket) => {
    const addr = addressKey(socket.remoteAddress);
    const fromThere = perAddress.get(addr) ?? 0;
    if (sockets.size >= limits.maxConnections || fromThere >= limits.maxConnectionsPerAddress) {
      metrics.connectionsTotal.inc({ outcome: sockets.size >= limits.maxConnections ? 'refused_cap' : 'refused_address_cap' });
      socket.on('error', () => undefined);
      socket.resetAndDestroy();
      return;
    }
    sockets.add(socket);
    metrics.connectionsTotal.inc({ outcome: 'accepted' });
    perAddress.set(addr, fromThere + 1);
    // Signed in within the time limit, or closed.
    const timer = setTimeout(() => {
      metrics.signInTimeouts.inc();
      socket.destroy();
    }, limits.authTimeoutMs);
    socket.once('close', () => {
      clearTimeout(timer);
      sockets.delete(socket);
      const n = (perAddress.get(addr) ?? 1) - 1;
      if (n > 0) perAddress.set(addr, n);
      else perAddress.delete(addr);
    });
    authTimers.set(socket, timer);
    server.injectSocket(socket);
  });
  listener.on('error', (e) => opts.log?.(`sftp: ${e.message}`));

  const { port, url } = await listen(listener, 'sftp', opts.port ?? 0, opts.host ?? '127.0.0.1');
  return {
    url,
    port,
    hostPublicKey: hostKey.public,
    connections: () => sockets.size,
    metrics,
    close: async () => {
      const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
      for (const c of clients) c.end();
      // Connections that never signed in (and any left after end()) go now.
      for (const sock of sockets) sock.destroy();
      await closed;
    },
  };
}
