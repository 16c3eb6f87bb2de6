/**
 * Query keys, options and writes of the record pages: GET one record with its ETag,
 * its notes and history, a release's tracks; PATCH (If-Match), POST create, notes,
 * the bulk edit with preview and the release's track order. Every call goes through a
 * declared endpoint (shared/api/endpoints).
 */
import { queryOptions } from '@tanstack/react-query';
import {
  hypeEndpoints,
  artistEndpoints,
  chartEndpoints,
  couponEndpoints,
  playlistEndpoints,
  supplierEndpoints,
  labelEndpoints,
  listEndpoints,
  mediaEndpoints,
  pageEndpoints,
  pageModuleEndpoints,
  recordEndpoints,
  releaseEndpoints,
  releaseSubresourceEndpoints,
  simpleRecordEndpoints,
  trackEndpoints,
  trackSubresourceEndpoints,
  type ObjectRow,
  type TrackBulkEdit,
  type ReleaseTracksBulkEdit,
} from '../../../shared/api/endpoints';
import type { TrackPosition } from '../../../shared/records';
import { PUBLISH_TIME_ZONE } from '../../../shared/constants';
import type { BodyIn } from '../../../shared/api/endpoint';
import type { Region } from '../../../shared/vocabularies';
import type { MediaTarget } from '../../../shared/bridge/channels/media';
import { call, fetchData, type ApiResult } from '../../lib/api';
import { bridge } from '../../lib/bridge';

/** How long the renderer reuses a media URL: well within main's ticket life (MEDIA_TICKET_TTL_MS, an hour). */
const MEDIA_URL_FRESH_MS = 30 * 60 * 1000;

export const recordKeys = {
  all: ['records'] as const,
  type: (type: string) => [...recordKeys.all, type] as const,
  one: (type: string, id: number) => [...recordKeys.type(type), id] as const,
  get: (type: string, id: number) => [...recordKeys.one(type, id), 'object'] as const,
  notes: (type: string, id: number) => [...recordKeys.one(type, id), 'notes'] as const,
  history: (type: string, id: number, page: number) => [...recordKeys.one(type, id), 'history', page] as const,
  historyAll: (type: string, id: number) => [...recordKeys.one(type, id), 'history'] as const,
  releaseTracks: (id: number) => [...recordKeys.one('releases', id), 'tracks'] as const,
  songwriters: (id: number) => [...recordKeys.one('tracks', id), 'songwriters'] as const,
  publishers: (id: number) => [...recordKeys.one('tracks', id), 'publishers'] as const,
  audioFiles: (id: number) => [...recordKeys.one('tracks', id), 'audio-files'] as const,
  territories: (id: number) => [...recordKeys.one('tracks', id), 'territories'] as const,
  countriesAllowed: (id: number) => [...recordKeys.territories(id), 'allowed'] as const,
  regionalSummary: (id: number) => [...recordKeys.territories(id), 'summary'] as const,
  publishDates: (id: number) => [...recordKeys.territories(id), 'publish-dates'] as const,
  images: (id: number) => [...recordKeys.one('releases', id), 'images'] as const,
  djEdits: (id: number) => [...recordKeys.one('tracks', id), 'dj-edits'] as const,
  djEditSource: (id: number) => [...recordKeys.one('tracks', id), 'dj-edit-source'] as const,
  supportDownloads: (id: number) => [...recordKeys.one('tracks', id), 'support-downloads'] as const,
  /** A supplier's labels: its Labels tab, its items' label pickers and a delivery's label mapping share it. */
  supplierLabels: (id: number) => [...recordKeys.one('suppliers', id), 'labels'] as const,
  supplierSubscribers: (id: number) => [...recordKeys.one('suppliers', id), 'subscribers'] as const,
  supplierAgreement: (id: number) => [...recordKeys.one('suppliers', id), 'service-agreement'] as const,
  labelMappings: (id: number) => [...recordKeys.one('labels', id), 'mappings'] as const,
  playlistCharts: (id: number) => [...recordKeys.one('playlists', id), 'chart-mapping'] as const,
  pageModules: (id: number) => [...recordKeys.one('pages', id), 'modules'] as const,
  /** Whether a page slug is free on a brand (the page being edited aside). */
  pageSlugCheck: (brand: string, slug: string, pageId: number | null) =>
    [...recordKeys.type('pages'), 'slug-check', brand, slug, pageId] as const,
  /** A media URL main hands out (a release image, a track preview), by what it names. */
  mediaUrl: (target: MediaTarget) => ['media-url', target] as const,
};

export const HISTORY_PER_PAGE = 25;

export const recordQueries = {
  /** The object and its ETag (the PATCH's If-Match). */
  get: (type: string, id: number) =>
    queryOptions({
      queryKey: recordKeys.get(type, id),
      queryFn: (): Promise<ApiResult<ObjectRow>> => call(listEndpoints(type).get, { params: { id } }),
      staleTime: 0,
      retry: false,
    }),
  notes: (type: string, id: number) =>
    queryOptions({ queryKey: recordKeys.notes(type, id), queryFn: () => fetchData(listEndpoints(type).notes, { params: { id } }) }),
  history: (type: string, id: number, page: number) =>
    queryOptions({
      queryKey: recordKeys.history(type, id, page),
      queryFn: () =>
        fetchData(recordEndpoints(type).history, { params: { id }, query: { page: String(page), per_page: String(HISTORY_PER_PAGE) } }),
    }),
  releaseTracks: (id: number) =>
    queryOptions({ queryKey: recordKeys.releaseTracks(id), queryFn: () => fetchData(releaseEndpoints.tracks, { params: { id } }) }),
  songwriters: (id: number) =>
    queryOptions({
      queryKey: recordKeys.songwriters(id),
      queryFn: () => fetchData(trackSubresourceEndpoints.songwriters, { params: { id } }),
    }),
  publishers: (id: number) =>
    queryOptions({
      queryKey: recordKeys.publishers(id),
      queryFn: () => fetchData(trackSubresourceEndpoints.publishers, { params: { id } }),
    }),
  audioFiles: (id: number) =>
    queryOptions({ queryKey: recordKeys.audioFiles(id), queryFn: () => fetchData(mediaEndpoints.audioFiles, { params: { id } }) }),
  countriesAllowed: (id: number) =>
    queryOptions({
      queryKey: recordKeys.countriesAllowed(id),
      queryFn: () => fetchData(trackSubresourceEndpoints.countriesAllowed, { params: { id } }),
    }),
  regionalSummary: (id: number) =>
    queryOptions({
      queryKey: recordKeys.regionalSummary(id),
      queryFn: () => fetchData(trackSubresourceEndpoints.regionalSummary, { params: { id } }),
    }),
  djEdits: (id: number) =>
    queryOptions({ queryKey: recordKeys.djEdits(id), queryFn: () => fetchData(trackSubresourceEndpoints.djEdits, { params: { id } }) }),
  djEditSource: (id: number) =>
    queryOptions({
      queryKey: recordKeys.djEditSource(id),
      queryFn: () => fetchData(trackSubresourceEndpoints.djEditSource, { params: { id } }),
    }),
  supportDownloads: (id: number) =>
    queryOptions({
      queryKey: recordKeys.supportDownloads(id),
      queryFn: () => fetchData(mediaEndpoints.supportDownloads, { params: { id } }),
    }),
  supplierLabels: (id: number) =>
    queryOptions({ queryKey: recordKeys.supplierLabels(id), queryFn: () => fetchData(supplierEndpoints.labels, { params: { id } }) }),
  images: (id: number) =>
    queryOptions({ queryKey: recordKeys.images(id), queryFn: () => fetchData(mediaEndpoints.images, { params: { id } }) }),
  /**
   * A URL on the app's own origin that main answers with the media's bytes (the token stays
   * in main). `version` (e.g. the image's created_at) asks for a new one when the media changed.
   */
  mediaUrl: (target: MediaTarget, version = '') =>
    queryOptions({
      queryKey: [...recordKeys.mediaUrl(target), version] as const,
      queryFn: async () => (await bridge.mediaUrl({ target })).url,
      staleTime: MEDIA_URL_FRESH_MS,
    }),
  /** Every commercial model type's times, local in PUBLISH_TIME_ZONE. */
  publishDates: (id: number) =>
    queryOptions({
      queryKey: recordKeys.publishDates(id),
      queryFn: () => fetchData(trackSubresourceEndpoints.publishDates, { params: { id }, query: { time_zone: PUBLISH_TIME_ZONE } }),
    }),
};

/**
 * PATCH the changed fields against the version the user edited. The body was checked
 * field by field with the declaration's schemas (form-model changeErrors), which are
 * the PATCH schema's: the per-type body type cannot be named for a type chosen at run time.
 */
export function patchRecord(
  type: string,
  id: number,
  changes: Record<string, unknown>,
  etag: string | undefined,
): Promise<ApiResult<ObjectRow>> {
  return call(recordEndpoints(type).patch, { params: { id }, body: changes as never, ifMatch: etag ?? '' });
}

/** The types created here (spec §7: POST /tracks/, /releases/, /artists/, /labels/, curation pages and modules), by record key. */
export const CREATE_ENDPOINTS = {
  tracks: trackEndpoints.create,
  releases: releaseEndpoints.create,
  artists: artistEndpoints.create,
  labels: labelEndpoints.create,
  pages: pageEndpoints.create,
  page_modules: pageModuleEndpoints.create,
  coupons: couponEndpoints.create,
  live_streams: simpleRecordEndpoints.live_streams.create,
  host_vendors: simpleRecordEndpoints.host_vendors.create,
  tracklist_vendors: simpleRecordEndpoints.tracklist_vendors.create,
  link_partners: simpleRecordEndpoints.link_partners.create,
  hype_offers: hypeEndpoints.createOffer,
  suppliers: supplierEndpoints.create,
  charts: chartEndpoints.create,
  playlists: playlistEndpoints.create,
} as const;
export type CreatableType = keyof typeof CREATE_ENDPOINTS;
export const isCreatable = (type: string): type is CreatableType => Object.hasOwn(CREATE_ENDPOINTS, type);

/** POST a new record (the body checked with the declaration's create schema first). */
export function createRecord(type: CreatableType, body: Record<string, unknown>): Promise<ApiResult<ObjectRow>> {
  return call(CREATE_ENDPOINTS[type], { body: body as never });
}

/** The types deleted here (spec §7 Curation: DELETE pages), by record key. */
export const DELETE_ENDPOINTS = {
  pages: pageEndpoints.delete,
  page_modules: pageModuleEndpoints.delete,
  live_streams: simpleRecordEndpoints.live_streams.delete,
  host_vendors: simpleRecordEndpoints.host_vendors.delete,
  tracklist_vendors: simpleRecordEndpoints.tracklist_vendors.delete,
  link_partners: simpleRecordEndpoints.link_partners.delete,
} as const;
export type DeletableType = keyof typeof DELETE_ENDPOINTS;
export const isDeletable = (type: string): type is DeletableType => Object.hasOwn(DELETE_ENDPOINTS, type);

export async function deleteRecord(type: DeletableType, id: number): Promise<void> {
  await call(DELETE_ENDPOINTS[type], { params: { id } });
}

/** Whether a page URL slug is free on the active brand (the page being edited aside). */
export function checkPageSlug(slug: string, exclude?: number) {
  return fetchData(pageEndpoints.slugCheck, { query: { slug, ...(exclude ? { exclude } : {}) } });
}

export async function addNote(type: string, id: number, body: string): Promise<void> {
  await call(listEndpoints(type).addNote, { params: { id }, body: { body } });
}

/** The bulk edit of tracks: a preview (nothing written) or the apply, all or nothing. */
export async function bulkEditTracks(body: TrackBulkEdit) {
  return fetchData(trackEndpoints.bulkEdit, { body });
}

/** A release's new track order, saved in one request. */
export async function saveTrackOrder(releaseId: number, positions: readonly TrackPosition[]) {
  const body: ReleaseTracksBulkEdit = { rows: [], positions: positions.map((p) => ({ id: p.id, position: p.position })), preview: false };
  return fetchData(releaseEndpoints.tracksBulk, { params: { id: releaseId }, body });
}

/** Adds a songwriter to a track (the body checked with SongwriterBody first). */
export function addSongwriter(trackId: number, body: { name: string; songwriter_type_id: number }) {
  return fetchData(trackSubresourceEndpoints.addSongwriter, { params: { id: trackId }, body });
}

export async function deleteSongwriter(trackId: number, songwriterId: number): Promise<void> {
  await call(trackSubresourceEndpoints.deleteSongwriter, { params: { id: trackId, sid: songwriterId } });
}

/** Replaces a track's publishers with these names, in this order. */
export function putPublishers(trackId: number, names: readonly string[]) {
  return fetchData(trackSubresourceEndpoints.putPublishers, { params: { id: trackId }, body: { names: [...names] } });
}

/** The re-encode calls (spec §7), by record type: each starts an `encode` job. */
export const REENCODE_ENDPOINTS = { releases: mediaEndpoints.reencodeRelease, tracks: mediaEndpoints.reencodeTrack } as const;
export type ReencodableType = keyof typeof REENCODE_ENDPOINTS;
export const isReencodable = (type: string): type is ReencodableType => Object.hasOwn(REENCODE_ENDPOINTS, type);

export function startReencode(type: ReencodableType, id: number) {
  return fetchData(REENCODE_ENDPOINTS[type], { params: { id } });
}

/** Makes a DJ edit of a track (the body checked with DjEditBody first); answers the new track. */
export function addDjEdit(trackId: number, body: BodyIn<typeof trackSubresourceEndpoints.addDjEdit>) {
  return fetchData(trackSubresourceEndpoints.addDjEdit, { params: { id: trackId }, body });
}

/** Uploads a picked image as a release's cover art (main reads the file and sends its bytes). */
export function uploadCoverArt(releaseId: number, path: string) {
  return bridge.mediaCoverUpload({ releaseId, path });
}

/** Replaces a track's allowed countries (countries and/or whole regions). */
export function putCountriesAllowed(trackId: number, body: { country_ids?: number[]; regions?: Region[] }) {
  return fetchData(trackSubresourceEndpoints.putCountriesAllowed, { params: { id: trackId }, body });
}

/** Sets the same publish, pre-order and takedown times on every track of a release, in one transaction. */
export function updateReleasePublishTimes(releaseId: number, body: BodyIn<typeof releaseSubresourceEndpoints.updateTimes>) {
  return fetchData(releaseSubresourceEndpoints.updateTimes, { params: { id: releaseId }, body });
}

/** Sets publish, pre-order and takedown times (local, in the body's zone) for these countries. */
export function updatePublishTimes(trackId: number, body: BodyIn<typeof trackSubresourceEndpoints.updateTimes>) {
  return fetchData(trackSubresourceEndpoints.updateTimes, { params: { id: trackId }, body });
}
