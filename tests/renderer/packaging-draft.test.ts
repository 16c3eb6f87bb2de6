import { describe, expect, it } from 'vitest';
import { emptyDraft, PackagingDraft } from '../../shared/packaging/draft';
import type { ScanEntry } from '../../shared/packaging/model';
import { draftReducer } from '../../renderer/features/packaging/draft-reducer';
import { promisedFiles } from '../../renderer/features/packaging/FinishStep';

const entry = (name: string, over: Partial<ScanEntry> = {}): ScanEntry => ({
  path: `/m/${name}`,
  name,
  size: 10,
  status: 'ok',
  md5: 'x',
  issues: [],
  tags: {},
  ...over,
});

describe('packaging draft reducer', () => {
  it('adds scanned audio as tracks pre-filled from tags, skipping unusable files and repeats', () => {
    let d = draftReducer(emptyDraft(), {
      type: 'addScanned',
      sources: ['/m'],
      entries: [
        entry('a.wav', { tags: { title: 'Alpha', artist: 'Ann', isrc: 'GBABC2400001', bpm: 124 } }),
        entry('bad.flac', { status: 'corrupt', reason: 'x' }),
        entry('b.wav'),
      ],
    });
    d = draftReducer(d, { type: 'addScanned', sources: ['/m'], entries: [entry('a.wav')] });
    expect(d.tracks.map((t) => [t.position, t.title, t.artists, t.isrc, t.bpm])).toEqual([
      [1, 'Alpha', ['Ann'], 'GBABC2400001', 124],
      [2, 'b', [], '', null],
    ]);
    expect(d.sources).toEqual(['/m']);
  });

  it('adds only the chosen files of a scan, titles untagged files by name without the track number, and remembers the folder', () => {
    const d = draftReducer(emptyDraft(), {
      type: 'addScanned',
      sources: ['/m'],
      only: ['/m/02 Two.wav'],
      entries: [entry('01 One.wav'), entry('02 Two.wav'), entry('03 Three.wav', { tags: { title: '03 Kept As Tagged' } })],
    });
    expect(d.tracks.map((t) => [t.position, t.title])).toEqual([[1, 'Two']]);
    expect(draftReducer(d, { type: 'addScanned', sources: ['/m'], only: [], entries: [entry('01 One.wav')] }).tracks).toHaveLength(1);
    const all = draftReducer(emptyDraft(), {
      type: 'addScanned',
      sources: ['/m'],
      entries: [entry('03 Three.wav', { tags: { title: '03 Kept As Tagged' } })],
    });
    expect(all.tracks[0].title).toBe('03 Kept As Tagged');
    expect(d.sources).toEqual(['/m']);
  });

  it('reorders with the §4 rule and renumbers after removal', () => {
    let d = draftReducer(emptyDraft(), { type: 'addScanned', sources: [], entries: ['a', 'b', 'c'].map((n) => entry(`${n}.wav`)) });
    d = draftReducer(d, { type: 'move', from: 2, to: 0 });
    expect(d.tracks.map((t) => `${t.position}${t.fileName}`)).toEqual(['1c.wav', '2a.wav', '3b.wav']);
    d = draftReducer(d, { type: 'remove', position: 1 });
    expect(d.tracks.map((t) => `${t.position}${t.fileName}`)).toEqual(['1a.wav', '2b.wav']);
  });

  it('choosing a genre resets the sub-genre, for the release and for a track', () => {
    let d = draftReducer(emptyDraft(), { type: 'release', patch: { genre: { id: 1, name: 'Techno' }, subGenre: { id: 9, name: 'Peak' } } });
    d = draftReducer(d, { type: 'releaseGenre', genre: { id: 2, name: 'House' } });
    expect(d.release.subGenre).toBeNull();
    d = draftReducer(d, { type: 'addScanned', sources: [], entries: [entry('a.wav')] });
    d = draftReducer(d, { type: 'track', position: 1, patch: { genre: { id: 1, name: 'Techno' }, subGenre: { id: 9, name: 'Peak' } } });
    d = draftReducer(d, { type: 'trackGenre', position: 1, genre: { id: 2, name: 'House' } });
    expect(d.tracks[0].subGenre).toBeNull();
  });

  it('keeps a shape the autosave schema accepts, and promises the files main writes', () => {
    let d = draftReducer(emptyDraft(), { type: 'addScanned', sources: [], entries: [entry('a.WAV'), entry('b.flac')] });
    d = draftReducer(d, { type: 'release', patch: { upc: '036000291452' } });
    d = draftReducer(d, { type: 'coverArt', coverArt: { path: '/m/c.png', width: 1400, height: 1400, format: 'png', size: 5 } });
    expect(PackagingDraft.safeParse(JSON.parse(JSON.stringify(d))).success).toBe(true);
    expect(promisedFiles(d)).toEqual([
      '<batch id>/036000291452/036000291452.xml',
      '<batch id>/036000291452/resources/036000291452_01_001.wav',
      '<batch id>/036000291452/resources/036000291452_01_002.flac',
      '<batch id>/036000291452/resources/036000291452.png',
      '<batch id>/BatchComplete_<batch id>.xml',
    ]);
  });
});
