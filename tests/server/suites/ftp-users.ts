/**
 * §7 content-ops ftp-users (issue 15) on PGlite and on a PostgreSQL server: create (the
 * password in that answer only, its scrypt hash kept), the list, disable, reset password,
 * public keys added and removed; bad input is a 400 naming the field.
 */
import { newSshKeyPair } from '../../../shared/packaging/ssh-key';
import { createHash } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { FTP_USER_MSG, MSG } from '../../../shared/messages';
import { verifyPassword } from '../../../server/auth/crypto';
import { api, signIn, type RunningServer } from '../helpers';

const P = '/v4/content-ops/ftp-users/';
const newKey = () => newSshKeyPair('laptop');

export function ftpUserSuite(get: () => RunningServer) {
  let t = '';
  const name = () => `s-${Math.random().toString(36).slice(2, 12)}`;
  const hashOf = async (id: number) =>
    (await get().db.query<{ password_hash: string }>('select password_hash from ftp_users where id = $1', [id]))[0].password_hash;
  beforeAll(async () => {
    t = (await signIn(get(), 'contentops', 'sandbox-contentops')).access_token;
  });

  it('creates a user with a password shown once; the list has it without the password', async () => {
    const username = name();
    const made = await api(get(), t, P, { method: 'POST', body: { supplier_id: 1, username } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ supplier_id: 1, username, enabled: true, has_password: true, keys: [] });
    const password = made.body.password as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await verifyPassword(password, await hashOf(made.body.id as number))).toBe(true);
    const list = await api(get(), t, `${P}?supplier_id=1`);
    expect(list.status).toBe(200);
    const row = list.body.results!.find((r) => r.username === username)!;
    expect(row).toMatchObject({ id: made.body.id, supplier_name: expect.any(String), has_password: true });
    expect(row).not.toHaveProperty('password');
    expect(JSON.stringify(list.body)).not.toContain(password);
    // Another supplier's list does not have it; the whole list does.
    expect((await api(get(), t, `${P}?supplier_id=2`)).body.results!.some((r) => r.username === username)).toBe(false);
    expect((await api(get(), t, P)).body.results!.some((r) => r.username === username)).toBe(true);
    // The history names the change, never the password.
    const history = await get().db.query<{ changes: unknown }>(
      "select changes from record_history where entity = 'ftp_users' and entity_id = $1",
      [made.body.id],
    );
    expect(history).toHaveLength(1);
    expect(JSON.stringify(history)).not.toContain(password);
  });

  it('bad input is a 400 naming the field', async () => {
    const username = name();
    expect((await api(get(), t, P, { method: 'POST', body: { supplier_id: 1, username } })).status).toBe(201);
    const taken = await api(get(), t, P, { method: 'POST', body: { supplier_id: 2, username } });
    expect(taken).toMatchObject({ status: 400, body: { username: [FTP_USER_MSG.usernameTaken] } });
    for (const bad of ['ab', 'Upper', '-dash', 'has space', 'a'.repeat(33), '../x']) {
      const r = await api(get(), t, P, { method: 'POST', body: { supplier_id: 1, username: bad } });
      expect(r, bad).toMatchObject({ status: 400, body: { username: [FTP_USER_MSG.usernameFormat] } });
    }
    expect(await api(get(), t, P, { method: 'POST', body: { supplier_id: 999_999, username: name() } })).toMatchObject({
      status: 400,
      body: { supplier_id: [MSG.selectFromList] },
    });
    expect((await api(get(), t, P, { method: 'POST', body: { supplier_id: 'x', username: name() } })).body).toHaveProperty('supplier_id');
    expect((await api(get(), t, P, { method: 'POST', body: { supplier_id: 1, username: name(), password: 'mine' } })).status).toBe(400);
    expect((await api(get(), t, `${P}?supplier_id=abc`)).body).toHaveProperty('supplier_id');
    expect((await api(get(), t, `${P}999999/`, { method: 'PATCH', body: { enabled: false } })).status).toBe(404);
    expect((await api(get(), t, `${P}999999/reset-password/`, { method: 'POST' })).status).toBe(404);
  });

  it('disables and enables a user; resetting the password replaces it', async () => {
    const made = await api(get(), t, P, { method: 'POST', body: { supplier_id: 1, username: name() } });
    const id = made.body.id as number;
    const off = await api(get(), t, `${P}${id}/`, { method: 'PATCH', body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, version: (made.body.version as number) + 1 });
    expect((await api(get(), t, `${P}${id}/`, { method: 'PATCH', body: { enabled: 'no' } })).body).toHaveProperty('enabled');
    const reset = await api(get(), t, `${P}${id}/reset-password/`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(reset.body.password).not.toBe(made.body.password);
    expect(await verifyPassword(reset.body.password as string, await hashOf(id))).toBe(true);
    expect(await verifyPassword(made.body.password as string, await hashOf(id))).toBe(false);
  });

  it('adds public keys (fingerprint as ssh-keygen prints it) and removes them', async () => {
    const id = (await api(get(), t, P, { method: 'POST', body: { supplier_id: 1, username: name() } })).body.id as number;
    const key = newKey();
    const added = await api(get(), t, `${P}${id}/keys/`, { method: 'POST', body: { public_key: key.public } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const blob = Buffer.from(key.public.trim().split(/\s+/)[1], 'base64');
    const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
    const keys = added.body.keys as { id: number; algorithm: string; fingerprint: string; comment: string }[];
    expect(keys).toEqual([expect.objectContaining({ algorithm: 'ssh-ed25519', fingerprint, comment: 'laptop' })]);
    expect(await api(get(), t, `${P}${id}/keys/`, { method: 'POST', body: { public_key: key.public } })).toMatchObject({
      status: 400,
      body: { public_key: [FTP_USER_MSG.keyTaken] },
    });
    for (const bad of ['ssh-ed25519 notbase64', 'hello', key.private]) {
      const r = await api(get(), t, `${P}${id}/keys/`, { method: 'POST', body: { public_key: bad } });
      expect(r.status, bad.slice(0, 20)).toBe(400);
      expect(r.body).toHaveProperty('public_key');
    }
    expect((await api(get(), t, `${P}${id}/keys/${keys[0].id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(get(), t, `${P}${id}/keys/${keys[0].id}/`, { method: 'DELETE' })).status).toBe(404);
    const [row] = (await api(get(), t, `${P}?supplier_id=1`)).body.results!.filter((r) => r.id === id);
    expect(row.keys).toEqual([]);
  });
}
