/**
 * Statements (spec §7, §9) on PGlite and on a PostgreSQL server: the `statements` job issues
 * them from sales lines, checked against totals computed by hand from a fixture supplier's
 * lines: quarterly periods until Q2 2018 and monthly after, a balance under the threshold
 * carried forward, US tax withheld and its remittance day, a late line as a correction in a
 * later statement (the issued one unchanged), currencies kept apart; who may read which (the
 * shared rules), the CSV, and rows that refuse to change.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { LABEL_STATEMENTS_RULE, SUPPLIER_STATEMENTS_RULE, WRITE_RULES, can, principalFrom } from '../../../shared/access';
import { US_TAX_REMIT_DAYS } from '../../../shared/constants';
import { SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import { api, signIn, type RunningServer } from '../helpers';

type Line = { position: number; kind: string; description: string; quantity: number | null; amount: string };
type St = {
  id: number;
  currency: string;
  period_start: string;
  period_end: string;
  opening_balance: string;
  sales: string;
  corrections: string;
  tax_withheld: string;
  balance: string;
  paid: string;
  carried_forward: boolean;
  tax_remit_by: string;
  issued_at: string;
  lines: Line[];
};

export function statementSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  let supplierId = 0;
  let labelId = 0;
  let us = 0;
  let fr = 0;
  const dance = { 'x-brand': 'brand:dance' };

  /** Adds fixture sales lines: [date, net, country, currency]. */
  async function sell(lines: [string, string, number, string][]) {
    for (const [day, net, country, currency] of lines) {
      await get().db.query(
        `insert into sales_lines (brand, sale_date, supplier_id, label_id, store, sale_type_id, country_id, quantity, gross, net, currency)
         values ('brand:dance', $1, $2, $3, 'music', 1, $4, 1, $5, $5, $6)`,
        [day, supplierId, labelId, country, net, currency],
      );
    }
  }

  async function issue(through: string): Promise<{ state: string; result: { issued: number } }> {
    const r = await api(get(), tokens.get('finance')!, '/v4/jobs/statements/', { method: 'POST', body: { through } });
    expect(r.status).toBe(202);
    for (let i = 0; i < 300; i++) {
      const j = await api(get(), tokens.get('finance')!, `/v4/jobs/statements/${r.body.id}/`);
      if (j.body.state === 'DONE' || j.body.state === 'ERROR') return j.body as never;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('statements job did not finish');
  }

  const statements = async (path: string, who = 'admin') => {
    const r = await api(get(), tokens.get(who)!, path, { headers: dance });
    expect(r.status, path).toBe(200);
    return (r.body.results as St[]).toReversed();
  };
  const music = () => statements(`/v4/catalog/suppliers/${supplierId}/statements/music/`);
  const totals = (s: St) => [
    s.currency,
    s.period_start,
    s.period_end,
    s.opening_balance,
    s.sales,
    s.corrections,
    s.tax_withheld,
    s.balance,
    s.paid,
    s.carried_forward,
  ];

  beforeAll(async () => {
    for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(get(), a.username, a.password)).access_token);
    [{ id: supplierId }] = await get().db.query<{ id: number }>(
      "insert into suppliers (name) values ('Statements Fixture Supplier') returning id",
    );
    [{ id: labelId }] = await get().db.query<{ id: number }>(
      "insert into labels (name, supplier_id) values ('Statements Fixture Label', $1) returning id",
      [supplierId],
    );
    [{ id: us }] = await get().db.query<{ id: number }>("select id from countries where code = 'US'");
    [{ id: fr }] = await get().db.query<{ id: number }>("select id from countries where code <> 'US' order by id limit 1");
    await sell([
      ['2018-02-10', '30.00', fr, 'USD'], // Q1 2018: 30.00 < 50, carried forward
      ['2018-05-05', '100.00', us, 'USD'], // Q2 2018: US sale, 30% withheld
      ['2018-06-30', '20.00', fr, 'USD'],
      ['2018-07-15', '10.00', fr, 'USD'], // July 2018 (monthly from here): carried
      ['2018-07-20', '1234.50', fr, 'EUR'], // its own statement in euros
      ['2018-08-01', '45.00', fr, 'USD'], // August: 10.00 carried in + 45.00 = 55.00, paid
    ]);
  });

  it('issues quarterly statements until Q2 2018 and monthly after, with carry-forward and US tax withheld (hand-computed)', async () => {
    const job = await issue('2018-08-31');
    expect(job.state).toBe('DONE');
    const got = await music();
    expect(got.map(totals)).toEqual([
      ['USD', '2018-01-01', '2018-03-31', '0.00', '30.00', '0.00', '0.00', '30.00', '0.00', true],
      ['USD', '2018-04-01', '2018-06-30', '30.00', '120.00', '0.00', '30.00', '120.00', '120.00', false],
      ['USD', '2018-07-01', '2018-07-31', '0.00', '10.00', '0.00', '0.00', '10.00', '0.00', true],
      ['EUR', '2018-07-01', '2018-07-31', '0.00', '1234.50', '0.00', '0.00', '1234.50', '1234.50', false],
      ['USD', '2018-08-01', '2018-08-31', '10.00', '45.00', '0.00', '0.00', '55.00', '55.00', false],
    ]);
    // The lines add up to the balance: carried in, sales by store, tax withheld (a deduction, remitted within 3 days of issue).
    const q2 = got[1];
    expect(q2.lines.map((l) => [l.kind, l.description.startsWith('US tax') ? 'US tax' : l.description, l.amount])).toEqual([
      ['carried_in', 'Balance carried forward from the previous statement', '30.00'],
      ['sales', 'Sales: music', '120.00'],
      ['tax_withheld', 'US tax', '-30.00'],
    ]);
    const issued = new Date(q2.issued_at);
    const remit = new Date(Date.UTC(issued.getUTCFullYear(), issued.getUTCMonth(), issued.getUTCDate() + US_TAX_REMIT_DAYS))
      .toISOString()
      .slice(0, 10);
    // current_date of the database: the issue day in its time zone, at most a day off UTC.
    expect(Math.abs(Date.parse(q2.tax_remit_by) - Date.parse(remit))).toBeLessThanOrEqual(86_400_000);
    expect(q2.lines[2].description).toBe(`US tax withheld, remitted by ${q2.tax_remit_by}`);
    for (const s of got)
      expect(
        s.lines.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0),
        s.period_start,
      ).toBe(Math.round(Number(s.balance) * 100));
    // The label's statements cover the same lines.
    expect((await statements(`/v4/catalog/labels/${labelId}/statements/`)).map(totals)).toEqual(got.map(totals));
  });

  it('a line of an issued period arriving late is a correction in the next statement; issued statements stay as they were', async () => {
    const before = await music();
    await sell([
      ['2018-05-20', '12.00', fr, 'USD'],
      ['2018-09-10', '40.00', fr, 'USD'],
    ]);
    expect((await issue('2018-09-30')).state).toBe('DONE');
    const after = await music();
    expect(after.slice(0, before.length)).toEqual(before);
    const sep = after.at(-1)!;
    expect(totals(sep)).toEqual(['USD', '2018-09-01', '2018-09-30', '0.00', '40.00', '12.00', '0.00', '52.00', '52.00', false]);
    expect(sep.lines.map((l) => [l.kind, l.description, l.amount])).toEqual([
      ['sales', 'Sales: music', '40.00'],
      ['correction', 'Correction: sales of 2018-05 reported late', '12.00'],
    ]);
    // Running again issues nothing new for the periods already issued.
    expect((await issue('2018-09-30')).state).toBe('DONE');
    expect(await music()).toEqual(after);
  });

  it('issued rows refuse UPDATE and DELETE', async () => {
    const [s] = await music();
    await expect(get().db.query('update statements set paid = 0 where id = $1', [s.id])).rejects.toThrow(/never change/);
    await expect(get().db.query('delete from statement_lines where statement_id = $1', [s.id])).rejects.toThrow(/never change/);
  });

  it('every sandbox account is allowed or refused (403) as the shared rules say; another party is 404', async () => {
    for (const a of SANDBOX_ACCOUNTS) {
      const p = principalFrom([a.app, a.role, ...a.brands].join(' '), [], a.brands[0]);
      const t = tokens.get(a.username)!;
      expect((await api(get(), t, '/v4/catalog/suppliers/1/statements/music/')).status, a.username).toBe(
        can(p, SUPPLIER_STATEMENTS_RULE) ? 200 : 403,
      );
      expect((await api(get(), t, '/v4/catalog/labels/1/statements/')).status, a.username).toBe(can(p, LABEL_STATEMENTS_RULE) ? 200 : 403);
      const run = await api(get(), t, '/v4/jobs/statements/', { method: 'POST', body: { through: '2000-01-31' } });
      expect(run.status, a.username).toBe(can(p, WRITE_RULES.statements) ? 202 : 403);
    }
    expect((await api(get(), null, '/v4/catalog/labels/1/statements/')).status).toBe(401);
    // The sandbox supplier (1) and label (1): not the fixture's.
    expect((await api(get(), tokens.get('supplier')!, `/v4/catalog/suppliers/${supplierId}/statements/music/`)).status).toBe(404);
    expect((await api(get(), tokens.get('supplier')!, `/v4/catalog/suppliers/${supplierId}/statements/download-csv/`)).status).toBe(404);
    expect((await api(get(), tokens.get('label')!, `/v4/catalog/labels/${labelId}/statements/`)).status).toBe(404);
    // A supplier reads its own labels' statements.
    expect((await api(get(), tokens.get('supplier')!, '/v4/catalog/labels/1/statements/')).status).toBe(200);
    expect((await api(get(), tokens.get('admin')!, '/v4/catalog/suppliers/999999/statements/music/')).status).toBe(404);
  });

  it('the sandbox supplier has seeded statements of its own (the seed runs the same issuing)', async () => {
    const own = await statements('/v4/catalog/suppliers/1/statements/music/', 'supplier');
    expect(own.length).toBeGreaterThan(0);
    const [{ n }] = await get().db.query<{ n: number }>(
      "select count(*)::int as n from statements where supplier_id = 1 and brand = 'brand:dance'",
    );
    expect(own).toHaveLength(n);
  });

  it("download CSV: every statement one row, or one statement's lines; a bad or foreign statement_id is a 400 or 404", async () => {
    const t = tokens.get('admin')!;
    const base = `/v4/catalog/suppliers/${supplierId}/statements/download-csv/`;
    const all = await api(get(), t, base, { headers: dance });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parse(all.body as unknown as string, { columns: true }) as Record<string, string>[];
    const got = await music();
    expect(rows.map((r) => [r.Period, r.Currency, r.Balance, r.Paid, r['Carried Forward']])).toEqual(
      got.toReversed().map((s) => [expect.any(String), s.currency, s.balance, s.paid, s.carried_forward ? 'yes' : 'no']),
    );
    expect(rows.at(-1)!.Period).toBe('Q1 2018');
    const q2 = got[1];
    const one = await api(get(), t, `${base}?statement_id=${q2.id}`, { headers: dance });
    const lines = parse(one.body as unknown as string, { columns: true }) as Record<string, string>[];
    expect(lines.map((l) => [l.Period, l.Kind, l.Amount])).toEqual([
      ['Q2 2018', 'carried_in', '30.00'],
      ['Q2 2018', 'sales', '120.00'],
      ['Q2 2018', 'tax_withheld', '-30.00'],
    ]);
    expect((await api(get(), t, `${base}?statement_id=abc`)).body).toEqual({ statement_id: [expect.any(String)] });
    const [other] = await get().db.query<{ id: number }>('select id from statements where supplier_id = 1 limit 1');
    expect((await api(get(), t, `${base}?statement_id=${other.id}`, { headers: dance })).status).toBe(404);
    expect((await api(get(), t, '/v4/jobs/statements/', { method: 'POST', body: { through: '2018-02-30' } })).body).toEqual({
      through: [expect.any(String)],
    });
  });
}
