/** The sub-resource tab components, registered by type and tab key (./tabs.ts). */
import { lazy } from 'react';
import { registerRecordTab } from './tabs';

registerRecordTab('releases', 'tracks', lazy(() => import('./ReleaseTracksTab')));
registerRecordTab('tracks', 'songwriters', lazy(() => import('./TrackSongwritersTab')));
registerRecordTab('tracks', 'publishers', lazy(() => import('./TrackPublishersTab')));
registerRecordTab('tracks', 'audio-files', lazy(() => import('./TrackAudioFilesTab')));
registerRecordTab('tracks', 'territories', lazy(() => import('./TrackTerritoriesTab')));
registerRecordTab('pages', 'slots', lazy(() => import('../curation/PageSlotsTab')));
registerRecordTab('page_modules', 'items', lazy(() => import('../curation/ModuleItemsTab')));
registerRecordTab('live_streams', 'stages', lazy(() => import('../curation/LiveStagesTab')));
