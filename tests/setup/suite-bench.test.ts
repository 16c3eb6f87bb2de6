/**
 * `npm run bench -- suite` prints each stage's time (bench/suite.ts `fmt`): tenths of a second
 * under a minute, else minutes and whole seconds, never 60 of them.
 */
import { expect, it } from 'vitest';
import { fmt } from '../../bench/suite';

it.each([
  [7.25, '7.3 s'],
  [59.9, '59.9 s'],
  [59.96, '1 min 00 s'],
  [60, '1 min 00 s'],
  [719.58, '12 min 00 s'],
  [719.4, '11 min 59 s'],
  [879.2, '14 min 39 s'],
])('%s s reads "%s"', (seconds, shown) => {
  expect(fmt(seconds)).toBe(shown);
});
