/**
 * The SFTP drop server (issue 15, "Delivery: SFTP"): suppliers deliver packages here as
 * the industry does, with ssh2's server mode, on its own port (SFTP_PORT).
 *
 * - Sign-in: a supplier's enabled SFTP user (ftp_users, §7 content-ops ftp-users) with its
 *   password, one of its public keys, or its supplier's ingester key as the password.
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
 *   is enqueued with `{ supplier_id, batch_dir }`.
 */
import { constants as FS, readFileSync, type Stats } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, readdir, realpath, rename, rm, rmdir, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { join, sep } from 'node:path';
import ssh2 from 'ssh2';
import type { AuthContext, Connection, SFTPWrapper, Attributes, FileEntry } from 'ssh2';
import type { Db } from '../db/client';
import { hashToken, safeEqual, verifyPassword } from '../auth/crypto';
import { INGEST_BATCH_JOB, type IngestBatchPayload } from '../../shared/api/endpoints/jobs';
import type { JobQueue } from '../jobs/queue';
import { ingestBatchKey } from '../jobs/kinds';
import { newSshKeyPair } from '../../shared/packaging/ssh-key';

const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

/** The folder of the drop root where uploads are written until closed. */
export const INCOMING_DIR = '.incoming';
/** The host key's file name in the SFTP data folder. */
export const HOST_KEY_FILE = 'sftp_host_ed25519_key';
/** DDEX: `BatchComplete_<batch id>.xml` in the batch folder `<batch id>/`. */
export const batchCompleteName = (batch: string) => `BatchComplete_${batch}.xml`;

export interface DropServerOptions {
  db: Db;
  jobs: JobQueue;
  /** The drop root: one folder per supplier (created on its first sign-in). */
  dropDir: string;
  /** Where the host key is kept (generated on the first start); omitted: a new key each start. */
  keyDir?: string;
  port?: number;
  host?: string;
  log?: (msg: string) => void;
}

export interface DropServer {
  /** sftp://host:port */
  url: string;
  port: number;
  /** The host key's public half (OpenSSH format), for known_hosts. */
  hostPublicKey: string;
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
    await link(tmp, file).catch((e: NodeJS.ErrnoException) => { if (e.code !== 'EEXIST') throw e; });
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

interface SftpUser { id: number; supplier_id: number; password_hash: string | null; ingester_key: string | null }

async function findUser(db: Db, username: string): Promise<SftpUser | null> {
  const [row] = await db.query<SftpUser>(
    `select u.id, u.supplier_id, u.password_hash, s.ingester_key from ftp_users u join suppliers s on s.id = u.supplier_id
     where u.username = $1 and u.enabled and s.enabled`, [username],
  );
  return row ?? null;
}

async function checkAuth(db: Db, ctx: AuthContext): Promise<SftpUser | null> {
  const user = await findUser(db, ctx.username);
  if (ctx.method === 'password') {
    // One scrypt whether or not the user exists (timing tells nothing).
    const byPassword = await verifyPassword(ctx.password, user?.password_hash ?? null);
    const byIngesterKey = !!user?.ingester_key && safeEqual(hashToken(ctx.password), user.ingester_key);
    return user && (byPassword || byIngesterKey) ? user : null;
  }
  if (ctx.method === 'publickey' && user) {
    const keys = await db.query<{ algorithm: string; key_data: string }>('select algorithm, key_data from ftp_user_keys where ftp_user_id = $1', [user.id]);
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
  constructor(readonly code: number, message = 'Permission denied') { super(message); }
}
const denied = () => new Refused(STATUS_CODE.PERMISSION_DENIED);

type Handle =
  | { kind: 'read'; fh: FileHandle }
  | { kind: 'write'; fh: FileHandle; temp: string; target: string; segments: string[] }
  | { kind: 'dir'; path: string; sent: boolean };

function attrsOf(st: Stats): Attributes {
  return { mode: st.mode, uid: 0, gid: 0, size: st.size, atime: Math.floor(st.atimeMs / 1000), mtime: Math.floor(st.mtimeMs / 1000) };
}

function longname(name: string, st: Stats): string {
  const type = st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : '-';
  const bits = 'rwxrwxrwx'.split('').map((c, i) => (st.mode & (0o400 >> i) ? c : '-')).join('');
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

  constructor(
    private readonly sftp: SFTPWrapper,
    private readonly root: string,
    private readonly incoming: string,
    private readonly supplierId: number,
    private readonly onBatchComplete: (batchDir: string) => Promise<void>,
  ) {}

  /** Serves the session's requests (registered at once: the client's first request may come before the folder is ready). */
  start() {
    this.ready = mkdir(this.root, { recursive: true }).then(async () => { this.realRoot = await realpath(this.root); });
    const s = this.sftp;
    const on = (event: string, fn: (reqid: number, ...args: never[]) => Promise<void>) =>
      s.on(event as 'OPEN', ((reqid: number, ...args: never[]) => {
        this.ready!.then(() => fn(reqid, ...args)).catch((e: unknown) => s.status(reqid, errnoStatus(e), e instanceof Refused ? e.message : undefined));
      }) as never);
    on('REALPATH', async (reqid, path: string) => {
      const seg = this.segments(path);
      s.name(reqid, [{ filename: `/${seg.join('/')}`, longname: `/${seg.join('/')}`, attrs: {} as Attributes }]);
    });
    on('STAT', async (reqid, path: string) => { s.attrs(reqid, attrsOf(await stat(await this.existing(path)))); });
    on('LSTAT', async (reqid, path: string) => { s.attrs(reqid, attrsOf(await lstat(await this.existing(path)))); });
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
    on('OPEN', async (reqid, path: string, flags: number) => s.handle(reqid, this.add(await this.open(path, flags))));
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
      await h.fh.write(data, 0, data.length, offset);
      s.status(reqid, STATUS_CODE.OK);
    });
    on('CLOSE', async (reqid, handle: Buffer) => {
      const h = this.handle(handle);
      this.handles.delete(handle.readUInt32BE(0));
      if (h.kind !== 'dir') await h.fh.close();
      if (h.kind === 'write') await this.commit(h.temp, h.target, h.segments);
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
      await lstat(b.real).then(() => { throw denied(); }, (e: NodeJS.ErrnoException) => { if (e.code !== 'ENOENT') throw e; });
      await rename(a.real, b.real);
      await this.arrived(b.segments);
      s.status(reqid, STATUS_CODE.OK);
    });
    // Permissions and times are the server's: accepted and not applied.
    on('SETSTAT', async (reqid, path: string) => { await this.existing(path); s.status(reqid, STATUS_CODE.OK); });
    on('FSETSTAT', async (reqid, handle: Buffer) => { this.handle(handle); s.status(reqid, STATUS_CODE.OK); });
    for (const event of ['READLINK', 'SYMLINK', 'EXTENDED']) {
      s.on(event as 'SYMLINK', ((reqid: number) => s.status(reqid, STATUS_CODE.OP_UNSUPPORTED)) as never);
    }
  }

  /** The session ended: uploads never closed are deleted (an interrupted upload is never part of a batch). */
  async end() {
    for (const h of this.handles.values()) {
      if (h.kind === 'dir') continue;
      await h.fh.close().catch(() => undefined);
      if (h.kind === 'write') await rm(h.temp, { force: true });
    }
    this.handles.clear();
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
    return lstat(join(this.root, batch, batchCompleteName(batch))).then(() => true, () => false);
  }

  private async open(path: string, flags: number): Promise<Handle> {
    const writing = (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC)) !== 0;
    if (!writing) {
      const real = await this.existing(path);
      return { kind: 'read', fh: await open(real, FS.O_RDONLY | FS.O_NOFOLLOW) };
    }
    const { real, segments } = await this.writable(path);
    const current = await lstat(real).catch(() => null);
    if (current && (flags & OPEN_MODE.EXCL)) throw new Refused(STATUS_CODE.FAILURE, 'File exists');
    if (current && !current.isFile()) throw denied();
    if (!current && !(flags & OPEN_MODE.CREAT)) throw new Refused(STATUS_CODE.NO_SUCH_FILE);
    const temp = join(this.incoming, `${this.supplierId}-${randomBytes(12).toString('hex')}`);
    // Resuming (no TRUNC): the upload continues from a copy of what is there.
    if (current && !(flags & OPEN_MODE.TRUNC)) await copyFile(real, temp);
    const fh = await open(temp, current && !(flags & OPEN_MODE.TRUNC) ? 'r+' : 'w+', 0o644);
    return { kind: 'write', fh, temp, target: real, segments };
  }

  private async commit(temp: string, target: string, segments: string[]) {
    try {
      if (await this.sealed(segments[0])) throw new Refused(STATUS_CODE.PERMISSION_DENIED, 'The batch is complete');
      await rename(temp, target);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    await this.arrived(segments);
  }

  /** A file arrived at `segments`: its batch's BatchComplete completes the batch. */
  private async arrived(segments: string[]) {
    if (segments.length === 2 && segments[1] === batchCompleteName(segments[0])) {
      await this.onBatchComplete(join(this.root, segments[0]));
    }
  }
}

export async function startDropServer(opts: DropServerOptions): Promise<DropServer> {
  const { db, jobs, dropDir } = opts;
  const incoming = join(dropDir, INCOMING_DIR);
  // Uploads of an earlier run that never closed are not deliveries.
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { recursive: true });
  const hostKey = await loadHostKey(opts.keyDir);
  const clients = new Set<Connection>();

  const enqueue = async (supplierId: number, batchDir: string) => {
    const payload: IngestBatchPayload = { supplier_id: supplierId, batch_dir: batchDir };
    await jobs.enqueue(INGEST_BATCH_JOB, null, { ...payload }, { singletonKey: ingestBatchKey(supplierId, batchDir) });
    opts.log?.(`sftp: batch complete, ingest-batch queued for ${batchDir}`);
  };

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    clients.add(client);
    // SFTP is request/answer: without it, Nagle and delayed ACKs add ~200 ms to each small answer.
    // (ssh2 has it on server connections; its types do not say so.)
    (client as Connection & { setNoDelay(on: boolean): void }).setNoDelay(true);
    let user: SftpUser | null = null;
    client.on('authentication', (ctx) => {
      if (ctx.method !== 'password' && ctx.method !== 'publickey') return ctx.reject(['password', 'publickey']);
      checkAuth(db, ctx).then((u) => {
        if (!u) return ctx.reject(['password', 'publickey']);
        user = u;
        ctx.accept();
      }, () => ctx.reject(['password', 'publickey']));
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => {
          const u = user!;
          const sftp = acceptSftp();
          const root = join(dropDir, String(u.supplier_id));
          const s = new Session(sftp, root, incoming, u.supplier_id, (dir) => enqueue(u.supplier_id, dir));
          const ended = () => void s.end();
          // One SFTP session per connection: when it ends, so does the connection (the
          // OpenSSH client waits for that before it exits).
          sftp.on('end', () => sftp.end());
          sftp.on('close', () => { ended(); client.end(); });
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

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `sftp://${host}:${port}`,
    port,
    hostPublicKey: hostKey.public,
    close: async () => {
      for (const c of clients) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
