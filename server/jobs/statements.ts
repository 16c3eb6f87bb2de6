/**
 * The `statements` job: issues the statements of every supplier and every label (spec §9)
 * from sales_lines, period by period, up to the last period that has ended (or `through`).
 *
 * A statement covers one party (supplier or label), brand and currency for one period
 * (quarters until Q2 2018, months after: shared/statements.ts). Its lines: the balance
 * carried in, the net of the period's sales lines by store, corrections (lines of already
 * issued periods that arrived since, by month), and US tax withheld (US_TAX_WITHHOLDING_RATE
 * of the net of US sales among them, remitted within US_TAX_REMIT_DAYS). A balance below
 * STATEMENT_PAYMENT_THRESHOLD is not paid but carried into the next statement.
 *
 * Which lines a statement covers: those of its party with `id <= through_line_id` (the highest
 * sales line id when the run started) and `sale_date <= period_end`; the next statement takes
 * every other line of the party dated up to its own period end. So each line is on exactly one
 * statement, and issued statements are never touched (a trigger refuses UPDATE and DELETE).
 * Each period is one transaction under an advisory lock: concurrent runs issue once, and a run
 * that is retried after a failure goes on where the last one stopped.
 */
import { STATEMENT_PAYMENT_THRESHOLD, US_TAX_REMIT_DAYS, US_TAX_WITHHOLDING_RATE } from '../../shared/constants';
import { lastClosedPeriod, periodsBetween, type Period } from '../../shared/statements';
import type { Db, Queryable } from '../db/client';
import type { JobHandler, JobKind } from './queue';

export interface StatementsPayload {
  through?: string;
}
export interface StatementsResult {
  through: string;
  periods: number;
  issued: number;
}

const PARTIES = ['supplier_id', 'label_id'] as const;
type PartyColumn = (typeof PARTIES)[number];
/** Transaction-level advisory lock key: one statements run issues at a time. */
const LOCK_KEY = 0x5741_7445;

/** The latest statement of each chain (party, brand, currency). */
const prevSql = (col: PartyColumn) => `
  select distinct on (st.${col}, st.brand, st.currency) st.${col} as party_id, st.brand, st.currency, st.period_end,
         st.through_line_id, st.balance, st.carried_forward
  from statements st where st.${col} is not null
  order by st.${col}, st.brand, st.currency, st.period_start desc`;

/**
 * One period for one kind of party, in one statement: $1 start, $2 end, $3 highest line id,
 * $4 tax rate, $5 threshold, $6 remit days, $7 lowest through_line_id of any chain (only lines
 * above it can be late lines of an earlier period). Answers the number of statements issued.
 */
const issueSql = (col: PartyColumn) => `
  with prev as (${prevSql(col)}),
  lines as (
    select s.${col} as party_id, s.brand, s.currency, s.sale_date, s.store, s.quantity, s.net, coalesce(c.code = 'US', false) as us
    from sales_lines s
    left join countries c on c.id = s.country_id
    left join prev p on p.party_id = s.${col} and p.brand = s.brand and p.currency = s.currency
    where s.id <= $3 and s.sale_date <= $2::date and (s.sale_date >= $1::date or s.id > $7)
      and (p.party_id is null or (p.period_end < $1::date and (s.id > p.through_line_id or s.sale_date > p.period_end)))
  ),
  agg as (
    select party_id, brand, currency,
           coalesce(sum(net) filter (where sale_date >= $1::date), 0) as sales,
           coalesce(sum(net) filter (where sale_date < $1::date), 0) as corrections,
           round(coalesce(sum(net) filter (where us), 0) * $4::numeric, 2) as tax
    from lines group by 1, 2, 3
  ),
  carried as (
    select party_id, brand, currency, balance from prev where carried_forward and balance <> 0 and period_end < $1::date
  ),
  chains as (
    select coalesce(a.party_id, c.party_id) as party_id, coalesce(a.brand, c.brand) as brand, coalesce(a.currency, c.currency) as currency,
           coalesce(c.balance, 0) as opening, coalesce(a.sales, 0) as sales, coalesce(a.corrections, 0) as corrections,
           coalesce(a.tax, 0) as tax
    from agg a full join carried c on c.party_id = a.party_id and c.brand = a.brand and c.currency = a.currency
  ),
  ins as (
    insert into statements (brand, ${col}, currency, period_start, period_end, opening_balance, sales, corrections, tax_withheld,
                            balance, paid, carried_forward, tax_remit_by, through_line_id)
    select brand, party_id, currency, $1::date, $2::date, opening, sales, corrections, tax, b.balance,
           case when b.balance >= $5::numeric then b.balance else 0 end, b.balance < $5::numeric,
           current_date + $6::int, $3
    from chains cross join lateral (select opening + sales + corrections - tax as balance) b
    order by party_id, brand, currency
    returning id, ${col} as party_id, brand, currency, opening_balance, tax_withheld, tax_remit_by
  ),
  items as (
    select i.id, 0 as grp, '' as k, 'carried_in' as kind, 'Balance carried forward from the previous statement' as description,
           null::int as quantity, i.opening_balance as amount
    from ins i where i.opening_balance <> 0
    union all
    select i.id, 1, l.store, 'sales', 'Sales: ' || l.store, sum(l.quantity)::int, sum(l.net)
    from ins i join lines l on l.party_id = i.party_id and l.brand = i.brand and l.currency = i.currency
    where l.sale_date >= $1::date group by i.id, l.store
    union all
    select i.id, 2, to_char(l.sale_date, 'YYYY-MM'), 'correction', 'Correction: sales of ' || to_char(l.sale_date, 'YYYY-MM') || ' reported late',
           sum(l.quantity)::int, sum(l.net)
    from ins i join lines l on l.party_id = i.party_id and l.brand = i.brand and l.currency = i.currency
    where l.sale_date < $1::date group by i.id, to_char(l.sale_date, 'YYYY-MM')
    union all
    select i.id, 3, '', 'tax_withheld', 'US tax withheld, remitted by ' || to_char(i.tax_remit_by, 'YYYY-MM-DD'), null, -i.tax_withheld
    from ins i where i.tax_withheld <> 0
  ),
  lined as (
    insert into statement_lines (statement_id, position, kind, description, quantity, amount)
    select id, row_number() over (partition by id order by grp, k), kind, description, quantity, amount from items
    returning 1
  )
  select (select count(*) from ins)::int as issued, (select count(*) from lined)::int as lines`;

/** The first day that may still need a statement: the earliest of each chain's next day and any unstated chain's first sale. */
async function firstDay(db: Queryable, highest: number): Promise<string | null> {
  const [row] = await db.query<{ d: string | null }>(
    `select to_char(least(
       (select min(p.period_end) + 1 from (${prevSql('supplier_id')}) p),
       (select min(p.period_end) + 1 from (${prevSql('label_id')}) p),
       (select min(s.sale_date) from sales_lines s where s.id <= $1 and not exists (
          select 1 from statements st where st.supplier_id = s.supplier_id and st.brand = s.brand and st.currency = s.currency)),
       (select min(s.sale_date) from sales_lines s where s.id <= $1 and not exists (
          select 1 from statements st where st.label_id = s.label_id and st.brand = s.brand and st.currency = s.currency))
     ), 'YYYY-MM-DD') as d`,
    [highest],
  );
  return row.d;
}

/**
 * Issues every statement due up to `through` (default: the last period that has ended).
 * `db` runs each period in its own transaction; the seed passes its transaction instead.
 */
export async function issueStatements(db: Db | Queryable, payload: StatementsPayload = {}): Promise<StatementsResult> {
  const [{ today, highest }] = await db.query<{ today: string; highest: number }>(
    "select to_char(current_date, 'YYYY-MM-DD') as today, coalesce(max(id), 0)::bigint as highest from sales_lines",
  );
  const closed = lastClosedPeriod(today).end;
  const through = payload.through && payload.through < closed ? payload.through : closed;
  const from = await firstDay(db, Number(highest));
  const periods: Period[] = from ? periodsBetween(from, through) : [];
  let issued = 0;
  const run = async (tx: Queryable, p: Period) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    for (const col of PARTIES) {
      const [{ min }] = await tx.query<{ min: number | null }>(
        `select min(through_line_id)::bigint as min from statements where ${col} is not null`,
      );
      const [r] = await tx.query<{ issued: number }>(issueSql(col), [
        p.start,
        p.end,
        highest,
        US_TAX_WITHHOLDING_RATE,
        STATEMENT_PAYMENT_THRESHOLD,
        US_TAX_REMIT_DAYS,
        Number(min ?? 0),
      ]);
      issued += r.issued;
    }
  };
  for (const p of periods) {
    if ('transaction' in db) await db.transaction((tx) => run(tx, p));
    else await run(db, p);
  }
  return { through, periods: periods.length, issued };
}

export const statementsJob: JobHandler = async (db, job) => {
  const result = await issueStatements(db, job.payload as StatementsPayload);
  return { result: { ...result } };
};

/** Limits of the statements kind: a run over years of lines may take a while; a retry goes on where it stopped. */
export const STATEMENTS_EXPIRE_SECONDS = 600;
export const STATEMENTS_RETRY_LIMIT = 2;
export const STATEMENTS_RETRY_DELAY_SECONDS = 5;

export const STATEMENTS_KIND: JobKind = {
  run: statementsJob,
  expireInSeconds: STATEMENTS_EXPIRE_SECONDS,
  retryLimit: STATEMENTS_RETRY_LIMIT,
  retryDelaySeconds: STATEMENTS_RETRY_DELAY_SECONDS,
};
