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
import { refersTo } from '../references';
import { listEnvelope } from '../envelope';
import { INT4_MAX } from '../query-values';
import { ObjectRow } from './lists';

const params = z.object({ id: IdParam });

/** Most tracks one chart lists. */
export const CHART_MAX_TRACKS = 250;
const TRACKS_MESSAGE = `Send the chart's tracks in order: at most ${CHART_MAX_TRACKS}, each once.`;

/** PUT …/charts/{id}/tracks/: every track of the chart, in its new order (empty: none). */
export const ChartTracksBody = z.strictObject({
  track_ids: z
    .array(refersTo(id, { record: 'tracks' }), { error: TRACKS_MESSAGE })
    .max(CHART_MAX_TRACKS, TRACKS_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, TRACKS_MESSAGE),
});
export type ChartTracksBody = z.infer<typeof ChartTracksBody>;

/** A track of a chart as its Tracks tab lists it. */
export const ChartTrack = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  mix_name: z.string().nullable(),
  artist_names: z.string().nullable(),
});
export type ChartTrack = z.infer<typeof ChartTrack>;

/** POST create, GET tracks and PUT the whole order (at `put`) of a type with ordered tracks. */
function ordered<const T extends 'charts' | 'playlists', const P extends string>(type: T, put: P, noun: string) {
  const base = `/v4/catalog/${type}/` as const;
  return {
    create: endpoint({
      method: 'POST',
      path: base,
      body: RECORDS[type].createSchema,
      response: ObjectRow,
      doc: `Creates a ${noun} on the active brand, owned by the caller; 201 with the ${noun} and its ETag.`,
    }),
    tracks: endpoint({
      method: 'GET',
      path: `${base}:id/tracks/`,
      params,
      response: listEnvelope(ChartTrack),
      doc: `A ${noun}'s tracks in position order.`,
    }),
    putTracks: endpoint({
      method: 'PUT',
      path: `${base}:id/${put}`,
      params,
      body: ChartTracksBody,
      response: listEnvelope(ChartTrack),
      doc: `Replaces a ${noun}'s tracks with these, in this order (positions 1..N).`,
    }),
  };
}

export const chartEndpoints = ordered('charts', 'tracks/', 'chart');
export const playlistEndpoints = ordered('playlists', 'tracks/bulk/', 'playlist');

/** Spec §3 "mapped curated playlist": what a chart's playlist mapping may name. */
export const CURATED_PLAYLIST_MSG = 'Choose a curated playlist of this brand.';
/** POST …/playlist-mappings/ on a chart that has one already (PATCH it instead). */
export const CHART_MAPPED_MSG = 'This chart already has a mapped curated playlist.';
const playlistId = z
  .number({ error: CURATED_PLAYLIST_MSG })
  .int(CURATED_PLAYLIST_MSG)
  .positive(CURATED_PLAYLIST_MSG)
  .max(INT4_MAX, CURATED_PLAYLIST_MSG);

/**
 * A chart's mapped curated playlist. A chart maps to at most one playlist, so a mapping
 * is named by that playlist's id (`id` = `playlist.id`); a playlist may be mapped from
 * several charts.
 */
export const PlaylistMapping = z.object({
  id: z.number().int(),
  chart_id: z.number().int(),
  playlist: z.object({ id: z.number().int(), name: z.string() }),
});
export type PlaylistMapping = z.infer<typeof PlaylistMapping>;
export const PlaylistMappingBody = z.strictObject({ playlist_id: playlistId });
/** PATCH: another curated playlist, or null to unmap the chart. */
export const PlaylistMappingPatch = z.strictObject({ playlist_id: playlistId.nullable() });

/** A chart mapped to a playlist, as the playlist's chart-mapping lists it. */
export const ChartMapping = z.object({ id: z.number().int(), title: z.string(), enabled: z.boolean() });
export type ChartMapping = z.infer<typeof ChartMapping>;

const C = '/v4/catalog/charts/:id/playlist-mappings/';
export const chartMappingEndpoints = {
  list: endpoint({
    method: 'GET',
    path: C,
    params,
    response: listEnvelope(PlaylistMapping),
    doc: "A chart's mapped curated playlist (none or one).",
  }),
  create: endpoint({
    method: 'POST',
    path: C,
    params,
    body: PlaylistMappingBody,
    response: PlaylistMapping,
    doc: 'Maps a chart to a curated playlist of its brand (201); 400 when the chart has one already.',
  }),
  patch: endpoint({
    method: 'PATCH',
    path: `${C}:item/`,
    params: z.object({ id: IdParam, item: IdParam }),
    body: PlaylistMappingPatch,
    response: z.union([PlaylistMapping, z.null()]),
    doc: 'Maps the chart to another curated playlist, or unmaps it (playlist_id null: 200 with null); 404 unless item is the mapped playlist.',
  }),
  playlistCharts: endpoint({
    method: 'GET',
    path: '/v4/catalog/playlists/:id/chart-mapping/',
    params,
    response: listEnvelope(ChartMapping),
    doc: 'The charts mapped to a playlist, by title.',
  }),
};

/** Most link partners one playlist names (far more than exist). */
export const MAX_PLAYLIST_PARTNERS = 500;
const PARTNERS_MESSAGE = `Send the playlist's link partners: at most ${MAX_PLAYLIST_PARTNERS}, each once.`;
/** A link partner a playlist is offered to. */
export const PlaylistPartner = z.object({ id: z.number().int(), name: z.string(), url: z.string().nullable(), enabled: z.boolean() });
export type PlaylistPartner = z.infer<typeof PlaylistPartner>;
/** PUT …/partners-bulk/: every link partner of the playlist (empty: none). */
export const PlaylistPartnersBody = z.strictObject({
  partner_ids: z
    .array(refersTo(id, { record: 'link_partners' }), { error: PARTNERS_MESSAGE })
    .max(MAX_PLAYLIST_PARTNERS, PARTNERS_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, PARTNERS_MESSAGE),
});

export const playlistPartnerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v4/catalog/playlists/:id/partners/',
    params,
    response: listEnvelope(PlaylistPartner),
    doc: 'The link partners a playlist is offered to, by name.',
  }),
  put: endpoint({
    method: 'PUT',
    path: '/v4/catalog/playlists/:id/partners-bulk/',
    params,
    body: PlaylistPartnersBody,
    response: listEnvelope(PlaylistPartner),
    doc: "Replaces a playlist's link partners with these (unknown ones: 400 naming partner_ids).",
  }),
};
