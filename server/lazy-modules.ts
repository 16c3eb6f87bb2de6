/**
 * Libraries a process loads on first use rather than at its start: each takes about 0.1 s to
 * load here, and many processes never use some of them (an API that takes no image or audio
 * upload, a job worker, the SFTP drop server's process, a test's server). They are CommonJS
 * packages, so the first use loads them synchronously, where it is.
 */
import { createRequire } from 'node:module';
import type Sharp from 'sharp';
import type * as Xmlbuilder2 from 'xmlbuilder2';
import type * as Ssh2 from 'ssh2';

const requireHere = createRequire(import.meta.url);

function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}

/** sharp (image decoding and resizing). */
export const loadSharp = onFirstUse<typeof Sharp>('sharp');
/** xmlbuilder2 (reading and writing ERN XML). */
export const loadXmlbuilder2 = onFirstUse<typeof Xmlbuilder2>('xmlbuilder2');
/** ssh2 (SSH keys; the SFTP drop server). */
export const loadSsh2 = onFirstUse<typeof Ssh2>('ssh2');
