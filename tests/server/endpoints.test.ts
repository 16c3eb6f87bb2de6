/**
 * Routes registered from their shared declarations (shared/api/endpoints, server
 * addEndpoint): params, query and body are parsed by the declaration's zod schemas
 * before the handler runs (a bad body or query is a 400 in the v4 body, a path that
 * does not parse a 404), after authentication; the handler sees the parsed values;
 * with API_CHECK_RESPONSES=1 an answer outside the declaration is a server error.
 */
import Fastify, { type InjectOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdParam, endpoint, listEndpoints, meEndpoints, pathOf, searchEndpoints } from '../../shared/api';
import { HttpError } from '../../server/domain/errors';
import { addEndpoint } from '../../server/api/route';
import type { Db } from '../../server/db/client';
import { api, signIn, startTestServer, type RunningServer } from './helpers';

const probe = endpoint({
  method: 'POST',
  path: '/v4/probe/:id/',
  params: z.object({ id: IdParam }),
  query: z.object({ n: z.string().regex(/^\d+$/, 'Enter a number.').optional() }),
  body: z.strictObject({ name: z.string().min(1, 'This field may not be blank.') }),
  response: z.object({ id: z.number(), name: z.string(), n: z.string().nullable() }),
  doc: 'A test endpoint.',
});

describe('addEndpoint on a bare app', () => {
  const seen: unknown[] = [];
  const app = Fastify();
  app.setErrorHandler((err: Error, _req, reply) =>
    err instanceof HttpError ? reply.code(err.status).send(err.body) : reply.code(500).send({ detail: err.message }),
  );
  // Every endpoint authenticates its caller: a stand-in database knows the one bearer token the requests send.
  const tokenDb = {
    query: async () => [
      { user_id: 1, username: 'probe', scope: 'admin', features: [], supplier_id: null, label_id: null, agreement_accepted: true },
    ],
  } as unknown as Db;
  const inject = (opts: InjectOptions) => app.inject({ ...opts, headers: { authorization: 'Bearer probe-token' } });
  addEndpoint(app, tokenDb, probe, {
    rule: '*',
    handler: async (req) => {
      seen.push({ params: req.params, query: req.query, body: req.body });
      return { id: req.params.id, name: req.body.name, n: req.query.n ?? null };
    },
  });
  const wrong = endpoint({
    method: 'GET',
    path: '/v4/probe-wrong/',
    response: z.object({ ok: z.literal(true) }),
    doc: 'Answers outside its declaration.',
  });
  // Compile time already refuses `{ ok: false }`; a value typed loosely reaches the run-time check.
  addEndpoint(app, tokenDb, wrong, { rule: '*', handler: async () => JSON.parse('{"ok":false}') as { ok: true } });
  afterAll(() => app.close());

  it('a malformed body is a 400 in the v4 body, before the handler runs', async () => {
    seen.length = 0;
    for (const [payload, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'A', extra: 1 }, 'extra'],
      [[1], 'non_field_errors'],
    ] as const) {
      const r = await inject({ method: 'POST', url: pathOf(probe, { id: 7 }), payload });
      expect(r.statusCode).toBe(400);
      expect(Object.keys(r.json())).toEqual([field]);
    }
    const missing = await inject({ method: 'POST', url: '/v4/probe/7/' });
    expect([missing.statusCode, missing.json()]).toEqual([400, { name: ['Invalid input: expected string, received undefined'] }]);
    expect(seen).toEqual([]);
  });

  it('a malformed query is a 400 naming the parameter; a path param that does not parse is a 404', async () => {
    seen.length = 0;
    const q = await inject({ method: 'POST', url: '/v4/probe/7/?n=x', payload: { name: 'A' } });
    expect([q.statusCode, q.json()]).toEqual([400, { n: ['Enter a number.'] }]);
    const p = await inject({ method: 'POST', url: '/v4/probe/abc/', payload: { name: 'A' } });
    expect([p.statusCode, p.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect(seen).toEqual([]);
  });

  it('the handler sees the parsed values (the id as a number)', async () => {
    seen.length = 0;
    const r = await inject({ method: 'POST', url: '/v4/probe/42/?n=3', payload: { name: 'A' } });
    expect([r.statusCode, r.json()]).toEqual([200, { id: 42, name: 'A', n: '3' }]);
    expect(seen).toEqual([{ params: { id: 42 }, query: { n: '3' }, body: { name: 'A' } }]);
  });

  it('with API_CHECK_RESPONSES=1 an answer outside the declaration is a server error', async () => {
    const before = process.env.API_CHECK_RESPONSES;
    try {
      process.env.API_CHECK_RESPONSES = '1';
      const r = await inject({ method: 'GET', url: '/v4/probe-wrong/' });
      expect(r.statusCode).toBe(500);
      expect(r.json().detail).toMatch(/answered outside its declaration/);
      process.env.API_CHECK_RESPONSES = '0';
      expect((await inject({ method: 'GET', url: '/v4/probe-wrong/' })).statusCode).toBe(200);
    } finally {
      process.env.API_CHECK_RESPONSES = before;
    }
  });
});

describe('declared routes of the API', () => {
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await signIn(server, 'admin', 'sandbox-admin')).access_token;
  });
  afterAll(async () => server?.close());

  it('authentication comes before validation: no token is a 401 whatever the body', async () => {
    const r = await api(server, null, pathOf(meEndpoints.patch), { method: 'PATCH', body: { display_name: 7 } });
    expect(r.status).toBe(401);
  });

  it('a malformed body on a declared route is a 400 naming the field; nothing is written', async () => {
    const before = await api(server, token, pathOf(meEndpoints.get));
    const etag = before.headers.get('etag')!;
    const r = await api(server, token, pathOf(meEndpoints.patch), {
      method: 'PATCH',
      body: { display_name: 7 },
      headers: { 'if-match': etag },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body as object)).toEqual(['display_name']);
    expect((await api(server, token, pathOf(meEndpoints.get))).headers.get('etag')).toBe(etag);

    const note = await api(server, token, pathOf(listEndpoints('tracks').addNote, { id: 1 }), { method: 'POST', body: { body: '  ' } });
    expect([note.status, note.body]).toEqual([400, { body: ['This field may not be blank.'] }]);
  });

  it('declared query parameters are checked: paging, and the autocomplete type', async () => {
    const page = await api(server, token, `${pathOf(listEndpoints('tracks').list)}?per_page=0`);
    expect([page.status, page.body]).toEqual([400, { per_page: ['Ensure this value is between 1 and 200.'] }]);
    const type = await api(server, token, `${pathOf(searchEndpoints.autocomplete)}?q=ab&type=nope`);
    expect([type.status, type.body]).toEqual([400, { type: ['Select a valid choice.'] }]);
  });
});
