/**
 * The packaging service main's bridge handlers use: picking, browsing, scanning,
 * cover art, the sender's DDEX party id and writing the package. It holds the
 * readable roots (the user's home by default, plus whatever a native dialog picked),
 * the scan results of this session (only scanned files can be packaged) and the
 * running operations (cancellable by id).
 */
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { BridgeError } from '../../../shared/bridge';
import type { BuildResult, BrowseListing, PickKind, Sender } from '../../../shared/bridge/channels/packaging';
import type { CoverArt, ReleaseDraft, TrackDraft } from '../../../shared/packaging/draft';
import type { ScanEntry, ScanProgress } from '../../../shared/packaging/model';
import { ddexPartyId } from '../../../shared/packaging/rules';
import { confine, OutsideRootError } from './containment';
import type { PackagingDialogs } from './dialogs';
import type { Party } from './ern';
import { browse } from './folder-browser';
import { HashPool } from './hash-pool';
import { ImageFormatError, readImageInfo } from './image-info';
import { PackageInvalidError, writePackage } from './package-writer';
import { scan } from './scanner';

/** The store receiving packages (ERN MessageRecipient). */
export const STORE_RECIPIENT: Party = { partyId: 'PADPIDA0000000000', name: 'Store Ingestion' };

export interface SupplierRecord {
  id: number;
  name: string;
  ddex_party_id: string | null;
}

export interface PackagingDeps {
  /** Where reads may happen; default: the user's home. */
  roots?: string[];
  dialogs?: PackagingDialogs;
  /** The supplier record: the signed-in supplier's own when no id is given. */
  fetchSupplier: (supplierId?: number) => Promise<SupplierRecord>;
  emitScanProgress?: (p: ScanProgress) => void;
  emitBuildProgress?: (p: { buildId: string; step: string; done: number; total: number }) => void;
  concurrency?: number;
  recipient?: Party;
}

export class PackagingService {
  private pool: HashPool | null = null;
  private readonly roots: string[];
  private readonly entries = new Map<string, ScanEntry>();
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly deps: PackagingDeps) {
    this.roots = deps.roots ?? [homedir()];
  }

  /** The MD5 workers, started on first use (not at every launch). */
  private get hashes(): HashPool {
    this.pool ??= new HashPool(Math.max(1, this.deps.concurrency ?? 2));
    return this.pool;
  }

  private async realRoots(): Promise<string[]> {
    const out: string[] = [];
    for (const r of this.roots) out.push(await realpath(r).catch(() => r));
    return out;
  }

  /** The real path of a requested path, refused when it is outside the readable roots. */
  private async confined(path: string): Promise<string> {
    try {
      return await confine(path, await this.realRoots());
    } catch (e) {
      if (e instanceof OutsideRootError) throw new BridgeError({ code: 'forbidden_path', message: 'That path is outside the folders you may pick from' });
      throw new BridgeError({ code: 'not_found', message: `The path could not be read (${(e as NodeJS.ErrnoException).code ?? 'error'})` });
    }
  }

  async pick(kind: PickKind): Promise<{ native: boolean; paths: string[] }> {
    if (!this.deps.dialogs) return { native: false, paths: [] };
    const paths = await this.deps.dialogs.pick(kind);
    // A natively picked folder (or a picked file's folder) becomes readable.
    for (const p of paths) if (!this.roots.includes(p)) this.roots.push(p);
    return { native: true, paths };
  }

  async browse(path: string | undefined, show: 'folders' | 'audio' | 'images'): Promise<BrowseListing> {
    try {
      return await browse(await this.realRoots(), path, show);
    } catch (e) {
      if (e instanceof OutsideRootError) throw new BridgeError({ code: 'forbidden_path', message: 'That folder is outside the folders you may browse' });
      throw new BridgeError({ code: 'not_found', message: (e as Error).message });
    }
  }

  async scan(scanId: string, paths: string[]): Promise<ScanEntry[]> {
    const real = await Promise.all(paths.map((p) => this.confined(p)));
    const ac = this.track(scanId);
    try {
      const entries = await scan({ scanId, paths: real, hashes: this.hashes, concurrency: this.deps.concurrency, signal: ac.signal, onProgress: this.deps.emitScanProgress });
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

  async sender(supplierId?: number): Promise<Sender> {
    const s = await this.deps.fetchSupplier(supplierId);
    const check = ddexPartyId(s.ddex_party_id ?? '');
    return { supplierId: s.id, name: s.name, partyId: s.ddex_party_id ?? '', partyIdMessage: check.message, valid: check.valid && !!s.ddex_party_id };
  }

  async build(req: { buildId: string; supplierId?: number; release: ReleaseDraft; tracks: TrackDraft[]; coverArt: CoverArt; outputDir: string }): Promise<BuildResult> {
    const outputDir = await this.confined(req.outputDir);
    const coverPath = await this.confined(req.coverArt.path);
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
        onProgress: (p) => this.deps.emitBuildProgress?.({ buildId: req.buildId, ...p }),
      });
      return { folder: res.folder, xml: res.xml, batchComplete: res.batchComplete, files: res.files };
    } catch (e) {
      throw toBridgeError(e);
    } finally {
      this.running.delete(req.buildId);
    }
  }

  cancel(id: string): void {
    this.running.get(id)?.abort();
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

function toBridgeError(e: unknown): BridgeError {
  if (e instanceof BridgeError) return e;
  const err = e as Error;
  if (err?.name === 'AbortError') return new BridgeError({ code: 'cancelled', message: err.message });
  if (e instanceof PackageInvalidError) return new BridgeError({ code: 'invalid_package', message: e.message, detail: e.issues });
  return new BridgeError({ code: 'packaging_failed', message: err?.message ?? String(e) });
}

