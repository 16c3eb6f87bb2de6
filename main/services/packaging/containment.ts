/**
 * Reads stay inside the folders the user picked: every path is resolved with
 * realpath and must sit under (or be) one of the picked roots' real paths, so a
 * symlink pointing out of the folder is refused rather than followed.
 */
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';

export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return candidate.startsWith(prefix);
}

export class OutsideRootError extends Error {
  constructor(readonly path: string) {
    super('Links outside the picked folder are not read');
    this.name = 'OutsideRootError';
  }
}

/** The real path of `path`, or OutsideRootError when it resolves outside every root. */
export async function confine(path: string, realRoots: readonly string[]): Promise<string> {
  const real = await realpath(path);
  if (!realRoots.some((r) => isInside(r, real))) throw new OutsideRootError(path);
  return real;
}
