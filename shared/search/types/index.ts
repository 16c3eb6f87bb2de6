/** Every search type's declaration, in the order the type pickers list them. */
import {
  artists,
  charts,
  djProfiles,
  genres,
  labels,
  linkPartners,
  muzookaArtists,
  playlists,
  releases,
  suppliers,
  tracks,
} from './catalog';
import { coupons, hypeOffers, hypePurchases, orders, users } from './support';
import { deliveries } from './deliveries';
import { pageModules, pages } from './curation';
import { hostVendors, liveStreams, tracklistVendors } from './live';

export const SEARCH_TYPE_DECLS = [
  tracks,
  releases,
  artists,
  genres,
  charts,
  labels,
  suppliers,
  playlists,
  djProfiles,
  linkPartners,
  coupons,
  orders,
  users,
  hypeOffers,
  hypePurchases,
  deliveries,
  pages,
  pageModules,
  liveStreams,
  hostVendors,
  tracklistVendors,
  muzookaArtists,
] as const;

export * from './catalog';
export * from './support';
export * from './deliveries';
export * from './curation';
export * from './live';
