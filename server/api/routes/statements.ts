/**
 * Statements (spec §7, §9; shared/api/endpoints/statements.ts): a label's and a supplier's
 * issued statements in the active brand, the supplier's as CSV, and the call that starts the
 * `statements` job (server/jobs/statements.ts). Reads: SUPPLIER_STATEMENTS_RULE and
 * LABEL_STATEMENTS_RULE, the party as its list shows it to the caller (a supplier its own,
 * a label its own; any other is 404). Issuing: WRITE_RULES.statements.
 */
import type { FastifyInstance } from 'fastify';
import { LABEL_STATEMENTS_RULE, SUPPLIER_STATEMENTS_RULE, WRITE_RULES } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import { statementEndpoints, type Statement } from '../../../shared/api/endpoints/statements';
import { csvLine } from '../../../shared/search/csv';
import { periodLabel } from '../../../shared/statements';
import type { Db, Queryable } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { HttpError, notFound } from '../../domain/errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import { registerHandlers } from '../route';
import { visibleSupplier } from './banking';
import { fetchVisible } from './lists';

const LABELS = LIST_DEF_BY_KEY.get('labels')!;

const COLUMNS = `s.id, s.brand, s.supplier_id, s.label_id, s.currency, to_char(s.period_start, 'YYYY-MM-DD') as period_start,
  to_char(s.period_end, 'YYYY-MM-DD') as period_end, s.opening_balance::text, s.sales::text, s.corrections::text,
  s.tax_withheld::text, s.balance::text, s.paid::text, s.carried_forward, to_char(s.tax_remit_by, 'YYYY-MM-DD') as tax_remit_by, s.issued_at`;

/** The party's statements in the brand, newest period first (currency order within one), with their lines. */
async function statementsOf(
  db: Queryable,
  party: 'supplier_id' | 'label_id',
  id: number,
  brand: string,
  statementId?: number,
): Promise<Statement[]> {
  const rows = await db.query<Omit<Statement, 'lines' | 'issued_at'> & { issued_at: string | Date }>(
    `select ${COLUMNS} from statements s where s.${party} = $1 and s.brand = $2 and ($3::int is null or s.id = $3)
     order by s.period_start desc, s.currency`,
    [id, brand, statementId ?? null],
  );
  if (rows.length === 0) return [];
  const lines = await db.query<Statement['lines'][number] & { statement_id: number }>(
    `select statement_id, position, kind, description, quantity, amount::text from statement_lines
     where statement_id = any($1::int[]) order by statement_id, position`,
    [rows.map((r) => r.id)],
  );
  const byStatement = new Map<number, Statement['lines']>();
  for (const { statement_id: sid, ...l } of lines) byStatement.set(sid, [...(byStatement.get(sid) ?? []), l]);
  return rows.map((r) => ({
    ...r,
    issued_at: new Date(r.issued_at).toISOString(),
    lines: byStatement.get(r.id) ?? [],
  }));
}

async function visibleLabel(db: Queryable, id: number, user: RequestUser): Promise<number> {
  if (!(await fetchVisible(db, LABELS, user, id))) throw notFound();
  return id;
}

const SUMMARY_HEADER = [
  'Statement ID',
  'Period',
  'Period Start',
  'Period End',
  'Brand',
  'Currency',
  'Carried In',
  'Sales',
  'Corrections',
  'US Tax Withheld',
  'Balance',
  'Paid',
  'Carried Forward',
  'Tax Remitted By',
];
const LINES_HEADER = ['Statement ID', 'Period', 'Currency', 'Line', 'Kind', 'Description', 'Quantity', 'Amount'];

/** The CSV of statements: every statement one row, or (one statement asked for) its lines. */
function statementsCsv(statements: Statement[], one: boolean): string {
  if (one) {
    return (
      csvLine(LINES_HEADER) +
      statements
        .flatMap((s) =>
          s.lines.map((l) =>
            csvLine([
              s.id,
              periodLabel({ start: s.period_start, end: s.period_end }),
              s.currency,
              l.position,
              l.kind,
              l.description,
              l.quantity,
              l.amount,
            ]),
          ),
        )
        .join('')
    );
  }
  return (
    csvLine(SUMMARY_HEADER) +
    statements
      .map((s) =>
        csvLine([
          s.id,
          periodLabel({ start: s.period_start, end: s.period_end }),
          s.period_start,
          s.period_end,
          s.brand,
          s.currency,
          s.opening_balance,
          s.sales,
          s.corrections,
          s.tax_withheld,
          s.balance,
          s.paid,
          s.carried_forward ? 'yes' : 'no',
          s.tax_remit_by,
        ]),
      )
      .join('')
  );
}

export function registerStatementRoutes(app: FastifyInstance, db: Db, queue: JobQueue) {
  registerHandlers(app, db, statementEndpoints, {
    label: {
      rule: LABEL_STATEMENTS_RULE,
      handler: async (req, _reply, user) => {
        const id = await visibleLabel(db, req.params.id, user);
        return onePage(await statementsOf(db, 'label_id', id, user.principal.brand));
      },
    },
    supplierMusic: {
      rule: SUPPLIER_STATEMENTS_RULE,
      handler: async (req, _reply, user) => {
        const id = await visibleSupplier(db, req.params.id, user);
        return onePage(await statementsOf(db, 'supplier_id', id, user.principal.brand));
      },
    },
    supplierCsv: {
      rule: SUPPLIER_STATEMENTS_RULE,
      handler: async (req, reply, user) => {
        const id = await visibleSupplier(db, req.params.id, user);
        const statementId = req.query.statement_id;
        const statements = await statementsOf(db, 'supplier_id', id, user.principal.brand, statementId);
        // A statement of another supplier (or brand) is as missing as a supplier one may not see.
        if (statementId !== undefined && statements.length === 0) throw notFound();
        const name = statementId !== undefined ? `statement-${statementId}` : `statements-supplier-${id}`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .header('x-total-count', String(statementId !== undefined ? statements[0].lines.length : statements.length))
          .send(statementsCsv(statements, statementId !== undefined));
      },
    },
    run: {
      rule: WRITE_RULES.statements,
      handler: async (req, reply, user) => {
        const job = await queue.enqueue('statements', user.id, { ...req.body });
        // Only a singleton key can hold a job back, and the statements kind takes none.
        if (!job) throw new HttpError(409, { detail: 'A job like this one is already queued.' });
        reply.code(202);
        return { id: job.id, state: job.state };
      },
    },
  });
}
