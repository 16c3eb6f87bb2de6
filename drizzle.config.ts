/**
 * drizzle-kit: `npm run db:generate -- --name <what>` writes the next migration of
 * server/db/migrations from the schema and refreshes the bundle's copy; `--custom` writes
 * an empty one for SQL Drizzle cannot declare. See server/README.md "Database and migrations".
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
