/**
 * The Drizzle schema: the typed source of truth for every table, column, constraint and
 * index. `npx drizzle-kit generate` diffs it against server/db/migrations/meta to write
 * the next versioned migration. Objects Drizzle cannot declare (extensions, the
 * row_counts trigger functions and triggers) live in custom migrations.
 */
export * from './schema/parties';
export * from './schema/catalogue';
export * from './schema/media';
export * from './schema/content';
export * from './schema/commerce';
export * from './schema/operations';
export * from './schema/sftp';
