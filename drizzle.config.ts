/**
 * drizzle-kit: `npx drizzle-kit generate --name <what>` writes the next migration of
 * server/db/migrations from the schema; `--custom` writes an empty one for SQL Drizzle
 * cannot declare. See server/README.md "Migrations".
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
