/**
 * The ERN 4.3 NewReleaseMessage for one package (http://ddex.net/xml/ern/43),
 * built with xmlbuilder2. Only the root is namespace-qualified (the schema's
 * elementFormDefault is unqualified). Element order follows the schema's sequences; tests
 * validate the output with xmllint against shared/ddex/ern43.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { exclusivePeriodLabel, PACKAGE_DEAL_TERRITORIES, STORE_DDEX_PARTY, STORE_PRICE_TIERS } from '../../../shared/constants';
import type { ReleaseDraft, TrackDraft } from '../../../shared/packaging/draft';
import type { AudioFormat } from '../../../shared/packaging/model';
import { compactIsrc } from '../../../shared/packaging/rules';

export const ERN_NS = 'http://ddex.net/xml/ern/43';
/**
 * The version of DDEX's Allowed Value Sets the message's values come from: the one the
 * ERN 4.3 schema in shared/ddex/ern43 is built with (its allowed-value-sets.xsd says
 * AvsVersionId 6; a test compares them).
 */
export const ERN_AVS_VERSION = '6';
/** Namespace of the store's own proprietary ids and price codes. */
export const PROPRIETARY_NS = `DPID:${STORE_DDEX_PARTY.partyId}`;

export interface Party {
  partyId: string;
  name: string;
}

export interface ErnTrack {
  draft: TrackDraft;
  format: AudioFormat;
  /** Path inside the package folder, e.g. resources/0123..._01_001.wav. */
  uri: string;
  md5: string;
  size: number;
}

export interface ErnImage {
  uri: string;
  md5: string;
  size: number;
  width: number;
  height: number;
  format: 'jpeg' | 'png';
}

export interface ErnInput {
  messageId: string;
  createdAt: Date;
  sender: Party;
  recipient: Party;
  release: ReleaseDraft;
  tracks: ErnTrack[];
  image: ErnImage;
}

const RELEASE_TYPES = new Set(['Album', 'EP', 'Single', 'DjMix', 'VideoSingle', 'VideoAlbum']);

/** ISO 8601 duration with milliseconds, e.g. PT3M30.250S. */
export function isoDuration(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s.toFixed(3)}S`;
}

/** Parses isoDuration() output back to seconds (tests compare it with soxi). */
export function parseIsoDuration(text: string): number {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/.exec(text);
  if (!m) throw new Error(`not a duration: ${text}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

const displayArtists = (t: TrackDraft) => t.artists.map((a) => a.trim()).filter(Boolean);

/** A child element, with its text when given. */
function el(parent: XMLBuilder, name: string, text?: string | number): XMLBuilder {
  const e = parent.ele(name);
  if (text !== undefined) e.txt(String(text));
  return e;
}

/** What every section reads: the input, and the parties by name (each one's reference, P1, P2… in order of first mention). */
interface Ern {
  readonly input: ErnInput;
  readonly parties: ReadonlyMap<string, string>;
  partyRef(name: string): string;
  readonly labelRef: string;
  /** The release's main artists (more than four: Various Artists). */
  readonly releaseArtists: readonly string[];
  readonly variousRef: string | null;
}

/** The parties of the message: the label, then each track's artists, remixers, songwriters and publishers, then Various Artists. */
function ernParties(input: ErnInput): Ern {
  const { release: r, tracks } = input;
  const parties = new Map<string, string>();
  const partyRef = (name: string) => {
    let ref = parties.get(name);
    if (!ref) parties.set(name, (ref = `P${parties.size + 1}`));
    return ref;
  };
  const labelRef = partyRef(r.label?.name ?? '');
  const releaseArtists = [...new Set(tracks.flatMap((t) => displayArtists(t.draft)))];
  for (const { draft: t } of tracks) {
    for (const n of [...displayArtists(t), ...t.remixers, ...t.songwriters.map((s) => s.name), ...t.publishers])
      if (n.trim()) partyRef(n.trim());
  }
  const variousRef = releaseArtists.length > 4 ? partyRef('Various Artists') : null;
  return { input, parties, partyRef, labelRef, releaseArtists, variousRef };
}

/**
 * The ERN 4.3 NewReleaseMessage of a package (the store's profile): one section builder per
 * part of the message, in the order the schema wants them.
 */
export function buildErn(input: ErnInput): string {
  const ern = ernParties(input);
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(ERN_NS, 'ern:NewReleaseMessage').att('AvsVersionId', ERN_AVS_VERSION).att('LanguageAndScriptCode', 'en');
  messageHeader(root, input);
  partyList(root, ern);
  const resources = el(root, 'ResourceList');
  input.tracks.forEach((t, i) => soundRecording(resources, ern, t, i));
  coverImage(resources, input);
  const releases = el(root, 'ReleaseList');
  mainRelease(releases, ern);
  input.tracks.forEach((t, i) => trackRelease(releases, ern, t, i));
  dealList(root, input);
  return doc.end({ prettyPrint: true });
}

/** MessageHeader: the message's id, sender, recipient and time. */
function messageHeader(root: XMLBuilder, input: ErnInput): void {
  const header = el(root, 'MessageHeader');
  el(header, 'MessageId', input.messageId);
  const sender = el(header, 'MessageSender');
  el(sender, 'PartyId', input.sender.partyId);
  el(el(sender, 'PartyName'), 'FullName', input.sender.name);
  const recipient = el(header, 'MessageRecipient');
  el(recipient, 'PartyId', input.recipient.partyId);
  el(el(recipient, 'PartyName'), 'FullName', input.recipient.name);
  el(header, 'MessageCreatedDateTime', input.createdAt.toISOString());
}

/** PartyList: every party named in the message, by its reference. */
function partyList(root: XMLBuilder, ern: Ern): void {
  const list = el(root, 'PartyList');
  for (const [name, ref] of ern.parties) {
    const p = el(list, 'Party');
    el(p, 'PartyReference', ref);
    el(el(p, 'PartyName'), 'FullName', name);
  }
}

/** One SoundRecording (resource A<n>): ISRC, P line, the audio file's technical details, title, artists, contributors. */
function soundRecording(resources: XMLBuilder, ern: Ern, t: ErnTrack, i: number): void {
  const r = ern.input.release;
  const d = t.draft;
  const sr = el(resources, 'SoundRecording');
  el(sr, 'ResourceReference', `A${i + 1}`);
  el(sr, 'Type', 'MusicalWorkSoundRecording');
  const edition = el(sr, 'SoundRecordingEdition');
  const id = el(edition, 'ResourceId');
  el(id, 'ISRC', compactIsrc(d.isrc) ?? d.isrc);
  el(edition, 'PLine').ele('PLineText').txt(d.copyrightHolder);
  const tech = el(edition, 'TechnicalDetails');
  el(tech, 'TechnicalResourceDetailsReference', `T${i + 1}`);
  const file = el(tech, 'DeliveryFile');
  el(file, 'Type', 'AudioFile');
  const f = t.format;
  if (f.container === 'FLAC') el(file, 'ContainerFormat', 'UserDefined').att('UserDefinedValue', 'FLAC');
  else el(file, 'ContainerFormat', f.container === 'WAVE' ? 'WAV' : 'AIFF');
  el(file, 'AudioCodecType', f.container === 'FLAC' ? 'FLAC' : 'PCM');
  el(file, 'NumberOfChannels', f.channels);
  el(file, 'SamplingRate', f.sampleRate).att('UnitOfMeasure', 'Hz');
  el(file, 'BitsPerSample', f.bitsPerSample);
  el(file, 'Duration', isoDuration(f.duration));
  fileElement(file, t.uri, t.md5, t.size);
  el(sr, 'DisplayTitleText', d.title);
  const title = el(sr, 'DisplayTitle');
  el(title, 'TitleText', d.title);
  if (d.mixName.trim()) el(title, 'SubTitle', d.mixName.trim());
  el(sr, 'DisplayArtistName', displayArtists(d).join(', '));
  displayArtists(d).forEach((a, n) => {
    const da = el(sr, 'DisplayArtist').att('SequenceNumber', String(n + 1));
    el(da, 'ArtistPartyReference', ern.partyRef(a));
    el(da, 'DisplayArtistRole', 'MainArtist');
  });
  const contributors: Array<[string, string]> = [
    ...d.remixers.filter((n) => n.trim()).map((n): [string, string] => [n.trim(), 'Remixer']),
    ...d.songwriters.filter((s) => s.name.trim()).map((s): [string, string] => [s.name.trim(), songwriterRole(s.type?.name)]),
    ...d.publishers.filter((n) => n.trim()).map((n): [string, string] => [n.trim(), 'MusicPublisher']),
  ];
  contributors.forEach(([name, role], n) => {
    const c = el(sr, 'Contributor').att('SequenceNumber', String(n + 1));
    el(c, 'ContributorPartyReference', ern.partyRef(name));
    el(c, 'Role', role);
  });
  el(sr, 'Duration', isoDuration(f.duration));
  el(sr, 'ParentalWarningType', r.explicit ? 'Explicit' : 'NotExplicit');
}

/** The front cover Image (the resource after the tracks). */
function coverImage(resources: XMLBuilder, input: ErnInput): void {
  const { image: img, release: r, tracks } = input;
  const image = el(resources, 'Image');
  el(image, 'ResourceReference', `A${tracks.length + 1}`);
  el(image, 'Type', 'FrontCoverImage');
  el(el(image, 'ResourceId'), 'ProprietaryId', `${r.upc}_cover`).att('Namespace', PROPRIETARY_NS);
  const itech = el(image, 'TechnicalDetails');
  el(itech, 'TechnicalResourceDetailsReference', `T${tracks.length + 1}`);
  el(itech, 'ImageCodecType', img.format === 'png' ? 'PNG' : 'JPEG');
  el(itech, 'ImageHeight', img.height).att('UnitOfMeasure', 'Pixel');
  el(itech, 'ImageWidth', img.width).att('UnitOfMeasure', 'Pixel');
  fileElement(itech, img.uri, img.md5, img.size);
}

/** The main Release (R0): type, ICPN and catalogue number, title, artists, label, P and C lines, genre, dates, its resources. */
function mainRelease(releases: XMLBuilder, ern: Ern): void {
  const { release: r, tracks } = ern.input;
  const rel = el(releases, 'Release');
  el(rel, 'ReleaseReference', 'R0');
  const type = r.releaseType?.name ?? '';
  if (RELEASE_TYPES.has(type)) el(rel, 'ReleaseType', type);
  else el(rel, 'ReleaseType', 'UserDefined').att('UserDefinedValue', type || 'Unknown');
  const rid = el(rel, 'ReleaseId');
  el(rid, 'ICPN', r.upc);
  if (r.catalogNumber.trim()) el(rid, 'CatalogNumber', r.catalogNumber.trim()).att('Namespace', PROPRIETARY_NS);
  el(rel, 'DisplayTitleText', r.title);
  el(el(rel, 'DisplayTitle'), 'TitleText', r.title);
  const artistText = ern.variousRef ? 'Various Artists' : ern.releaseArtists.join(', ');
  el(rel, 'DisplayArtistName', artistText || 'Unknown');
  const artistRefs = ern.variousRef ? [ern.variousRef] : ern.releaseArtists.map((a) => ern.partyRef(a));
  artistRefs.forEach((ref, n) => {
    const da = el(rel, 'DisplayArtist').att('SequenceNumber', String(n + 1));
    el(da, 'ArtistPartyReference', ref);
    el(da, 'DisplayArtistRole', 'MainArtist');
  });
  el(rel, 'ReleaseLabelReference', ern.labelRef);
  // The release's (P) and (C) lines: the label, in the year of the release date.
  const year = (r.releaseDate || r.streetDate).slice(0, 4);
  const holder = r.label?.name ?? '';
  for (const [line, mark] of [
    ['PLine', '(P)'],
    ['CLine', '(C)'],
  ] as const) {
    const e = el(rel, line);
    if (year) el(e, 'Year', year);
    if (holder) el(e, `${line}Company`, holder);
    el(e, `${line}Text`, [mark, year, holder].filter(Boolean).join(' '));
  }
  el(rel, 'Duration', isoDuration(tracks.reduce((s, t) => s + t.format.duration, 0)));
  genre(el(rel, 'Genre'), r.genre?.name, r.subGenre?.name);
  if (r.releaseDate) el(rel, 'ReleaseDate', r.releaseDate);
  if (r.streetDate) el(rel, 'OriginalReleaseDate', r.streetDate);
  el(rel, 'ParentalWarningType', r.explicit ? 'Explicit' : 'NotExplicit');
  const group = el(rel, 'ResourceGroup');
  tracks.forEach((t, i) => {
    const item = el(group, 'ResourceGroupContentItem');
    el(item, 'SequenceNumber', t.draft.position);
    el(item, 'ReleaseResourceReference', `A${i + 1}`);
  });
  el(group, 'LinkedReleaseResourceReference', `A${tracks.length + 1}`).att('LinkDescription', 'CoverArt');
  // Always said, None included: the store applies the supplier's default period only to a
  // message that names none, and the wizard shows None where nothing was chosen.
  el(rel, 'Keywords', `Exclusive period: ${exclusivePeriodLabel(r.exclusivePeriod)}`);
}

/** One TrackRelease (R<n>): its id, resource, label, genre, and BPM and key as keywords. */
function trackRelease(releases: XMLBuilder, ern: Ern, t: ErnTrack, i: number): void {
  const r = ern.input.release;
  const tr = el(releases, 'TrackRelease');
  el(tr, 'ReleaseReference', `R${i + 1}`);
  el(el(tr, 'ReleaseId'), 'ProprietaryId', `${r.upc}_${String(t.draft.position).padStart(3, '0')}`).att('Namespace', PROPRIETARY_NS);
  el(tr, 'ReleaseResourceReference', `A${i + 1}`);
  el(tr, 'ReleaseLabelReference', ern.labelRef);
  genre(el(tr, 'Genre'), t.draft.genre?.name ?? r.genre?.name, t.draft.genre ? t.draft.subGenre?.name : r.subGenre?.name);
  // ERN 4.3 has no tempo or key element: the store reads them from these keywords.
  if (t.draft.bpm !== null) el(tr, 'Keywords', `BPM: ${t.draft.bpm}`);
  if (t.draft.key) el(tr, 'Keywords', `Key: ${t.draft.key.name}`);
}

/**
 * DealList: deals for the release (R0) and for each track (R1...), each at the store's price
 * tier: permanent downloads in the package's territories from the street date; with an
 * exclusive period, the first days (or, for Lifetime, all of them) only through the store;
 * a pre-order deal for the weeks before the street date. None without a date.
 */
function dealList(root: XMLBuilder, input: ErnInput): void {
  const { release: r, tracks } = input;
  const street = r.streetDate || r.releaseDate;
  if (!street) return;
  const list = el(root, 'DealList');
  const releaseDeal = (ref: string, tier: string, preOrderable: boolean) => {
    const releaseDeal = el(list, 'ReleaseDeal');
    el(releaseDeal, 'DealReleaseReference', ref);
    const deal = (start: string, end: string | null, opts: { preOrder?: boolean; exclusive?: boolean } = {}) => {
      const terms = el(el(releaseDeal, 'Deal'), 'DealTerms');
      for (const t of PACKAGE_DEAL_TERRITORIES) el(terms, 'TerritoryCode', t);
      const period = el(terms, 'ValidityPeriod');
      // StartDateTime/EndDateTime: ERN 4.3 deprecates StartDate/EndDate. A period holds whole
      // days, from the first's midnight to the last's end.
      el(period, 'StartDateTime', `${start}T00:00:00`);
      if (end) el(period, 'EndDateTime', `${end}T23:59:59`);
      el(terms, 'CommercialModelType', 'PayAsYouGoModel');
      el(terms, 'UseType', 'PermanentDownload');
      if (opts.exclusive) {
        const dsp = el(terms, 'DistributionChannel');
        el(el(dsp, 'PartyId'), 'DPID', STORE_DDEX_PARTY.partyId);
        el(dsp, 'TradingName', STORE_DDEX_PARTY.name);
      }
      el(el(terms, 'PriceInformation'), 'PriceCode', tier).att('Namespace', PROPRIETARY_NS);
      if (opts.preOrder) el(terms, 'IsPreOrderDeal', 'true');
    };
    if (preOrderable && r.preOrder && r.preOrderWeeks) deal(addDays(street, -7 * r.preOrderWeeks), addDays(street, -1), { preOrder: true });
    const exclusive = r.exclusivePeriod;
    if (exclusive === null) deal(street, null, { exclusive: true });
    else if (exclusive) {
      deal(street, addDays(street, exclusive - 1), { exclusive: true });
      deal(addDays(street, exclusive), null);
    } else deal(street, null);
  };
  releaseDeal('R0', STORE_PRICE_TIERS.release, true);
  tracks.forEach((_, i) => releaseDeal(`R${i + 1}`, STORE_PRICE_TIERS.track, false));
}

/** A File: its URI, MD5 and size. */
function fileElement(parent: XMLBuilder, uri: string, md5: string, size: number): void {
  const file = el(parent, 'File');
  el(file, 'URI', uri);
  const hash = el(file, 'HashSum');
  el(hash, 'Algorithm', 'MD5');
  el(hash, 'HashSumValue', md5);
  el(file, 'FileSize', size);
}

/** A Genre: its text (Unknown when none) and sub-genre. */
function genre(g: XMLBuilder, name: string | undefined, sub: string | undefined): void {
  el(g, 'GenreText', name ?? 'Unknown');
  if (sub) el(g, 'SubGenre', sub);
}

/** YYYY-MM-DD plus `days` (UTC calendar arithmetic). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Songwriter type names from the API's songwriter-types list, as DDEX contributor roles. */
function songwriterRole(type: string | undefined): string {
  const t = (type ?? '').toLowerCase();
  if (t.includes('lyric') && (t.includes('compos') || t.includes('writ'))) return 'ComposerLyricist';
  if (t.includes('lyric')) return 'Lyricist';
  if (t.includes('arrang')) return 'Arranger';
  return 'Composer';
}
