/**
 * The reference data as server/db/reference.ts builds it from the ISO packages (pure), and
 * the kept deliveries' files the seed makes (server/seed/ern.ts): an ERN 4.3 message that
 * validates against the schema and reads back as the release it describes, with files
 * whose facts match their bytes.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CURRENCIES as SECTION_9 } from '../../shared/constants';
import { REGIONS } from '../../shared/vocabularies';
import {
  COUNTRIES,
  CURRENCIES,
  MARKET_COUNTRIES,
  STATES,
  SUBDIVISION_COUNTRIES,
  isoSubdivisions,
  storeCurrencies,
  storeCurrency,
} from '../../server/db/reference';
import { keptDeliveryFiles, type SeedErnRelease } from '../../server/seed/ern';
import { readErn, type ErnRelease } from '../../server/ingest/read-ern';
import { validateErn43 } from '../../server/ingest/validate-ern';
import { verifyDeliveryFiles } from '../../server/ingest/files';

describe('reference data from the ISO packages', () => {
  it('249 ISO 3166-1 countries, unique codes, each in one of the seven continents; the markets first, the rest by code', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c[0])).size).toBe(249);
    expect(COUNTRIES.every(([code, name, region]) => /^[A-Z]{2}$/.test(code) && name.length > 0 && REGIONS.includes(region))).toBe(true);
    expect(COUNTRIES.slice(0, MARKET_COUNTRIES.length).map((c) => c[0])).toEqual([...MARKET_COUNTRIES]);
    const rest = COUNTRIES.slice(MARKET_COUNTRIES.length).map((c) => c[0]);
    expect(rest).toEqual([...rest].sort());
    expect(COUNTRIES.slice(0, 3)).toEqual([
      ['US', 'United States', 'North America'],
      ['GB', 'United Kingdom', 'Europe'],
      ['DE', 'Germany', 'Europe'],
    ]);
    // Not ISO 3166-1 assigned codes, though countries-list has them.
    for (const code of ['XK', 'AC', 'TA'])
      expect(
        COUNTRIES.some((c) => c[0] === code),
        code,
      ).toBe(false);
    expect(
      COUNTRIES.filter((c) => c[2] === 'Antarctica')
        .map((c) => c[0])
        .sort(),
    ).toEqual(['AQ', 'BV', 'GS', 'HM', 'TF']);
  });

  it('first-level subdivisions of the address countries, codes without the country prefix', () => {
    const of = (cc: string) => STATES.filter((s) => s[0] === cc);
    expect(new Set(STATES.map((s) => s[0]))).toEqual(new Set(SUBDIVISION_COUNTRIES));
    expect(of('US')).toContainEqual(['US', 'CO', 'Colorado']);
    expect(of('US')).toHaveLength(57);
    expect(of('CA')).toContainEqual(['CA', 'ON', 'Ontario']);
    expect(of('AU')).toContainEqual(['AU', 'NSW', 'New South Wales']);
    expect(of('MX')).toContainEqual(['MX', 'CMX', 'Ciudad de México']);
    expect(of('BR')).toContainEqual(['BR', 'SP', 'São Paulo']);
    // Second-level ones (a parent that is a subdivision) are left out.
    expect(isoSubdivisions(['GB']).every((s) => !s[1].includes('-'))).toBe(true);
    for (const cc of SUBDIVISION_COUNTRIES) expect(new Set(of(cc).map((s) => s[1])).size, cc).toBe(of(cc).length);
  });

  it('ISO 4217 currencies with the §9 ones first under their §9 names', () => {
    expect(CURRENCIES.slice(0, SECTION_9.length)).toEqual(SECTION_9.map((c) => [c.code, c.name]));
    expect(CURRENCIES.length).toBeGreaterThan(150);
    expect(new Set(CURRENCIES.map((c) => c[0])).size).toBe(CURRENCIES.length);
    expect(CURRENCIES.every(([code]) => /^[A-Z]{3}$/.test(code))).toBe(true);
  });

  it('a customer pays in the §9 currency of their country, else in US dollars', () => {
    expect(['US', 'GB', 'DE', 'FR', 'AU', 'BR', 'MX', 'IE', 'JP', 'CA', 'ZA', 'XX'].map(storeCurrency)).toEqual([
      'USD',
      'GBP',
      'EUR',
      'EUR',
      'AUD',
      'BRL',
      'MXN',
      'EUR',
      'USD',
      'USD',
      'USD',
      'USD',
    ]);
    expect(storeCurrencies()).toHaveLength(COUNTRIES.length);
    const markets = new Set(storeCurrencies().slice(0, MARKET_COUNTRIES.length));
    expect([...markets].sort()).toEqual(SECTION_9.map((c) => c.code).sort());
  });
});

describe('a kept delivery the seed makes', () => {
  const release: SeedErnRelease = {
    upc: '0190000000230',
    catalogNumber: 'MON000230',
    title: 'Labyrinth & Echoes EP',
    releaseType: 'Compilation',
    label: 'Monsoon Sunset',
    genre: 'House',
    subGenre: 'Acid',
    releaseDate: '2021-05-14',
    explicit: false,
    exclusivePeriod: 28,
    tracks: [1, 2].map((position) => ({
      position,
      isrc: `QZ6DA210115${position}`,
      title: `Track <${position}>`,
      mixName: position === 1 ? 'Original Mix' : null,
      artists: ['Tariq Santos', 'Sofia Stone'],
      remixers: position === 2 ? ['Remi Xer'] : [],
      songwriters: ['Tariq Santos'],
      publishers: ['Monsoon Sunset Publishing'],
      copyright: '℗ 2021 Monsoon Sunset',
      genre: 'House',
      subGenre: 'Acid',
      bpm: 124,
      key: 'A Minor',
    })),
  };
  const cover = { bytes: Buffer.from('not really a png'), width: 500, height: 500 };
  const files = keptDeliveryFiles('deliveries/7', release, cover, new Date('2026-01-02T03:04:05Z'));

  it('has its XML, a WAV per track and the cover, each keyed under the prefix with its size and MD5', () => {
    expect(files.map((f) => f.file.path)).toEqual([
      '0190000000230.xml',
      'resources/0190000000230_01_001.wav',
      'resources/0190000000230_01_002.wav',
      'resources/0190000000230_cover.png',
    ]);
    for (const { file, bytes } of files) {
      expect(file.key).toBe(`deliveries/7/${file.path}`);
      expect(file.size).toBe(bytes.length);
      expect(file.md5).toBe(createHash('md5').update(bytes).digest('hex'));
    }
    expect(files[1].file.audio).toEqual({ seconds: 1 });
    expect(files[1].bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(files[1].file.md5).not.toBe(files[2].file.md5);
    expect(files[3].file.image).toEqual({ width: 500, height: 500 });
    // Deterministic.
    expect(keptDeliveryFiles('deliveries/7', release, cover, new Date('2026-01-02T03:04:05Z')).map((f) => f.file.md5)).toEqual(
      files.map((f) => f.file.md5),
    );
  });

  it('its ERN validates against ERN 4.3, reads back as the release, and names exactly its files', async () => {
    const xml = files[0].bytes;
    expect(await validateErn43(xml)).toEqual({ valid: true, errors: [] });
    const ern = readErn(xml.toString('utf8')) as ErnRelease;
    expect(ern).toMatchObject({
      kind: 'new',
      upc: release.upc,
      catalogNumber: 'MON000230',
      title: 'Labyrinth & Echoes EP',
      releaseType: 'Compilation',
      label: 'Monsoon Sunset',
      genre: 'House',
      subGenre: 'Acid',
      releaseDate: '2021-05-14',
      explicit: false,
      exclusivePeriodLabel: '4 Weeks',
      deals: [],
      image: { uri: 'resources/0190000000230_cover.png', md5: files[3].file.md5, size: files[3].file.size },
    });
    expect(
      ern.tracks.map((t) => [
        t.position,
        t.isrc,
        t.title,
        t.mixName,
        t.artists,
        t.remixers,
        t.songwriters,
        t.publishers,
        t.bpm,
        t.key,
        t.genre,
        t.duration,
      ]),
    ).toEqual([
      [
        1,
        'QZ6DA2101151',
        'Track <1>',
        'Original Mix',
        ['Tariq Santos', 'Sofia Stone'],
        [],
        ['Tariq Santos'],
        ['Monsoon Sunset Publishing'],
        124,
        'A Minor',
        'House',
        1,
      ],
      [
        2,
        'QZ6DA2101152',
        'Track <2>',
        null,
        ['Tariq Santos', 'Sofia Stone'],
        ['Remi Xer'],
        ['Tariq Santos'],
        ['Monsoon Sunset Publishing'],
        124,
        'A Minor',
        'House',
        1,
      ],
    ]);
    expect(() =>
      verifyDeliveryFiles(
        files.map((f) => f.file),
        ern,
      ),
    ).not.toThrow();
  });
});
