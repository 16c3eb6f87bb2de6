/**
 * Asynchronous jobs (api-conventions "Jobs"): the kinds, the calls that start a sales
 * job (a supplier's sales and sales export, `{start_date, end_date}` → 202 JobStarted) and
 * the job view polled at GET /v4/jobs/{kind}/{id}/. The server registers these routes
 * from here (server/api/routes/jobs.ts); main's job poller parses with JobView. The
 * re-encode calls that start `encode` jobs are declared with the media (media.ts).
 */
import { z } from 'zod';
import { BRANDS } from '../../access/scopes';
import { STORE_OPTIONS } from '../../access/brand-options';
import { MSG } from '../../messages';
import { CURRENCY_CODES } from '../../records/values';
import { calendarDate } from '../dates';
import { endpoint, IdParam } from '../endpoint';
import { refersTo } from '../references';

/** The sales job kinds: started by a supplier's sales calls below. */
export const SALES_JOB_KINDS = ['sales', 'sales-export'] as const;
export type SalesJobKind = (typeof SALES_JOB_KINDS)[number];
/**
 * Ingestion of one complete delivery batch: the SFTP drop server (server/sftp) enqueues it
 * once, when the batch's BatchComplete file has arrived (DDEX SFTP choreography); the
 * ingestion worker runs it.
 */
export const INGEST_BATCH_JOB = 'ingest-batch';
export const IngestBatchPayload = z.strictObject({
  supplier_id: z.number().int().positive(),
  /** Absolute path of the complete batch folder in the drop root. */
  batch_dir: z.string().min(1),
});
export type IngestBatchPayload = z.infer<typeof IngestBatchPayload>;
/**
 * One track of an `encode` job's run: the encode job queues one per track, so that every
 * worker encodes tracks of one release at once (server/jobs/encode.ts).
 */
export const ENCODE_TRACK_JOB = 'encode-track';
/** The job kinds the v4 API has (`statements`: started by POST /v4/jobs/statements/, statements.ts) (the server has a handler for each: JOB_HANDLERS, server/jobs/kinds.ts). */
export const JOB_KINDS = [...SALES_JOB_KINDS, 'encode', ENCODE_TRACK_JOB, 'statements', INGEST_BATCH_JOB] as const;
export const JobKind = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof JobKind>;

export const JOB_STATES = ['PENDING', 'RUNNING', 'DONE', 'ERROR'] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

/** A job id as the API gives it (a positive integer), as a number or a digit string. */
export const JobId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^[1-9][0-9]{0,15}$/, 'not a job id'),
]);

/** What GET /v4/jobs/{kind}/{id}/ answers. */
export const JobView = z.object({
  id: z.union([z.number().int(), z.string()]),
  kind: z.string().optional(),
  state: JobState,
  child_job_id: JobId.nullable().optional(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
  detail: z.unknown().optional(),
});
export type JobView = z.infer<typeof JobView>;

/** What starting a job answers (202). */
export const JobStarted = z.object({ id: z.number().int(), state: JobState });
export type JobStarted = z.infer<typeof JobStarted>;

/** The days a sales job covers: real calendar days (2024-02-30 is a 400 naming the field), start not after end. */
export const SalesRange = z
  .strictObject({ start_date: calendarDate, end_date: calendarDate })
  .refine((r) => r.start_date <= r.end_date, { message: MSG.startBeforeEnd, path: ['start_date'] });
export type SalesRange = z.infer<typeof SalesRange>;

/** Every store of either brand (spec §6 store options). */
const ALL_STORES = [...new Set(Object.values(STORE_OPTIONS).flat())] as [string, ...string[]];
/** An id a filter names (int4-sized, as the API's ids are). */
const filterId = z.number().int().positive().max(2_147_483_647);

/**
 * The console's sales filters (POST /v4/jobs/sales/ and /v4/jobs/sales-export/): the day
 * range, then any of brand, store (§6 store options), sale type, label, supplier, currency
 * and genre. A brand must be one the user holds (none: all they hold); suppliers and labels
 * are held to their own lines whatever they send.
 */
export const SalesFilters = z
  .strictObject({
    start_date: calendarDate,
    end_date: calendarDate,
    brand: z.enum(BRANDS).optional(),
    store: z.enum(ALL_STORES).optional(),
    // Picked from their lists: an id that names nothing is refused (the one reference check, ../references).
    sale_type_id: refersTo(filterId, { list: 'sale-types' }).optional(),
    label_id: refersTo(filterId, { record: 'labels' }).optional(),
    supplier_id: refersTo(filterId, { record: 'suppliers' }).optional(),
    currency: z.enum(CURRENCY_CODES).optional(),
    genre_id: refersTo(filterId, { list: 'genres' }).optional(),
  })
  .refine((r) => r.start_date <= r.end_date, { message: MSG.startBeforeEnd, path: ['start_date'] });
export type SalesFilters = z.infer<typeof SalesFilters>;

/** One group of the sales summary: its key (a month `YYYY-MM`, a store, a sale type, a genre) and figures per currency. */
export const SalesFigure = z.object({
  key: z.string(),
  currency: z.string(),
  quantity: z.number(),
  gross: z.string(),
  net: z.string(),
});
export type SalesFigure = z.infer<typeof SalesFigure>;

/** One sales line of the detail table. */
export const SalesLine = z.object({
  id: z.number(),
  sale_date: z.string(),
  brand: z.string(),
  store: z.string(),
  sale_type: z.string().nullable(),
  supplier: z.string(),
  label: z.string(),
  release_id: z.number().nullable(),
  track_id: z.number().nullable(),
  track: z.string().nullable(),
  genre: z.string().nullable(),
  quantity: z.number(),
  gross: z.string(),
  net: z.string(),
  currency: z.string(),
});
export type SalesLine = z.infer<typeof SalesLine>;

/** What a console `sales` job answers: the summary (month, store, sale type, genre), the line count and the first lines. */
export const SalesSummaryResult = z.object({
  over_time: z.array(SalesFigure),
  by_store: z.array(SalesFigure),
  by_sale_type: z.array(SalesFigure),
  by_genre: z.array(SalesFigure),
  line_count: z.number(),
  lines: z.array(SalesLine),
});
export type SalesSummaryResult = z.infer<typeof SalesSummaryResult>;

/** A supplier id in a path: one past the API's ids (int4 included) names no supplier (404). */
const supplierParams = z.object({ id: IdParam });

const startSales = <K extends SalesJobKind>(kind: K, what: string) =>
  endpoint({
    method: 'POST',
    path: `/v4/catalog/suppliers/:id/${kind}/`,
    params: supplierParams,
    body: SalesRange,
    response: JobStarted,
    doc: `Starts a \`${kind}\` job: ${what} of one supplier over the range (202; poll it at /v4/jobs/${kind}/{id}/).`,
  });

export const jobEndpoints = {
  view: endpoint({
    method: 'GET',
    path: '/v4/jobs/:kind/:id/',
    params: z.object({ kind: JobKind, id: IdParam }),
    response: JobView,
    doc: "One of the user's own jobs: its state, the child it handed on to, its result.",
  }),
  /** The console's call that starts a sales job of each kind over any filters (spec §7 jobs/sales/, jobs/sales-export/). */
  console: {
    sales: endpoint({
      method: 'POST',
      path: '/v4/jobs/sales/',
      body: SalesFilters,
      response: JobStarted,
      doc: 'Starts a `sales` job: the summary over time and by store, sale type and genre, the line count and the first lines (SalesSummaryResult), over the filters.',
    }),
    'sales-export': endpoint({
      method: 'POST',
      path: '/v4/jobs/sales-export/',
      body: SalesFilters,
      response: JobStarted,
      doc: 'Starts a `sales-export` job: the sales lines over the filters as CSV (the job hands the rendering to a child job).',
    }),
  } satisfies Record<SalesJobKind, unknown>,
  /** The CSV a finished sales-export job rendered (the last of its chain), for main to save to a file. */
  salesCsv: endpoint({
    method: 'GET',
    path: '/v4/jobs/sales-export/:id/csv/',
    params: z.object({ id: IdParam }),
    response: z.string(),
    doc: "The CSV of one of the user's own finished sales-export jobs (the child that rendered it); another's, or one without a CSV yet, is 404.",
  }),
  /** The call that starts a sales job of each kind. */
  start: {
    sales: startSales('sales', 'the monthly sales summary by brand and store'),
    'sales-export': startSales('sales-export', 'the sales lines as CSV (the job hands the rendering to a child job)'),
  } satisfies Record<SalesJobKind, unknown>,
};
