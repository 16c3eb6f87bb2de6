/**
 * A strtok3 tokenizer over the scanner's own chunk reads, so music-metadata parses
 * from the same single pass that feeds the MD5 worker. Header and tag bytes are
 * copied out as the parser asks for them; what the parser skips (the audio data
 * chunk of a WAV or AIFF) is never copied: each chunk is handed on (`release`, in
 * file order) once the parser has moved past it, and the scanner transfers it to
 * the hash worker without a copy.
 */
import { AbstractTokenizer, EndOfStreamError, type IFileInfo, type IReadChunkOptions } from 'strtok3';

export class ChunkTokenizer extends AbstractTokenizer {
  fileInfo: IFileInfo;
  private readonly queue: Uint8Array[] = [];
  /** Bytes of queue[0] already consumed. */
  private offset = 0;
  private eof = false;

  constructor(
    private readonly next: () => Promise<Uint8Array | null>,
    private readonly release: (chunk: Uint8Array) => Promise<void>,
    fileInfo: IFileInfo,
  ) {
    super();
    this.fileInfo = fileInfo;
  }

  supportsRandomAccess(): boolean {
    return false;
  }

  private buffered(): number {
    let n = -this.offset;
    for (const c of this.queue) n += c.byteLength;
    return n;
  }

  private async fill(n: number): Promise<void> {
    while (!this.eof && this.buffered() < n) {
      const c = await this.next();
      if (c) this.queue.push(c);
      else this.eof = true;
    }
  }

  /** Copies up to `length` bytes starting `skip` bytes ahead, without consuming. */
  private copy(target: Uint8Array, skip: number, length: number): number {
    let at = this.offset + skip;
    let done = 0;
    for (const c of this.queue) {
      if (done >= length) break;
      if (at >= c.byteLength) {
        at -= c.byteLength;
        continue;
      }
      const n = Math.min(c.byteLength - at, length - done);
      target.set(c.subarray(at, at + n), done);
      done += n;
      at = 0;
    }
    return done;
  }

  /** Moves past `n` buffered bytes, releasing every chunk left behind. */
  private async consume(n: number): Promise<void> {
    this.offset += n;
    this.position += n;
    while (this.queue.length && this.offset >= this.queue[0].byteLength) {
      this.offset -= this.queue[0].byteLength;
      await this.release(this.queue.shift()!);
    }
  }

  async readBuffer(target: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const o = this.normalizeOptions(target, options);
    if (o.position > this.position) await this.ignore(o.position - this.position);
    if (!o.length) return 0;
    await this.fill(o.length);
    const n = this.copy(target, 0, o.length);
    await this.consume(n);
    if (n < o.length && !o.mayBeLess) throw new EndOfStreamError();
    return n;
  }

  async peekBuffer(target: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const o = this.normalizeOptions(target, options);
    if (!o.length) return 0;
    const skip = o.position - this.position;
    await this.fill(skip + o.length);
    const n = this.copy(target, skip, o.length);
    if (n < o.length && !o.mayBeLess) throw new EndOfStreamError();
    return n;
  }

  override async ignore(length: number): Promise<number> {
    let left = length;
    while (left > 0) {
      if (!this.buffered()) {
        if (this.eof) break;
        await this.fill(1);
        continue;
      }
      const n = Math.min(left, this.queue[0].byteLength - this.offset);
      await this.consume(n);
      left -= n;
    }
    return length - left;
  }

  /** After parsing: releases whatever is still buffered, in order. */
  async drain(): Promise<void> {
    while (this.queue.length) {
      const c = this.queue.shift()!;
      this.offset = 0;
      await this.release(c);
    }
  }
}
