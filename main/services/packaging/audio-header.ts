/**
 * Format fields read from a file's first bytes: which container it really is, the
 * WAV format tag (and the sub-format of WAVE_FORMAT_EXTENSIBLE), the AIFF-C
 * compression type. music-metadata's codec string is not enough to judge by.
 */
import type { AudioContainer } from '../../../shared/packaging/model';

export interface HeaderFields {
  container: AudioContainer | null;
  wavFormatTag: number | null;
  /** For WAVE_FORMAT_EXTENSIBLE: the sub-format's leading format tag (1 PCM, 3 float). */
  wavSubFormat: number | null;
  aiffCompression: string | null;
}

const ascii = (b: Buffer, at: number, n = 4) => b.toString('latin1', at, at + n);

export function readHeaderFields(head: Buffer): HeaderFields {
  const out: HeaderFields = { container: null, wavFormatTag: null, wavSubFormat: null, aiffCompression: null };
  if (head.length < 12) return out;
  if (ascii(head, 0) === 'fLaC') return { ...out, container: 'FLAC' };
  if (ascii(head, 0, 3) === 'ID3') {
    // FLAC may start with an ID3v2 tag (synchsafe size): look behind it.
    const size = ((head[6] & 0x7f) << 21) | ((head[7] & 0x7f) << 14) | ((head[8] & 0x7f) << 7) | (head[9] & 0x7f);
    const at = 10 + size;
    if (head.length >= at + 4 && ascii(head, at) === 'fLaC') return { ...out, container: 'FLAC' };
    return out;
  }
  if ((ascii(head, 0) === 'RIFF' || ascii(head, 0) === 'RF64') && ascii(head, 8) === 'WAVE') {
    out.container = 'WAVE';
    for (let at = 12; at + 8 <= head.length;) {
      const id = ascii(head, at);
      const size = head.readUInt32LE(at + 4);
      if (id === 'fmt ' && at + 10 <= head.length) {
        out.wavFormatTag = head.readUInt16LE(at + 8);
        if (out.wavFormatTag === 0xfffe && at + 8 + 26 <= head.length) out.wavSubFormat = head.readUInt16LE(at + 8 + 24);
        break;
      }
      at += 8 + size + (size & 1);
    }
    return out;
  }
  if (ascii(head, 0) === 'FORM' && (ascii(head, 8) === 'AIFF' || ascii(head, 8) === 'AIFC')) {
    const aifc = ascii(head, 8) === 'AIFC';
    out.container = aifc ? 'AIFF-C' : 'AIFF';
    if (aifc) {
      for (let at = 12; at + 8 <= head.length;) {
        const id = ascii(head, at);
        const size = head.readUInt32BE(at + 4);
        if (id === 'COMM' && at + 8 + 22 <= head.length) {
          out.aiffCompression = ascii(head, at + 8 + 18);
          break;
        }
        at += 8 + size + (size & 1);
      }
    }
    return out;
  }
  return out;
}

/** Whether the samples are uncompressed integer PCM (or FLAC), by the header fields. */
export function isLosslessPcm(h: HeaderFields): boolean {
  switch (h.container) {
    case 'FLAC':
    case 'AIFF':
      return true;
    case 'AIFF-C':
      return h.aiffCompression !== null && ['NONE', 'none', 'sowt', 'twos'].includes(h.aiffCompression);
    case 'WAVE':
      return h.wavFormatTag === 1 || (h.wavFormatTag === 0xfffe && h.wavSubFormat === 1);
    default:
      return false;
  }
}
