/**
 * The sandbox-only fault route GET /v4/sandbox/status/{code}/: registered when the
 * server runs as the sandbox (ServerOptions.sandbox / cli --sandbox), absent otherwise
 * (the default, e.g. a DATABASE_URL server). Both servers share one PGlite database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { api, signIn, startTestServer, type RunningServer } from './helpers';

let plain: RunningServer;
let sandbox: RunningServer;
beforeAll(async () => {
  plain = await startTestServer();
  sandbox = await startTestServer({ db: plain.db, sandbox: true });
});
afterAll(async () => {
  await sandbox?.close();
  await plain?.close();
});

describe('sandbox fault route', () => {
  it('answers the status asked for with a {detail} body, for any signed-in user', async () => {
    for (const [user, password] of [
      ['admin', 'sandbox-admin'],
      ['supplier', 'sandbox-supplier'],
    ]) {
      const token = (await signIn(sandbox, user, password)).access_token;
      for (const code of [500, 503, 418]) {
        const r = await api(sandbox, token, `/v4/sandbox/status/${code}/`);
        expect(r.status).toBe(code);
        expect(r.body).toEqual({ detail: `Sandbox fault: status ${code}.` });
      }
      for (const bad of ['200', '302', '600', 'abc', '5000'])
        expect((await api(sandbox, token, `/v4/sandbox/status/${bad}/`)).status).toBe(404);
    }
  });

  it('still needs a signed-in user (its access rule applies)', async () => {
    expect((await api(sandbox, null, '/v4/sandbox/status/500/')).status).toBe(401);
  });

  it('is not registered on a server that is not the sandbox (the default)', async () => {
    const token = (await signIn(plain, 'admin', 'sandbox-admin')).access_token;
    const r = await api(plain, token, '/v4/sandbox/status/500/');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'Not found.' });
    expect((await api(plain, null, '/v4/sandbox/status/500/')).status).toBe(404);
  });
});

describe('sandbox delivery drop', () => {
  it('admin hands an existing batch folder to an ingest-batch job (202); a missing folder or supplier is a 400 naming it; others 403; absent off the sandbox', async () => {
    const admin = (await signIn(sandbox, 'admin', 'sandbox-admin')).access_token;
    const ops = (await signIn(sandbox, 'contentops', 'sandbox-contentops')).access_token;
    const batch = mkdtempSync(join(tmpdir(), 'sandbox-drop-'));
    try {
      const r = await api(sandbox, admin, '/v4/sandbox/deliveries/', { method: 'POST', body: { supplier_id: 1, batch_dir: batch } });
      expect(r.status).toBe(202);
      const [job] = await sandbox.db.query<{ kind: string; payload: unknown }>('select kind, payload from jobs where id = $1', [r.body.id]);
      expect(job).toEqual({ kind: 'ingest-batch', payload: { supplier_id: 1, batch_dir: batch } });
      expect(
        (await api(sandbox, admin, '/v4/sandbox/deliveries/', { method: 'POST', body: { supplier_id: 1, batch_dir: join(batch, 'nope') } }))
          .body,
      ).toEqual({ batch_dir: ['No such folder.'] });
      expect(
        (await api(sandbox, admin, '/v4/sandbox/deliveries/', { method: 'POST', body: { supplier_id: 999_999, batch_dir: batch } })).body,
      ).toEqual({ supplier_id: [MSG.selectFromList] });
      expect(
        (await api(sandbox, ops, '/v4/sandbox/deliveries/', { method: 'POST', body: { supplier_id: 1, batch_dir: batch } })).status,
      ).toBe(403);
      const plainAdmin = (await signIn(plain, 'admin', 'sandbox-admin')).access_token;
      expect(
        (await api(plain, plainAdmin, '/v4/sandbox/deliveries/', { method: 'POST', body: { supplier_id: 1, batch_dir: batch } })).status,
      ).toBe(404);
    } finally {
      rmSync(batch, { recursive: true, force: true });
    }
  });
});
