/**
 * The wizard's field rules as validateRelease / validateTrack / validateCoverArt
 * apply them (the Finish step's list and main's package writer use these), each
 * with the spec's message where it has one (§5) and the wizard's own otherwise.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { emptyRelease, type ReleaseDraft, type TrackDraft } from '../../shared/packaging/draft';
import { PKG_MSG } from '../../shared/packaging/messages';
import type { ScanEntry } from '../../shared/packaging/model';
import { senderProblem } from '../../shared/packaging/rules';
import { validateCoverArt, validateDraft, validateRelease, validateTrack } from '../../shared/packaging/validate';

const release = (over: Partial<ReleaseDraft> = {}): ReleaseDraft => ({
  ...emptyRelease(),
  title: 'Night Drive EP',
  upc: '036000291452',
  catalogNumber: 'CAT-001',
  label: { id: 1, name: 'Test Records' },
  releaseType: { id: 2, name: 'EP' },
  genre: { id: 5, name: 'Techno' },
  streetDate: '2026-12-01',
  releaseDate: '2026-12-01',
  ...over,
});
const track = (over: Partial<TrackDraft> = {}): TrackDraft => ({
  path: '/music/a.wav',
  fileName: 'a.wav',
  position: 1,
  title: 'Opening',
  mixName: '',
  isrc: 'GB-ABC-24-00001',
  bpm: 124,
  key: null,
  genre: null,
  subGenre: null,
  artists: ['Artist'],
  remixers: [],
  songwriters: [],
  publishers: [],
  copyrightHolder: '2026 Test Records',
  ...over,
});
/** field → message of each error. */
const errors = (issues: { level: string; field: string; message: string }[]) =>
  Object.fromEntries(issues.filter((i) => i.level === 'error').map((i) => [i.field, i.message]));

describe('validateRelease', () => {
  it('a complete release has no issues', () => {
    expect(validateRelease(release())).toEqual([]);
  });

  it('label, release type and genre are required, with the §5 select message', () => {
    expect(MSG.selectFromList).toBe('Please select a valid option from the list');
    expect(errors(validateRelease(release({ label: null, releaseType: null, genre: null })))).toEqual({
      'release.label': 'Please select a valid option from the list',
      'release.releaseType': 'Please select a valid option from the list',
      'release.genre': 'Please select a valid option from the list',
    });
  });

  it('street and release dates are required', () => {
    expect(errors(validateRelease(release({ streetDate: '', releaseDate: '' })))).toEqual({
      'release.streetDate': 'Street date is required',
      'release.releaseDate': 'Release date is required',
    });
  });

  it('the street date may not be after the release date', () => {
    expect(errors(validateRelease(release({ streetDate: '2026-12-02', releaseDate: '2026-12-01' })))).toEqual({
      'release.streetDate': PKG_MSG.streetBeforeRelease,
    });
    expect(PKG_MSG.streetBeforeRelease).toBe('Street date must not be after the release date');
    expect(validateRelease(release({ streetDate: '2026-11-24', releaseDate: '2026-12-01' }))).toEqual([]);
  });

  it('the exclusive period is one of the §9 options (14, 28, 56 days, Lifetime) or None', () => {
    for (const exclusivePeriod of [0, 14, 28, 56, null, undefined])
      expect(validateRelease(release({ exclusivePeriod })), String(exclusivePeriod)).toEqual([]);
    for (const exclusivePeriod of [7, 30, -1]) {
      expect(errors(validateRelease(release({ exclusivePeriod }))), String(exclusivePeriod)).toEqual({
        'release.exclusivePeriod': 'Please select a valid option from the list',
      });
    }
  });

  it('pre-order weeks and default pre-order weeks are 0 to 4', () => {
    expect(validateRelease(release({ preOrderWeeks: 4, defaultPreOrderWeeks: 0 }))).toEqual([]);
    expect(errors(validateRelease(release({ preOrderWeeks: 5, defaultPreOrderWeeks: -1 })))).toEqual({
      'release.preOrderWeeks': PKG_MSG.preOrderWeeks,
      'release.defaultPreOrderWeeks': PKG_MSG.preOrderWeeks,
    });
  });

  it('the catalog number is optional and at most 200 characters', () => {
    expect(validateRelease(release({ catalogNumber: '' }))).toEqual([]);
    expect(validateRelease(release({ catalogNumber: 'C'.repeat(200) }))).toEqual([]);
    expect(errors(validateRelease(release({ catalogNumber: 'C'.repeat(201) })))).toEqual({
      'release.catalogNumber': 'Catalog number must be at most 200 characters',
    });
  });

  it('title and UPC/EAN go through their rules', () => {
    expect(errors(validateRelease(release({ title: ' ', upc: '036000291453' })))).toEqual({
      'release.title': 'Title is required',
      'release.upc': 'UPC/EAN check digit is wrong',
    });
  });
});

describe('validateTrack', () => {
  it('a complete track has no issues', () => {
    expect(validateTrack(track())).toEqual([]);
  });

  it('at least one artist is required (blank names do not count)', () => {
    expect(errors(validateTrack(track({ artists: [] })))).toEqual({ 'tracks.1.artists': 'Artist is required' });
    expect(errors(validateTrack(track({ artists: ['  '] })))).toEqual({ 'tracks.1.artists': 'Artist is required' });
  });

  it('a named songwriter needs a songwriter type', () => {
    const issues = validateTrack(
      track({
        position: 3,
        songwriters: [
          { name: 'Ann Writer', type: null },
          { name: 'Bo', type: { id: 1, name: 'Composer' } },
        ],
      }),
    );
    expect(errors(issues)).toEqual({ 'tracks.3.songwriters.0': PKG_MSG.songwriterType });
    expect(PKG_MSG.songwriterType).toBe('Choose a songwriter type');
    expect(issues[0].track).toBe(3);
    expect(validateTrack(track({ songwriters: [{ name: 'Bo', type: { id: 1, name: 'Composer' } }] }))).toEqual([]);
  });

  it('BPM is optional, from 1 to 999', () => {
    for (const bpm of [null, 1, 124, 127.5, 999]) expect(validateTrack(track({ bpm })), String(bpm)).toEqual([]);
    for (const bpm of [0, 0.5, 999.5, -1, 1000, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(errors(validateTrack(track({ bpm }))), String(bpm)).toEqual({ 'tracks.1.bpm': 'BPM must be a number from 1 to 999' });
    }
  });

  it('title, mix name, ISRC and copyright holder go through their rules', () => {
    expect(errors(validateTrack(track({ title: '', mixName: 'm'.repeat(129), isrc: 'nope', copyrightHolder: '' })))).toEqual({
      'tracks.1.title': 'Title is required',
      'tracks.1.mixName': 'Mix name must be at most 128 characters',
      'tracks.1.isrc': PKG_MSG.isrcFormat,
      'tracks.1.copyrightHolder': 'Copyright holder is required',
    });
  });
});

describe('cover art and the whole draft', () => {
  it('cover art is required, at least 500x500 and square; 1400x1400 recommended', () => {
    const art = { path: '/a.png', format: 'png' as const, size: 1 };
    expect(errors(validateCoverArt(null))).toEqual({ coverArt: 'Cover art is required' });
    expect(validateCoverArt({ ...art, width: 499, height: 499 }).map((i) => i.message)).toEqual(['Cover art must be at least 500x500']);
    expect(validateCoverArt({ ...art, width: 800, height: 600 }).map((i) => i.message)).toEqual(['Cover art must be square']);
    expect(validateCoverArt({ ...art, width: 500, height: 500 })).toEqual([
      { level: 'warning', code: 'coverArt', field: 'coverArt', message: 'Cover art of 1400x1400 is recommended' },
    ]);
    expect(validateCoverArt({ ...art, width: 1400, height: 1400 })).toEqual([]);
  });

  it('a draft needs at least one track', () => {
    expect(errors(validateDraft(release(), [], { path: '/a.png', format: 'png', size: 1, width: 1400, height: 1400 }))).toEqual({
      tracks: 'Add at least one track',
    });
  });
});

describe('the sender on the Finish step', () => {
  it('an empty DDEX party id is named plainly, not shown as "empty entry"', () => {
    expect(senderProblem({ partyId: '', valid: false, partyIdMessage: 'empty entry' })).toBe('The supplier has no DDEX Party ID');
    expect(senderProblem({ partyId: 'PADPIDA1', valid: false, partyIdMessage: 'Invalid DDEX Party ID' })).toBe('Invalid DDEX Party ID');
    expect(senderProblem({ partyId: 'PADPIDA2014120301', valid: true, partyIdMessage: 'Valid DDEX Party ID' })).toBeNull();
  });
});

describe('the same recording twice', () => {
  const cover = { path: '/c.png', width: 1400, height: 1400, format: 'png' as const, size: 1 };
  it('refuses the same ISRC (however written) on two tracks, on the later one', () => {
    const issues = validateDraft(
      release(),
      [
        track({ position: 2, path: '/music/b.wav', isrc: 'gbabc2400001' }),
        track({ position: 1 }),
        track({ position: 3, path: '/music/c.wav', isrc: 'GB-ABC-24-00003' }),
      ],
      cover,
    );
    expect(errors(issues)).toEqual({ 'tracks.2.isrc': PKG_MSG.duplicateIsrc(1) });
    expect(PKG_MSG.duplicateIsrc(1)).toBe('This ISRC is already used by track 1: each recording has its own');
  });

  it('refuses the same file on two tracks', () => {
    const issues = validateDraft(release(), [track(), track({ position: 2, isrc: 'GB-ABC-24-00002' })], cover);
    expect(errors(issues)).toEqual({ 'tracks.2.file': 'This is the same file as track 1: a recording is packaged once' });
  });
});

describe('files left out of the package', () => {
  const scanned = (name: string, status: ScanEntry['status'], reason?: string): [string, ScanEntry] => [
    `/music/${name}`,
    { path: `/music/${name}`, name, size: 1, status, reason, issues: [] },
  ];
  it.each([
    [
      'a broken file',
      scanned('04 broken.flac', 'corrupt', 'The audio header is incomplete (no sample rate, channels or bit depth)'),
      '04 broken.flac is left out of the package: The audio header is incomplete (no sample rate, channels or bit depth)',
    ],
    [
      'an unsupported file',
      scanned('liner notes.mp3', 'unsupported', 'Unsupported file type .mp3: only WAV, FLAC and AIFF are packaged'),
      'liner notes.mp3 is left out of the package: Unsupported file type .mp3: only WAV, FLAC and AIFF are packaged',
    ],
    ['an unreadable file without a reason', scanned('x.wav', 'unreadable'), 'x.wav is left out of the package: unreadable'],
    [
      'the same file twice',
      scanned('copy.wav', 'refused', 'The same file as a.wav: a recording is packaged once.'),
      'copy.wav is left out of the package: The same file as a.wav: a recording is packaged once',
    ],
  ])('%s is a warning on Finish', (_what, entry, message) => {
    const issues = validateDraft(release(), [track()], null, new Map([scanned('a.wav', 'ok'), entry]));
    expect(issues.filter((i) => i.code === 'leftOut')).toEqual([
      { level: 'warning', code: 'leftOut', field: `files.${entry[0]}`, message },
    ]);
  });
  it('a usable file is not left out', () => {
    expect(validateDraft(release(), [track()], null, new Map([scanned('a.wav', 'ok')])).filter((i) => i.code === 'leftOut')).toEqual([]);
  });
});
