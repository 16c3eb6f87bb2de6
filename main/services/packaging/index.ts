/**
 * The packaging service main's bridge handlers use: picking, browsing, scanning,
 * cover art, the sender's DDEX party id and writing the package. It holds the
 * readable roots, which are exactly what the user picked: native dialog picks and
 * drops resolved in the preload (Electron), or the folder browser's picks (browser
 * host; the browser itself may list inside its browse roots, but listing grants
 * nothing). Picks last for this launch of the console, so a draft resumed in the
 * same launch rescans without asking; after a restart its folders are picked again.
 * It also holds the scan results of this session (only scanned files can be
 * packaged) and the running operations (cancellable by id), and remembers the packages
 * it built across restarts (built-packages.ts), to deliver.
 */
import { createReadStream } from 'node:fs';
import { basename, dirname } from 'node:path';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { homedir } from 'node:os';
import { BridgeError } from '../../../shared/bridge';
import { STORE_DDEX_PARTY } from '../../../shared/constants';
import type { BuildResult, BrowseListing, BuiltPackage, PackageExists, PickKind, Sender } from '../../../shared/bridge/channels/packaging';
import type { MySupplier } from '../../../shared/api/endpoints/me';
import type { CoverArt, ReleaseDraft, TrackDraft } from '../../../shared/packaging/draft';
import type { ScanEntry, ScanProgress } from '../../../shared/packaging/model';
import { PKG_MSG } from '../../../shared/packaging/messages';
import { ddexPartyId } from '../../../shared/packaging/rules';
import { confine, OutsideRootError } from './containment';
import type { PackagingDialogs } from './dialogs';
import type { Party } from './ern';
import { browse } from './folder-browser';
import { HashPool } from './hash-pool';
import { ImageFormatError, readImageInfo } from './image-info';
import { OutputNotWritableError, PackageExistsError, PackageInvalidError, writePackage, type BuildProgress } from './package-writer';
import { BuiltPackages } from './built-packages';
import { createMemoryBackend, type SettingsBackend } from '../settings';
import { scan } from './scanner';

/** The store receiving packages (ERN MessageRecipient): its DDEX party id, configured once in shared/constants. */
export const STORE_RECIPIENT: Party = { ...STORE_DDEX_PARTY };

/** The sender's supplier: the shape GET /v4/my/supplier/ answers (shared/api/endpoints/me.ts). */
export type SupplierRecord = MySupplier;

export interface PackagingDeps {
  /**
   * Where the browser host's folder browser may list (PACKAGING_ROOTS; default the
   * user's home). Listing only: reads happen only inside picked paths.
   */
  browseRoots?: string[];
  dialogs?: PackagingDialogs;
  /** The supplier record: the signed-in supplier's own when no id is given. */
  fetchSupplier: (supplierId?: number) => Promise<SupplierRecord>;
  emitScanProgress?: (p: ScanProgress) => void;
  emitBuildProgress?: (p: { buildId: string } & BuildProgress) => void;
  concurrency?: number;
  recipient?: Party;
  /** Where main remembers the packages it built (the settings store; in memory when not given). */
  store?: SettingsBackend;
}

/** The real path of `path` inside one of `roots` (links out refused), as bridge errors: forbidden_path with `outside`, or not_found. */
async function confinedTo(path: string, roots: string[], outside: string): Promise<string> {
  try {
    return await confine(path, roots);
  } catch (e) {
    if (e instanceof OutsideRootError) throw new BridgeError({ code: 'forbidden_path', message: outside });
    throw new BridgeError({ code: 'not_found', message: `The path could not be read (${(e as NodeJS.ErrnoException).code ?? 'error'})` });
  }
}

export class PackagingService {
  private pool: HashPool | null = null;
  private readonly browseRoots: string[];
  /** Real paths the user picked (folders or files): the only places main reads. */
  private readonly picked = new Set<string>();
  /** The packages this console built, across restarts: batch folder → its files relative to the output folder, BatchComplete last. */
  private readonly built: BuiltPackages;
  /** Drops being granted: a scan that follows a drop waits for its grant. */
  private granting: Promise<unknown> = Promise.resolve();
  private readonly entries = new Map<string, ScanEntry>();
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly deps: PackagingDeps) {
    this.browseRoots = deps.browseRoots ?? [homedir()];
    this.built = new BuiltPackages(deps.store ?? createMemoryBackend());
    deps.dialogs?.onDrop?.((path) => this.dropped(path));
  }

  /** The MD5 workers, started on first use (not at every launch). */
  private get hashes(): HashPool {
    this.pool ??= new HashPool(Math.max(1, this.deps.concurrency ?? 2));
    return this.pool;
  }

  private async realBrowseRoots(): Promise<string[]> {
    const out: string[] = [];
    for (const r of this.browseRoots) out.push(await realpath(r).catch(() => r));
    return out;
  }

  /** The requested paths that are (inside) a picked path, as requested. */
  async pickedOf(paths: string[]): Promise<string[]> {
    await this.granting;
    const out: string[] = [];
    for (const p of paths)
      if (
        await confine(p, [...this.picked]).then(
          () => true,
          () => false,
        )
      )
        out.push(p);
    return out;
  }

  /** A drop resolved by the preload: readable once its real path is known. */
  private dropped(path: string): void {
    this.granting = Promise.all([this.granting, this.grant(path)]);
  }

  /** Makes a picked path (its real path) readable; answers the real path. */
  private async grant(path: string): Promise<string | null> {
    const real = await realpath(path).catch(() => null);
    if (real) this.picked.add(real);
    return real;
  }

  /** The real path of a requested path, refused unless it is (inside) a picked path. */
  private async confined(path: string): Promise<string> {
    await this.granting;
    return confinedTo(path, [...this.picked], PKG_MSG.notPicked);
  }

  async pick(kind: PickKind): Promise<{ native: boolean; paths: string[] }> {
    if (!this.deps.dialogs) return { native: false, paths: [] };
    const paths = await this.deps.dialogs.pick(kind);
    // What the user chose in the native dialog (folder or files) becomes readable.
    const real: string[] = [];
    for (const p of paths) {
      const r = await this.grant(p);
      if (r) real.push(r);
    }
    return { native: true, paths: real };
  }

  /** The browser host's folder browser: lists inside the browse roots; grants nothing. */
  async browse(path: string | undefined, show: 'folders' | 'audio' | 'images' | 'csv'): Promise<BrowseListing> {
    this.noNativeDialogs();
    try {
      return await browse(await this.realBrowseRoots(), path, show);
    } catch (e) {
      if (e instanceof OutsideRootError)
        throw new BridgeError({ code: 'forbidden_path', message: 'That folder is outside the folders you may browse' });
      throw new BridgeError({ code: 'not_found', message: (e as Error).message });
    }
  }

  /**
   * The user chose `path` in the browser host's folder browser: it must be inside the
   * browse roots (links out refused) and of the kind asked for; it becomes readable.
   */
  async browsePick(path: string, kind: PickKind): Promise<{ path: string }> {
    this.noNativeDialogs();
    const real = await confinedTo(path, await this.realBrowseRoots(), 'That path is outside the folders you may browse');
    const st = await stat(real);
    const wantsFolder = kind === 'audioFolder' || kind === 'outputFolder';
    if (wantsFolder ? !st.isDirectory() : !st.isFile()) {
      throw new BridgeError({ code: 'invalid_pick', message: wantsFolder ? 'Choose a folder' : 'Choose a file' });
    }
    if (kind === 'csv' && !real.toLowerCase().endsWith('.csv'))
      throw new BridgeError({ code: 'invalid_pick', message: 'Choose a CSV file' });
    this.picked.add(real);
    return { path: real };
  }

  /** With native dialogs (Electron) the renderer cannot pick through main's folder browser. */
  private noNativeDialogs(): void {
    if (this.deps.dialogs)
      throw new BridgeError({ code: 'forbidden_path', message: 'Use the system dialog to choose files in the desktop app' });
  }

  async scan(scanId: string, paths: string[]): Promise<ScanEntry[]> {
    const real = await Promise.all(paths.map((p) => this.confined(p)));
    const ac = this.track(scanId);
    try {
      const entries = await scan({
        scanId,
        paths: real,
        hashes: this.hashes,
        concurrency: this.deps.concurrency,
        signal: ac.signal,
        onProgress: this.deps.emitScanProgress,
      });
      for (const e of entries) if (e.status === 'ok') this.entries.set(e.path, e);
      return entries;
    } catch (e) {
      throw toBridgeError(e);
    } finally {
      this.running.delete(scanId);
    }
  }

  async coverArt(path: string): Promise<CoverArt> {
    const real = await this.confined(path);
    try {
      const info = await readImageInfo(real);
      return { path: real, ...info };
    } catch (e) {
      if (e instanceof ImageFormatError) throw new BridgeError({ code: 'invalid_image', message: e.message });
      throw toBridgeError(e);
    }
  }

  /**
   * The bytes of a picked image (JPEG or PNG, at most `maxBytes`), for an upload main
   * makes (a release's cover art): read only inside what the user picked.
   */
  async readPickedImage(path: string, maxBytes: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
    const art = await this.coverArt(path);
    if (art.size > maxBytes)
      throw new BridgeError({ code: 'invalid_image', message: `The image is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB` });
    const bytes = new Uint8Array(await readFile(art.path));
    return { bytes, contentType: art.format === 'png' ? 'image/png' : 'image/jpeg' };
  }

  /**
   * A picked CSV file as a stream (never read whole), for an upload main makes (a
   * coupon's users): only inside what the user picked, at most `maxBytes`.
   */
  async openPickedCsv(path: string, maxBytes: number): Promise<{ stream: Readable; size: number }> {
    const real = await this.confined(path);
    const st = await stat(real);
    if (!st.isFile()) throw new BridgeError({ code: 'invalid_pick', message: 'Choose a file' });
    if (st.size > maxBytes)
      throw new BridgeError({ code: 'invalid_pick', message: `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB` });
    return { stream: createReadStream(real), size: st.size };
  }

  async sender(supplierId?: number): Promise<Sender> {
    const s = await this.deps.fetchSupplier(supplierId);
    const check = ddexPartyId(s.ddex_party_id ?? '');
    return {
      supplierId: s.id,
      name: s.name,
      partyId: s.ddex_party_id ?? '',
      partyIdMessage: check.message,
      valid: check.valid && !!s.ddex_party_id,
    };
  }

  /** Writes the package; `owner` (the session user) is who may find it again in builtPackages. */
  async build(
    req: {
      buildId: string;
      supplierId?: number;
      release: ReleaseDraft;
      tracks: TrackDraft[];
      coverArt: CoverArt;
      outputDir: string;
      replace?: string;
    },
    owner = '',
  ): Promise<BuildResult> {
    const outputDir = await this.confined(req.outputDir).catch((e: unknown) => {
      throw isNotFound(e) ? new BridgeError({ code: 'not_found', message: PKG_MSG.outputMissing(req.outputDir) }) : e;
    });
    const coverPath = await this.confined(req.coverArt.path).catch((e: unknown) => {
      throw isNotFound(e)
        ? new BridgeError({ code: 'cover_art_missing', message: PKG_MSG.coverArtMissing(basename(req.coverArt.path)) })
        : e;
    });
    const sender = await this.sender(req.supplierId);
    const ac = this.track(req.buildId);
    try {
      const res = await writePackage({
        release: req.release,
        tracks: req.tracks,
        coverArt: { ...req.coverArt, path: coverPath },
        entries: this.entries,
        outputDir,
        sender: { partyId: sender.partyId, name: sender.name },
        recipient: this.deps.recipient ?? STORE_RECIPIENT,
        hashes: this.hashes,
        signal: ac.signal,
        replace: req.replace,
        onProgress: (p) => this.deps.emitBuildProgress?.({ buildId: req.buildId, ...p }),
      });
      const batch = basename(res.folder);
      if (req.replace) this.built.forget((e) => e.folder === req.replace);
      // Delivered in the writer's order: the resources, the release XML that names them, BatchComplete last.
      this.built.add({
        owner,
        folder: res.folder,
        batch,
        upc: req.release.upc.trim(),
        title: req.release.title,
        supplierId: req.supplierId ?? null,
        builtAt: new Date().toISOString(),
        files: [...res.files.map((f) => `${batch}/${f.name}`), `${batch}/${res.xml}`, `${batch}/${res.batchComplete}`],
      });
      return { folder: res.folder, xml: res.xml, batchComplete: res.batchComplete, files: res.files };
    } catch (e) {
      if (e instanceof PackageExistsError) {
        const known = this.built.get(e.folder);
        const detail: PackageExists = { folder: e.folder, upc: e.upc, known: !!known && known.owner === owner };
        throw new BridgeError({
          code: 'package_exists',
          message: detail.known ? PKG_MSG.packageExists(e.upc, e.folder) : PKG_MSG.packageExistsUnknown(e.upc, e.folder),
          detail,
        });
      }
      throw toBridgeError(e);
    } finally {
      this.running.delete(req.buildId);
    }
  }

  /** The packages `owner` built that are still on disk, newest first. */
  builtPackages(owner = ''): Promise<BuiltPackage[]> {
    return this.built.list(owner);
  }

  /** A delivery of a built package completed. */
  delivered(folder: string): void {
    this.built.delivered(folder);
  }

  cancel(id: string): void {
    this.running.get(id)?.abort();
  }

  /**
   * A package this console built, to deliver: its output folder (the root the files are
   * relative to), batch id and files (BatchComplete last). Only those: the renderer
   * cannot have main send any other folder.
   */
  builtPackage(folder: string): { root: string; batch: string; files: string[] } {
    const pkg = this.built.get(folder);
    if (!pkg) throw new BridgeError({ code: 'not_built', message: PKG_MSG.deliverNotBuilt });
    return { root: dirname(folder), batch: basename(folder), files: pkg.files };
  }

  async close(): Promise<void> {
    for (const ac of this.running.values()) ac.abort();
    await this.pool?.close();
    this.pool = null;
  }

  private track(id: string): AbortController {
    if (this.running.has(id)) throw new BridgeError({ code: 'conflict', message: `Operation ${id} is already running` });
    const ac = new AbortController();
    this.running.set(id, ac);
    return ac;
  }
}

const isNotFound = (e: unknown) => e instanceof BridgeError && e.code === 'not_found';

function toBridgeError(e: unknown): BridgeError {
  if (e instanceof BridgeError) return e;
  const err = e as Error;
  if (err?.name === 'AbortError') return new BridgeError({ code: 'cancelled', message: err.message });
  if (e instanceof OutputNotWritableError) return new BridgeError({ code: 'output_not_writable', message: e.message });
  if (e instanceof PackageInvalidError) return new BridgeError({ code: 'invalid_package', message: e.message, detail: e.issues });
  return new BridgeError({ code: 'packaging_failed', message: err?.message ?? String(e) });
}
