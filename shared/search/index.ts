/** Pure search helpers shared by the renderer, main's export service and the server. */
export * from './format';
export * from './fetch-all';
export * from './csv';
export * from './status';
export * from './filters';
export * from './columns';
export * from './url-state';
export * from './saved-views';
export * from './filter-bar';
export * from './shared-views';
