/**
 * Charts and curated playlists (spec §3, §7 Charts, Playlists): POST create (on the
 * active brand, owned by the caller), and their tracks in order: GET, and PUT of the
 * whole order (track ids, positions 1..N: spec §4 renumbering, shared/records/order.ts
 * moveTrack on the screen); a playlist's PUT is tracks/bulk/ as §7 names it.
 */
import { z } from 'zod';
import { RECORDS } from '../../records/registry';
import { id } from '../../records/values';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { ObjectRow } from './lists';

const params = z.object({ id: IdParam });

/** Most tracks one chart lists. */
export const CHART_MAX_TRACKS = 250;
const TRACKS_MESSAGE = `Send the chart's tracks in order: at most ${CHART_MAX_TRACKS}, each once.`;

/** PUT …/charts/{id}/tracks/: every track of the chart, in its new order (empty: none). */
export const ChartTracksBody = z.strictObject({
  track_ids: z.array(id, { error: TRACKS_MESSAGE }).max(CHART_MAX_TRACKS, TRACKS_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, TRACKS_MESSAGE),
});
export type ChartTracksBody = z.infer<typeof ChartTracksBody>;

/** A track of a chart as its Tracks tab lists it. */
export const ChartTrack = z.object({
  id: z.number().int(), position: z.number().int(), title: z.string(), mix_name: z.string().nullable(), artist_names: z.string().nullable(),
});
export type ChartTrack = z.infer<typeof ChartTrack>;

/** POST create, GET tracks and PUT the whole order (at `put`) of a type with ordered tracks. */
function ordered<const T extends 'charts' | 'playlists', const P extends string>(type: T, put: P, noun: string) {
  const base = `/v4/catalog/${type}/` as const;
  return {
    create: endpoint({
      method: 'POST', path: base, body: RECORDS[type].createSchema, response: ObjectRow,
      doc: `Creates a ${noun} on the active brand, owned by the caller; 201 with the ${noun} and its ETag.`,
    }),
    tracks: endpoint({ method: 'GET', path: `${base}:id/tracks/`, params, response: listEnvelope(ChartTrack), doc: `A ${noun}'s tracks in position order.` }),
    putTracks: endpoint({
      method: 'PUT', path: `${base}:id/${put}`, params, body: ChartTracksBody, response: listEnvelope(ChartTrack),
      doc: `Replaces a ${noun}'s tracks with these, in this order (positions 1..N).`,
    }),
  };
}

export const chartEndpoints = ordered('charts', 'tracks/', 'chart');
export const playlistEndpoints = ordered('playlists', 'tracks/bulk/', 'playlist');
