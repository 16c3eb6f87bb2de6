/**
 * The server's log (pino through Fastify): secrets in headers, query and bodies are
 * redacted, every 500 is logged with the error and the request id; and the mapping of
 * database errors to v4 answers without the database's own words.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID } from '../../shared/api';
import { MSG } from '../../shared/messages';
import { buildApi, buildIdp } from '../../server/api/app';
import { dbErrorReply } from '../../server/api/edge';
import { REDACTED } from '../../server/api/logging';
import { addRoute } from '../../server/api/route';
import { signIn, startTestServer, type RunningServer } from './helpers';

/** A log stream that keeps every line as parsed JSON. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

const SECRETS = {
  password: 'pw-secret-1',
  code: 'code-secret-2',
  code_verifier: 'verifier-secret-3',
  refresh_token: 'refresh-secret-4',
  token: 'token-secret-5',
  access_token: 'access-secret-6',
};

describe('server log', () => {
  let server: RunningServer;
  let api: FastifyInstance;
  let idp: FastifyInstance;
  let admin: string;
  const log = capture();
  beforeAll(async () => {
    server = await startTestServer();
    admin = (await signIn(server, 'admin', 'sandbox-admin')).access_token;
    const settings = { accessTtl: 900, refreshTtl: 3600 };
    api = await buildApi(server.db, settings, {
      logger: { level: 'info', stream: log.stream },
      jobs: server.jobs,
      storage: server.storage,
    });
    // A route that fails the way a bug would, to see what a 500 leaves behind.
    addRoute(api, server.db, {
      method: 'POST',
      url: '/test/boom/',
      rule: '*',
      public: true,
      handler: async () => {
        throw new Error('boom: something broke');
      },
    });
    idp = await buildIdp(server.db, settings, { level: 'info', stream: log.stream });
    await Promise.all([api.ready(), idp.ready()]);
  });
  afterAll(async () => {
    await Promise.all([api?.close(), idp?.close()]);
    await server?.close();
  });

  it('redacts authorization, cookies, Idempotency-Key and the secret fields of query strings and bodies', async () => {
    const headers = { authorization: `Bearer ${admin}`, cookie: 'session=cookie-secret-7', 'idempotency-key': 'idem-secret-8' };
    const qs = new URLSearchParams(SECRETS).toString();
    await api.inject({ method: 'GET', url: `/v4/accounts/me/?${qs}`, headers });
    await idp.inject({
      method: 'POST',
      url: `/v4/auth/o/token/?${qs}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: CONSOLE_CLIENT_ID, grant_type: 'authorization_code', ...SECRETS }).toString(),
    });
    const boom = await api.inject({ method: 'POST', url: `/test/boom/?${qs}`, headers, payload: { ...SECRETS, note: 'kept' } });
    expect(boom.statusCode).toBe(500);

    const text = JSON.stringify(log.lines);
    expect(log.lines.length).toBeGreaterThan(4);
    for (const secret of [admin, 'cookie-secret-7', 'idem-secret-8', ...Object.values(SECRETS)]) expect(text).not.toContain(secret);
    const incoming = log.lines.find((l) => l.msg === 'incoming request' && (l.req as { url: string }).url === '/v4/accounts/me/')!;
    const req = incoming.req as { headers: Record<string, string>; query: Record<string, string> };
    expect(req.headers.authorization).toBe(REDACTED);
    expect(req.headers.cookie).toBe(REDACTED);
    expect(req.headers['idempotency-key']).toBe(REDACTED);
    expect(req.query).toEqual(Object.fromEntries(Object.keys(SECRETS).map((k) => [k, REDACTED])));
  });

  it('logs every 500 with the error, the request id, and the redacted query and body; the answer is generic', async () => {
    const before = log.lines.length;
    const r = await api.inject({ method: 'POST', url: '/test/boom/?token=t-secret', payload: { password: 'p-secret', note: 'kept' } });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ detail: 'Server error.' });
    const errors = log.lines.slice(before).filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    const [line] = errors;
    expect(line!.reqId).toEqual(expect.any(String));
    expect((line!.err as { message: string }).message).toBe('boom: something broke');
    expect(line!.query).toEqual({ token: REDACTED });
    expect(line!.body).toEqual({ password: REDACTED, note: 'kept' });
    // The request id of the error line is the one of that request's other lines.
    const sameRequest = log.lines.filter((l) => l.reqId === line!.reqId).map((l) => l.msg);
    expect(sameRequest).toEqual(expect.arrayContaining(['incoming request', 'Server error', 'request completed']));
  });
});

describe('database errors → v4 answers', () => {
  const pg = (fields: Record<string, string>) => Object.assign(new Error(fields.message ?? 'db'), { severity: 'ERROR', ...fields });

  it('class 22 is a 400 in generic words; the table, constraint and message never appear', () => {
    const cases: [string, string][] = [
      ['22P02', 'Enter a valid value.'],
      ['22003', 'Ensure this number is within range.'],
      ['22007', 'Enter a real date as YYYY-MM-DD.'],
      ['22008', 'Enter a real date as YYYY-MM-DD.'],
      ['22001', 'Ensure this value is not too long.'],
      ['22021', expect.stringContaining('control') as unknown as string],
      ['22P05', expect.stringContaining('control') as unknown as string],
      ['22012', 'Enter a valid value.'],
    ];
    for (const [code, message] of cases) {
      const out = dbErrorReply(
        pg({ code, message: 'value "x" is out of range for type integer', table: 'tracks', constraint: 'tracks_bpm_check' }),
      );
      expect(out, code).toEqual({ status: 400, body: { non_field_errors: [message] } });
    }
  });

  it('23505 → 409, 23503/23502/23514 → 400, naming a plain column and never the constraint or table', () => {
    const fk = dbErrorReply(
      pg({
        code: '23503',
        message: 'insert or update on table "labels" violates foreign key constraint "labels_label_manager_id_fkey"',
        detail: 'Key (label_manager_id)=(999) is not present in table "label_managers".',
        table: 'labels',
        constraint: 'labels_label_manager_id_fkey',
      }),
    );
    // An id that names no row: the one reference rule's §5 text (server/api/references.ts answers it first).
    expect(fk).toEqual({ status: 400, body: { label_manager_id: [MSG.selectFromList] } });
    expect(JSON.stringify(fk)).not.toMatch(/labels_|label_managers|violates|constraint/);
    const inUse = dbErrorReply(
      pg({
        code: '23503',
        message:
          'update or delete on table "label_managers" violates foreign key constraint "labels_label_manager_id_fkey" on table "labels"',
        detail: 'Key (id)=(3) is still referenced from table "labels".',
        table: 'label_managers',
        constraint: 'labels_label_manager_id_fkey',
      }),
    );
    expect(inUse).toEqual({ status: 400, body: { id: ['This is still in use.'] } });
    expect(dbErrorReply(pg({ code: '23505', detail: 'Key (brand, slug)=(brand:dance, a) already exists.' }), ['slug'])).toEqual({
      status: 409,
      body: { slug: ['This value is already in use.'] },
    });
    expect(dbErrorReply(pg({ code: '23505', detail: 'Key (brand, slug)=(brand:dance, a) already exists.' }))).toEqual({
      status: 409,
      body: { non_field_errors: ['This value is already in use.'] },
    });
    expect(dbErrorReply(pg({ code: '23502', column: 'title', table: 'tracks' }))).toEqual({
      status: 400,
      body: { title: ['This field is required.'] },
    });
    expect(dbErrorReply(pg({ code: '23514', constraint: 'tracks_bpm_check' }))).toEqual({
      status: 400,
      body: { non_field_errors: ['This value is not allowed.'] },
    });
    // A column name that is not a plain identifier is not echoed.
    expect(dbErrorReply(pg({ code: '23502', column: 'Evil"Name' }))!.body).toEqual({ non_field_errors: ['This field is required.'] });
  });

  it('other database errors and non-database errors are the server’s (null → 500)', () => {
    expect(dbErrorReply(pg({ code: '42601' }))).toBeNull();
    expect(dbErrorReply(pg({ code: '57014' }))).toBeNull();
    expect(dbErrorReply(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBeNull();
    expect(dbErrorReply(new Error('plain'))).toBeNull();
  });
});
