/**
 * The wizard's state changes as one pure reducer: the §4 rules (track renumbering,
 * genre resets sub-genre) live in shared/packaging/rules and are applied here.
 */
import type { CoverArt, PackagingDraft, ReleaseDraft, TrackDraft } from '../../../shared/packaging/draft';
import type { ScanEntry } from '../../../shared/packaging/model';
import { moveTrack, selectGenre, titleFromFileName } from '../../../shared/packaging/rules';

export type DraftAction =
  | { type: 'load'; draft: PackagingDraft }
  | { type: 'step'; step: number }
  | { type: 'release'; patch: Partial<ReleaseDraft> }
  | { type: 'releaseGenre'; genre: ReleaseDraft['genre'] }
  | { type: 'track'; position: number; patch: Partial<TrackDraft> }
  | { type: 'trackGenre'; position: number; genre: TrackDraft['genre'] }
  | { type: 'move'; from: number; to: number }
  | { type: 'remove'; position: number }
  /** Adds the usable files of a scan as tracks (only those in `only` when given) and remembers its folders. */
  | { type: 'addScanned'; sources: string[]; entries: ScanEntry[]; only?: readonly string[] }
  | { type: 'coverArt'; coverArt: CoverArt | null }
  | { type: 'outputDir'; outputDir: string | null };

const renumber = (tracks: TrackDraft[]) => tracks.map((t, i) => ({ ...t, position: i + 1 }));

/** A new track pre-filled from the file's embedded tags; untagged, its title is the file's name without a track number. */
export function trackFromEntry(e: ScanEntry, position: number): TrackDraft {
  const t = e.tags ?? {};
  return {
    path: e.path,
    fileName: e.name,
    position,
    title: t.title?.trim() || titleFromFileName(e.name),
    mixName: '',
    isrc: t.isrc ?? '',
    bpm: t.bpm ?? null,
    key: null,
    genre: null,
    subGenre: null,
    artists: t.artist ? [t.artist] : [],
    remixers: [],
    songwriters: [],
    publishers: [],
    copyrightHolder: '',
  };
}

export function draftReducer(d: PackagingDraft, a: DraftAction): PackagingDraft {
  const next = (patch: Partial<PackagingDraft>): PackagingDraft => ({ ...d, ...patch, savedAt: new Date().toISOString() });
  switch (a.type) {
    case 'load':
      return a.draft;
    case 'step':
      return next({ step: a.step });
    case 'release':
      return next({ release: { ...d.release, ...a.patch } });
    case 'releaseGenre':
      return next({ release: selectGenre(d.release, a.genre) });
    case 'track':
      return next({ tracks: d.tracks.map((t) => (t.position === a.position ? { ...t, ...a.patch } : t)) });
    case 'trackGenre':
      return next({ tracks: d.tracks.map((t) => (t.position === a.position ? selectGenre(t, a.genre) : t)) });
    case 'move':
      return next({ tracks: moveTrack(d.tracks, a.from, a.to) });
    case 'remove':
      return next({ tracks: renumber(d.tracks.filter((t) => t.position !== a.position)) });
    case 'addScanned': {
      const have = new Set(d.tracks.map((t) => t.path));
      const only = a.only ? new Set(a.only) : null;
      const fresh = a.entries.filter((e) => e.status === 'ok' && !have.has(e.path) && (!only || only.has(e.path)));
      const tracks = [...d.tracks, ...fresh.map((e, i) => trackFromEntry(e, d.tracks.length + i + 1))];
      return next({ tracks, sources: [...new Set([...d.sources, ...a.sources])] });
    }
    case 'coverArt':
      return next({ coverArt: a.coverArt });
    case 'outputDir':
      return next({ outputDir: a.outputDir });
  }
}
