/**
 * Scans the folders (or dropped files) the user picked for WAV, FLAC and AIFF: lists
 * every file found, reads the audio ones with bounded concurrency, reports progress
 * per file and in bytes, and stops on cancel. Only reads inside the picked paths.
 */
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { AUDIO_EXTENSIONS } from '../../../shared/packaging/audio-formats';
import type { ScanEntry, ScanProgress } from '../../../shared/packaging/model';
import { confine, OutsideRootError } from './containment';
import type { HashPool } from './hash-pool';
import { abortError, scanFile } from './scan-file';

/** wav, flac, aiff (§9), from the one list ingestion also takes (shared/packaging/audio-formats.ts). */
export { AUDIO_EXTENSIONS };
const MAX_DEPTH = 8;

export interface ScanRequest {
  scanId: string;
  /** Folders or files the user picked or dropped; each is its own root. */
  paths: string[];
  hashes: HashPool;
  concurrency?: number;
  chunkSize?: number;
  signal?: AbortSignal;
  onProgress?: (p: ScanProgress) => void;
  /** Minimum milliseconds between byte-progress reports (file completions always report). */
  progressIntervalMs?: number;
}

interface Found {
  path: string;
  name: string;
  size: number;
}

/** Files already listed in this scan, by device and inode: a link (or hard link) to one of them is the same recording. */
type Seen = Map<string, string>;

export async function scan(req: ScanRequest): Promise<ScanEntry[]> {
  const listed: ScanEntry[] = [];
  const audio: Found[] = [];
  const seen: Seen = new Map();
  for (const p of req.paths) {
    let root: string;
    try {
      root = await realpath(p);
    } catch (e) {
      listed.push(problem(p, 'unreadable', `The path could not be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`));
      continue;
    }
    const st = await stat(root);
    if (st.isDirectory()) await walk(root, [root], 0, listed, audio, seen, req.signal);
    else await consider(root, basename(root), root, listed, audio, seen);
  }
  if (req.signal?.aborted) throw abortError();

  const filesTotal = listed.length + audio.length;
  const bytesTotal = audio.reduce((n, f) => n + f.size, 0);
  let filesDone = listed.length;
  let bytesDone = 0;
  let lastReport = 0;
  const interval = req.progressIntervalMs ?? 100;
  const report = (entry?: ScanEntry) =>
    req.onProgress?.({ scanId: req.scanId, filesDone, filesTotal, bytesDone, bytesTotal, ...(entry ? { entry } : {}) });
  for (const e of listed) report(e);

  const results: ScanEntry[] = new Array(audio.length);
  let nextIndex = 0;
  const concurrency = Math.max(1, Math.min(req.concurrency ?? 2, 8));
  const runner = async () => {
    while (nextIndex < audio.length) {
      if (req.signal?.aborted) throw abortError();
      const i = nextIndex++;
      const f = audio[i];
      const entry = await scanFile(f.path, f.name, {
        hashes: req.hashes,
        signal: req.signal,
        chunkSize: req.chunkSize,
        onBytes: (n) => {
          bytesDone += n;
          const now = Date.now();
          if (now - lastReport >= interval) {
            lastReport = now;
            report();
          }
        },
      });
      results[i] = entry;
      filesDone++;
      report(entry);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, audio.length) }, runner));
  return [...results, ...listed].sort((a, b) => a.path.localeCompare(b.path));
}

function problem(path: string, status: ScanEntry['status'], reason: string, size = 0): ScanEntry {
  return { path, name: basename(path), size, status, reason, issues: [] };
}

async function walk(dir: string, roots: string[], depth: number, listed: ScanEntry[], audio: Found[], seen: Seen, signal?: AbortSignal) {
  if (signal?.aborted) return;
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch (e) {
    listed.push(problem(dir, 'unreadable', `The folder could not be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`));
    return;
  }
  for (const name of names) {
    const full = join(dir, name);
    let real: string;
    try {
      real = await confine(full, roots);
    } catch (e) {
      if (e instanceof OutsideRootError) listed.push(problem(full, 'refused', e.message));
      else listed.push(problem(full, 'unreadable', `The path could not be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`));
      continue;
    }
    const st = await stat(real);
    if (st.isDirectory()) {
      // A link to a folder inside the root is read once where it really is, not again.
      if ((await lstat(full)).isSymbolicLink()) continue;
      if (depth + 1 < MAX_DEPTH) await walk(real, roots, depth + 1, listed, audio, seen, signal);
      else listed.push(problem(full, 'unsupported', 'Folders nested this deep are not read'));
    } else {
      await consider(real, name, full, listed, audio, seen);
    }
  }
}

/** `real` is the file's real path, `shown` the path it was found under (a link's own path). */
async function consider(real: string, name: string, shown: string, listed: ScanEntry[], audio: Found[], seen: Seen) {
  const st = await stat(real);
  if (!st.isFile()) {
    listed.push(problem(real, 'unsupported', 'Not a regular file'));
    return;
  }
  const ext = extname(name).toLowerCase();
  if (!AUDIO_EXTENSIONS.has(ext)) {
    listed.push(problem(real, 'unsupported', `Unsupported file type ${ext || '(none)'}: only WAV, FLAC and AIFF are packaged`, st.size));
    return;
  }
  // A file system without inode numbers (0) cannot tell: each file is its own there.
  const id = st.ino ? `${st.dev}:${st.ino}` : real;
  const first = seen.get(id);
  if (first !== undefined) {
    listed.push(problem(shown, 'refused', `The same file as ${first}: a recording is packaged once`, st.size));
    return;
  }
  seen.set(id, name);
  audio.push({ path: real, name, size: st.size });
}
