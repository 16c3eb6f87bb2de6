/**
 * The signed-in user's own profile: GET /v4/accounts/me/ answers an ETag; PATCH
 * changes only the editable names, needs If-Match (412 when stale, 428 without) and
 * keeps the §9-style limits; the change is what the identity provider introspects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ME_NAME_MAX } from '../../shared/api/me';
import { api, introspectToken, signIn, startTestServer, type RunningServer } from './helpers';

let s: RunningServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('PATCH /v4/accounts/me/', () => {
  it('changes the display name with the ETag of the GET; the next GET and introspection show it', async () => {
    const t = (await signIn(s, 'marketing', 'sandbox-marketing')).access_token;
    const before = await api(s, t, '/v4/accounts/me/');
    const etag = before.headers.get('etag')!;
    expect(etag).toMatch(/^"v\d+"$/);
    const r = await api(s, t, '/v4/accounts/me/', {
      method: 'PATCH',
      body: { display_name: 'Mo the Marketer', first_name: 'Mo' },
      headers: { 'if-match': etag },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ username: 'marketing', display_name: 'Mo the Marketer', first_name: 'Mo' });
    expect(r.headers.get('etag')).not.toBe(etag);
    expect((await api(s, t, '/v4/accounts/me/')).body.display_name).toBe('Mo the Marketer');
    const intro = await introspectToken(s.idp, t);
    expect(intro).toMatchObject({ username: 'marketing', display_name: 'Mo the Marketer' });

    // The ETag used is now stale: 412 with the detail, nothing written.
    const stale = await api(s, t, '/v4/accounts/me/', { method: 'PATCH', body: { display_name: 'Other' }, headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ detail: 'This object was changed by someone else. Reload to see the latest version.' });
    expect((await api(s, t, '/v4/accounts/me/')).body.display_name).toBe('Mo the Marketer');
  });

  it('refuses other fields, over-long names and a missing If-Match', async () => {
    const t = (await signIn(s, 'support', 'sandbox-support')).access_token;
    const etag = (await api(s, t, '/v4/accounts/me/')).headers.get('etag')!;
    const roleChange = await api(s, t, '/v4/accounts/me/', {
      method: 'PATCH',
      body: { role: 'staff:admin', username: 'x' },
      headers: { 'if-match': etag },
    });
    expect(roleChange.status).toBe(400);
    expect(roleChange.body).toEqual({ role: ['Unknown or read-only field.'], username: ['Unknown or read-only field.'] });
    const long = await api(s, t, '/v4/accounts/me/', {
      method: 'PATCH',
      body: { display_name: 'x'.repeat(ME_NAME_MAX.display_name + 1) },
      headers: { 'if-match': etag },
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ display_name: [`Ensure this field has no more than ${ME_NAME_MAX.display_name} characters.`] });
    expect((await api(s, t, '/v4/accounts/me/', { method: 'PATCH', body: { display_name: 'A' } })).status).toBe(428);
    const me = await api(s, t, '/v4/accounts/me/');
    expect(me.body).toMatchObject({ username: 'support', role: 'staff:support' });
    expect(me.headers.get('etag')).toBe(etag);
  });

  it('null clears a name and bumps the version; an empty PATCH at the current version changes nothing', async () => {
    const t = (await signIn(s, 'curation', 'sandbox-curation')).access_token;
    const etag = (await api(s, t, '/v4/accounts/me/')).headers.get('etag')!;
    const set = await api(s, t, '/v4/accounts/me/', { method: 'PATCH', body: { last_name: 'Curator' }, headers: { 'if-match': etag } });
    expect(set.body).toMatchObject({ last_name: 'Curator' });
    const cleared = await api(s, t, '/v4/accounts/me/', {
      method: 'PATCH',
      body: { last_name: null },
      headers: { 'if-match': set.headers.get('etag')! },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ username: 'curation', last_name: null });
    const v = Number(/\d+/.exec(etag)![0]);
    expect(cleared.headers.get('etag')).toBe(`"v${v + 2}"`);
    const same = await api(s, t, '/v4/accounts/me/', { method: 'PATCH', body: {}, headers: { 'if-match': cleared.headers.get('etag')! } });
    expect(same.status).toBe(200);
    expect(same.headers.get('etag')).toBe(cleared.headers.get('etag'));
    expect(same.body).toEqual(cleared.body);
  });

  it('lists sessions with when each started and was last used', async () => {
    const t = (await signIn(s, 'finance', 'sandbox-finance')).access_token;
    const sessions = (await api(s, t, '/v4/accounts/me/')).body.sessions as Record<string, unknown>[];
    const current = sessions.find((x) => x.current)!;
    expect(current).toMatchObject({ client_id: 'store-console' });
    expect(Date.parse(String(current.last_used_at))).toBeGreaterThanOrEqual(Date.parse(String(current.started_at)));
  });
});
