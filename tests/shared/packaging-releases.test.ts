/**
 * What the wizard makes of a scan before it adds tracks: the releases the files come from
 * (a package holds one) and the titles untagged files are given.
 */
import { describe, expect, it } from 'vitest';
import type { ScanEntry } from '../../shared/packaging/model';
import { releaseGroups } from '../../shared/packaging/releases';
import { titleFromFileName } from '../../shared/packaging/rules';

const file = (path: string, album?: string, status: ScanEntry['status'] = 'ok'): ScanEntry => ({
  path,
  name: path.split('/').at(-1)!,
  size: 1,
  status,
  issues: [],
  tags: album ? { album } : {},
});
const summary = (entries: ScanEntry[]) => releaseGroups(entries).map((g) => [g.name, g.folder, g.paths.map((p) => p.split('/').at(-1))]);

describe('the releases a scan found', () => {
  it.each<[string, ScanEntry[], unknown[]]>([
    ['one untagged folder: one release', [file('/in/a/01.wav'), file('/in/a/02.wav')], [['a', '/in/a', ['01.wav', '02.wav']]]],
    [
      'two untagged folders: two releases, named by folder',
      [file('/in/x/1.wav'), file('/in/y/1.wav')],
      [
        ['x', '/in/x', ['1.wav']],
        ['y', '/in/y', ['1.wav']],
      ],
    ],
    [
      'two albums in one folder: two releases, named by album',
      [file('/in/1.wav', 'First'), file('/in/2.wav', 'Second'), file('/in/3.wav', 'First')],
      [
        ['First', '/in', ['1.wav', '3.wav']],
        ['Second', '/in', ['2.wav']],
      ],
    ],
    [
      'one album over disc folders: one release',
      [file('/in/CD1/1.wav', 'Double'), file('/in/CD2/1.wav', 'double ')],
      [['Double', '/in/CD1', ['1.wav', '1.wav']]],
    ],
    [
      'an untagged file joins the one album its folder names',
      [file('/in/a/1.wav', 'Tagged'), file('/in/a/2.wav')],
      [['Tagged', '/in/a', ['1.wav', '2.wav']]],
    ],
    [
      'an untagged file in a folder of two albums stays apart',
      [file('/in/a/1.wav', 'One'), file('/in/a/2.wav', 'Two'), file('/in/a/3.wav')],
      [
        ['One', '/in/a', ['1.wav']],
        ['Two', '/in/a', ['2.wav']],
        ['a', '/in/a', ['3.wav']],
      ],
    ],
    [
      'files that cannot be packaged belong to no release',
      [file('/in/a/1.wav'), file('/in/b/bad.flac', undefined, 'corrupt')],
      [['a', '/in/a', ['1.wav']]],
    ],
  ])('%s', (_what, entries, expected) => {
    expect(summary(entries)).toEqual(expected);
  });
});

describe('a title from an untagged file name', () => {
  it.each([
    ['01 Opening.wav', 'Opening'],
    ['01 - Opening.flac', 'Opening'],
    ['1. Opening.aiff', 'Opening'],
    ['07_Night Drive.wav', 'Night Drive'],
    ['1-02 Opening.wav', 'Opening'],
    ['A2 Opening.wav', 'Opening'],
    ['Opening.wav', 'Opening'],
    ['1999.wav', '1999'],
    ['2Pac Intro.wav', '2Pac Intro'],
    ['12.wav', '12'],
  ])('%s → %s', (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });
});
