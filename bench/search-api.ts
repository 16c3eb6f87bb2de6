/**
 * npm run bench -- search-api [--scale 200] [--engines postgres,pglite] [--samples 200] [--seconds 10]
 *
 * For each engine (a PostgreSQL server this bench starts with initdb/pg_ctl, and
 * PGlite in a temp folder): load time of the seed at the given scale (200 = one
 * million tracks), then p50/p95 of
 *   - a track search by text with a genre filter sorted by release date, and
 *   - fetching page 1,000 of the track list,
 * each through the API and as the same SQL run directly in the same run; and, as SQL
 * directly, a relevance search (`q` + genre) run one-pass (page ids and count from one
 * read of the matches, what the API does) and two-pass (a count query beside a page
 * query), interleaved in the same run. On the
 * PostgreSQL server also requests per second of the API's list endpoint against a
 * bare Node http + pg handler running the same SQL under the same load.
 * Prints a table, then ONE JSON line of figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startPostgres as startPg, type Pg } from './_support';
import pg from 'pg';
import { principalFrom } from '../shared/access';
import { buildQuery } from '../shared/api';
import { openPglite, openPostgres, type Db } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seed, seedCounts } from '../server/seed/seed';
import { startServer } from '../server/app';
import { issueTokens } from '../server/auth/tokens';
import { listSql, runListSql, type ListQuery } from '../server/api/lists/engine';
import { LIST_DEF_BY_KEY } from '../server/api/lists/types';
import type { RequestUser } from '../server/api/principal';
import { TITLE_WORDS } from '../server/seed/words';
import { GENRES } from '../server/db/reference';

interface Args {
  scale: number;
  engines: string[];
  samples: number;
  seconds: number;
  concurrency: number;
  databaseUrl?: string;
}

function parseArgs(argv: string[]): Args {
  const get = (n: string, d: string) => {
    const i = argv.indexOf(`--${n}`);
    return i === -1 ? d : argv[i + 1];
  };
  return {
    scale: Number(get('scale', '200')),
    engines: get('engines', 'postgres,pglite').split(','),
    samples: Number(get('samples', '200')),
    seconds: Number(get('seconds', '10')),
    concurrency: Number(get('concurrency', '16')),
    // An existing PostgreSQL database to use instead of starting one (seeded only if empty; load time then not measured).
    databaseUrl: get('database-url', '') || undefined,
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const round = (x: number) => Math.round(x * 100) / 100;

/** Throwaway PostgreSQL server (bench/_support.ts), or null where its binaries are missing. */
function startPostgres(): Pg | null {
  try {
    return startPg();
  } catch (e) {
    if (/binaries not found/.test(String(e))) return null;
    throw e;
  }
}

const ADMIN: RequestUser = {
  id: 1,
  username: 'admin',
  scope: 'app:control staff:admin brand:dance brand:dj',
  features: [],
  principal: principalFrom('app:control staff:admin brand:dance brand:dj', [], 'brand:dance'),
  supplierId: null,
  labelId: null,
};

/** Deterministic sequence of search queries: a title word, a genre, newest first. */
function searchQuery(i: number): ListQuery {
  const word = TITLE_WORDS[(i * 7) % TITLE_WORDS.length].split(' ')[0].toLowerCase();
  return { title: word, genre_id: String(1 + ((i * 3) % GENRES.length)), order_by: '-release_date' };
}

/** The API's SQL for a track list, run directly (onePass overrides the engine's choice). */
async function sqlDirect(db: Db, q: ListQuery, onePass?: boolean) {
  await runListSql(db, listSql(LIST_DEF_BY_KEY.get('tracks')!, ADMIN, q, { onePass }));
}

/** Relevance search: a title word and a genre, ranked by similarity. */
function relevanceQuery(i: number): ListQuery {
  const { title, genre_id } = searchQuery(i);
  return { q: title, genre_id };
}

/**
 * Times a and b on the same inputs, alternating which goes first, after one warm-up
 * pass of both over every input: both are measured on the same (warm) cache, and
 * neither pays for reading pages the other then finds in memory.
 */
async function timePair(n: number, a: (i: number) => Promise<unknown>, b: (i: number) => Promise<unknown>): Promise<[number[], number[]]> {
  for (let i = 0; i < n; i++) {
    await a(i);
    await b(i);
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [fn, out] of (i % 2
      ? [
          [a, ta],
          [b, tb],
        ]
      : [
          [b, tb],
          [a, ta],
        ]) as [(i: number) => Promise<unknown>, number[]][]) {
      const t = performance.now();
      await fn(i);
      out.push(performance.now() - t);
    }
  }
  return [ta, tb];
}

async function load(url: string, token: string, seconds: number, concurrency: number): Promise<number> {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      let i = w;
      while (performance.now() < end) {
        const r = await fetch(`${url}?${buildQuery({ ...searchQuery(i), per_page: 25 })}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (r.status !== 200) throw new Error(`load: ${r.status}`);
        await r.arrayBuffer();
        done++;
        i += concurrency;
      }
    }),
  );
  return done / seconds;
}

/** The baseline: a bare Node http server running the same two SQL statements with pg. */
async function bareHandler(dbUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  const db = { query: async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows } as unknown as Db;
  const server: Server = createServer((req, res) => {
    const q = Object.fromEntries(new URL(req.url!, 'http://x').searchParams) as ListQuery;
    runListSql(db, listSql(LIST_DEF_BY_KEY.get('tracks')!, ADMIN, q)).then(
      ({ n, rows }) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ count: n, results: rows }));
      },
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${addr.port}/v4/catalog/tracks/`,
    close: async () => {
      server.close();
      await pool.end();
    },
  };
}

interface EngineFigures {
  engine: string;
  tracks: number;
  load_s: number;
  search_api_p50_ms: number;
  search_api_p95_ms: number;
  search_sql_p50_ms: number;
  search_sql_p95_ms: number;
  page1000_api_p50_ms: number;
  page1000_api_p95_ms: number;
  page1000_sql_p50_ms: number;
  page1000_sql_p95_ms: number;
  relevance_sql_one_pass_p50_ms: number;
  relevance_sql_one_pass_p95_ms: number;
  relevance_sql_two_pass_p50_ms: number;
  relevance_sql_two_pass_p95_ms: number;
  api_rps?: number;
  bare_rps?: number;
  api_vs_bare?: number;
}

async function benchEngine(engine: string, a: Args): Promise<EngineFigures | null> {
  let pgServer: ReturnType<typeof startPostgres> = null;
  let db: Db;
  let dir: string | null = null;
  let pgUrl = a.databaseUrl;
  if (engine === 'postgres' && !pgUrl) {
    pgServer = startPostgres();
    if (!pgServer) {
      console.log('postgres: skipped (PostgreSQL binaries not found)');
      return null;
    }
    pgUrl = pgServer.url;
  }
  if (engine === 'postgres') {
    db = await openPostgres(pgUrl!);
  } else {
    dir = mkdtempSync(join(tmpdir(), 'pglite-bench-'));
    db = await openPglite(dir);
  }
  try {
    await migrate(db);
    const t0 = performance.now();
    const [{ n: existing }] = await db.query<{ n: number }>('select count(*)::int as n from users');
    if (!existing) await seed(db, { scale: a.scale, log: (m) => console.log(`  ${engine} ${m}`) });
    const loadS = existing ? Number.NaN : (performance.now() - t0) / 1000;
    const [{ n: tracks }] = await db.query<{ n: number }>('select count(*)::int as n from tracks');
    const server = await startServer({ db });
    const { access_token } = await issueTokens(db, { accessTtl: 3600, refreshTtl: 3600 }, 1, 'store-console', ADMIN.scope);
    const get = async (q: ListQuery) => {
      const r = await fetch(`${server.api}/v4/catalog/tracks/?${buildQuery({ ...q, per_page: 25 })}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      if (r.status !== 200) throw new Error(`${r.status} ${await r.text()}`);
      return r.json();
    };
    const [sApi, sSql] = await timePair(
      a.samples,
      (i) => get(searchQuery(i)),
      (i) => sqlDirect(db, { ...searchQuery(i), per_page: '25' }),
    );
    // Page 1,000 (or the last page when a small scale has fewer).
    const deep: ListQuery = { page: String(Math.min(1000, Math.floor(tracks / 25))) };
    const [pApi, pSql] = await timePair(
      a.samples,
      () => get(deep),
      () => sqlDirect(db, { ...deep, per_page: '25' }),
    );
    const [rOne, rTwo] = await timePair(
      a.samples,
      (i) => sqlDirect(db, { ...relevanceQuery(i), per_page: '25' }, true),
      (i) => sqlDirect(db, { ...relevanceQuery(i), per_page: '25' }, false),
    );
    const f: EngineFigures = {
      engine,
      tracks,
      load_s: round(loadS),
      search_api_p50_ms: round(pct(sApi, 50)),
      search_api_p95_ms: round(pct(sApi, 95)),
      search_sql_p50_ms: round(pct(sSql, 50)),
      search_sql_p95_ms: round(pct(sSql, 95)),
      page1000_api_p50_ms: round(pct(pApi, 50)),
      page1000_api_p95_ms: round(pct(pApi, 95)),
      page1000_sql_p50_ms: round(pct(pSql, 50)),
      page1000_sql_p95_ms: round(pct(pSql, 95)),
      relevance_sql_one_pass_p50_ms: round(pct(rOne, 50)),
      relevance_sql_one_pass_p95_ms: round(pct(rOne, 95)),
      relevance_sql_two_pass_p50_ms: round(pct(rTwo, 50)),
      relevance_sql_two_pass_p95_ms: round(pct(rTwo, 95)),
    };
    if (engine === 'postgres') {
      const bare = await bareHandler(pgUrl!);
      f.api_rps = round(await load(`${server.api}/v4/catalog/tracks/`, access_token, a.seconds, a.concurrency));
      f.bare_rps = round(await load(bare.url, access_token, a.seconds, a.concurrency));
      f.api_vs_bare = round(f.api_rps / f.bare_rps);
      await bare.close();
    }
    await server.close();
    return f;
  } finally {
    await db.close();
    pgServer?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export default async function main(argv: string[] = process.argv.slice(2)) {
  const a = parseArgs(argv);
  console.log(
    `search-api: scale ${a.scale} (${seedCounts(a.scale).tracks.toLocaleString('en-US')} tracks), engines ${a.engines.join(', ')}, ${a.samples} samples`,
  );
  const results: EngineFigures[] = [];
  for (const e of a.engines) {
    const f = await benchEngine(e, a);
    if (f) results.push(f);
  }
  const rows: [string, ...string[]][] = [['figure', ...results.map((r) => r.engine)]];
  const keys = Object.keys(results[0] ?? {}).filter((k) => k !== 'engine') as (keyof EngineFigures)[];
  for (const k of keys) rows.push([k, ...results.map((r) => (r[k] === undefined ? '-' : String(r[k])))]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  const pgF = results.find((r) => r.engine === 'postgres');
  const goals = pgF ? { search_p95_under_20ms: pgF.search_api_p95_ms < 20, api_at_least_half_of_bare: (pgF.api_vs_bare ?? 0) >= 0.5 } : {};
  console.log(JSON.stringify({ bench: 'search-api', scale: a.scale, tracks: seedCounts(a.scale).tracks, results, goals }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
