/**
 * The whole draft checked at once: what the Finish step lists and what main's
 * package writer refuses to write past. Field paths name the step and field.
 */
import { EXCLUSIVE_PERIODS } from '../constants';
import { hasErrors } from './audio-checks';
import type { CoverArt, ReleaseDraft, TrackDraft } from './draft';
import { PKG_MSG } from './messages';
import type { Issue, ScanEntry } from './model';
import * as rules from './rules';

export interface DraftIssue extends Issue {
  /** 'release.title', 'tracks.2.isrc', 'coverArt', 'sender'... */
  field: string;
  /** 1-based track position when the issue is a track's. */
  track?: number;
}

export function validateRelease(r: ReleaseDraft): DraftIssue[] {
  const out: DraftIssue[] = [];
  const err = (field: string, message: string | null) =>
    message && out.push({ level: 'error', code: field, field: `release.${field}`, message });
  err('title', rules.releaseTitle(r.title));
  err('upc', rules.upc(r.upc));
  err('catalogNumber', rules.text('Catalog number', r.catalogNumber, 200, false));
  err('label', r.label ? null : PKG_MSG.selectFromList);
  err('releaseType', r.releaseType ? null : PKG_MSG.selectFromList);
  err('genre', r.genre ? null : PKG_MSG.selectFromList);
  err('releaseDate', r.releaseDate ? null : PKG_MSG.required('Release date'));
  err('streetDate', r.streetDate ? null : PKG_MSG.required('Street date'));
  if (r.streetDate && r.releaseDate && r.streetDate > r.releaseDate) err('streetDate', PKG_MSG.streetBeforeRelease);
  err('preOrderWeeks', rules.preOrderWeeks(r.preOrderWeeks));
  err('defaultPreOrderWeeks', rules.preOrderWeeks(r.defaultPreOrderWeeks));
  if (r.exclusivePeriod !== undefined && !EXCLUSIVE_PERIODS.some((p) => p.days === r.exclusivePeriod))
    err('exclusivePeriod', PKG_MSG.selectFromList);
  return out;
}

export function validateTrack(t: TrackDraft, entry?: ScanEntry): DraftIssue[] {
  const out: DraftIssue[] = [];
  const at = (field: string) => `tracks.${t.position}.${field}`;
  const err = (field: string, message: string | null) =>
    message && out.push({ level: 'error', code: field, field: at(field), message, track: t.position });
  err('title', rules.trackTitle(t.title));
  err('mixName', rules.mixName(t.mixName));
  err('isrc', rules.isrc(t.isrc));
  err('bpm', rules.bpm(t.bpm));
  err('copyrightHolder', rules.copyrightHolder(t.copyrightHolder));
  err('artists', t.artists.some((a) => a.trim()) ? null : PKG_MSG.required('Artist'));
  t.songwriters.forEach((s, i) => err(`songwriters.${i}`, s.name.trim() && !s.type ? PKG_MSG.songwriterType : null));
  if (entry) {
    if (entry.status !== 'ok') err('file', entry.reason ?? 'The file cannot be packaged');
    for (const i of entry.issues) out.push({ ...i, field: at('file'), track: t.position });
  }
  return out;
}

export function validateCoverArt(c: CoverArt | null): DraftIssue[] {
  if (!c) return [{ level: 'error', code: 'coverArt', field: 'coverArt', message: PKG_MSG.required('Cover art') }];
  const { errors, warnings } = rules.coverArt(c);
  return [
    ...errors.map((message) => ({ level: 'error' as const, code: 'coverArt', field: 'coverArt', message })),
    ...warnings.map((message) => ({ level: 'warning' as const, code: 'coverArt', field: 'coverArt', message })),
  ];
}

export function validateDraft(
  release: ReleaseDraft,
  tracks: readonly TrackDraft[],
  coverArt: CoverArt | null,
  entries: ReadonlyMap<string, ScanEntry> = new Map(),
): DraftIssue[] {
  const out = [...validateRelease(release), ...validateCoverArt(coverArt)];
  if (!tracks.length) out.push({ level: 'error', code: 'tracks', field: 'tracks', message: PKG_MSG.noTracks });
  for (const t of tracks) out.push(...validateTrack(t, entries.get(t.path)));
  out.push(...duplicates(tracks));
  out.push(...leftOut(entries));
  return out;
}

/** Scanned files that cannot be packaged (broken, unsupported, unreadable…): a warning each, so none is left out unsaid. */
export function leftOut(entries: ReadonlyMap<string, ScanEntry>): DraftIssue[] {
  return [...entries.values()]
    .filter((e) => e.status !== 'ok')
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((e) => ({
      level: 'warning' as const,
      code: 'leftOut',
      field: `files.${e.path}`,
      message: PKG_MSG.leftOut(e.name, e.reason ?? e.status),
    }));
}

/** The same ISRC, or the same file, on two tracks: an error on each track after the first. */
function duplicates(tracks: readonly TrackDraft[]): DraftIssue[] {
  const out: DraftIssue[] = [];
  const byIsrc = new Map<string, number>();
  const byPath = new Map<string, number>();
  for (const t of [...tracks].sort((a, b) => a.position - b.position)) {
    const err = (field: string, message: string) =>
      out.push({ level: 'error', code: field, field: `tracks.${t.position}.${field}`, message, track: t.position });
    const isrc = rules.compactIsrc(t.isrc);
    if (isrc) {
      const first = byIsrc.get(isrc);
      if (first !== undefined) err('isrc', PKG_MSG.duplicateIsrc(first));
      else byIsrc.set(isrc, t.position);
    }
    const first = byPath.get(t.path);
    if (first !== undefined) err('file', PKG_MSG.sameFile(first));
    else byPath.set(t.path, t.position);
  }
  return out;
}

export { hasErrors };
