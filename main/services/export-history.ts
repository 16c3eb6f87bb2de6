/**
 * The export history: every export main started, newest first, at most
 * EXPORT_HISTORY_MAX entries, persisted in the settings store under a key of main's
 * own (not a SettingsKey: the renderer can neither read nor write it through
 * settingsGet/Set, so a path in it is always one main chose). An entry still
 * "running" when the app starts again was cut off (a crash, a kill): it becomes
 * "failed" and its temporary file, if one is left, is removed.
 */
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { ExportHistoryEntryShape, type ExportHistoryEntry } from '../../shared/bridge/channels/exports';
import { EXPORT_HISTORY_MAX } from '../../shared/constants';
import type { SettingsBackend } from './settings';

export const EXPORT_HISTORY_KEY = 'exportHistory';
export const INTERRUPTED = 'Interrupted: the app closed before the export finished';

/** What main stores: the entry and, while it runs, its temporary file (never sent to the renderer). */
const Stored = ExportHistoryEntryShape.extend({ tempPath: z.string().optional() });
type Stored = z.infer<typeof Stored>;

export class ExportHistory {
  private entries: Stored[];
  /** Settles when the temporary files of interrupted exports are removed. */
  readonly recovered: Promise<void>;

  constructor(
    private readonly backend: SettingsBackend,
    private readonly max = EXPORT_HISTORY_MAX,
  ) {
    const raw = backend.get(EXPORT_HISTORY_KEY);
    const list = Array.isArray(raw) ? raw : [];
    this.entries = list.flatMap((e) => {
      const r = Stored.safeParse(e);
      return r.success ? [r.data] : [];
    });
    const leftovers: string[] = [];
    this.entries = this.entries.map((e) => {
      if (e.state !== 'running') return e;
      if (e.tempPath) leftovers.push(e.tempPath);
      return { ...e, state: 'failed', error: INTERRUPTED, tempPath: undefined, finishedAt: e.finishedAt ?? null };
    });
    if (leftovers.length) this.save();
    this.recovered = Promise.all(leftovers.map((p) => rm(p, { force: true }).catch(() => undefined))).then(() => undefined);
  }

  /** The history as the renderer sees it (no temporary paths), newest first. */
  list(): ExportHistoryEntry[] {
    return this.entries.map(({ tempPath: _t, ...e }) => e);
  }

  get(exportId: string): ExportHistoryEntry | undefined {
    return this.list().find((e) => e.exportId === exportId);
  }

  add(entry: Stored): void {
    this.entries = [entry, ...this.entries.filter((e) => e.exportId !== entry.exportId)].slice(0, this.max);
    this.save();
  }

  update(exportId: string, change: Partial<Stored>): void {
    this.entries = this.entries.map((e) => (e.exportId === exportId ? { ...e, ...change } : e));
    this.save();
  }

  private save(): void {
    // JSON-clean (no undefined fields) for the store.
    this.backend.set(EXPORT_HISTORY_KEY, JSON.parse(JSON.stringify(this.entries)));
  }
}
