import { describe, expect, it } from 'vitest';
import { initialPreferences, preferencesReducer, userPreferences, type PreferencesState } from '../../renderer/lib/preferences-state';

const stored: PreferencesState = {
  version: 2,
  users: { '7': { filters: { tracks: { genre_id: 5 } }, columns: { tracks: ['title', 'bpm'] } } },
};

describe('preferences reducer (spec §4)', () => {
  it('keeps stored preferences of version 2', () => {
    expect(preferencesReducer(initialPreferences, { type: 'INIT_PREFERENCES', stored })).toEqual(stored);
  });

  it.each([
    ['version 1', { ...stored, version: 1 }],
    ['version 3', { ...stored, version: 3 }],
    ['no version', { users: stored.users }],
    ['nothing', null],
    ['no users', { version: 2 }],
  ])('re-initialises on %s', (_n, value) => {
    expect(preferencesReducer(stored, { type: 'INIT_PREFERENCES', stored: value })).toEqual(initialPreferences);
  });

  it('keeps filters and columns per user and per type', () => {
    let s = preferencesReducer(stored, { type: 'SET_FILTERS', userId: 9, searchType: 'tracks', filters: { bpm: 128 } });
    s = preferencesReducer(s, { type: 'SET_COLUMNS', userId: 7, searchType: 'releases', columns: ['title'] });
    expect(userPreferences(s, 9)).toEqual({ filters: { tracks: { bpm: 128 } }, columns: {} });
    expect(userPreferences(s, 7)).toEqual({
      filters: { tracks: { genre_id: 5 } },
      columns: { tracks: ['title', 'bpm'], releases: ['title'] },
    });
    expect(s.version).toBe(2);
  });

  it('an unknown user has empty preferences; a reset removes a user', () => {
    expect(userPreferences(stored, 1)).toEqual({ filters: {}, columns: {} });
    expect(preferencesReducer(stored, { type: 'RESET_USER_PREFERENCES', userId: 7 }).users).toEqual({});
  });

  it("sign-out clears the user's filters and keeps their columns and the other users' preferences", () => {
    const two = preferencesReducer(stored, { type: 'SET_FILTERS', userId: 9, searchType: 'tracks', filters: { title: 'Storm' } });
    const s = preferencesReducer(two, { type: 'CLEAR_FILTERS', userId: 7 });
    expect(userPreferences(s, 7)).toEqual({ filters: {}, columns: { tracks: ['title', 'bpm'] } });
    expect(userPreferences(s, 9).filters).toEqual({ tracks: { title: 'Storm' } });
    // A user with no preferences stays absent (nothing to store).
    expect(preferencesReducer(stored, { type: 'CLEAR_FILTERS', userId: 1 })).toBe(stored);
  });
});
