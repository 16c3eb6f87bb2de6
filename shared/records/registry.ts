/** Every record declaration by its search type key. */
import {
  artistRecord,
  chartRecord,
  djProfileRecord,
  genreRecord,
  labelRecord,
  linkPartnerRecord,
  playlistRecord,
  releaseRecord,
  supplierRecord,
  trackRecord,
} from './catalog';
import { pageModuleRecord, pageRecord } from './curation';
import type { RecordDecl } from './define';
import { hostVendorRecord, liveStreamRecord, tracklistVendorRecord } from './live';
import { couponRecord, hypeOfferRecord, hypePurchaseRecord, userRecord } from './support';

/** The record types, keyed as their search types (typed per key: RECORDS.tracks.patch is the track PATCH schema). */
export const RECORDS = {
  tracks: trackRecord,
  releases: releaseRecord,
  artists: artistRecord,
  genres: genreRecord,
  charts: chartRecord,
  labels: labelRecord,
  suppliers: supplierRecord,
  playlists: playlistRecord,
  dj_profiles: djProfileRecord,
  link_partners: linkPartnerRecord,
  coupons: couponRecord,
  users: userRecord,
  hype_offers: hypeOfferRecord,
  hype_purchases: hypePurchaseRecord,
  pages: pageRecord,
  page_modules: pageModuleRecord,
  live_streams: liveStreamRecord,
  host_vendors: hostVendorRecord,
  tracklist_vendors: tracklistVendorRecord,
} as const;

export type RecordKey = keyof typeof RECORDS;

/** Every declaration, in the order of the search types' pickers. */
export const RECORD_DECLS: readonly RecordDecl[] = Object.values(RECORDS) as readonly RecordDecl[];

export const isRecordKey = (type: string): type is RecordKey => Object.hasOwn(RECORDS, type);

/** The declaration of a record type, or undefined. */
export function recordDecl(type: string): RecordDecl | undefined {
  return isRecordKey(type) ? (RECORDS[type] as RecordDecl) : undefined;
}
