/**
 * Sales jobs of a supplier: `sales` (monthly summary by brand and store) and
 * `sales-export` (the detail lines; the parent hands the CSV rendering to a child job,
 * which the console's poller follows).
 */
import type { SalesJobKind } from '../../shared/api/endpoints/jobs';
import { csvLine } from '../../shared/search/csv';
import type { JobHandler, JobKind } from './queue';

interface Range { supplier_id: number; start_date: string; end_date: string }

export const salesSummary: JobHandler = async (db, job) => {
  const p = job.payload as unknown as Range;
  const rows = await db.query(
    `select to_char(sale_date, 'YYYY-MM') as month, brand, store, sum(quantity)::int as quantity,
            sum(gross)::numeric(12,2) as gross, sum(net)::numeric(12,2) as net
     from sales_lines where supplier_id = $1 and sale_date between $2 and $3
     group by 1, 2, 3 order by 1, 2, 3`,
    [p.supplier_id, p.start_date, p.end_date],
  );
  return { result: { supplier_id: p.supplier_id, start_date: p.start_date, end_date: p.end_date, rows } };
};

export const salesExport: JobHandler = async (db, job) => {
  const p = job.payload as unknown as Range & { render?: boolean };
  if (!p.render) {
    const [{ n }] = await db.query<{ n: number }>(
      'select count(*)::int as n from sales_lines where supplier_id = $1 and sale_date between $2 and $3',
      [p.supplier_id, p.start_date, p.end_date],
    );
    return { result: { rows: n }, child: { kind: 'sales-export', payload: { ...p, render: true } } };
  }
  const lines = await db.query<Record<string, string | number>>(
    `select s.sale_date, s.brand, s.store, l.name as label, s.release_id, s.track_id, s.quantity, s.gross, s.net, s.currency
     from sales_lines s join labels l on l.id = s.label_id
     where s.supplier_id = $1 and s.sale_date between $2 and $3 order by s.sale_date, s.id`,
    [p.supplier_id, p.start_date, p.end_date],
  );
  const header = ['sale_date', 'brand', 'store', 'label', 'release_id', 'track_id', 'quantity', 'gross', 'net', 'currency'];
  const csv = csvLine(header) + lines.map((r) => csvLine(header.map((h) => r[h]))).join('');
  return { result: { filename: `sales-${p.supplier_id}-${p.start_date}-${p.end_date}.csv`, rows: lines.length, csv } };
};

/**
 * Limits of the sales kinds: a run may take SALES_EXPIRE_SECONDS (the console's poller
 * gives up after 120 s, spec §4), then it is retried up to SALES_RETRY_LIMIT times,
 * SALES_RETRY_DELAY_SECONDS after the first failure and doubling.
 */
export const SALES_EXPIRE_SECONDS = 60;
export const SALES_RETRY_LIMIT = 2;
export const SALES_RETRY_DELAY_SECONDS = 1;

const SALES_LIMITS = {
  expireInSeconds: SALES_EXPIRE_SECONDS, retryLimit: SALES_RETRY_LIMIT, retryDelaySeconds: SALES_RETRY_DELAY_SECONDS,
} satisfies Omit<JobKind, 'run'>;

/** How the server runs the sales kinds (SALES_JOB_KINDS, shared/api/endpoints/jobs.ts). */
export const SALES_HANDLERS: Readonly<Record<SalesJobKind, JobKind>> = {
  sales: { run: salesSummary, ...SALES_LIMITS },
  'sales-export': { run: salesExport, ...SALES_LIMITS },
};
