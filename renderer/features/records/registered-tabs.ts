/** The sub-resource tab components, registered by type and tab key (./tabs.ts). */
import { lazy } from 'react';
import { registerRecordTab } from './tabs';

registerRecordTab('releases', 'tracks', lazy(() => import('./ReleaseTracksTab')));
registerRecordTab('tracks', 'songwriters', lazy(() => import('./TrackSongwritersTab')));
registerRecordTab('tracks', 'publishers', lazy(() => import('./TrackPublishersTab')));
registerRecordTab('tracks', 'audio-files', lazy(() => import('./TrackAudioFilesTab')));
registerRecordTab('tracks', 'territories', lazy(() => import('./TrackTerritoriesTab')));
registerRecordTab('releases', 'cover-art', lazy(() => import('./ReleaseCoverArtTab')));
registerRecordTab('tracks', 'dj-edits', lazy(() => import('./TrackDjEditsTab')));
registerRecordTab('tracks', 'support-downloads', lazy(() => import('./TrackSupportDownloadsTab')));
registerRecordTab('artists', 'muzooka', lazy(() => import('./ArtistMuzookaTab')));
registerRecordTab('suppliers', 'ingestion', lazy(() => import('./SupplierTabs').then((m) => ({ default: m.IngesterKeyTab }))));
registerRecordTab('suppliers', 'contacts', lazy(() => import('./SupplierItemsTab').then((m) => ({ default: m.ContactsTab }))));
registerRecordTab('suppliers', 'contracts', lazy(() => import('./SupplierItemsTab').then((m) => ({ default: m.ContractsTab }))));
registerRecordTab('suppliers', 'banking', lazy(() => import('./SupplierTabs').then((m) => ({ default: m.BankingTab }))));
registerRecordTab('suppliers', 'genre-mappings', lazy(() => import('./SupplierItemsTab').then((m) => ({ default: m.GenreMappingsTab }))));
registerRecordTab('suppliers', 'label-mappings', lazy(() => import('./SupplierItemsTab').then((m) => ({ default: m.LabelMappingsTab }))));
registerRecordTab('suppliers', 'labels', lazy(() => import('./SupplierTabs').then((m) => ({ default: m.SupplierLabelsTab }))));
registerRecordTab('suppliers', 'subscribers', lazy(() => import('./SupplierTabs').then((m) => ({ default: m.SubscribersTab }))));
registerRecordTab('charts', 'tracks', lazy(() => import('./ChartTracksTab')));
registerRecordTab('users', 'credits', lazy(() => import('../support/UserCreditsTab')));
registerRecordTab('pages', 'slots', lazy(() => import('../curation/PageSlotsTab')));
registerRecordTab('page_modules', 'items', lazy(() => import('../curation/ModuleItemsTab')));
registerRecordTab('live_streams', 'stages', lazy(() => import('../curation/LiveStagesTab')));
registerRecordTab('coupons', 'users', lazy(() => import('../support/CouponUsersTab')));
