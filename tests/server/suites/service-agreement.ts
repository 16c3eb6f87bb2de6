/**
 * The supplier service agreement on PGlite and on a PostgreSQL server: the text in force
 * with its version, whether the caller's supplier accepted it, accepting (own supplier
 * only, the version in force only, who/when/IP recorded) and staff reading acceptances.
 */
import { beforeAll, expect, it } from 'vitest';
import { SERVICE_AGREEMENT_ACCEPT_RULE, SERVICE_AGREEMENT_READ_RULE, can, principalFrom } from '../../../shared/access';
import { SERVICE_AGREEMENT } from '../../../shared/constants';
import { MSG, STATUS_TEXT } from '../../../shared/messages';
import { AGREEMENT_PENDING_ACCOUNT, SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import { api, introspectToken, signIn, tokenRequest, type RunningServer } from '../helpers';
import { CONSOLE_CLIENT_ID } from '../../../shared/api';

const CURRENT = '/v4/catalog/service-agreement/';
const URL = (id: number) => `/v4/catalog/suppliers/${id}/service-agreement/`;

export function serviceAgreementSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(get(), a.username, a.password)).access_token);
  });

  it('the seed records the sandbox supplier as having accepted the version in force', async () => {
    const r = await api(get(), tokens.get('supplier')!, CURRENT);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      version: SERVICE_AGREEMENT.version,
      title: SERVICE_AGREEMENT.title,
      sections: [...SERVICE_AGREEMENT.sections],
    });
    expect(typeof r.body.accepted_at).toBe('string');
  });

  it('the seeded pending supplier account has not accepted it, and may accept for its own supplier', async () => {
    const t = (await signIn(get(), AGREEMENT_PENDING_ACCOUNT.username, AGREEMENT_PENDING_ACCOUNT.password)).access_token;
    expect((await api(get(), t, CURRENT)).body.accepted_at).toBeNull();
    expect((await api(get(), t, URL(1), { method: 'POST', body: { version: SERVICE_AGREEMENT.version } })).status).toBe(404);
    expect((await api(get(), t, URL(AGREEMENT_PENDING_ACCOUNT.supplierId!))).body).toEqual([]);
  });

  it('every sandbox account is allowed or refused (403) as the shared rules say', async () => {
    for (const a of SANDBOX_ACCOUNTS) {
      const p = principalFrom([a.app, a.role, ...a.brands].join(' '), [], a.brands[0]);
      const read = can(p, SERVICE_AGREEMENT_READ_RULE);
      expect((await api(get(), tokens.get(a.username)!, CURRENT)).status, a.username).toBe(read ? 200 : 403);
      expect((await api(get(), tokens.get(a.username)!, URL(1))).status, a.username).toBe(read ? 200 : 403);
      const post = await api(get(), tokens.get(a.username)!, URL(2), { method: 'POST', body: { version: SERVICE_AGREEMENT.version } });
      // The sandbox supplier belongs to supplier 1: supplier 2 is not its own (404).
      expect(post.status, a.username).toBe(can(p, SERVICE_AGREEMENT_ACCEPT_RULE) ? 404 : 403);
    }
    expect((await api(get(), null, CURRENT)).status).toBe(401);
    expect((await api(get(), null, URL(1), { method: 'POST', body: { version: SERVICE_AGREEMENT.version } })).status).toBe(401);
  });

  it('a supplier that has not accepted sees accepted_at null; accepting records who, when, which version and the IP', async () => {
    await get().db.query('delete from service_agreement_acceptances where supplier_id = 1');
    const t = tokens.get('supplier')!;
    expect((await api(get(), t, CURRENT)).body.accepted_at).toBeNull();

    const stale = await api(get(), t, URL(1), { method: 'POST', body: { version: 'an-old-version' } });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ version: [MSG.agreementChanged] });
    expect((await api(get(), t, URL(1), { method: 'POST', body: {} })).status).toBe(400);
    const extra = await api(get(), t, URL(1), { method: 'POST', body: { version: SERVICE_AGREEMENT.version, ip: '1.2.3.4' } });
    expect(extra.body).toEqual({ ip: ['Unknown or read-only field.'] });

    const before = Date.now();
    const ok = await api(get(), t, URL(1), { method: 'POST', body: { version: SERVICE_AGREEMENT.version } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      supplier_id: 1,
      version: SERVICE_AGREEMENT.version,
      user: { username: 'supplier', display_name: 'Sue Supplier' },
    });
    expect(ok.body.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    expect(Date.parse(String(ok.body.accepted_at))).toBeGreaterThanOrEqual(before - 5000);
    expect((await api(get(), t, CURRENT)).body.accepted_at).toBe(ok.body.accepted_at);

    // Staff who read suppliers see it; the supplier sees its own, and another supplier's is 404.
    const list = await api(get(), tokens.get('contentops')!, URL(1));
    expect(list.body).toEqual([ok.body]);
    expect((await api(get(), t, URL(1))).body).toEqual([ok.body]);
    expect((await api(get(), t, URL(2))).status).toBe(404);
    expect((await api(get(), tokens.get('admin')!, URL(999999))).status).toBe(404);
  });

  it('staff and other accounts get no acceptance of their own (accepted_at null)', async () => {
    expect((await api(get(), tokens.get('admin')!, CURRENT)).body.accepted_at).toBeNull();
  });

  /*
   * The agreement as a rule on the server (issue 27 item 11): until its supplier accepts
   * the version in force, a Baseware supplier user gets 403 with the §8 text from every
   * route but those declared `beforeAgreement`; the token endpoints need no token.
   */
  const REFUSED = [
    ['GET', '/v4/catalog/tracks/'],
    ['GET', '/v4/catalog/releases/'],
    ['GET', '/v4/my/labels/'],
    ['GET', '/v4/dashboard/'],
    ['GET', '/v4/catalog/tracks/1/notes/'],
    ['POST', '/v4/jobs/sales/'],
    ['PATCH', '/v4/accounts/me/'],
  ] as const;
  const PENDING = AGREEMENT_PENDING_ACCOUNT;
  const refusedStatuses = async (t: string) => {
    const out: [string, number, unknown][] = [];
    for (const [method, path] of REFUSED) {
      const r = await api(get(), t, path, { method, ...(method === 'GET' ? {} : { body: {} }) });
      out.push([`${method} ${path}`, r.status, r.body.detail]);
    }
    return out;
  };

  it('a supplier that has not accepted gets 403 with the §8 text from every other route, and only the agreement, its profile and its supplier before', async () => {
    const issued = await signIn(get(), PENDING.username, PENDING.password);
    const t = issued.access_token;
    expect(await refusedStatuses(t)).toEqual(REFUSED.map(([m, p]) => [`${m} ${p}`, 403, STATUS_TEXT[403]]));
    // What the console needs before the agreement screen, and accepting it.
    expect((await api(get(), t, CURRENT)).status).toBe(200);
    expect((await api(get(), t, URL(PENDING.supplierId!))).status).toBe(200);
    const me = await api(get(), t, '/v4/accounts/me/');
    expect([me.status, me.body.username]).toEqual([200, PENDING.username]);
    expect((await api(get(), t, '/v4/my/supplier/')).body).toMatchObject({ id: PENDING.supplierId });
    expect((await api(get(), t, '/v4/accounts/me/sessions/no-such-session/', { method: 'DELETE' })).status).toBe(404);
    // The token endpoints: introspection, refresh and revocation (sign-out) need no agreement.
    expect(await introspectToken(get(), t)).toMatchObject({ active: true });
    const refreshed = await tokenRequest(get(), {
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token,
      client_id: CONSOLE_CLIENT_ID,
    });
    expect(refreshed.status).toBe(200);
    // An unauthenticated call is still a 401, not the agreement's 403.
    expect((await api(get(), null, '/v4/catalog/tracks/')).status).toBe(401);
  });

  it('once its supplier accepts, the same routes answer; a new version in force refuses them again until accepted', async () => {
    const t = (await signIn(get(), PENDING.username, PENDING.password)).access_token;
    try {
      const ok = await api(get(), t, URL(PENDING.supplierId!), { method: 'POST', body: { version: SERVICE_AGREEMENT.version } });
      expect(ok.status).toBe(201);
      const gets = REFUSED.filter(([m]) => m === 'GET');
      // None refuses for the agreement any more; notes stay refused by their own rule (staff only).
      for (const [, path] of gets) {
        const r = await api(get(), t, path);
        expect([path, r.status, r.body.detail]).toEqual([
          path,
          path.endsWith('/notes/') ? 403 : 200,
          path.endsWith('/notes/') ? 'You do not have permission to perform this action.' : undefined,
        ]);
      }
      expect((await api(get(), t, '/v4/catalog/tracks/')).status).toBe(200);
      expect((await api(get(), t, '/v4/my/labels/')).status).toBe(200);
      // Accepted only an older version: the one in force is not accepted.
      await get().db.query("update service_agreement_acceptances set version = 'an-old-version' where supplier_id = $1", [
        PENDING.supplierId,
      ]);
      const again = await api(get(), t, '/v4/my/labels/');
      expect([again.status, again.body.detail]).toEqual([403, STATUS_TEXT[403]]);
    } finally {
      await get().db.query('delete from service_agreement_acceptances where supplier_id = $1', [PENDING.supplierId]);
    }
  });

  it('labels, artists, DJs and staff accept nothing: a label user is not held by the agreement', async () => {
    expect((await api(get(), tokens.get('label')!, '/v4/my/labels/')).status).toBe(200);
    expect((await api(get(), tokens.get('admin')!, '/v4/catalog/tracks/')).status).toBe(200);
  });
}
