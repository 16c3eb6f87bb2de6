/**
 * MD5 (the DDEX hash) computed in worker threads, off main's event loop. Each file
 * scanned or copied opens a session; its chunks go to one worker in order, with at
 * most MAX_IN_FLIGHT chunks queued per session so a fast disk cannot pile the whole
 * file up in the worker's inbox (memory stays flat in file size).
 *
 * The worker's code is inline (eval) so it survives every bundling of main: the
 * Electron build, the browser host, the bench runner and vitest.
 */
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const sessions = new Map();
parentPort.on('message', (m) => {
  if (m.t === 'u') {
    let h = sessions.get(m.id);
    if (!h) { h = createHash('md5'); sessions.set(m.id, h); }
    h.update(new Uint8Array(m.b, m.o, m.n));
    // The chunk's memory goes back to main's buffer pool.
    parentPort.postMessage({ id: m.id, t: 'a', b: m.b }, [m.b]);
  } else if (m.t === 'd') {
    const h = sessions.get(m.id) || createHash('md5');
    sessions.delete(m.id);
    parentPort.postMessage({ id: m.id, t: 'd', md5: h.digest('hex') });
  } else if (m.t === 'x') {
    sessions.delete(m.id);
  }
});
`;

const MAX_IN_FLIGHT = 4;

interface Slot {
  worker: Worker;
  sessions: Map<number, HashSession>;
}

type WorkerReply = { id: number; t: 'a'; b: ArrayBuffer } | { id: number; t: 'd'; md5: string };

export class HashSession {
  private inFlight = 0;
  private waiters: Array<() => void> = [];
  private result?: { resolve: (md5: string) => void; reject: (e: Error) => void };
  private closed = false;

  constructor(
    private readonly slot: Slot,
    readonly id: number,
    private readonly release: (s: HashSession) => void,
    private readonly pool: BufferPool,
  ) {}

  /**
   * Hashes the next bytes of the file. With `transfer` the chunk's memory moves to the
   * worker (the caller must not use it again); otherwise it is copied. Resolves when
   * the session has room for another chunk.
   */
  async update(chunk: Uint8Array, transfer = false): Promise<void> {
    if (this.closed) throw new Error('hash session closed');
    const whole = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
    let buffer: ArrayBuffer;
    let offset = chunk.byteOffset;
    if (transfer && whole && chunk.buffer instanceof ArrayBuffer) {
      buffer = chunk.buffer;
    } else {
      buffer = this.pool.take(chunk.byteLength);
      new Uint8Array(buffer, 0, chunk.byteLength).set(chunk);
      offset = 0;
    }
    this.inFlight++;
    this.slot.worker.postMessage({ t: 'u', id: this.id, b: buffer, o: offset, n: chunk.byteLength }, [buffer]);
    if (this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((r) => this.waiters.push(r));
  }

  /** The hex MD5 of everything passed to update(). Ends the session. */
  digest(): Promise<string> {
    this.closed = true;
    return new Promise<string>((resolve, reject) => {
      this.result = { resolve, reject };
      this.slot.worker.postMessage({ t: 'd', id: this.id });
    });
  }

  /** Drops the session without a result (cancel, unreadable file). */
  abort(): void {
    if (this.closed && !this.result) return;
    this.closed = true;
    this.slot.worker.postMessage({ t: 'x', id: this.id });
    this.result?.reject(new Error('hash session aborted'));
    this.result = undefined;
    this.flushWaiters();
    this.release(this);
  }

  /** @internal */
  onReply(m: WorkerReply): void {
    if (m.t === 'a') {
      this.pool.give(m.b);
      this.inFlight--;
      if (this.inFlight < MAX_IN_FLIGHT) this.flushWaiters();
    } else {
      this.result?.resolve(m.md5);
      this.result = undefined;
      this.release(this);
    }
  }

  /** @internal */
  fail(e: Error): void {
    this.closed = true;
    this.result?.reject(e);
    this.result = undefined;
    this.flushWaiters();
  }

  private flushWaiters(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const r of w) r();
  }
}

/**
 * Chunk buffers reused between reads: hashed chunks come back from the workers and
 * are read into again, so a scan's memory does not grow with the bytes it reads.
 */
export class BufferPool {
  private readonly free: ArrayBuffer[] = [];
  constructor(
    readonly size: number,
    private readonly max = 16,
  ) {}
  take(minBytes: number): ArrayBuffer {
    if (minBytes <= this.size) return this.free.pop() ?? new ArrayBuffer(this.size);
    return new ArrayBuffer(minBytes);
  }
  give(b: ArrayBuffer): void {
    if (b.byteLength === this.size && this.free.length < this.max) this.free.push(b);
  }
}

export class HashPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  /** Read buffers of CHUNK_SIZE bytes, recycled through the workers. */
  readonly buffers = new BufferPool(2 * 1024 * 1024);

  constructor(readonly size = 2) {
    for (let i = 0; i < Math.max(1, size); i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    const slot: Slot = { worker, sessions: new Map() };
    worker.on('message', (m: WorkerReply) => slot.sessions.get(m.id)?.onReply(m));
    worker.on('error', (e) => {
      for (const s of slot.sessions.values()) s.fail(e);
      slot.sessions.clear();
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots[i] = this.spawn();
    });
    return slot;
  }

  /** Opens a hashing session on the least busy worker. */
  begin(): HashSession {
    const slot = this.slots.reduce((a, b) => (b.sessions.size < a.sessions.size ? b : a));
    const session = new HashSession(slot, this.nextId++, (s) => slot.sessions.delete(s.id), this.buffers);
    slot.sessions.set(session.id, session);
    return session;
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }
}
