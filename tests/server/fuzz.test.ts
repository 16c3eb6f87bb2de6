/**
 * Fuzz test of the whole route table (testing.md "Fuzzing the API"): every route of
 * both apps (the API with the sandbox-only routes, and the identity provider), taken
 * from the routes Fastify registered, gets malformed inputs of every kind: path
 * parameters, query strings, bodies, content types and headers. Repeated parameters,
 * NUL and other control characters, impossible dates, __proto__/constructor names
 * (as filter names, order_by values and JSON keys), numbers past int4, bigint and
 * numeric, huge strings, wrong content types, JSON that is not an object, binary and
 * image bodies (random bytes, truncated and oversized images, a decompression bomb). Any 5xx
 * fails with the route and the (shrunk) input. Deterministic: one seed per route.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SEARCH_TYPES } from '../../shared/access';
import * as sharedApi from '../../shared/api';
import { buildApi, buildIdp, routeTable, type RouteEntry } from '../../server/api/app';
import * as ENDPOINTS from '../../shared/api/endpoints';
import type { EndpointSpec } from '../../shared/api/endpoint';
import { muzookaClient } from '../../server/muzooka/client';
import { signIn, STAND_IN_TIMEOUT_MS, startTestServer, type RunningServer } from './helpers';

const NUM_RUNS = 40;
const SEED = 20261123;

const huge = 'x'.repeat(70_000);
/** Malformed scalar values of every kind the hardening issue lists. */
const BAD_VALUES = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f',
  '\u007f',
  'line\nbreak',
  '2024-02-30',
  '2024-02-30:2024-03-01',
  '2023-13-01:',
  ':2024-00-10',
  '0000-01-01',
  '2024-12-31:2024-01-01',
  '99999-01-01',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '-9223372036854775809',
  '1e400',
  '99999999999999999999999999.99',
  '1.5',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '0x10',
  '1,2,,3',
  '1 2\t3',
  '١٢٣',
  '__proto__',
  '-__proto__',
  'constructor',
  '-constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  'true',
  'false',
  '1',
  '2',
  'yes',
  'null',
  'undefined',
  '[]',
  '{}',
  "'; drop table users; --",
  '%',
  '%%',
  '\\',
  '_',
  '\ud800',
  '😀',
  'x'.repeat(2_001),
  huge,
];
const PARAM_VALUES = [
  '1',
  '2',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '9223372036854775808',
  '1e400',
  '__proto__',
  'constructor',
  '2024-02-30',
  '%00',
  'a%00b',
  '%01',
  '%ZZ',
  '%',
  '%2F',
  '..',
  '%20',
  'x'.repeat(99),
  'x'.repeat(101),
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '399',
  '600',
  '500',
  '%F0%9F%98%80',
  '%C3%28',
];

const GENERIC_NAMES = [
  'type',
  'page',
  'per_page',
  'order_by',
  'q',
  'columns',
  'label_id',
  'token',
  'code',
  'state',
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'grant_type',
  'refresh_token',
  'code_verifier',
  'username',
  'password',
  '__proto__',
  'constructor',
  'toString',
  'a\u0000b',
  '',
];
const ALL_FILTERS = [...new Set(SEARCH_TYPES.flatMap((t) => t.filters))];
/** Parameter names for a route: its search type's filters when it is a list or export, else every filter name. */
const namesFor = (url: string) => {
  const t = SEARCH_TYPES.find((x) => url.startsWith(`/v4/${x.category}/${x.path}/`));
  return [...(t ? t.filters : ALL_FILTERS), ...GENERIC_NAMES];
};
/** Every field of every body schema the console and server share (zod objects of shared/api), and some hostile keys. */
const BODY_FIELDS = [
  ...new Set(Object.values(sharedApi).flatMap((v) => (v instanceof z.ZodObject ? Object.keys(v.shape) : []))),
  'id',
  'version',
  'start_date',
  'end_date',
  'username',
  'password',
  '__proto__',
  'constructor',
  'toString',
  'a\u0000b',
];

const scalar = fc.oneof(fc.constantFrom(...BAD_VALUES), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const jsonScalar = fc.oneof(
  scalar,
  fc.constantFrom(2147483648, -2147483649, 9223372036854775808, 1e300, -1, 0, 1, 1.5, 20, 999, true, false, null),
  fc.integer(),
  fc.double(),
);
const jsonObject = fc.dictionary(fc.constantFrom(...BODY_FIELDS), fc.oneof(jsonScalar, fc.array(jsonScalar, { maxLength: 3 })), {
  maxKeys: 4,
});

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; type: string | null; text: string }
  | { kind: 'form'; fields: [string, string][] }
  | { kind: 'binary'; type: string; bytes: Uint8Array };

/** Image bodies (the cover-art upload takes raw JPEG and PNG): real ones of each size rule, and broken ones. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
const goodPng = await png(500, 500);
/** A PNG whose header claims 60000x60000 pixels (its checksum no longer matches). */
const bomb = Buffer.from(goodPng);
bomb.writeUInt32BE(60_000, 16);
bomb.writeUInt32BE(60_000, 20);
const IMAGE_BODIES: Uint8Array[] = [
  goodPng,
  await png(400, 400),
  await png(600, 500),
  await png(6001, 6001),
  goodPng.subarray(0, 120),
  bomb,
  await sharp(goodPng)
    .jpeg()
    .toBuffer()
    .then((j) => j.subarray(0, j.length - 200)),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
];

/** JSON nested far deeper than any body should be. */
const deep = `${'['.repeat(5_000)}1${']'.repeat(5_000)}`;

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: 'none' }),
  jsonObject.map((value): Body => ({ kind: 'json', value })),
  fc
    .array(fc.record({ id: jsonScalar, version: jsonScalar, title: jsonScalar }, { requiredKeys: [] }), { maxLength: 3 })
    .map((value): Body => ({ kind: 'json', value })),
  fc.constantFrom<unknown>(null, 1, 'text', true, [], [1], ['a\u0000']).map((value): Body => ({ kind: 'json', value })),
  fc
    .record({
      type: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/xml',
        'multipart/form-data',
        'application/x-www-form-urlencoded',
        null,
      ),
      text: fc.constantFrom(
        '{',
        '{"a":',
        'null',
        deep,
        '{"a":"\\u0000"}',
        '{"\\u0000":1}',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '\u0000',
        'a=1&a=2',
        '%ZZ=1',
        huge,
      ),
    })
    .map((r): Body => ({ kind: 'raw', ...r })),
  fc
    .array(fc.tuple(fc.constantFrom(...GENERIC_NAMES, ...BODY_FIELDS), scalar), { maxLength: 5 })
    .map((fields): Body => ({ kind: 'form', fields })),
  fc
    .record({
      type: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'),
      bytes: fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.constantFrom(...IMAGE_BODIES)),
    })
    .map((r): Body => ({ kind: 'binary', ...r })),
);

/** A query string's pairs: the route's names with malformed values, sometimes a valid search type. */
const queryFor = (url: string) =>
  fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...namesFor(url)), scalar) },
      { weight: 1, arbitrary: fc.tuple(fc.constant('type'), fc.constantFrom(...SEARCH_TYPES.map((t) => t.key))) },
    ),
    { maxLength: 3 },
  );
const headers = fc.record(
  {
    'if-match': fc.constantFrom('"v1"', '"v2"', '"v3"', '"v99999999999999999999"', 'W/"v1"', '*', '\u0000'),
    'x-brand': fc.constantFrom('brand:dj', 'brand:dance', 'brand:__proto__', 'x'.repeat(3000)),
    'idempotency-key': fc.constantFrom('k1', 'x'.repeat(3000)),
    range: fc.constantFrom(
      'bytes=0-1',
      'bytes=-1',
      'bytes=99999999999999999999-',
      'bytes=abc',
      'bytes=0-1,2-3',
      'bytes=5-1',
      `bytes=${'0-1,'.repeat(1000)}`,
    ),
  },
  { requiredKeys: [] },
);

/** Percent-encoded; a lone surrogate (not encodable) becomes the bytes of its UTF-8-like form, which no decoder accepts. */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
};

/** Fills each :param of a route URL (already percent-encoded values). */
const pathOf = (url: string, values: string[]) => {
  let i = 0;
  return url.replace(/:[A-Za-z_]+/g, () => values[i++ % values.length]);
};

let server: RunningServer;
let api: FastifyInstance;
let idp: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const settings = { accessTtl: 900, refreshTtl: 3600 };
  // Instances of both apps on the test server's database, injected into without sockets.
  // Muzooka calls go to the test server's stand-in (a Muzooka that is down is a 502/504 by design: server/muzooka/client.ts).
  api = await buildApi(server.db, settings, {
    sandbox: true,
    jobs: server.jobs,
    storage: server.storage,
    muzooka: muzookaClient(server.muzooka!, STAND_IN_TIMEOUT_MS),
    idpUrl: () => server.idp,
  });
  idp = await buildIdp(server.db, settings, false, { issuer: () => server.idp });
  await Promise.all([api.ready(), idp.ready()]);
  for (const [name, password] of [
    ['admin', 'sandbox-admin'],
    ['supplier', 'sandbox-supplier'],
  ]) {
    tokens[name] = (await signIn(server, name, password)).access_token;
  }
});
afterAll(async () => {
  await Promise.all([api?.close(), idp?.close()]);
  await server?.close();
});

/** A stable number per route, so each route has its own reproducible seed. */
const seedOf = (r: RouteEntry) => [...`${r.method} ${r.url}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED);

function fuzzRoute(app: () => FastifyInstance, r: RouteEntry) {
  return fc.assert(
    fc.asyncProperty(
      fc.array(fc.constantFrom(...PARAM_VALUES), { minLength: 1, maxLength: 3 }),
      queryFor(r.url),
      fc.boolean(),
      body,
      headers,
      fc.oneof({ weight: 4, arbitrary: fc.constant('admin') }, fc.constantFrom('supplier', null)),
      async (params, q, repeatOne, b, h, who) => {
        const pairs = repeatOne && q.length ? [...q, q[0]] : q;
        const qs = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
        const url = pathOf(r.url, params) + (qs ? `?${qs}` : '');
        const hdrs: Record<string, string> = {};
        for (const [k, v] of Object.entries(h)) if (v !== undefined) hdrs[k] = v;
        if (who) hdrs.authorization = `Bearer ${tokens[who]}`;
        let payload: string | undefined;
        let binary: Buffer | undefined;
        if (b.kind === 'json') {
          hdrs['content-type'] = 'application/json';
          payload = JSON.stringify(b.value);
        } else if (b.kind === 'raw') {
          if (b.type) hdrs['content-type'] = b.type;
          payload = b.text;
        } else if (b.kind === 'form') {
          hdrs['content-type'] = 'application/x-www-form-urlencoded';
          payload = b.fields.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
        } else if (b.kind === 'binary') {
          hdrs['content-type'] = b.type;
          binary = Buffer.from(b.bytes);
        }
        const res = await app().inject({ method: r.method as 'GET', url, headers: hdrs, payload: binary ?? payload });
        // The sandbox's fault route answers the status it is asked for: that one 5xx is by design.
        const asked = r.url === '/v4/sandbox/status/:code/' && res.statusCode === Number(params[0]);
        if (res.statusCode >= 500 && !asked) {
          throw new Error(`${r.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
        // Never the database's own words in an answer.
        expect(res.body).not.toMatch(/violates|constraint "|relation "|invalid input syntax|out of range for type/);
      },
    ),
    { numRuns: NUM_RUNS, seed: seedOf(r), endOnFailure: false },
  );
}

/** Every endpoint declaration exported by shared/api/endpoints, found in its exports (objects and groups of them). */
function declaredEndpoints(): EndpointSpec[] {
  const found = new Map<string, EndpointSpec>();
  const walk = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 3) return;
    const e = v as Partial<EndpointSpec>;
    if (typeof e.method === 'string' && typeof e.path === 'string' && e.path.startsWith('/v4/') && e.response) {
      found.set(`${e.method} ${e.path}`, e as EndpointSpec);
      return;
    }
    if (v instanceof z.ZodType) return;
    for (const child of Object.values(v)) walk(child, depth + 1);
  };
  for (const v of Object.values(ENDPOINTS)) walk(v, 0);
  return [...found.values()];
}

/** The route, fast-check's seed and shrunk counterexample, and what the server answered. */
const summary = (r: RouteEntry, e: Error) =>
  [
    `${r.method} ${r.url}`,
    ...e.message
      .split('\n')
      .filter((l) => /seed|Counterexample|→|Error|expected/.test(l))
      .slice(0, 4),
  ].join('\n  ');

describe('fuzz: every route of the API answers malformed input below 500', () => {
  it('walks a route table that holds every route', () => {
    expect(routeTable(api).length).toBeGreaterThan(150);
    expect(routeTable(idp).length).toBeGreaterThan(5);
  });
  it('every declared endpoint (shared/api/endpoints) is a registered route, with its method and path (issue 28)', () => {
    const registered = new Set([...routeTable(api), ...routeTable(idp)].map((r) => `${r.method} ${r.url}`));
    const declared = declaredEndpoints();
    expect(declared.length).toBeGreaterThan(150);
    expect(declared.filter((e) => !registered.has(`${e.method} ${e.path}`)).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });
  it('every API route', async () => {
    const failures: string[] = [];
    for (const r of routeTable(api)) {
      await fuzzRoute(() => api, r).catch((e: Error) => failures.push(summary(r, e)));
    }
    expect(failures).toEqual([]);
  }, 600_000);
  it('every identity-provider route', async () => {
    const failures: string[] = [];
    for (const r of routeTable(idp)) {
      await fuzzRoute(() => idp, r).catch((e: Error) => failures.push(summary(r, e)));
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
