/**
 * Spec §4 "only CONVERTED tracks may be shown" as a rule of the data (issue 27), on
 * PGlite and PostgreSQL: the seeded data keeps it, migration 0026 brings rows that broke it
 * into line, the database refuses a write that breaks it whichever path makes it, and
 * such a refusal answers the record checks' 400 by field, never a 500.
 */
import { expect, it } from 'vitest';
import { RECORD_MSG } from '../../../shared/records';
import { dbErrorReply } from '../../../server/api/edge';
import { SQL_FILES } from '../../../server/db/embedded-migrations';
import { api, signIn, type RunningServer } from '../helpers';

const MIGRATION = '0026_tracks_shown_converted';

export function shownConvertedSuite(get: () => RunningServer) {
  const broken = "select count(*)::int n from tracks where encode_status <> 'CONVERTED' and (enabled or not hidden)";
  const notConverted = async (n: number) =>
    (await get().db.query<{ id: number }>("select id from tracks where encode_status <> 'CONVERTED' order by id limit $1", [n])).map(
      (r) => r.id,
    );

  it('after migrate and seed no track that is not CONVERTED is shown or enabled (and the seed has such tracks)', async () => {
    const [{ n }] = await get().db.query<{ n: number }>(broken);
    expect(n).toBe(0);
    const [{ m }] = await get().db.query<{ m: number }>("select count(*)::int m from tracks where encode_status <> 'CONVERTED'");
    expect(m).toBeGreaterThan(0);
  });

  it('the database refuses a direct write that shows or enables a track that is not CONVERTED', async () => {
    const [id] = await notConverted(1);
    for (const set of ['enabled = true', 'hidden = false', 'enabled = true, hidden = false']) {
      const err = await get()
        .db.query(`update tracks set ${set} where id = $1`, [id])
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err, set).toMatchObject({ code: '23514', constraint: 'tracks_shown_converted_check' });
    }
    // Leaving CONVERTED while shown is refused too; hidden and disabled it may.
    const [shown] = await get().db.query<{ id: number }>(
      "select id from tracks where encode_status = 'CONVERTED' and enabled and not hidden order by id limit 1",
    );
    await expect(get().db.query("update tracks set encode_status = 'ERROR' where id = $1", [shown.id])).rejects.toMatchObject({
      code: '23514',
    });
    const [after] = await get().db.query('select enabled, hidden from tracks where id = $1', [id]);
    expect(after).toEqual({ enabled: false, hidden: true });
  });

  it("a refusal by the database answers the record checks' 400 by field, not a 500", async () => {
    const [id] = await notConverted(1);
    const err = await get()
      .db.query('update tracks set enabled = true where id = $1', [id])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(dbErrorReply(err, ['enabled'])).toEqual({ status: 400, body: { enabled: [RECORD_MSG.notConvertedEnabled] } });
    expect(dbErrorReply(err, ['hidden'])).toEqual({ status: 400, body: { hidden: [RECORD_MSG.notConvertedShown] } });
    // Through the API: a PATCH showing it is the same 400.
    const token = (await signIn(get(), 'admin', 'sandbox-admin')).access_token;
    const path = `/v4/catalog/tracks/${id}/`;
    const etag = (await api(get(), token, path)).headers.get('etag')!;
    const r = await api(get(), token, path, { method: 'PATCH', body: { enabled: true, hidden: false }, headers: { 'if-match': etag } });
    expect([r.status, r.body]).toEqual([400, { enabled: [RECORD_MSG.notConvertedEnabled], hidden: [RECORD_MSG.notConvertedShown] }]);
  });

  it('migration 0026 hides and disables every shown track that is not CONVERTED, remembering it was shown', async () => {
    const ids = await notConverted(3);
    const statements = SQL_FILES[MIGRATION].split('--> statement-breakpoint').map((s) => s.trim());
    const rolledBack = new Error('rolled back');
    const seen = await get()
      .db.transaction(async (tx) => {
        // The database as it was before the migration: the rule absent, these tracks shown.
        await tx.exec('alter table tracks drop constraint tracks_shown_converted_check');
        await tx.query('update tracks set enabled = true, hidden = false, show_when_converted = false where id = any($1::int[])', [ids]);
        await tx.query('update tracks set enabled = false, hidden = true, show_when_converted = false where id = $1', [ids[2]]);
        for (const s of statements.slice(1)) await tx.exec(s);
        const rows = await tx.query('select id, enabled, hidden, show_when_converted from tracks where id = any($1::int[]) order by id', [
          ids,
        ]);
        const [{ n }] = await tx.query<{ n: number }>(broken);
        throw Object.assign(rolledBack, { rows, n });
      })
      .catch((e: unknown) => {
        if (e !== rolledBack) throw e;
        return e as Error & { rows: unknown[]; n: number };
      });
    expect(seen.n).toBe(0);
    expect(seen.rows).toEqual([
      { id: ids[0], enabled: false, hidden: true, show_when_converted: true },
      { id: ids[1], enabled: false, hidden: true, show_when_converted: true },
      { id: ids[2], enabled: false, hidden: true, show_when_converted: false },
    ]);
    // Rolled back: the constraint is there again.
    await expect(get().db.query('update tracks set enabled = true where id = $1', [ids[0]])).rejects.toMatchObject({ code: '23514' });
  });
}
