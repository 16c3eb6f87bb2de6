import { describe, expect, it } from 'vitest';
import { checkAudio } from '../../shared/packaging/audio-checks';
import { PKG_MSG } from '../../shared/packaging/messages';
import type { AudioFormat } from '../../shared/packaging/model';
import * as rules from '../../shared/packaging/rules';

describe('release and track text rules', () => {
  it('titles: required, at most 250', () => {
    expect(rules.releaseTitle('')).toBe('Title is required');
    expect(rules.releaseTitle('a'.repeat(250))).toBeNull();
    expect(rules.releaseTitle('a'.repeat(251))).toBe('Title must be at most 250 characters');
    expect(rules.trackTitle('a'.repeat(251))).toBe('Title must be at most 250 characters');
    expect(rules.trackTitle('Night Drive')).toBeNull();
  });
  it('mix name: optional, at most 128', () => {
    expect(rules.mixName('')).toBeNull();
    expect(rules.mixName('a'.repeat(128))).toBeNull();
    expect(rules.mixName('a'.repeat(129))).toBe('Mix name must be at most 128 characters');
  });
  it('copyright holder: required, at most 1000', () => {
    expect(rules.copyrightHolder('')).toBe('Copyright holder is required');
    expect(rules.copyrightHolder('a'.repeat(1000))).toBeNull();
    expect(rules.copyrightHolder('a'.repeat(1001))).toBe('Copyright holder must be at most 1000 characters');
  });
});

describe('UPC/EAN', () => {
  it('accepts UPC-A, EAN-13, EAN-8 and GTIN-14 with a valid check digit', () => {
    for (const v of ['036000291452', '4006381333931', '96385074', '00012345600012']) expect(rules.upc(v), v).toBeNull();
  });
  it('refuses a wrong check digit, letters, odd lengths, more than 32 characters, empty', () => {
    expect(rules.upc('036000291453')).toBe(PKG_MSG.upcCheckDigit);
    expect(rules.upc('03600029145X')).toBe(PKG_MSG.upcDigits);
    expect(rules.upc('1234567890')).toBe(PKG_MSG.upcLength);
    expect(rules.upc('1'.repeat(33))).toBe('UPC/EAN must be at most 32 characters');
    expect(rules.upc('')).toBe('UPC/EAN is required');
  });
});

describe('ISRC', () => {
  it('accepts CC-XXX-YY-NNNNN with or without hyphens, at most 16', () => {
    expect(rules.isrc('GB-ABC-24-00001')).toBeNull();
    expect(rules.isrc('GBABC2400001')).toBeNull();
    expect(rules.compactIsrc('gb-abc-24-00001')).toBe('GBABC2400001');
  });
  it('refuses other shapes and lengths', () => {
    expect(rules.isrc('GB-ABC-24-0001')).toBe(PKG_MSG.isrcFormat);
    expect(rules.isrc('1B-ABC-24-00001')).toBe(PKG_MSG.isrcFormat);
    expect(rules.isrc('GB-ABC-24-00001-X')).toBe('ISRC must be at most 16 characters');
    expect(rules.isrc('')).toBe('ISRC is required');
  });
});

describe('pre-order weeks and BPM', () => {
  it('0 to 4 weeks', () => {
    for (const w of [0, 1, 2, 3, 4]) expect(rules.preOrderWeeks(w)).toBeNull();
    for (const w of [-1, 5, 1.5]) expect(rules.preOrderWeeks(w)).toBe(PKG_MSG.preOrderWeeks);
    expect(rules.preOrderWeeks(null)).toBeNull();
  });
  it('BPM in 1-999', () => {
    expect(rules.bpm(124)).toBeNull();
    expect(rules.bpm(0)).toBe(PKG_MSG.bpm);
  });
});

describe('DDEX party id (§5)', () => {
  it('uses the spec messages', () => {
    expect(rules.ddexPartyId('PADPIDA2014120301')).toEqual({ valid: true, message: 'Valid DDEX Party ID' });
    expect(rules.ddexPartyId('PADPIDA2014120301Z')).toEqual({ valid: true, message: 'Valid DDEX Party ID' });
    expect(rules.ddexPartyId('PADPIDA20141203019')).toEqual({ valid: true, message: 'Valid DDEX Party ID' });
    expect(rules.ddexPartyId('PADPIDA2014120301z')).toEqual({ valid: false, message: 'Invalid DDEX Party ID' });
    expect(rules.ddexPartyId('PADPIDA201412030')).toEqual({ valid: false, message: 'Invalid DDEX Party ID' });
    expect(rules.ddexPartyId('PA-DPIDA-2014120301')).toEqual({ valid: false, message: 'Invalid DDEX Party ID' });
    expect(rules.ddexPartyId('')).toEqual({ valid: true, message: 'empty entry' });
  });
  it('a package sender must have one', () => {
    expect(rules.senderPartyId('')).toBe(PKG_MSG.senderPartyIdMissing);
    expect(rules.senderPartyId('PADPIDA1')).toBe('Invalid DDEX Party ID');
    expect(rules.senderPartyId('PADPIDA2014120301')).toBeNull();
  });
});

describe('selects', () => {
  it('answers the spec message for a value not in the list', () => {
    expect(rules.fromList(3, [1, 2])).toBe('Please select a valid option from the list');
    expect(rules.fromList(null, [1, 2])).toBe('Please select a valid option from the list');
    expect(rules.fromList(null, [1, 2], false)).toBeNull();
    expect(rules.fromList(2, [1, 2])).toBeNull();
  });
});

describe('cover art (§5, §9)', () => {
  it('at least 500x500 and square; 1400x1400 recommended', () => {
    expect(rules.coverArt({ width: 1400, height: 1400 })).toEqual({ errors: [], warnings: [] });
    expect(rules.coverArt({ width: 500, height: 500 })).toEqual({ errors: [], warnings: [PKG_MSG.coverArtCrop] });
    expect(rules.coverArt({ width: 499, height: 499 }).errors).toEqual([PKG_MSG.coverArtTooSmall]);
    expect(rules.coverArt({ width: 1400, height: 1000 }).errors).toEqual([PKG_MSG.coverArtNotSquare]);
  });
});

describe('track reordering (§4)', () => {
  const tracks = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, position: i + 1 }));
  it('the moved track takes its new 1-based position; the others are renumbered', () => {
    expect(rules.moveTrack(tracks, 3, 0)).toEqual([
      { id: 'd', position: 1 },
      { id: 'a', position: 2 },
      { id: 'b', position: 3 },
      { id: 'c', position: 4 },
    ]);
    expect(rules.moveTrack(tracks, 0, 2).map((t) => `${t.id}${t.position}`)).toEqual(['b1', 'c2', 'a3', 'd4']);
  });
});

describe('genre (§4)', () => {
  it('selecting a genre resets the sub-genre', () => {
    const techno = { id: 1, name: 'Techno' };
    const house = { id: 2, name: 'House' };
    const peak = { id: 7, name: 'Peak Time' };
    expect(rules.selectGenre({ title: 'x', genre: techno, subGenre: peak }, house)).toEqual({ title: 'x', genre: house, subGenre: null });
    expect(rules.selectGenre({ genre: techno, subGenre: peak }, techno)).toEqual({ genre: techno, subGenre: null });
  });
});

describe('audio checks', () => {
  const good: AudioFormat = {
    container: 'WAVE',
    codec: 'PCM',
    wavFormatTag: 1,
    aiffCompression: null,
    lossless: true,
    sampleRate: 44100,
    bitsPerSample: 16,
    channels: 2,
    duration: 180,
    numberOfSamples: 180 * 44100,
  };
  const codes = (f: Partial<AudioFormat>) => checkAudio({ ...good, ...f }).map((i) => `${i.level}:${i.code}`);
  it('passes CD-quality stereo PCM', () => expect(codes({})).toEqual([]));
  it('errors below 44.1 kHz, on other bit depths, on mono, on zero duration', () => {
    expect(codes({ sampleRate: 32000 })).toEqual(['error:sampleRate']);
    expect(codes({ bitsPerSample: 32 })).toEqual(['error:bitDepth']);
    expect(codes({ channels: 1 })).toEqual(['error:channels']);
    expect(codes({ duration: 0 })).toEqual(['error:duration']);
    expect(codes({ bitsPerSample: 24, sampleRate: 96000 })).toEqual([]);
  });
  it('flags WAVE_FORMAT_EXTENSIBLE by its format tag, not its codec string', () => {
    expect(codes({ wavFormatTag: 0xfffe, codec: 'non-PCM (65534)', bitsPerSample: 24 })).toEqual(['warning:extensible']);
  });
  it('flags AIFF-C', () => {
    expect(codes({ container: 'AIFF-C', wavFormatTag: null, aiffCompression: 'NONE', codec: 'not compressed' })).toEqual(['warning:aiffc']);
  });
});
