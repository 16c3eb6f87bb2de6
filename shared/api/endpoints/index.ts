/**
 * Every declared v4 endpoint, by group (shared/api/endpoint.ts explains the three uses).
 * Every new endpoint is declared here, in its group's file.
 */
export * from './artists';
export * from './auxiliary';
export * from './auth';
export * from './banking';
export * from './credits';
export * from './curation';
export * from './jobs';
export * from './label-managers';
export * from './ftp-users';
export * from './labels';
export * from './lists';
export * from './me';
export * from './media';
export * from './orders';
export * from './records';
export * from './sandbox';
export * from './subresources';
export * from './suppliers';
export * from './charts';
export * from './dj-profiles';
export * from './service-agreement';
export * from './genres';
export * from './coupons';
export * from './hype';
export * from './users';
export * from './record-images';
export * from './shared-views';
export * from './statements';
export * from './dashboard';
export * from './deliveries';
export * from './billing';
export * from './fileclasses';
export * from './pipeline';
export * from './media-images';
export * from './track-files';
export * from './publishers';
