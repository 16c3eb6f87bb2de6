/** v4 API contracts shared by the console and the server. */
export * from './client';
export * from './envelope';
export * from './query';
export * from './limits';
export * from './dates';
export * from './zoned-time';
export * from './endpoint';
export * from './endpoints';
export * from './query-values';
