/**
 * The record pages' sub-resource tab components, registered by type and tab key
 * (renderer/features/records/tabs.ts) here where features meet: the record layer names no
 * feature, and a feature's tab (support's credits, curation's slots) is added from here.
 */
import { lazy } from 'react';
import { registerRecordTab } from '../features/records/tabs';

registerRecordTab(
  'releases',
  'tracks',
  lazy(() => import('../features/records/ReleaseTracksTab')),
);
registerRecordTab(
  'tracks',
  'songwriters',
  lazy(() => import('../features/records/TrackSongwritersTab')),
);
registerRecordTab(
  'tracks',
  'publishers',
  lazy(() => import('../features/records/TrackPublishersTab')),
);
registerRecordTab(
  'tracks',
  'audio-files',
  lazy(() => import('../features/records/TrackAudioFilesTab')),
);
registerRecordTab(
  'tracks',
  'territories',
  lazy(() => import('../features/records/TrackTerritoriesTab')),
);
registerRecordTab(
  'releases',
  'cover-art',
  lazy(() => import('../features/records/ReleaseCoverArtTab')),
);
registerRecordTab(
  'releases',
  'territories',
  lazy(() => import('../features/records/ReleaseTerritoriesTab')),
);
registerRecordTab(
  'tracks',
  'dj-edits',
  lazy(() => import('../features/records/TrackDjEditsTab')),
);
registerRecordTab(
  'tracks',
  'support-downloads',
  lazy(() => import('../features/records/TrackSupportDownloadsTab')),
);
registerRecordTab(
  'artists',
  'muzooka',
  lazy(() => import('../features/records/ArtistMuzookaTab')),
);
registerRecordTab(
  'suppliers',
  'ingestion',
  lazy(() => import('../features/records/SupplierTabs').then((m) => ({ default: m.IngesterKeyTab }))),
);
registerRecordTab(
  'suppliers',
  'contacts',
  lazy(() => import('../features/records/SupplierItemsTab').then((m) => ({ default: m.ContactsTab }))),
);
registerRecordTab(
  'suppliers',
  'contracts',
  lazy(() => import('../features/records/SupplierItemsTab').then((m) => ({ default: m.ContractsTab }))),
);
registerRecordTab(
  'suppliers',
  'banking',
  lazy(() => import('../features/records/SupplierTabs').then((m) => ({ default: m.BankingTab }))),
);
registerRecordTab(
  'suppliers',
  'genre-mappings',
  lazy(() => import('../features/records/SupplierItemsTab').then((m) => ({ default: m.GenreMappingsTab }))),
);
registerRecordTab(
  'suppliers',
  'label-mappings',
  lazy(() => import('../features/records/SupplierItemsTab').then((m) => ({ default: m.LabelMappingsTab }))),
);
registerRecordTab(
  'suppliers',
  'labels',
  lazy(() => import('../features/records/SupplierTabs').then((m) => ({ default: m.SupplierLabelsTab }))),
);
registerRecordTab(
  'suppliers',
  'sftp-users',
  lazy(() => import('../features/records/SupplierSftpUsersTab')),
);
registerRecordTab(
  'suppliers',
  'subscribers',
  lazy(() => import('../features/records/SupplierTabs').then((m) => ({ default: m.SubscribersTab }))),
);
registerRecordTab(
  'charts',
  'tracks',
  lazy(() => import('../features/records/OrderedTracksTab')),
);
registerRecordTab(
  'charts',
  'playlist',
  lazy(() => import('../features/records/ChartPlaylistTab')),
);
registerRecordTab(
  'playlists',
  'tracks',
  lazy(() => import('../features/records/OrderedTracksTab').then((m) => ({ default: m.PlaylistTracksTab }))),
);
registerRecordTab(
  'playlists',
  'charts',
  lazy(() => import('../features/records/ChartPlaylistTab').then((m) => ({ default: m.PlaylistChartsTab }))),
);
registerRecordTab(
  'playlists',
  'partners',
  lazy(() => import('../features/records/PlaylistPartnersTab')),
);
registerRecordTab(
  'genres',
  'sub-genres',
  lazy(() => import('../features/records/GenreSubGenresTab')),
);
registerRecordTab(
  'users',
  'credits',
  lazy(() => import('../features/support/UserCreditsTab')),
);
registerRecordTab(
  'users',
  'orders',
  lazy(() => import('../features/support/UserOrdersTab')),
);
registerRecordTab(
  'users',
  'coupons',
  lazy(() => import('../features/support/UserCouponsTab')),
);
registerRecordTab(
  'users',
  'account',
  lazy(() => import('../features/support/UserAccountTab')),
);
registerRecordTab(
  'pages',
  'slots',
  lazy(() => import('../features/curation/PageSlotsTab')),
);
registerRecordTab(
  'page_modules',
  'items',
  lazy(() => import('../features/curation/ModuleItemsTab')),
);
registerRecordTab(
  'live_streams',
  'stages',
  lazy(() => import('../features/curation/LiveStagesTab')),
);
registerRecordTab(
  'suppliers',
  'service-agreement',
  lazy(() => import('../features/records/SupplierAgreementTab')),
);
registerRecordTab(
  'coupons',
  'users',
  lazy(() => import('../features/support/CouponUsersTab')),
);
registerRecordTab(
  'labels',
  'contracts',
  lazy(() => import('../features/records/SupplierItemsTab').then((m) => ({ default: m.LabelContractsTab }))),
);
registerRecordTab(
  'labels',
  'mappings',
  lazy(() => import('../features/records/LabelTabs').then((m) => ({ default: m.LabelMappingsTab }))),
);
registerRecordTab(
  'labels',
  'image',
  lazy(() => import('../features/records/RecordImageTab')),
);
registerRecordTab(
  'labels',
  'account',
  lazy(() => import('../features/records/LabelTabs').then((m) => ({ default: m.LabelAccountTab }))),
);
registerRecordTab(
  'charts',
  'image',
  lazy(() => import('../features/records/RecordImageTab')),
);
