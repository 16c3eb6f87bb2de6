/** Spec §6 as data plus the one pure `can()`. */
export * from './scopes';
export * from './search-types';
export * from './filters';
export * from './areas';
export * from './brand-options';
export * from './writes';
