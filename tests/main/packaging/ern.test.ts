import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildErn, isoDuration, parseIsoDuration, type ErnInput } from '../../../main/services/packaging/ern';
import { emptyRelease, type TrackDraft } from '../../../shared/packaging/draft';
import { tempDir } from '../../fixtures/audio';
import { xmllint } from '../../fixtures/ddex';


const { dir, cleanup } = tempDir('ern-');
afterAll(cleanup);

const track = (position: number, over: Partial<TrackDraft> = {}): TrackDraft => ({
  path: `/x/${position}.wav`, fileName: `${position}.wav`, position, title: `Track ${position}`, mixName: 'Original Mix',
  isrc: `GB-ABC-24-0000${position}`, bpm: 124, key: { id: 1, name: 'A Minor' }, genre: null, subGenre: null,
  artists: ['Test Artist'], remixers: [], songwriters: [{ name: 'Writer One', type: { id: 1, name: 'Composer' } }],
  publishers: ['Pub & Co <Music>'], copyrightHolder: '2026 Test Records', ...over,
});

function sampleInput(): ErnInput {
  return {
    messageId: 'MSG-1',
    createdAt: new Date('2026-11-22T04:00:00Z'),
    sender: { partyId: 'PADPIDA2014120301', name: 'Sandbox Supplier' },
    recipient: { partyId: 'PADPIDA0000000000', name: 'Store' },
    release: {
      ...emptyRelease(), title: 'Night Drive EP', upc: '036000291452', catalogNumber: 'CAT001',
      label: { id: 3, name: 'Test Records' }, preOrder: true, preOrderWeeks: 2, releaseType: { id: 2, name: 'EP' }, releaseDate: '2026-12-01', streetDate: '2026-12-01',
      genre: { id: 5, name: 'Techno' }, subGenre: { id: 51, name: 'Peak Time' },
    },
    tracks: [1, 2].map((p) => ({
      draft: track(p, p === 2 ? { remixers: ['Remixer X'], genre: { id: 6, name: 'House' } } : {}),
      format: { container: p === 1 ? 'WAVE' : 'FLAC', codec: 'PCM', wavFormatTag: 1, aiffCompression: null, lossless: true, sampleRate: 44100, bitsPerSample: 16, channels: 2, duration: 3.5, numberOfSamples: 154350 },
      uri: `resources/036000291452_01_00${p}.wav`, md5: 'd41d8cd98f00b204e9800998ecf8427e', size: 1000,
    })),
    image: { uri: 'resources/036000291452.png', md5: 'd41d8cd98f00b204e9800998ecf8427e', size: 10, width: 1400, height: 1400, format: 'png' },
  };
}

describe('ERN 4.3 message', () => {
  it('validates against the official schema with xmllint', () => {
    const file = join(dir, 'm.xml');
    writeFileSync(file, buildErn(sampleInput()));
    const v = xmllint(file);
    expect(v.output).toContain('validates');
    expect(v.ok).toBe(true);
  });
  it('escapes text and carries the sender party id', () => {
    const xml = buildErn(sampleInput());
    expect(xml).toContain('Pub &amp; Co &lt;Music&gt;');
    expect(xml).toContain('<PartyId>PADPIDA2014120301</PartyId>');
    expect(execFileSync('xmllint', ['--xpath', 'count(//*[local-name()="SoundRecording"])', '-'], { input: xml, encoding: 'utf8' }).trim()).toBe('2');
  });
  it('carries the street date and the pre-order weeks as deals', () => {
    const xml = buildErn(sampleInput());
    const q = (expr: string) => execFileSync('xmllint', ['--xpath', expr, '-'], { input: xml, encoding: 'utf8' }).trim();
    expect(q('string(//Deal[DealTerms/IsPreOrderDeal="true"]/DealTerms/ValidityPeriod/StartDate)')).toBe('2026-11-17');
    expect(q('string(//Deal[DealTerms/IsPreOrderDeal="true"]/DealTerms/ValidityPeriod/EndDate)')).toBe('2026-11-30');
    expect(q('string(//Deal[not(DealTerms/IsPreOrderDeal)]/DealTerms/ValidityPeriod/StartDate)')).toBe('2026-12-01');
  });
  it('writes durations as ISO 8601 that read back exactly', () => {
    expect(isoDuration(3.5)).toBe('PT3.500S');
    expect(isoDuration(3723.25)).toBe('PT1H2M3.250S');
    expect(parseIsoDuration(isoDuration(245.123))).toBeCloseTo(245.123, 3);
  });
});
