/**
 * Reads what ingestion needs from an ERN 4.3 message (one that validated against the
 * schema, server/ingest/validate-ern.ts), as the packaging wizard writes it
 * (main/services/packaging/ern.ts): the release, its tracks, parties, files and deals.
 * A PurgeReleaseMessage names the release to purge. Parsed with xmlbuilder2's DOM.
 */
import { loadXmlbuilder2 } from '../lazy-modules';

/** A file the message names: its URI (relative to the release folder) and what it declares of it. */
export interface ErnFile {
  uri: string;
  md5: string | null;
  size: number | null;
}

/** A deal of the release or one track: its territories and dates. */
export interface ErnDeal {
  territories: string[];
  start: string | null;
  end: string | null;
  preOrder: boolean;
  /** Sold only through the store (a DistributionChannel names it). */
  exclusive: boolean;
  priceCode: string | null;
}

export interface ErnTrackIn {
  /** 1-based position in the release. */
  position: number;
  isrc: string | null;
  title: string;
  mixName: string | null;
  artists: string[];
  remixers: string[];
  songwriters: string[];
  publishers: string[];
  copyright: string | null;
  /** Seconds, from the SoundRecording's Duration. */
  duration: number | null;
  /** The audio file, relative to the release folder, with its MD5 and size (bytes) when the message gives them. */
  file: ErnFile | null;
  genre: string | null;
  subGenre: string | null;
  bpm: number | null;
  key: string | null;
  deals: ErnDeal[];
}

export interface ErnRelease {
  kind: 'new';
  upc: string | null;
  catalogNumber: string | null;
  title: string;
  releaseType: string | null;
  artist: string;
  label: string;
  genre: string | null;
  subGenre: string | null;
  releaseDate: string | null;
  streetDate: string | null;
  explicit: boolean;
  /** Days from the "Exclusive period: …" keyword; undefined when the message gives none. */
  exclusivePeriodLabel: string | undefined;
  image: ErnFile | null;
  tracks: ErnTrackIn[];
  deals: ErnDeal[];
}

export interface ErnPurge {
  kind: 'purge';
  upc: string | null;
  title: string;
}

type El = {
  localName: string;
  textContent: string | null;
  childNodes: ArrayLike<{ nodeType: number }>;
  getAttribute(n: string): string | null;
};

const kids = (e: El | null | undefined, name?: string): El[] =>
  e ? (Array.from(e.childNodes).filter((n) => n.nodeType === 1) as unknown as El[]).filter((c) => !name || c.localName === name) : [];
const kid = (e: El | null | undefined, ...path: string[]): El | null => {
  let cur: El | null | undefined = e;
  for (const p of path) cur = kids(cur, p)[0];
  return cur ?? null;
};
const text = (e: El | null | undefined, ...path: string[]): string | null => {
  const t = kid(e, ...path)?.textContent?.trim();
  return t ? t : null;
};

/** Seconds of an ISO 8601 duration (PT1H2M3.5S), or null. */
export function durationSeconds(iso: string | null): number | null {
  const m = iso ? /^PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/.exec(iso) : null;
  return m ? Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) : null;
}

function deals(dealList: El | null, ref: string): ErnDeal[] {
  return kids(dealList, 'ReleaseDeal')
    .filter((rd) => kids(rd, 'DealReleaseReference').some((r) => r.textContent?.trim() === ref))
    .flatMap((rd) =>
      kids(rd, 'Deal').map((d) => {
        const terms = kid(d, 'DealTerms');
        return {
          territories: kids(terms, 'TerritoryCode')
            .map((t) => t.textContent?.trim() ?? '')
            .filter(Boolean),
          // The day of StartDateTime/EndDateTime (ERN 4.3), or the deprecated StartDate/EndDate.
          start: text(terms, 'ValidityPeriod', 'StartDate') ?? text(terms, 'ValidityPeriod', 'StartDateTime')?.slice(0, 10) ?? null,
          end: text(terms, 'ValidityPeriod', 'EndDate') ?? text(terms, 'ValidityPeriod', 'EndDateTime')?.slice(0, 10) ?? null,
          preOrder: text(terms, 'IsPreOrderDeal') === 'true',
          exclusive: kid(terms, 'DistributionChannel') !== null,
          priceCode: text(terms, 'PriceInformation', 'PriceCode'),
        };
      }),
    );
}

/** Reads a release notification or purge message. */
export function readErn(xml: string): ErnRelease | ErnPurge {
  // xmlbuilder2's create() takes text that does not start with '<' for an element name, and
  // its name check backtracks for minutes on a run of whitespace: such a file is not XML.
  if (!/^\s*</.test(xml.slice(0, 4096))) throw new Error('The file is not XML.');
  const root = loadXmlbuilder2().create(xml).root().node as unknown as El;
  if (root.localName === 'PurgeReleaseMessage') {
    const p = kid(root, 'PurgedRelease');
    return { kind: 'purge', upc: text(p, 'ReleaseId', 'ICPN'), title: text(p, 'Title', 'TitleText') ?? '' };
  }
  const parties = new Map(
    kids(kid(root, 'PartyList'), 'Party').map((p) => [text(p, 'PartyReference') ?? '', text(p, 'PartyName', 'FullName') ?? '']),
  );
  const party = (ref: string | null) => (ref ? (parties.get(ref) ?? '') : '');
  const releaseList = kid(root, 'ReleaseList');
  const rel = kid(releaseList, 'Release');
  const dealList = kid(root, 'DealList');
  const resources = kid(root, 'ResourceList');
  const byResource = new Map<string, El>();
  for (const r of [...kids(resources, 'SoundRecording'), ...kids(resources, 'Image')])
    byResource.set(text(r, 'ResourceReference') ?? '', r);
  const trackReleases = new Map(kids(releaseList, 'TrackRelease').map((tr) => [text(tr, 'ReleaseResourceReference') ?? '', tr]));
  const keywords = (e: El | null) => kids(e, 'Keywords').map((k) => k.textContent?.trim() ?? '');
  const keyword = (e: El | null, prefix: string) =>
    keywords(e)
      .find((k) => k.startsWith(prefix))
      ?.slice(prefix.length)
      .trim();
  const file = (e: El | null) => {
    const f = kid(e, 'TechnicalDetails', 'DeliveryFile', 'File') ?? kid(e, 'TechnicalDetails', 'File');
    const uri = text(f, 'URI');
    const size = Number(text(f, 'FileSize'));
    return uri
      ? { uri, md5: text(f, 'HashSum', 'HashSumValue'), size: text(f, 'FileSize') !== null && Number.isFinite(size) ? size : null }
      : null;
  };

  const group = kid(rel, 'ResourceGroup');
  const tracks: ErnTrackIn[] = kids(group, 'ResourceGroupContentItem').map((item, i) => {
    const ref = text(item, 'ReleaseResourceReference') ?? '';
    const sr = byResource.get(ref) ?? null;
    const tr = trackReleases.get(ref) ?? null;
    const contributors = (roles: (r: string) => boolean) =>
      kids(sr, 'Contributor')
        .filter((c) => kids(c, 'Role').some((r) => roles(r.textContent?.trim() ?? '')))
        .map((c) => party(text(c, 'ContributorPartyReference')));
    const bpm = Number(keyword(tr, 'BPM:'));
    return {
      position: Number(text(item, 'SequenceNumber')) || i + 1,
      isrc: text(sr, 'SoundRecordingEdition', 'ResourceId', 'ISRC'),
      title: text(sr, 'DisplayTitle', 'TitleText') ?? text(sr, 'DisplayTitleText') ?? '',
      mixName: text(sr, 'DisplayTitle', 'SubTitle'),
      artists: kids(sr, 'DisplayArtist')
        .map((a) => party(text(a, 'ArtistPartyReference')))
        .filter(Boolean),
      remixers: contributors((r) => r === 'Remixer'),
      songwriters: contributors((r) => ['Composer', 'Lyricist', 'ComposerLyricist', 'Arranger'].includes(r)),
      publishers: contributors((r) => r === 'MusicPublisher'),
      copyright: text(sr, 'SoundRecordingEdition', 'PLine', 'PLineText'),
      duration: durationSeconds(text(sr, 'Duration')),
      file: file(kid(sr, 'SoundRecordingEdition')),
      genre: text(tr, 'Genre', 'GenreText'),
      subGenre: text(tr, 'Genre', 'SubGenre'),
      bpm: Number.isInteger(bpm) && bpm > 0 ? bpm : null,
      key: keyword(tr, 'Key:') ?? null,
      deals: deals(dealList, text(tr, 'ReleaseReference') ?? '\0'),
    };
  });
  const imageRef = kids(group, 'LinkedReleaseResourceReference')
    .find((l) => l.getAttribute('LinkDescription') === 'CoverArt')
    ?.textContent?.trim();
  const releaseType = kid(rel, 'ReleaseType');
  return {
    kind: 'new',
    upc: text(rel, 'ReleaseId', 'ICPN'),
    catalogNumber: text(rel, 'ReleaseId', 'CatalogNumber'),
    title: text(rel, 'DisplayTitle', 'TitleText') ?? text(rel, 'DisplayTitleText') ?? '',
    releaseType: releaseType?.getAttribute('UserDefinedValue') ?? releaseType?.textContent?.trim() ?? null,
    artist: text(rel, 'DisplayArtistName') ?? '',
    label: party(text(rel, 'ReleaseLabelReference')),
    genre: text(rel, 'Genre', 'GenreText'),
    subGenre: text(rel, 'Genre', 'SubGenre'),
    releaseDate: text(rel, 'ReleaseDate'),
    streetDate: text(rel, 'OriginalReleaseDate'),
    explicit: text(rel, 'ParentalWarningType') === 'Explicit',
    exclusivePeriodLabel: keyword(rel, 'Exclusive period:'),
    image: imageRef ? file(byResource.get(imageRef) ?? null) : null,
    tracks,
    deals: deals(dealList, text(rel, 'ReleaseReference') ?? '\0'),
  };
}
