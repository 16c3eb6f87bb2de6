/** ERN 4.3 schema validation for ingestion with xmllint-wasm (no system xmllint), checked against Debian's xmllint. */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildErn } from '../../main/services/packaging/ern';
import { STORE_RECIPIENT } from '../../main/services/packaging';
import { readFileSync } from 'node:fs';
import { readErn } from '../../server/ingest/read-ern';
import { ddexDir, schemaFiles, shippedDdexDir, validateErn43, withoutAnnotations } from '../../server/ingest/validate-ern';
import { emptyRelease } from '../../shared/packaging/draft';
import { tempDir } from '../fixtures/audio';
import { ERN43_XSD, xmllint } from '../fixtures/ddex';

const dir = dirname(dirname(ERN43_XSD));
const tmp = tempDir('ern-validate-');
afterAll(tmp.cleanup);

const xml = buildErn({
  messageId: 'M1',
  createdAt: new Date('2026-11-24T00:00:00Z'),
  sender: { partyId: 'PADPIDA2014120301', name: 'S' },
  recipient: STORE_RECIPIENT,
  release: {
    ...emptyRelease(),
    title: 'R',
    upc: '036000291452',
    label: { id: 1, name: 'L' },
    releaseType: { id: 1, name: 'Single' },
    releaseDate: '2026-12-01',
    streetDate: '2026-12-01',
    genre: { id: 1, name: 'House' },
    exclusivePeriod: 28,
  },
  tracks: [
    {
      draft: {
        path: '/a.wav',
        fileName: 'a.wav',
        position: 1,
        title: 'T',
        mixName: '',
        isrc: 'GBABC2400001',
        bpm: 120,
        key: { id: 1, name: 'A Minor' },
        genre: null,
        subGenre: null,
        artists: ['A'],
        remixers: [],
        songwriters: [],
        publishers: [],
        copyrightHolder: 'L',
      },
      format: {
        container: 'WAVE',
        codec: 'PCM',
        wavFormatTag: 1,
        aiffCompression: null,
        lossless: true,
        sampleRate: 44100,
        bitsPerSample: 16,
        channels: 2,
        duration: 3,
        numberOfSamples: 132300,
      },
      uri: 'resources/a.wav',
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      size: 10,
    },
  ],
  image: { uri: 'resources/c.png', md5: 'd41d8cd98f00b204e9800998ecf8427e', size: 10, width: 1400, height: 1400, format: 'png' },
});

describe('validateErn43 (xmllint-wasm)', () => {
  it("accepts a package the wizard writes, as Debian's xmllint does", async () => {
    const file = join(tmp.dir, 'ok.xml');
    writeFileSync(file, xml);
    expect(xmllint(file).ok).toBe(true);
    expect(await validateErn43(xml, { dir })).toEqual({ valid: true, errors: [] });
  });

  it('refuses a message missing a required element, naming the line and the element', async () => {
    const broken = xml.replace(/<MessageId>.*<\/MessageId>\n\s*/, '');
    const file = join(tmp.dir, 'bad.xml');
    writeFileSync(file, broken);
    expect(xmllint(file).ok).toBe(false);
    const r = await validateErn43(broken, { dir });
    expect(r.valid).toBe(false);
    expect(r.errors[0].line).toBe(4); // the MessageSender that came where MessageId belongs
    expect(r.errors[0].message).toMatch(/MessageSender.*not expected.*MessageId/);
  });

  it('refuses text that is not XML at all', async () => {
    const r = await validateErn43('not xml', { dir });
    expect(r.valid).toBe(false);
    expect(r.errors.length).toBeGreaterThan(0);
  });

  it('validates with the schema held without its annotations exactly as with the full schema files', async () => {
    const lean = await schemaFiles(dir);
    const full = await schemaFiles(dir, true);
    for (const [i, f] of lean.entries()) {
      expect(f.contents).not.toMatch(/<xs:annotation\b/);
      expect(full[i].contents).toBe(readFileSync(join(dir, 'ern43', f.fileName), 'utf8'));
      expect(f.contents.length).toBeLessThan(full[i].contents.length / 2);
    }
    // Every type, element and enumeration of the full files is still there.
    const names = (t: string) =>
      [...t.matchAll(/<xs:(?:simpleType|complexType|element|enumeration|attribute)\b[^>]*(?:name|value|ref)="([^"]+)"/g)].map((m) => m[0]);
    for (const [i, f] of lean.entries()) expect(names(f.contents)).toEqual(names(full[i].contents));
    const messages = [
      xml,
      xml.replace(/<MessageId>.*<\/MessageId>\n\s*/, ''),
      xml.replace('<ReleaseType>Single</ReleaseType>', '<ReleaseType>NotAReleaseType</ReleaseType>'),
      xml.replace(/<ISRC>/, '<ISRC>X').replace(/<\/ISRC>/, 'X</ISRC>'),
      'not xml',
    ];
    expect(messages[2]).not.toBe(xml);
    for (const m of messages) expect(await validateErn43(m, { dir })).toEqual(await validateErn43(m, { dir, fullSchema: true }));
    expect((await validateErn43(messages[2], { dir })).valid).toBe(false);
  });

  it('drops annotations, empty or with attributes, and nothing else', () => {
    const xsd =
      '<xs:schema><xs:annotation id="a"><xs:documentation>d <b/></xs:documentation></xs:annotation><xs:element name="E">' +
      '<xs:annotation/><xs:annotation><xs:appinfo>i</xs:appinfo></xs:annotation></xs:element><xs:annotationX/></xs:schema>';
    expect(withoutAnnotations(xsd)).toBe('<xs:schema><xs:element name="E"></xs:element><xs:annotationX/></xs:schema>');
  });
});

describe('where the schema is found (issue 25: it ships in the repository)', () => {
  const repo = dirname(dirname(dirname(ERN43_XSD)));
  it("without DDEX_DIR: the repository's ddex/, found from the code, whatever the working directory", async () => {
    const here = process.cwd();
    process.chdir(tmp.dir);
    try {
      expect(ddexDir({})).toBe(join(repo, 'ddex'));
      expect((await validateErn43(xml)).valid).toBe(true);
    } finally {
      process.chdir(here);
    }
  });

  it('found above a bundle in dist/ (dist/server, dist/.run) as above the source', () => {
    expect(shippedDdexDir(join(repo, 'dist', 'server'))).toBe(join(repo, 'ddex'));
    expect(shippedDdexDir(join(repo, 'dist', '.run'))).toBe(join(repo, 'ddex'));
    expect(shippedDdexDir(join(repo, 'server', 'ingest'))).toBe(join(repo, 'ddex'));
  });

  it('DDEX_DIR overrides it; where there is none, the error says what to set', () => {
    expect(ddexDir({ DDEX_DIR: '/elsewhere/ddex' })).toBe('/elsewhere/ddex');
    expect(() => shippedDdexDir('/')).toThrow(/set DDEX_DIR to the folder holding ern43/);
  });
});

describe('readErn on a file that is not XML', () => {
  it('refuses at once, a run of whitespace too (the XML parser would take minutes over it)', () => {
    for (const text of [' '.repeat(200), '\t'.repeat(200), '\n'.repeat(5000), 'abc', '']) {
      expect(() => readErn(text)).toThrow('The file is not XML.');
    }
    // Whitespace before the document is still a document.
    expect(readErn(`\n  ${xml}`).kind).toBe('new');
  });
});
