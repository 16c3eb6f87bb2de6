/**
 * A delivery batch on the SFTP drop (DDEX choreography): `<drop>/<supplier id>/<batch id>/`
 * holding one folder per release (`<UPC>/<UPC>.xml` and its resources), complete when
 * `BatchComplete_<batch id>.xml` arrives in it. Shared by the drop server (which seals a
 * complete batch and queues its ingestion) and ingestion (issue 25: "BatchComplete early").
 *
 * A batch is sealed (nothing in it may be written, renamed or removed) once its
 * BatchComplete is there, except while it is in one of two states, kept as marker files
 * outside every supplier's folder (`<drop>/.batches/<supplier id>/<batch id>.<state>`, so a
 * supplier can neither see nor remove them):
 *   - waiting: BatchComplete came before every file its XMLs name. The batch stays open;
 *     the upload that completes it seals it and queues its ingestion; after
 *     BATCH_FILES_WAIT_SECONDS without it, ingestion runs anyway and refuses what is
 *     missing, naming it.
 *   - open: a delivery of the batch was refused for its files or rules; the supplier may
 *     send the fixed file, and content ops re-ingest (which reads the batch folder again).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileNamed, filesUnder } from './files';
import { readErn } from './read-ern';

/** How long a batch whose BatchComplete came before its files waits for them (30 minutes). */
export const BATCH_FILES_WAIT_SECONDS = 30 * 60;

/** The singleton key of a batch's ingest-batch job (one queued or running per batch). */
export function ingestBatchKey(supplierId: number, batchDir: string): string {
  return `${supplierId}:${batchDir}`;
}

/** DDEX: `BatchComplete_<batch id>.xml` in the batch folder `<batch id>/`. */
export const batchCompleteName = (batch: string) => `BatchComplete_${batch}.xml`;

/** The folder (in the drop root, beside .incoming) holding the batches' state markers. */
export const BATCH_STATE_DIR = '.batches';

export type BatchState = 'waiting' | 'open';

/** The marker file of a batch's state. */
export function stateFile(batchDir: string, state: BatchState): string {
  const supplierDir = dirname(batchDir);
  return join(dirname(supplierDir), BATCH_STATE_DIR, basename(supplierDir), `${basename(batchDir)}.${state}`);
}

export async function setState(batchDir: string, state: BatchState, on: boolean): Promise<void> {
  const file = stateFile(batchDir, state);
  if (on) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, new Date().toISOString());
  } else await rm(file, { force: true });
}

export const inState = (batchDir: string, state: BatchState): boolean => existsSync(stateFile(batchDir, state));

/** The batch's BatchComplete is there and it is neither waiting for files nor open for fixes. */
export function isSealed(batchDir: string): boolean {
  return existsSync(join(batchDir, batchCompleteName(basename(batchDir)))) && !inState(batchDir, 'waiting') && !inState(batchDir, 'open');
}

/** When the batch's BatchComplete arrived (its file's time), or null when it has none. */
export async function completedAt(batchDir: string): Promise<Date | null> {
  const st = await stat(join(batchDir, batchCompleteName(basename(batchDir)))).catch(() => null);
  return st ? st.mtime : null;
}

/** The release folders of a batch: each sub-folder holding an XML file, with that file's path relative to the batch. */
export async function releaseFolders(batchDir: string): Promise<{ folder: string; xml: string }[]> {
  const out: { folder: string; xml: string }[] = [];
  for (const d of (await readdir(batchDir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!d.isDirectory() || d.name.startsWith('.')) continue;
    const files = (await readdir(join(batchDir, d.name))).filter((f) => f.toLowerCase().endsWith('.xml')).sort();
    const xml = files.find((f) => f === `${d.name}.xml`) ?? files[0];
    if (xml) out.push({ folder: d.name, xml: `${d.name}/${xml}` });
  }
  return out;
}

/**
 * What of the batch has not arrived: per release folder, the files its XML names that are
 * not there (an XML that cannot be read names none: validation says why later); `releases`
 * 0 when no release folder with an XML is there yet.
 */
export async function missingFiles(batchDir: string): Promise<{ releases: number; missing: Map<string, string[]> }> {
  const folders = await releaseFolders(batchDir);
  const missing = new Map<string, string[]>();
  for (const r of folders) {
    let ern;
    try {
      ern = readErn(await readFile(join(batchDir, r.xml), 'utf8'));
    } catch {
      continue;
    }
    if (ern.kind !== 'new') continue;
    const present = (await filesUnder(join(batchDir, r.folder))).map((path) => ({ path, size: 0 }));
    const named = [...ern.tracks.map((t) => t.file?.uri), ern.image?.uri].filter((u): u is string => !!u);
    const absent = named.filter((uri) => !fileNamed(present, uri));
    if (absent.length) missing.set(r.xml, absent);
  }
  return { releases: folders.length, missing };
}

/** The status message of a delivery waiting for files. */
export function waitingMessage(absent: string[] | null): string {
  if (absent === null) return 'Waiting for files: BatchComplete arrived before any release folder.';
  const names = absent.slice(0, 3).join(', ');
  return `Waiting for files: ${names}${absent.length > 3 ? ` and ${absent.length - 3} more` : ''}.`;
}

/** The status message of a batch whose files did not all arrive in time. */
export const NO_RELEASE_IN_TIME = `No release folder arrived in the batch within ${BATCH_FILES_WAIT_SECONDS / 60} minutes of its BatchComplete.`;
