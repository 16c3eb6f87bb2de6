/**
 * Write rules (shared/access writes.ts) on PGlite and on a PostgreSQL server: every
 * sandbox account on its default brand writes an ordinary field and the sensitive fields
 * of a row it can see (its current value back), allowed or refused as the shared rules
 * say; refused fields are named and nothing is written, also inside a bulk PUT; a track's
 * encode status is read-only. The full account × brand × type matrix is
 * tests/server/authz-matrix.test.ts.
 */
import { beforeAll, expect, it } from 'vitest';
import { principalFrom } from '../../../shared/access';
import { mayEdit } from '../../../shared/records';
import { SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import { api, signIn, type RunningServer } from '../helpers';

/** Writes `field`'s stored value back to row `id` of `table` as `username`. */
async function writeBack(s: RunningServer, token: string, path: string, table: string, id: number, field: string) {
  const [row] = await s.db.query<Record<string, unknown>>(`select ${field} as value, version from ${table} where id = $1`, [id]);
  const value = row.value instanceof Date ? row.value.toISOString().slice(0, 10) : row.value;
  return api(s, token, `${path}${id}/`, {
    method: 'PATCH',
    body: { [field]: value },
    headers: { 'if-match': `"v${row.version as number}"` },
  });
}

const CELLS = [
  { type: 'labels', path: '/v4/catalog/labels/', table: 'labels', fields: ['bio', 'label_manager_id', 'hype_active', 'hype_trial_end'] },
  { type: 'releases', path: '/v4/catalog/releases/', table: 'releases', fields: ['title', 'hype_enabled'] },
  {
    type: 'users',
    path: '/v4/accounts/users/',
    table: 'users',
    fields: ['first_name', 'bypass_fraud_checks', 'decline_transactions', 'billing_disabled'],
  },
  { type: 'suppliers', path: '/v4/catalog/suppliers/', table: 'suppliers', fields: ['name', 'ddex_party_id'] },
  { type: 'genres', path: '/v4/catalog/genres/', table: 'genres', fields: ['enabled'] },
  { type: 'artists', path: '/v4/catalog/artists/', table: 'artists', fields: ['name'] },
] as const;

export function writeSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(get(), a.username, a.password)).access_token);
  });

  it('every sandbox account writes ordinary and sensitive fields as the shared write rules say', async () => {
    const s = get();
    const seen: string[] = [];
    const want: string[] = [];
    for (const a of SANDBOX_ACCOUNTS) {
      const p = principalFrom([a.app, a.role, ...a.brands].join(' '));
      for (const c of CELLS) {
        // A row this account can see when it may read the type (its own for suppliers and labels), else any row.
        const list = await api(s, tokens.get(a.username)!, `${c.path}?per_page=1`);
        const id =
          (list.status === 200 && list.body.results?.[0]?.id) ||
          (await s.db.query<{ id: number }>(`select min(id) as id from ${c.table}`))[0].id;
        for (const f of c.fields) {
          const r = await writeBack(s, tokens.get(a.username)!, c.path, c.table, id as number, f);
          seen.push(`${a.username} ${c.type}.${f} ${r.status}`);
          want.push(`${a.username} ${c.type}.${f} ${mayEdit(p, c.type, f) ? 200 : 403}`);
        }
      }
    }
    expect(seen).toEqual(want);
    // Both sides are represented: label management sets a label's manager but not its bio.
    expect(seen).toContain('labelmgmt labels.label_manager_id 200');
    expect(seen).toContain('labelmgmt labels.bio 403');
    expect(seen).toContain('contentops labels.label_manager_id 403');
    expect(seen).toContain('curation users.bypass_fraud_checks 403');
    expect(seen).toContain('support users.billing_disabled 200');
  });

  it('a refused field in a bulk PUT refuses the whole request (403 naming it) and writes nothing', async () => {
    const s = get();
    const rows = await s.db.query<{ id: number; name: string; label_manager_id: number | null; version: number }>(
      'select id, name, label_manager_id, version from labels order by id limit 2',
    );
    const r = await api(s, tokens.get('contentops')!, '/v4/catalog/labels/', {
      method: 'PUT',
      body: [
        { id: rows[0].id, version: rows[0].version, name: `${rows[0].name} (renamed)` },
        { id: rows[1].id, version: rows[1].version, label_manager_id: rows[1].label_manager_id },
      ],
    });
    expect(r.status).toBe(403);
    expect(Object.keys(r.body)).toEqual(['label_manager_id']);
    const after = await s.db.query('select id, name, label_manager_id, version from labels order by id limit 2');
    expect(after).toEqual(rows);
  });

  it("a track's encode status is read-only: 400 naming it, even for admin", async () => {
    const s = get();
    const [t] = await s.db.query<{ id: number; version: number; encode_status: string }>(
      'select id, version, encode_status from tracks order by id limit 1',
    );
    const r = await api(s, tokens.get('admin')!, `/v4/catalog/tracks/${t.id}/`, {
      method: 'PATCH',
      body: { encode_status: t.encode_status },
      headers: { 'if-match': `"v${t.version}"` },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['encode_status']);
  });
}
