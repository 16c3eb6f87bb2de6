import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildErn, ERN_AVS_VERSION, isoDuration, parseIsoDuration, type ErnInput } from '../../../main/services/packaging/ern';
import { STORE_RECIPIENT } from '../../../main/services/packaging';
import { STORE_DDEX_PARTY, STORE_PRICE_TIERS } from '../../../shared/constants';
import { emptyRelease, type ReleaseDraft, type TrackDraft } from '../../../shared/packaging/draft';
import { ddexPartyId } from '../../../shared/packaging/rules';
import { tempDir } from '../../fixtures/audio';
import { ERN43_XSD, xmllint } from '../../fixtures/ddex';

const { dir, cleanup } = tempDir('ern-');
afterAll(cleanup);

const track = (position: number, over: Partial<TrackDraft> = {}): TrackDraft => ({
  path: `/x/${position}.wav`,
  fileName: `${position}.wav`,
  position,
  title: `Track ${position}`,
  mixName: 'Original Mix',
  isrc: `GB-ABC-24-0000${position}`,
  bpm: 124,
  key: { id: 1, name: 'A Minor' },
  genre: null,
  subGenre: null,
  artists: ['Test Artist'],
  remixers: [],
  songwriters: [{ name: 'Writer One', type: { id: 1, name: 'Composer' } }],
  publishers: ['Pub & Co <Music>'],
  copyrightHolder: '2026 Test Records',
  ...over,
});

function sampleInput(): ErnInput {
  return {
    messageId: 'MSG-1',
    createdAt: new Date('2026-11-22T04:00:00Z'),
    sender: { partyId: 'PADPIDA2014120301', name: 'Sandbox Supplier' },
    recipient: STORE_RECIPIENT,
    release: {
      ...emptyRelease(),
      title: 'Night Drive EP',
      upc: '036000291452',
      catalogNumber: 'CAT001',
      label: { id: 3, name: 'Test Records' },
      preOrder: true,
      preOrderWeeks: 2,
      releaseType: { id: 2, name: 'EP' },
      releaseDate: '2026-12-01',
      streetDate: '2026-12-01',
      genre: { id: 5, name: 'Techno' },
      subGenre: { id: 51, name: 'Peak Time' },
    },
    tracks: [1, 2].map((p) => ({
      draft: track(p, p === 2 ? { remixers: ['Remixer X'], genre: { id: 6, name: 'House' } } : {}),
      format: {
        container: p === 1 ? 'WAVE' : 'FLAC',
        codec: 'PCM',
        wavFormatTag: 1,
        aiffCompression: null,
        lossless: true,
        sampleRate: 44100,
        bitsPerSample: 16,
        channels: 2,
        duration: 3.5,
        numberOfSamples: 154350,
      },
      uri: `resources/036000291452_01_00${p}.wav`,
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      size: 1000,
    })),
    image: {
      uri: 'resources/036000291452.png',
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      size: 10,
      width: 1400,
      height: 1400,
      format: 'png',
    },
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
  it("carries the current Allowed Value Sets version, the schema's own", () => {
    const avs = /<xs:documentation source="AvsVersionId">([^<]+)<\/xs:documentation>/.exec(
      readFileSync(join(dirname(ERN43_XSD), 'allowed-value-sets.xsd'), 'utf8'),
    )?.[1];
    expect(avs).toBe(ERN_AVS_VERSION);
    expect(buildErn(sampleInput())).toMatch(new RegExp(`<ern:NewReleaseMessage [^>]*AvsVersionId="${ERN_AVS_VERSION}"`));
  });

  it('escapes text and carries the sender party id', () => {
    const xml = buildErn(sampleInput());
    expect(xml).toContain('Pub &amp; Co &lt;Music&gt;');
    expect(xml).toContain('<PartyId>PADPIDA2014120301</PartyId>');
    expect(
      execFileSync('xmllint', ['--xpath', 'count(//*[local-name()="SoundRecording"])', '-'], { input: xml, encoding: 'utf8' }).trim(),
    ).toBe('2');
  });
  it('carries the street date and the pre-order weeks as deals', () => {
    const xml = buildErn(sampleInput());
    const q = (expr: string) => execFileSync('xmllint', ['--xpath', expr, '-'], { input: xml, encoding: 'utf8' }).trim();
    expect(q('string(//Deal[DealTerms/IsPreOrderDeal="true"]/DealTerms/ValidityPeriod/StartDateTime)')).toBe('2026-11-17T00:00:00');
    expect(q('string(//Deal[DealTerms/IsPreOrderDeal="true"]/DealTerms/ValidityPeriod/EndDateTime)')).toBe('2026-11-30T23:59:59');
    expect(q('string(//Deal[not(DealTerms/IsPreOrderDeal)]/DealTerms/ValidityPeriod/StartDateTime)')).toBe('2026-12-01T00:00:00');
  });
  it('writes durations as ISO 8601 that read back exactly', () => {
    expect(isoDuration(3.5)).toBe('PT3.500S');
    expect(isoDuration(3723.25)).toBe('PT1H2M3.250S');
    expect(parseIsoDuration(isoDuration(245.123))).toBeCloseTo(245.123, 3);
  });

  const q = (xml: string, expr: string) => execFileSync('xmllint', ['--xpath', expr, '-'], { input: xml, encoding: 'utf8' }).trim();
  const withRelease = (over: Partial<ReleaseDraft>) => {
    const input = sampleInput();
    input.release = { ...input.release, ...over };
    return buildErn(input);
  };
  const valid = (xml: string, name: string) => {
    const file = join(dir, name);
    writeFileSync(file, xml);
    expect(xmllint(file).output).toMatch(/validates$/m);
  };

  it("the recipient is the store's own DDEX party id, configured once, not a placeholder", () => {
    expect(ddexPartyId(STORE_DDEX_PARTY.partyId).valid).toBe(true);
    expect(STORE_DDEX_PARTY.partyId).not.toMatch(/^PADPIDA0+$/);
    const xml = buildErn(sampleInput());
    expect(q(xml, 'string(//MessageRecipient/PartyId)')).toBe(STORE_DDEX_PARTY.partyId);
    expect(q(xml, 'string(//PriceCode/@Namespace)')).toBe(`DPID:${STORE_DDEX_PARTY.partyId}`);
  });

  it("has a deal for the release and one per track, each with the store's price tier", () => {
    const xml = buildErn(sampleInput());
    expect(q(xml, 'count(//ReleaseDeal)')).toBe('3');
    expect(q(xml, 'string(//ReleaseDeal[DealReleaseReference="R0"]/Deal[not(DealTerms/IsPreOrderDeal)]//PriceCode)')).toBe(
      STORE_PRICE_TIERS.release,
    );
    for (const ref of ['R1', 'R2']) {
      expect(q(xml, `count(//ReleaseDeal[DealReleaseReference="${ref}"]/Deal)`)).toBe('1');
      expect(q(xml, `string(//ReleaseDeal[DealReleaseReference="${ref}"]//PriceCode)`)).toBe(STORE_PRICE_TIERS.track);
      expect(q(xml, `string(//ReleaseDeal[DealReleaseReference="${ref}"]//TerritoryCode)`)).toBe('Worldwide');
      expect(q(xml, `string(//ReleaseDeal[DealReleaseReference="${ref}"]//StartDateTime)`)).toBe('2026-12-01T00:00:00');
    }
    // every TrackRelease a deal refers to exists
    expect(q(xml, 'count(//TrackRelease[ReleaseReference="R1" or ReleaseReference="R2"])')).toBe('2');
  });

  it('an exclusive period sells through the store only for its days, then everywhere; Lifetime only through the store', () => {
    const xml = withRelease({ exclusivePeriod: 28, preOrder: false });
    valid(xml, 'exclusive.xml');
    const r1 = '//ReleaseDeal[DealReleaseReference="R1"]/Deal';
    expect(q(xml, `count(${r1})`)).toBe('2');
    expect(q(xml, `string(${r1}[1]//DistributionChannel/PartyId/DPID)`)).toBe(STORE_DDEX_PARTY.partyId);
    expect(q(xml, `string(${r1}[1]//StartDateTime)`)).toBe('2026-12-01T00:00:00');
    expect(q(xml, `string(${r1}[1]//EndDateTime)`)).toBe('2026-12-28T23:59:59');
    expect(q(xml, `string(${r1}[2]//StartDateTime)`)).toBe('2026-12-29T00:00:00');
    // The deprecated StartDate/EndDate are not written (ERN 4.3 recommends against them).
    expect(q(xml, 'count(//ValidityPeriod/StartDate | //ValidityPeriod/EndDate)')).toBe('0');
    expect(q(xml, `count(${r1}[2]//DistributionChannel)`)).toBe('0');
    expect(q(xml, 'string(//Release/Keywords)')).toBe('Exclusive period: 4 Weeks');

    const life = withRelease({ exclusivePeriod: null, preOrder: false });
    valid(life, 'lifetime.xml');
    expect(q(life, 'count(//ReleaseDeal[DealReleaseReference="R0"]/Deal)')).toBe('1');
    expect(q(life, 'count(//ReleaseDeal[DealReleaseReference="R0"]//EndDateTime)')).toBe('0');
    expect(q(life, 'string(//ReleaseDeal[DealReleaseReference="R0"]//DistributionChannel/PartyId/DPID)')).toBe(STORE_DDEX_PARTY.partyId);
    expect(q(life, 'string(//Release/Keywords)')).toBe('Exclusive period: Lifetime');

    // None is said too (chosen, or left as the wizard shows it): the store applies the supplier's default only when a message names none.
    expect(q(withRelease({ exclusivePeriod: 0 }), 'string(//Release/Keywords)')).toBe('Exclusive period: None');
    expect(q(withRelease({ exclusivePeriod: undefined }), 'string(//Release/Keywords)')).toBe('Exclusive period: None');
  });

  it("carries each track's BPM and key, and the release's (C) and (P) lines", () => {
    const xml = buildErn(sampleInput());
    expect(q(xml, 'string(//TrackRelease[ReleaseReference="R1"]/Keywords[1])')).toBe('BPM: 124');
    expect(q(xml, 'string(//TrackRelease[ReleaseReference="R1"]/Keywords[2])')).toBe('Key: A Minor');
    expect(q(xml, 'string(//Release/PLine/PLineText)')).toBe('(P) 2026 Test Records');
    expect(q(xml, 'string(//Release/CLine/CLineText)')).toBe('(C) 2026 Test Records');
    expect(q(xml, 'string(//Release/CLine/Year)')).toBe('2026');
  });
});
