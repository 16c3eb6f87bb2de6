/**
 * Cover art dimensions read from the image's own header (PNG IHDR, JPEG SOFn),
 * with positioned reads: main reads the file, never the renderer, and never whole.
 */
import { open } from 'node:fs/promises';
import { PKG_MSG } from '../../../shared/packaging/messages';

export interface ImageInfo {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  size: number;
}

export class ImageFormatError extends Error {}

export async function readImageInfo(path: string): Promise<ImageInfo> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    const read = async (pos: number, n: number) => {
      const b = Buffer.alloc(n);
      const { bytesRead } = await fh.read(b, 0, n, pos);
      return b.subarray(0, bytesRead);
    };
    const head = await read(0, 32);
    if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47 && head.toString('latin1', 12, 16) === 'IHDR') {
      return { format: 'png', width: head.readUInt32BE(16), height: head.readUInt32BE(20), size };
    }
    if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) {
      let pos = 2;
      for (let guard = 0; guard < 10_000 && pos + 4 <= size; guard++) {
        const m = await read(pos, 10);
        if (m[0] !== 0xff) break;
        const marker = m[1];
        if (marker === 0xff) {
          pos += 1;
          continue;
        }
        if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
          pos += 2;
          continue;
        }
        const len = m.readUInt16BE(2);
        // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC)
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { format: 'jpeg', height: m.readUInt16BE(5), width: m.readUInt16BE(7), size };
        }
        if (marker === 0xda || marker === 0xd9) break;
        pos += 2 + len;
      }
      throw new ImageFormatError('The JPEG image has no readable size');
    }
    throw new ImageFormatError(PKG_MSG.coverArtFormat);
  } finally {
    await fh.close();
  }
}
