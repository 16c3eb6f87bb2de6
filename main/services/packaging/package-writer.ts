/**
 * Writes one delivery package as the DDEX SFTP choreography lays it out: a batch folder
 * <output>/<batch id>/ holding the release folder <UPC>/ (<UPC>.xml, ERN 4.3, and
 * resources/: audio and cover art, each MD5-verified after copy) and, written last,
 * BatchComplete_<batch id>.xml beside it. Everything goes
 * to a hidden temporary folder beside the target first and is renamed into place
 * in one step; a failure or cancel removes the temporary folder, leaving nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { CoverArt, ReleaseDraft, TrackDraft } from '../../../shared/packaging/draft';
import type { ScanEntry } from '../../../shared/packaging/model';
import { senderPartyId } from '../../../shared/packaging/rules';
import { PKG_MSG } from '../../../shared/packaging/messages';
import { packageFileNames, RESOURCES_DIR } from '../../../shared/packaging/package-files';
import { hasErrors, validateCoverArt, validateDraft, type DraftIssue } from '../../../shared/packaging/validate';
import { copyVerified, md5OfFile } from './copy-verified';
import { buildErn, type ErnTrack, type Party } from './ern';
import type { HashPool } from './hash-pool';
import { ImageFormatError, readImageInfo, type ImageInfo } from './image-info';
import { abortError } from './abort';

export interface PackageRequest {
  release: ReleaseDraft;
  tracks: TrackDraft[];
  coverArt: CoverArt;
  /** Scan results by real path: only files main scanned can be packaged. */
  entries: ReadonlyMap<string, ScanEntry>;
  outputDir: string;
  sender: Party;
  recipient: Party;
  hashes: HashPool;
  signal?: AbortSignal;
  /** Steps (a file copied, the XML written...) and, while files copy, the bytes copied and verified of all of them. */
  onProgress?: (p: BuildProgress) => void;
  /** Minimum milliseconds between byte-progress reports (steps always report). */
  progressIntervalMs?: number;
  /**
   * The batch folder of the package of this release already in the output folder, to
   * replace: it is removed once the new package is complete. Any other existing package
   * of the release is refused (PackageExistsError).
   */
  replace?: string;
  /** Test seam: called after the cover art's source is hashed, before it is copied. */
  beforeCopy?: (source: string) => Promise<void> | void;
  /** Test seam: called after each file lands in the temporary folder. */
  afterFile?: (name: string) => Promise<void> | void;
  now?: Date;
}

export interface BuildProgress {
  step: string;
  done: number;
  total: number;
  bytesDone?: number;
  bytesTotal?: number;
}

export interface PackageResult {
  /** The batch folder. */
  folder: string;
  /** The release XML, relative to the batch folder. */
  xml: string;
  /** The batch marker, in the batch folder. */
  batchComplete: string;
  /** Relative to the batch folder. */
  files: Array<{ name: string; md5: string; size: number }>;
  warnings: DraftIssue[];
}

/** The output folder already holds a package of this release (its UPC): `folder` is that package's batch folder. */
export class PackageExistsError extends Error {
  constructor(
    readonly upc: string,
    readonly folder: string,
  ) {
    super(`A package for UPC ${upc} already exists in ${folder}`);
    this.name = 'PackageExistsError';
  }
}

/** The output folder cannot be written to (read-only, or not the user's): the message says so in words. */
export class OutputNotWritableError extends Error {
  constructor(readonly folder: string) {
    super(PKG_MSG.outputNotWritable(folder));
    this.name = 'OutputNotWritableError';
  }
}

const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

export class PackageInvalidError extends Error {
  constructor(readonly issues: DraftIssue[]) {
    super(
      `The package cannot be written: ${issues
        .filter((i) => i.level === 'error')
        .map((i) => i.message)
        .join('; ')}`,
    );
    this.name = 'PackageInvalidError';
  }
}

/** The batch id the DDEX choreography uses: YYYYMMDDhhmmssnnn (UTC). */
export function batchId(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 17);
}

/** The same image as far as the wizard can tell: dimensions, format and size. */
const sameImage = (
  a: Pick<ImageInfo, 'width' | 'height' | 'format' | 'size'>,
  b: Pick<ImageInfo, 'width' | 'height' | 'format' | 'size'>,
) => a.width === b.width && a.height === b.height && a.format === b.format && a.size === b.size;

/**
 * The cover art as main reads it from the file itself: the §5 rule (at least 500x500,
 * square) is judged on these figures, never on the ones the renderer sent, and an
 * image that differs from what the wizard showed (changed or forged) is refused.
 */
async function coverArtIssues(claimed: CoverArt): Promise<{ info: ImageInfo | null; issues: DraftIssue[] }> {
  const issue = (message: string): DraftIssue => ({ level: 'error', code: 'coverArt', field: 'coverArt', message });
  let info: ImageInfo;
  try {
    info = await readImageInfo(claimed.path);
  } catch (e) {
    if (e instanceof ImageFormatError) return { info: null, issues: [issue(e.message)] };
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      return { info: null, issues: [issue(PKG_MSG.coverArtMissing(basename(claimed.path)))] };
    return { info: null, issues: [issue(`The cover art could not be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`)] };
  }
  const issues = validateCoverArt({ ...info, path: claimed.path });
  if (!sameImage(info, claimed)) {
    issues.push(issue(PKG_MSG.coverArtChanged(info.width, info.height)));
  }
  return { info, issues };
}

export async function writePackage(req: PackageRequest): Promise<PackageResult> {
  const now = req.now ?? new Date();
  const art = await coverArtIssues(req.coverArt);
  const issues = [...validateDraft(req.release, req.tracks, null, req.entries).filter((i) => i.field !== 'coverArt'), ...art.issues];
  const sender = senderPartyId(req.sender.partyId);
  if (sender) issues.push({ level: 'error', code: 'sender', field: 'sender', message: sender });
  for (const t of req.tracks) {
    if (!req.entries.has(t.path))
      issues.push({
        level: 'error',
        code: 'file',
        field: `tracks.${t.position}.file`,
        track: t.position,
        message: `${t.fileName} was not scanned in this session`,
      });
  }
  if (hasErrors(issues)) throw new PackageInvalidError(issues);

  const upc = req.release.upc.trim();
  const tracks = [...req.tracks].sort((a, b) => a.position - b.position);
  const checked = art.info!;
  const names = packageFileNames({ upc, tracks, coverArt: checked.format, batchId: batchId(now) });
  const outDir = req.outputDir;
  if (!(await stat(outDir)).isDirectory()) throw new Error('The output folder is not a folder');
  const target = join(outDir, names.folder);
  const existing = (await releaseFolders(outDir)).get(names.release) ?? ((await exists(target)) ? target : undefined);
  if (existing) {
    if (!req.replace || existing !== req.replace) throw new PackageExistsError(upc, existing);
  }
  const temp = join(outDir, `.${names.folder}.partial-${randomUUID()}`);
  const releaseDir = join(temp, names.release);
  const resources = `${names.release}/${RESOURCES_DIR}`;

  const total = tracks.length + 3;
  let done = 0;
  const bytesTotal = 2 * (tracks.reduce((n, t) => n + req.entries.get(t.path)!.size, 0) + checked.size);
  let bytesDone = 0;
  let current = '';
  let lastReport = 0;
  const interval = req.progressIntervalMs ?? 100;
  const step = (name: string) => req.onProgress?.({ step: name, done: ++done, total, bytesDone, bytesTotal });
  /** Bytes copied and read back for the check: a large file reports while it copies. */
  const onBytes = (n: number) => {
    bytesDone += n;
    const now = Date.now();
    if (now - lastReport < interval) return;
    lastReport = now;
    req.onProgress?.({ step: current, done, total, bytesDone, bytesTotal });
  };
  const cancelled = () => {
    if (req.signal?.aborted) throw abortError('build');
  };
  try {
    await mkdir(join(releaseDir, RESOURCES_DIR), { recursive: true });
    const files: PackageResult['files'] = [];
    const ernTracks: ErnTrack[] = [];
    for (const [i, t] of tracks.entries()) {
      cancelled();
      const entry = req.entries.get(t.path)!;
      const name = names.tracks[i];
      current = `Copying ${t.fileName}`;
      const md5 = await copyVerified(t.path, join(releaseDir, RESOURCES_DIR, name), entry.md5, req.hashes, req.signal, onBytes);
      files.push({ name: `${resources}/${name}`, md5, size: entry.size });
      ernTracks.push({ draft: t, format: entry.format!, uri: `${RESOURCES_DIR}/${name}`, md5, size: entry.size });
      await req.afterFile?.(name);
      step(`Copied ${t.fileName}`);
    }

    // The cover art: the source is hashed (streamed, as audio is), copied, and the
    // copy must hash the same; the copy itself must still be the image judged above.
    const imageName = names.image!;
    const imagePath = join(releaseDir, RESOURCES_DIR, imageName);
    current = 'Copying cover art';
    const sourceMd5 = await md5OfFile(req.coverArt.path, req.hashes, req.signal);
    await req.beforeCopy?.(req.coverArt.path);
    const imageMd5 = await copyVerified(req.coverArt.path, imagePath, sourceMd5, req.hashes, req.signal, onBytes);
    const info = await readImageInfo(imagePath);
    if (!sameImage(info, checked)) {
      throw new PackageInvalidError([
        { level: 'error', code: 'coverArt', field: 'coverArt', message: PKG_MSG.coverArtChanged(info.width, info.height) },
      ]);
    }
    files.push({ name: `${resources}/${imageName}`, md5: imageMd5, size: info.size });
    await req.afterFile?.(imageName);
    step('Copied cover art');

    const xml = buildErn({
      messageId: `${upc}-${batchId(now)}`,
      createdAt: now,
      sender: req.sender,
      recipient: req.recipient,
      release: req.release,
      tracks: ernTracks,
      image: {
        uri: `${RESOURCES_DIR}/${imageName}`,
        md5: imageMd5,
        size: info.size,
        width: info.width,
        height: info.height,
        format: info.format,
      },
    });
    await writeSynced(join(temp, names.xml), xml);
    await req.afterFile?.(names.xml);
    step('Wrote the release XML');

    cancelled();
    // Written last, in the batch folder: its presence says the batch is complete.
    const batchName = names.batchComplete;
    await writeSynced(join(temp, batchName), '');
    // Replacing: the old package goes only once the new one is complete beside it.
    if (existing) await removePackage(existing, names.release);
    await rename(temp, target);
    step('Package complete');
    return { folder: target, xml: names.xml, batchComplete: batchName, files, warnings: issues.filter((i) => i.level === 'warning') };
  } catch (e) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    // A cancel anywhere in the build (a copy or its check included) says the build was cancelled.
    if ((e as Error).name === 'AbortError') throw abortError('build');
    // Writing in the output folder was refused (its temporary folder is made there first).
    const err = e as NodeJS.ErrnoException;
    if (NOT_WRITABLE.has(err.code ?? '') && (err.path === temp || err.path?.startsWith(`${temp}/`) || err.path === target))
      throw new OutputNotWritableError(outDir);
    throw e;
  }
}

/** The release folders of the batches already in the output folder: release folder name → its batch folder. */
async function releaseFolders(outDir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const d of await readdir(outDir, { withFileTypes: true })) {
    if (!d.isDirectory() || d.name.startsWith('.')) continue;
    for (const r of await readdir(join(outDir, d.name), { withFileTypes: true }).catch(() => []))
      if (r.isDirectory() && !out.has(r.name)) out.set(r.name, join(outDir, d.name));
  }
  return out;
}

/**
 * Removes a package being replaced: its release folder and, when the batch folder then
 * holds nothing but its BatchComplete marker, the batch folder. Other releases of the
 * batch (a package not written here) are left alone.
 */
async function removePackage(batchFolder: string, release: string): Promise<void> {
  await rm(join(batchFolder, release), { recursive: true, force: true });
  const left = await readdir(batchFolder).catch(() => [] as string[]);
  if (left.every((n) => /^BatchComplete_.*\.xml$/.test(n))) await rm(batchFolder, { recursive: true, force: true });
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

async function writeSynced(path: string, text: string): Promise<void> {
  const fh = await open(path, 'w');
  try {
    await fh.writeFile(text);
    await fh.sync();
  } finally {
    await fh.close();
  }
}
