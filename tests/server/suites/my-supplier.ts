/** GET /v4/my/supplier/: a Baseware supplier's or label's own supplier, on PGlite and on a PostgreSQL server. */
import { beforeAll, expect, it } from 'vitest';
import { api, signIn, type RunningServer } from '../helpers';

export function mySupplierSuite(get: () => RunningServer) {
  const token = async (username: string) => (await signIn(get(), username, `sandbox-${username}`)).access_token;
  let supplier = '';
  let label = '';
  beforeAll(async () => {
    supplier = await token('supplier');
    label = await token('label');
  });

  it("answers a supplier user's own supplier record", async () => {
    const r = await api(get(), supplier, '/v4/my/supplier/');
    expect(r.status).toBe(200);
    const [row] = await get().db.query('select id, name, ddex_party_id from suppliers where id = 1');
    expect(r.body).toEqual(row);
  });

  it('answers a label user the supplier its label belongs to, and 404 when it has no label', async () => {
    const r = await api(get(), label, '/v4/my/supplier/');
    expect(r.status).toBe(200);
    const [row] = await get().db.query(
      'select s.id, s.name, s.ddex_party_id from suppliers s join labels l on l.supplier_id = s.id where l.id = 1',
    );
    expect(r.body).toEqual(row);
    const [{ label_id }] = await get().db.query<{ label_id: number }>("select label_id from users where username = 'label'");
    await get().db.query("update users set label_id = null where username = 'label'");
    try {
      const none = await api(get(), label, '/v4/my/supplier/');
      expect(none.status).toBe(404);
      expect(none.body).toEqual({ detail: 'Not found.' });
    } finally {
      await get().db.query("update users set label_id = $1 where username = 'label'", [label_id]);
    }
  });

  it('refuses staff (403) and anonymous callers (401)', async () => {
    for (const staff of ['admin', 'contentops', 'finance']) {
      expect((await api(get(), await token(staff), '/v4/my/supplier/')).status).toBe(403);
    }
    expect((await api(get(), null, '/v4/my/supplier/')).status).toBe(401);
  });
}
