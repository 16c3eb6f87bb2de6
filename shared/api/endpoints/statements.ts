/**
 * Statements (spec §7 Labels "statements", Suppliers "statements music and download CSV";
 * §9 periods, carry-forward, US tax): the issued statements of a label or a supplier, the
 * supplier's as CSV, and the call that starts the `statements` job that issues them.
 */
import { z } from 'zod';
import { STATEMENT_LINE_KINDS } from '../../vocabularies';
import { calendarDate } from '../dates';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { JobStarted } from './jobs';

/** Amounts as the API sends them: decimal strings with two places ("1234.50", "-3.00"). */
const Amount = z.string().regex(/^-?\d+\.\d{2}$/);

export const StatementLine = z.object({
  position: z.number().int(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  description: z.string(),
  quantity: z.number().int().nullable(),
  amount: Amount,
});
export type StatementLine = z.infer<typeof StatementLine>;

export const Statement = z.object({
  id: z.number().int(),
  brand: z.string(),
  supplier_id: z.number().int().nullable(),
  label_id: z.number().int().nullable(),
  currency: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  opening_balance: Amount,
  sales: Amount,
  corrections: Amount,
  tax_withheld: Amount,
  balance: Amount,
  paid: Amount,
  carried_forward: z.boolean(),
  tax_remit_by: z.string(),
  issued_at: z.string(),
  lines: z.array(StatementLine),
});
export type Statement = z.infer<typeof Statement>;

const params = z.object({ id: IdParam });
/** Which statement of the supplier to download; without it, every statement (one row each). */
export const StatementCsvQuery = z.strictObject({
  statement_id: z
    .union([z.number().int().positive().max(2_147_483_647), z.string().regex(/^[1-9]\d{0,9}$/, 'Enter a whole number.')])
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Enter a whole number.')
    .optional(),
});
/** Issue statements for the periods that end on or before this day (default: every period that has ended). */
export const StatementsRun = z.strictObject({ through: calendarDate.optional() });

export const statementEndpoints = {
  label: endpoint({
    method: 'GET',
    path: '/v4/catalog/labels/:id/statements/',
    params,
    response: listEnvelope(Statement),
    doc: "A label's issued statements in the active brand, newest period first, each with its lines.",
  }),
  supplierMusic: endpoint({
    method: 'GET',
    path: '/v4/catalog/suppliers/:id/statements/music/',
    params,
    response: listEnvelope(Statement),
    doc: "A supplier's issued music statements in the active brand, newest period first, each with its lines.",
  }),
  supplierCsv: endpoint({
    method: 'GET',
    path: '/v4/catalog/suppliers/:id/statements/download-csv/',
    params,
    query: StatementCsvQuery,
    response: z.string(),
    doc: "A supplier's statements as CSV: one statement's lines (`statement_id`), or every statement of the active brand one row each.",
  }),
  run: endpoint({
    method: 'POST',
    path: '/v4/jobs/statements/',
    body: StatementsRun,
    response: JobStarted,
    doc: "Starts the `statements` job (202): issues every supplier's and label's statements due up to `through`; poll it at /v4/jobs/statements/{id}/.",
  }),
};
