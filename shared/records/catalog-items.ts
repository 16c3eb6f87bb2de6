/**
 * The items of catalogue records (spec §3, §7 Tracks and Artists): a track's songwriters,
 * publishers and DJ edits, and an artist's Muzooka mappings. Declared like a supplier's items
 * (./items.ts): field() with the record fields' kinds, and the item endpoints' bodies made from
 * them (shared/api/endpoints/subresources.ts, artists.ts). Their tabs stay their own (a list
 * saved whole, an inline add, sync actions) and draw their inputs from these fields.
 */
import { z } from 'zod';
import { MAX_LEN } from '../constants';
import { limited } from '../api/limits';
import { INT4_MAX } from '../api/query-values';
import { choiceIdSchema } from '../api/references';
import { defineItems, field } from './define';
import { CODE_MAX } from './values';

const BLANK = 'This field may not be blank.';
/** A songwriter's or publisher's name (§9 credit names). */
export const creditName = z.string().trim().min(1, BLANK).pipe(limited(MAX_LEN.creditName));
/** A Muzooka profile id (the artist's `muzooka_id` and a mapping's). */
export const MuzookaId = z.string({ error: 'Enter a Muzooka ID.' }).trim().min(1, BLANK).pipe(limited(CODE_MAX));
/** The mix name a DJ edit gets when none is given. */
export const DJ_EDIT_MIX_NAME = 'DJ Edit';

/** A track's songwriter (spec §3 "songwriters with songwriter type"): POST …/songwriters/. */
export const SONGWRITER_ITEMS = defineItems({
  noun: 'songwriter',
  fields: {
    name: field('Songwriter name', 'text', creditName),
    songwriter_type_id: field('Songwriter type', 'select', choiceIdSchema, { list: 'songwriter-types', shownAs: 'songwriter_type' }),
  },
  required: ['name', 'songwriter_type_id'],
});

/** A track's publisher, by name: PUT …/publishers/ sends the names in order (each one this field). */
export const PUBLISHER_ITEMS = defineItems({
  noun: 'publisher',
  fields: {
    name: field('Publisher name', 'text', creditName),
  },
  required: ['name'],
});

/**
 * A DJ edit made of a track (POST …/dj-edit/): its title (default the parent's), mix name
 * (default "DJ Edit") and release (default the parent's).
 */
export const DJ_EDIT_ITEMS = defineItems({
  noun: 'DJ edit',
  fields: {
    title: field('DJ Edit Title', 'text', z.string().trim().min(1, BLANK).pipe(limited(MAX_LEN.trackTitle))),
    mix_name: field('DJ Edit Mix Name', 'text', limited(MAX_LEN.mixName).nullable(), { default: DJ_EDIT_MIX_NAME }),
    release_id: field('Release', 'reference', z.number().int().positive().max(INT4_MAX), { ref: 'releases' }),
  },
  required: [],
});

/** Another Muzooka profile mapped to an artist (GET/POST/PATCH …/muzooka-mappings/); a new one is enabled. */
export const MUZOOKA_MAPPING_ITEMS = defineItems({
  noun: 'Muzooka mapping',
  fields: {
    muzooka_id: field('Muzooka ID', 'text', MuzookaId),
    enabled: field('Enabled', 'boolean', z.boolean({ error: 'Must be true or false.' }), { default: true }),
  },
  required: ['muzooka_id'],
});
