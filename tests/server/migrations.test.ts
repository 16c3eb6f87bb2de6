/**
 * Drizzle migrations on embedded PGlite, in data folders as the sandbox keeps them
 * (the PostgreSQL run is in postgres.test.ts), and the bundle's embedded copy of the
 * migrations folder being current.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { EMBEDDED_FILE, renderEmbedded } from '../../server/db/embed-migrations';
import { migrationSuite } from './suites/migrations';

const root = mkdtempSync(join(tmpdir(), 'migrations-test-'));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('Drizzle migrations (PGlite data folders)', () => migrationSuite(() => openPglite(join(root, `db${++n}`))));

describe('embedded migrations', () => {
  it('server/db/embedded-migrations.ts matches server/db/migrations (npm run db:generate refreshes it; by hand: node server/db/embed-migrations.ts)', () => {
    expect(readFileSync(EMBEDDED_FILE, 'utf8')).toBe(renderEmbedded());
  });
});
