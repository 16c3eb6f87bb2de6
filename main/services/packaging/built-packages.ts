/**
 * The packages this console built, remembered by main across navigation and restarts,
 * so a built package can still be delivered from /packaging. Persisted in the settings
 * store under a key of main's own (not a SettingsKey: the renderer can neither read nor
 * write it through settingsGet/Set), so the files a delivery sends are always the ones
 * main wrote. Each user of the console sees the packages they built; a package whose
 * batch folder is gone is forgotten. At most BUILT_MAX, newest first.
 */
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { BuiltPackage } from '../../../shared/bridge/channels/packaging';
import type { SettingsBackend } from '../settings';

export const BUILT_PACKAGES_KEY = 'packagingBuilt';
export const BUILT_MAX = 50;

/** What the console shows of a built package, plus who built it and its files. */
const Stored = BuiltPackage.extend({
  /** The session user who built it. */
  owner: z.string(),
  /** Relative to the batch folder's parent (the output folder), BatchComplete last. */
  files: z.array(z.string()),
});
type Stored = z.infer<typeof Stored>;

export class BuiltPackages {
  private entries: Stored[];

  constructor(private readonly backend: SettingsBackend) {
    const raw = backend.get(BUILT_PACKAGES_KEY);
    this.entries = (Array.isArray(raw) ? raw : []).flatMap((e) => {
      const r = Stored.safeParse(e);
      return r.success ? [r.data] : [];
    });
  }

  add(entry: Omit<Stored, 'deliveredAt'>): void {
    this.entries = [{ ...entry, deliveredAt: null }, ...this.entries.filter((e) => e.folder !== entry.folder)].slice(0, BUILT_MAX);
    this.save();
  }

  /** A package by its batch folder (any user's: the caller checks the owner). */
  get(folder: string): Stored | undefined {
    return this.entries.find((e) => e.folder === folder);
  }

  /** This user's packages whose batch folder is still there, newest first; the rest are forgotten. */
  async list(owner: string): Promise<BuiltPackage[]> {
    const gone = new Set<string>();
    for (const e of this.entries)
      if (
        !(await stat(e.folder).then(
          (s) => s.isDirectory(),
          () => false,
        ))
      )
        gone.add(e.folder);
    if (gone.size) this.forget((e) => gone.has(e.folder));
    return this.entries.filter((e) => e.owner === owner).map(({ owner: _o, files: _f, ...e }) => e);
  }

  delivered(folder: string, at = new Date()): void {
    this.entries = this.entries.map((e) => (e.folder === folder ? { ...e, deliveredAt: at.toISOString() } : e));
    this.save();
  }

  forget(which: (e: Stored) => boolean): void {
    this.entries = this.entries.filter((e) => !which(e));
    this.save();
  }

  private save(): void {
    if (this.entries.length) this.backend.set(BUILT_PACKAGES_KEY, this.entries);
    else this.backend.delete(BUILT_PACKAGES_KEY);
  }
}
