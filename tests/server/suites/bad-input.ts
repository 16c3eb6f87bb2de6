/**
 * Bad input is a 400 (409 for a duplicate) naming what is wrong, never a 500 and never
 * the database's own words: the five causes of the hardening issue, each on a list
 * route and one more route, and the mapping of database integrity errors. Runs on
 * PGlite and on a PostgreSQL server.
 */
import { beforeAll, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID, INT4_MAX, MAX_PAGE, MAX_PARAM_LENGTH, VALUE_MSG } from '../../../shared/api';
import { MONEY_MAX } from '../../../shared/records';
import { MSG } from '../../../shared/messages';
import { dbErrorReply } from '../../../server/api/edge';
import { api, signIn, type RunningServer } from '../helpers';

/** No table, constraint or PostgreSQL message in an answer. */
const DB_TEXT = /violates|constraint|_fkey|_key\b|relation|table|invalid input syntax|out of range for type|date\/time field/i;

export function badInputSuite(get: () => RunningServer) {
  let admin: string;
  beforeAll(async () => {
    admin = (await signIn(get(), 'admin', 'sandbox-admin')).access_token;
  });
  const get400 = async (path: string) => {
    const r = await api(get(), admin, path);
    expect(r.status, path).toBe(400);
    expect(JSON.stringify(r.body), path).not.toMatch(DB_TEXT);
    return r.body;
  };
  /** PATCH with the object's current ETag. */
  const patch = async (path: string, body: unknown) => {
    const etag = (await api(get(), admin, path)).headers.get('etag')!;
    return api(get(), admin, path, { method: 'PATCH', body, headers: { 'if-match': etag } });
  };

  it('repeated query parameters (arrays) are a 400 naming the parameter: list, search, export and a form field of the token endpoint', async () => {
    expect(await get400('/v4/catalog/tracks/?genre_id=1&genre_id=2')).toEqual({ genre_id: [VALUE_MSG.repeated] });
    expect(await get400('/v4/catalog/tracks/?order_by=id&order_by=-id')).toEqual({ order_by: [VALUE_MSG.repeated] });
    expect(await get400('/v4/catalog/search/?type=tracks&type=releases')).toEqual({ type: [VALUE_MSG.repeated] });
    expect(await get400('/v4/catalog/releases/export/?page=1&page=2')).toEqual({ page: [VALUE_MSG.repeated] });
    const r = await fetch(`${get().idp}/v4/auth/o/token/`, {
      method: 'POST',
      body: new URLSearchParams([
        ['client_id', CONSOLE_CLIENT_ID],
        ['grant_type', 'refresh_token'],
        ['refresh_token', 'a'],
        ['refresh_token', 'b'],
      ]),
    });
    // The token endpoint answers in OAuth's own error shape (RFC 6749 §5.2), naming the field.
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('refresh_token') });
  });

  it('NUL bytes (and other control characters) in the path, query or body are a 400 naming the field', async () => {
    expect(await get400('/v4/catalog/tracks/?title=a%00b')).toEqual({ title: [VALUE_MSG.control] });
    expect(await get400('/v4/catalog/search/?type=labels&q=ab%00c')).toEqual({ q: [VALUE_MSG.control] });
    expect(await get400('/v4/catalog/tracks/1%00/')).toEqual({ detail: expect.stringContaining('control characters') });
    const me = await patch('/v4/accounts/me/', { display_name: 'Ada\u0000' });
    expect(me.status).toBe(400);
    expect(me.body).toEqual({ display_name: [VALUE_MSG.control] });
    const note = await api(get(), admin, '/v4/catalog/tracks/1/notes/', { method: 'POST', body: { body: 'x\u0007y' } });
    expect(note.body).toEqual({ body: [VALUE_MSG.control] });
    // Tab, CR and LF are text.
    const ok = await api(get(), admin, '/v4/catalog/tracks/1/notes/', { method: 'POST', body: { body: 'line 1\r\n\tline 2' } });
    expect(ok.status).toBe(201);
    // Over-long values too.
    expect(await get400(`/v4/catalog/tracks/?title=${'x'.repeat(MAX_PARAM_LENGTH + 1)}`)).toEqual({
      title: [VALUE_MSG.tooLong(MAX_PARAM_LENGTH)],
    });
  });

  it('impossible dates (2024-02-30) are a 400 naming the filter or field; a range runs from ≤ to', async () => {
    expect(await get400('/v4/catalog/tracks/?release_date=2024-02-30:2024-03-01')).toEqual({ release_date: [VALUE_MSG.realDate] });
    expect(await get400('/v4/catalog/releases/?release_date=:2023-13-01')).toEqual({ release_date: [VALUE_MSG.realDate] });
    expect(await get400('/v4/catalog/tracks/?release_date=2024-03-01:2024-01-01')).toEqual({ release_date: [VALUE_MSG.rangeOrder] });
    expect(await get400('/v4/catalog/tracks/?release_date=yesterday')).toEqual({ release_date: [VALUE_MSG.dateRange] });
    const leap = await api(get(), admin, '/v4/catalog/tracks/?release_date=2024-02-29:2024-02-29');
    expect(leap.status).toBe(200);
    const r = await patch('/v4/catalog/tracks/1/', { publish_date: '2024-02-30' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ publish_date: [VALUE_MSG.realDate] });
  });

  it('__proto__, constructor, toString as filter names or order_by values are unknown (400), never Object.prototype', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await get400(`/v4/catalog/tracks/?${name}=1`)).toEqual({ [name]: [VALUE_MSG.unknownFilter] });
      expect(await get400(`/v4/catalog/tracks/?order_by=${name}`)).toEqual({ order_by: [VALUE_MSG.orderBy(name)] });
      expect(await get400(`/v4/catalog/labels/export/?order_by=-${name}`)).toEqual({ order_by: [VALUE_MSG.orderBy(`-${name}`)] });
    }
    expect(await get400('/v4/catalog/search/?type=releases&constructor=x')).toEqual({ constructor: [VALUE_MSG.unknownFilter] });
    // As a JSON key of a PATCH: refused, the object untouched.
    const r = await patch('/v4/catalog/labels/1/', JSON.parse('{"constructor": {"name": "x"}}'));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ constructor: ['Unknown or read-only field.'] });
  });

  it('numbers past int4, bigint and numeric are a 400 naming the filter, page or field', async () => {
    const range = (min: number) => [VALUE_MSG.range(min, INT4_MAX)];
    expect(await get400(`/v4/catalog/tracks/?genre_id=${INT4_MAX + 1}`)).toEqual({ genre_id: range(1) });
    expect(await get400('/v4/catalog/tracks/?id=1,9223372036854775808')).toEqual({ id: range(1) });
    expect(await get400('/v4/catalog/tracks/?bpm=99999999999999999999999')).toEqual({ bpm: range(0) });
    expect(await get400('/v4/content-ops/coupons/?discount_amount=1e400')).toEqual({ discount_amount: [VALUE_MSG.wholeNumbers] });
    expect(await get400('/v4/catalog/tracks/?page=9223372036854775808')).toEqual({ page: [VALUE_MSG.page] });
    expect(await get400(`/v4/catalog/tracks/?page=${MAX_PAGE + 1}`)).toEqual({ page: [VALUE_MSG.page] });
    expect(await get400('/v4/catalog/tracks/?per_page=0')).toEqual({ per_page: [VALUE_MSG.perPage(200)] });
    const id = await patch('/v4/catalog/tracks/1/', { genre_id: INT4_MAX + 1 });
    expect(id.status).toBe(400);
    expect(Object.keys(id.body)).toEqual(['genre_id']);
    // numeric(10,2) overflow: refused by the release's money schema before the database.
    const price = await patch('/v4/catalog/releases/1/', { price_override: 1e12 });
    expect(price.status).toBe(400);
    expect(price.body).toEqual({ price_override: [`Ensure this value is at most ${MONEY_MAX}.`] });
    const bulk = await api(get(), admin, '/v4/catalog/tracks/', {
      method: 'PUT',
      body: [{ id: 9223372036854775808, version: 1, title: 'x' }],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual({ '0.id': ['Enter a valid id.'] });
  });

  it('a foreign-key violation is a 400 naming the field, without the constraint or table name; a duplicate is a 409', async () => {
    const fk = await patch('/v4/catalog/labels/1/', { label_manager_id: 999_999 });
    expect(fk.status).toBe(400);
    expect(fk.body).toEqual({ label_manager_id: [MSG.selectFromList] });
    expect(JSON.stringify(fk.body)).not.toMatch(DB_TEXT);
    expect(JSON.stringify(fk.body)).not.toContain('label_managers');
    // The reference check answers first; a foreign-key violation that gets past it (a row deleted meanwhile) says the same.
    const missing = await get()
      .db.query('update labels set label_manager_id = 999999 where id = 1')
      .catch((e: unknown) => e);
    expect(dbErrorReply(missing, ['label_manager_id'])).toEqual({ status: 400, body: { label_manager_id: [MSG.selectFromList] } });

    const [a, b] = await get().db.query<{ id: number; slug: string }>(
      "select id, slug from pages where brand = 'brand:dance' order by id limit 2",
    );
    const dup = await patch(`/v4/curation/pages/${b.id}/`, { slug: a.slug });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ slug: ['This value is already in use.'] });
    expect(JSON.stringify(dup.body)).not.toMatch(DB_TEXT);
  });

  it('JSON that is not an object, or is nested too deep, is a 400 from the schema or the edge', async () => {
    for (const body of [null, 1, 'text', [1]]) {
      const r = await patch('/v4/accounts/me/', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    const r = await fetch(`${get().api}/v4/catalog/tracks/`, {
      method: 'PUT',
      body: deep,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ detail: 'JSON nested deeper than 32 levels.' });
  });
}
