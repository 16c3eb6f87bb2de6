/**
 * The wizard's state (Release Info, Track Details) as one schema: it is what the
 * draft autosave stores, what the Finish step validates and what main's package
 * writer receives. Select values are small {id, name} objects as the API sends them.
 */
import { z } from 'zod';

export const Ref = z.object({ id: z.number().int(), name: z.string().max(500) });
export type Ref = z.infer<typeof Ref>;

const DateText = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'YYYY-MM-DD');

export const ReleaseDraft = z.object({
  title: z.string().max(2000),
  catalogNumber: z.string().max(200),
  upc: z.string().max(200),
  label: Ref.nullable(),
  releaseType: Ref.nullable(),
  streetDate: DateText,
  releaseDate: DateText,
  /** Exclusive period in days (14, 28, 56), null for Lifetime, undefined for None (§9). */
  exclusivePeriod: z.number().int().nullable().optional(),
  preOrder: z.boolean(),
  preOrderWeeks: z.number().nullable(),
  defaultPreOrderWeeks: z.number().nullable(),
  explicit: z.boolean(),
  genre: Ref.nullable(),
  subGenre: Ref.nullable(),
});
export type ReleaseDraft = z.infer<typeof ReleaseDraft>;

export const Songwriter = z.object({ name: z.string().max(500), type: Ref.nullable() });
export type Songwriter = z.infer<typeof Songwriter>;

export const TrackDraft = z.object({
  /** The scanned file this track is made from (main's real path). */
  path: z.string().max(4096),
  fileName: z.string().max(1000),
  /** 1-based position on the release (§4). */
  position: z.number().int().min(1),
  title: z.string().max(2000),
  mixName: z.string().max(2000),
  isrc: z.string().max(200),
  bpm: z.number().nullable(),
  key: Ref.nullable(),
  genre: Ref.nullable(),
  subGenre: Ref.nullable(),
  artists: z.array(z.string().max(500)).max(100),
  remixers: z.array(z.string().max(500)).max(100),
  songwriters: z.array(Songwriter).max(100),
  publishers: z.array(z.string().max(500)).max(100),
  copyrightHolder: z.string().max(5000),
});
export type TrackDraft = z.infer<typeof TrackDraft>;

export const CoverArt = z.object({
  path: z.string().max(4096),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(['jpeg', 'png']),
  size: z.number().int(),
});
export type CoverArt = z.infer<typeof CoverArt>;

/** What autosaves under settings key 'packagingDraft'. */
export const PackagingDraft = z.object({
  version: z.literal(1),
  step: z.number().int().min(0).max(2),
  release: ReleaseDraft,
  tracks: z.array(TrackDraft).max(500),
  coverArt: CoverArt.nullable(),
  /** Folders the user picked, so a resumed draft can rescan them. */
  sources: z.array(z.string().max(4096)).max(50),
  outputDir: z.string().max(4096).nullable(),
  savedAt: z.string(),
});
export type PackagingDraft = z.infer<typeof PackagingDraft>;

export function emptyRelease(): ReleaseDraft {
  return {
    title: '',
    catalogNumber: '',
    upc: '',
    label: null,
    releaseType: null,
    streetDate: '',
    releaseDate: '',
    exclusivePeriod: undefined,
    preOrder: false,
    preOrderWeeks: null,
    defaultPreOrderWeeks: null,
    explicit: false,
    genre: null,
    subGenre: null,
  };
}

export function emptyDraft(now = new Date()): PackagingDraft {
  return {
    version: 1,
    step: 0,
    release: emptyRelease(),
    tracks: [],
    coverArt: null,
    sources: [],
    outputDir: null,
    savedAt: now.toISOString(),
  };
}

/**
 * The 'packagingDraft' settings entry: one draft per user of this console, by user id.
 * A draft is checked with PackagingDraft when it is read (draftOf), so one unreadable
 * draft never costs the others.
 */
export const PackagingDrafts = z.object({ drafts: z.record(z.string(), z.unknown()) });
export type PackagingDrafts = z.infer<typeof PackagingDrafts>;

/** What the settings store held; anything unreadable starts empty. */
export function loadPackagingDrafts(stored: unknown): PackagingDrafts {
  const parsed = PackagingDrafts.safeParse(stored);
  return parsed.success ? parsed.data : { drafts: {} };
}

/** A user's saved draft, if there is a readable one. */
export function draftOf(all: PackagingDrafts, user: string): PackagingDraft | null {
  const parsed = PackagingDraft.safeParse(all.drafts[user]);
  return parsed.success ? parsed.data : null;
}

/** Sets (or with null removes) a user's draft, leaving other users' drafts alone. */
export function withDraft(all: PackagingDrafts, user: string, draft: PackagingDraft | null): PackagingDrafts {
  const drafts = { ...all.drafts };
  if (draft) drafts[user] = draft;
  else delete drafts[user];
  return { drafts };
}

/** What the settings store keeps: null once no user has a draft. */
export function storedPackagingDrafts(all: PackagingDrafts): PackagingDrafts | null {
  return Object.keys(all.drafts).length ? all : null;
}
