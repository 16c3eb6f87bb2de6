/**
 * The kept files of the seeded deliveries that can be re-ingested (issue 27): an ERN 4.3
 * NewReleaseMessage describing a seeded release as it is in the catalogue (its UPC, its
 * tracks' ISRCs, titles, artists and genres), a one-second WAV per track and a square PNG
 * cover, with the facts ingestion learns of each file (size, MD5, decoded length, pixel
 * size). Re-ingesting such a delivery updates its release from the message and encodes
 * the WAVs (server/api/routes/deliveries.ts reingest). The message follows the element
 * order of the packaging wizard's (main/services/packaging/ern.ts), without deals (the
 * release is sold worldwide, from its release date). Deterministic: everything follows
 * from the rows.
 */
import type { ErnTrackIn } from '../ingest/read-ern';
import { createHash } from 'node:crypto';
import { loadXmlbuilder2 } from '../lazy-modules';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { exclusivePeriodLabel, STORE_DDEX_PARTY } from '../../shared/constants';
import { deliveryFileKey, type DeliveryFile } from '../ingest/files';
import { SANDBOX_WAV_SECONDS, sineWav } from './audio';

const ERN_NS = 'http://ddex.net/xml/ern/43';
/** The Allowed Value Sets version of the schema in ddex/ern43 (as the wizard's messages say). */
const ERN_AVS_VERSION = '6';
const PROPRIETARY_NS = `DPID:${STORE_DDEX_PARTY.partyId}`;
const RELEASE_TYPES = new Set(['Album', 'EP', 'Single', 'DjMix', 'VideoSingle', 'VideoAlbum']);

/** What the message says of a track: the fields ingestion reads back (read-ern.ts), an ISRC always. */
export type SeedErnTrack = Pick<
  ErnTrackIn,
  | 'position'
  | 'title'
  | 'mixName'
  | 'artists'
  | 'remixers'
  | 'songwriters'
  | 'publishers'
  | 'copyright'
  | 'genre'
  | 'subGenre'
  | 'bpm'
  | 'key'
> & { isrc: string };

export interface SeedErnRelease {
  upc: string;
  catalogNumber: string | null;
  title: string;
  releaseType: string | null;
  label: string;
  genre: string | null;
  subGenre: string | null;
  /** YYYY-MM-DD. */
  releaseDate: string | null;
  explicit: boolean;
  exclusivePeriod: number | null;
  tracks: SeedErnTrack[];
}

/** A file of a kept delivery: its bytes and its DeliveryFile entry. */
export interface KeptFile {
  file: DeliveryFile;
  bytes: Buffer;
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const isoSeconds = (s: number) => `PT${s.toFixed(3)}S`;
/** Each track's tone: A3 and the semitones up from it, by position. */
const toneOf = (position: number) => 220 * 2 ** (((position - 1) % 24) / 12);

/** The path of a track's WAV and of the cover in the release folder, as the wizard names them. */
export const trackPath = (upc: string, position: number) => `resources/${upc}_01_${String(position).padStart(3, '0')}.wav`;
export const coverPath = (upc: string) => `resources/${upc}_cover.png`;

/** The ERN of `r` whose tracks' files and cover are `audio` (by position) and `cover`. */
export function seedErn(
  r: SeedErnRelease,
  audio: Map<number, DeliveryFile>,
  cover: DeliveryFile & { image: { width: number; height: number } },
  createdAt: Date,
): string {
  const parties = new Map<string, string>();
  const partyRef = (name: string) => {
    let ref = parties.get(name);
    if (!ref) parties.set(name, (ref = `P${parties.size + 1}`));
    return ref;
  };
  const labelRef = partyRef(r.label);
  const releaseArtists = [...new Set(r.tracks.flatMap((t) => t.artists))];
  for (const t of r.tracks) for (const n of [...t.artists, ...t.remixers, ...t.songwriters, ...t.publishers]) partyRef(n);

  const doc = loadXmlbuilder2().create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(ERN_NS, 'ern:NewReleaseMessage').att('AvsVersionId', ERN_AVS_VERSION).att('LanguageAndScriptCode', 'en');
  const el = (parent: XMLBuilder, name: string, text?: string | number) => {
    const e = parent.ele(name);
    if (text !== undefined) e.txt(String(text));
    return e;
  };
  const fileElement = (parent: XMLBuilder, f: DeliveryFile) => {
    const file = el(parent, 'File');
    el(file, 'URI', f.path);
    const hash = el(file, 'HashSum');
    el(hash, 'Algorithm', 'MD5');
    el(hash, 'HashSumValue', f.md5 ?? '');
    el(file, 'FileSize', f.size);
  };
  const genre = (g: XMLBuilder, name: string | null, sub: string | null) => {
    el(g, 'GenreText', name ?? 'Unknown');
    if (sub) el(g, 'SubGenre', sub);
  };

  const header = el(root, 'MessageHeader');
  el(header, 'MessageId', `seed-${r.upc}`);
  const sender = el(header, 'MessageSender');
  el(sender, 'PartyId', 'PADPIDA0000000001X');
  el(el(sender, 'PartyName'), 'FullName', r.label);
  const recipient = el(header, 'MessageRecipient');
  el(recipient, 'PartyId', STORE_DDEX_PARTY.partyId);
  el(el(recipient, 'PartyName'), 'FullName', STORE_DDEX_PARTY.name);
  el(header, 'MessageCreatedDateTime', createdAt.toISOString());

  const partyList = el(root, 'PartyList');
  for (const [name, ref] of parties) {
    const p = el(partyList, 'Party');
    el(p, 'PartyReference', ref);
    el(el(p, 'PartyName'), 'FullName', name);
  }

  const resources = el(root, 'ResourceList');
  let total = 0;
  r.tracks.forEach((t, i) => {
    const f = audio.get(t.position)!;
    const seconds = f.audio && 'seconds' in f.audio ? f.audio.seconds : SANDBOX_WAV_SECONDS;
    total += seconds;
    const sr = el(resources, 'SoundRecording');
    el(sr, 'ResourceReference', `A${i + 1}`);
    el(sr, 'Type', 'MusicalWorkSoundRecording');
    const edition = el(sr, 'SoundRecordingEdition');
    el(el(edition, 'ResourceId'), 'ISRC', t.isrc);
    el(edition, 'PLine')
      .ele('PLineText')
      .txt(t.copyright ?? r.label);
    const tech = el(edition, 'TechnicalDetails');
    el(tech, 'TechnicalResourceDetailsReference', `T${i + 1}`);
    const file = el(tech, 'DeliveryFile');
    el(file, 'Type', 'AudioFile');
    el(file, 'ContainerFormat', 'WAV');
    el(file, 'AudioCodecType', 'PCM');
    el(file, 'NumberOfChannels', 1);
    el(file, 'SamplingRate', 44_100).att('UnitOfMeasure', 'Hz');
    el(file, 'BitsPerSample', 16);
    el(file, 'Duration', isoSeconds(seconds));
    fileElement(file, f);
    el(sr, 'DisplayTitleText', t.title);
    const title = el(sr, 'DisplayTitle');
    el(title, 'TitleText', t.title);
    if (t.mixName) el(title, 'SubTitle', t.mixName);
    el(sr, 'DisplayArtistName', t.artists.join(', ') || 'Unknown');
    t.artists.forEach((a, n) => {
      const da = el(sr, 'DisplayArtist').att('SequenceNumber', String(n + 1));
      el(da, 'ArtistPartyReference', partyRef(a));
      el(da, 'DisplayArtistRole', 'MainArtist');
    });
    const contributors: [string, string][] = [
      ...t.remixers.map((n): [string, string] => [n, 'Remixer']),
      ...t.songwriters.map((n): [string, string] => [n, 'Composer']),
      ...t.publishers.map((n): [string, string] => [n, 'MusicPublisher']),
    ];
    contributors.forEach(([name, role], n) => {
      const c = el(sr, 'Contributor').att('SequenceNumber', String(n + 1));
      el(c, 'ContributorPartyReference', partyRef(name));
      el(c, 'Role', role);
    });
    el(sr, 'Duration', isoSeconds(seconds));
    el(sr, 'ParentalWarningType', r.explicit ? 'Explicit' : 'NotExplicit');
  });

  const n = r.tracks.length;
  const image = el(resources, 'Image');
  el(image, 'ResourceReference', `A${n + 1}`);
  el(image, 'Type', 'FrontCoverImage');
  el(el(image, 'ResourceId'), 'ProprietaryId', `${r.upc}_cover`).att('Namespace', PROPRIETARY_NS);
  const itech = el(image, 'TechnicalDetails');
  el(itech, 'TechnicalResourceDetailsReference', `T${n + 1}`);
  el(itech, 'ImageCodecType', 'PNG');
  el(itech, 'ImageHeight', cover.image.height).att('UnitOfMeasure', 'Pixel');
  el(itech, 'ImageWidth', cover.image.width).att('UnitOfMeasure', 'Pixel');
  fileElement(itech, cover);

  const releases = el(root, 'ReleaseList');
  const rel = el(releases, 'Release');
  el(rel, 'ReleaseReference', 'R0');
  const type = r.releaseType ?? '';
  if (RELEASE_TYPES.has(type)) el(rel, 'ReleaseType', type);
  else el(rel, 'ReleaseType', 'UserDefined').att('UserDefinedValue', type || 'Unknown');
  const rid = el(rel, 'ReleaseId');
  el(rid, 'ICPN', r.upc);
  if (r.catalogNumber) el(rid, 'CatalogNumber', r.catalogNumber).att('Namespace', PROPRIETARY_NS);
  el(rel, 'DisplayTitleText', r.title);
  el(el(rel, 'DisplayTitle'), 'TitleText', r.title);
  el(rel, 'DisplayArtistName', releaseArtists.join(', ') || 'Unknown');
  releaseArtists.forEach((a, i) => {
    const da = el(rel, 'DisplayArtist').att('SequenceNumber', String(i + 1));
    el(da, 'ArtistPartyReference', partyRef(a));
    el(da, 'DisplayArtistRole', 'MainArtist');
  });
  el(rel, 'ReleaseLabelReference', labelRef);
  const year = r.releaseDate?.slice(0, 4) ?? '';
  for (const [line, mark] of [
    ['PLine', '(P)'],
    ['CLine', '(C)'],
  ] as const) {
    const e = el(rel, line);
    if (year) el(e, 'Year', year);
    el(e, `${line}Company`, r.label);
    el(e, `${line}Text`, [mark, year, r.label].filter(Boolean).join(' '));
  }
  el(rel, 'Duration', isoSeconds(total));
  genre(el(rel, 'Genre'), r.genre, r.subGenre);
  if (r.releaseDate) el(rel, 'ReleaseDate', r.releaseDate);
  if (r.releaseDate) el(rel, 'OriginalReleaseDate', r.releaseDate);
  el(rel, 'ParentalWarningType', r.explicit ? 'Explicit' : 'NotExplicit');
  const group = el(rel, 'ResourceGroup');
  r.tracks.forEach((t, i) => {
    const item = el(group, 'ResourceGroupContentItem');
    el(item, 'SequenceNumber', t.position);
    el(item, 'ReleaseResourceReference', `A${i + 1}`);
  });
  el(group, 'LinkedReleaseResourceReference', `A${n + 1}`).att('LinkDescription', 'CoverArt');
  el(rel, 'Keywords', `Exclusive period: ${exclusivePeriodLabel(r.exclusivePeriod)}`);

  r.tracks.forEach((t, i) => {
    const tr = el(releases, 'TrackRelease');
    el(tr, 'ReleaseReference', `R${i + 1}`);
    el(el(tr, 'ReleaseId'), 'ProprietaryId', `${r.upc}_${String(t.position).padStart(3, '0')}`).att('Namespace', PROPRIETARY_NS);
    el(tr, 'ReleaseResourceReference', `A${i + 1}`);
    el(tr, 'ReleaseLabelReference', labelRef);
    genre(el(tr, 'Genre'), t.genre ?? r.genre, t.genre ? t.subGenre : r.subGenre);
    if (t.bpm !== null) el(tr, 'Keywords', `BPM: ${t.bpm}`);
    if (t.key) el(tr, 'Keywords', `Key: ${t.key}`);
  });

  return doc.end({ prettyPrint: true });
}

/**
 * The files of one kept delivery under `prefix` (deliveries/<id>): its XML at the folder's
 * top (`<UPC>.xml`, as xml_file_path names it), a WAV per track and the cover, each with
 * the facts ingestion keeps (deliveries.files).
 */
export function keptDeliveryFiles(
  prefix: string,
  r: SeedErnRelease,
  coverPng: { bytes: Buffer; width: number; height: number },
  createdAt: Date,
): KeptFile[] {
  const entry = (path: string, bytes: Buffer, extra: Partial<DeliveryFile> = {}): KeptFile => ({
    bytes,
    file: { path, key: deliveryFileKey(prefix, path), size: bytes.length, md5: md5(bytes), ...extra },
  });
  const wavs = r.tracks.map((t) =>
    entry(trackPath(r.upc, t.position), sineWav(toneOf(t.position)), { audio: { seconds: SANDBOX_WAV_SECONDS } }),
  );
  const cover = entry(coverPath(r.upc), coverPng.bytes, { image: { width: coverPng.width, height: coverPng.height } });
  const xml = Buffer.from(
    seedErn(
      r,
      new Map(r.tracks.map((t, i) => [t.position, wavs[i].file])),
      cover.file as DeliveryFile & { image: { width: number; height: number } },
      createdAt,
    ),
    'utf8',
  );
  return [entry(`${r.upc}.xml`, xml), ...wavs, cover];
}
