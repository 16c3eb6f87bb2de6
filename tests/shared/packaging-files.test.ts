/** A package's file names: one function for main's writer and the Finish step's list. */
import { describe, expect, it } from 'vitest';
import { packageFileNames } from '../../shared/packaging/package-files';

describe('package file names', () => {
  it('in one batch folder: the release folder (the XML, each track by position and lower-case source extension, the cover art), and beside it the batch marker', () => {
    const n = packageFileNames({
      upc: ' 036000291452 ',
      tracks: [
        { position: 2, path: '/m/b.FLAC' },
        { position: 10, path: 'C:\\audio\\x.y\\a.Wav' },
      ],
      coverArt: 'jpeg',
      batchId: '20261123183000000',
    });
    expect(n).toEqual({
      folder: '20261123183000000',
      release: '036000291452',
      xml: '036000291452/036000291452.xml',
      tracks: ['036000291452_01_002.flac', '036000291452_01_010.wav'],
      image: '036000291452.jpg',
      batchComplete: 'BatchComplete_20261123183000000.xml',
      paths: [
        '20261123183000000/036000291452/036000291452.xml',
        '20261123183000000/036000291452/resources/036000291452_01_002.flac',
        '20261123183000000/036000291452/resources/036000291452_01_010.wav',
        '20261123183000000/036000291452/resources/036000291452.jpg',
        '20261123183000000/BatchComplete_20261123183000000.xml',
      ],
    });
  });

  it('a PNG cover is .png; no cover art, no image; a source without an extension keeps none', () => {
    expect(packageFileNames({ upc: '1', tracks: [], coverArt: 'png', batchId: 'b' }).image).toBe('1.png');
    const bare = packageFileNames({
      upc: '1',
      tracks: [
        { position: 1, path: '/m.d/track' },
        { position: 2, path: '/m/.hidden' },
      ],
      coverArt: null,
      batchId: 'b',
    });
    expect(bare.image).toBeNull();
    expect(bare.tracks).toEqual(['1_01_001', '1_01_002']);
    expect(bare.paths).toEqual(['b/1/1.xml', 'b/1/resources/1_01_001', 'b/1/resources/1_01_002', 'b/BatchComplete_b.xml']);
  });
});
