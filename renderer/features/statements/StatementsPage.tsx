/**
 * /statements (spec §2, §7, §9): a supplier's music statements and a label's statements in
 * the active brand, one row per period and currency (quarters until Q2 2018, months after),
 * with their lines, amounts in their currency with thousands separators (empty as $0.00),
 * what was paid or carried forward under the threshold, US tax withheld and the day it is
 * remitted by. A supplier's statements download as CSV through main (one statement, or all).
 *
 * Whose: a supplier or label user sees its own; admin and finance pick a supplier or a label
 * by id (`?supplier=ID` or `?label=ID`, which the supplier and label record pages link to).
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, InputNumber, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { STATEMENT_PAYMENT_THRESHOLD, US_TAX_REMIT_DAYS, US_TAX_WITHHOLDING_RATE } from '../../../shared/constants';
import { meEndpoints, statementEndpoints, type Statement, type StatementLine } from '../../../shared/api/endpoints';
import { formatAmount, periodLabel } from '../../../shared/statements';
import { fetchData } from '../../lib/api';
import { bridge } from '../../lib/bridge';
import { brandName } from '../../lib/brands';
import { errorText, friendlyErrorText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { ExportButton } from '../search/ExportButton';
import './statements.css';

type PartyKind = 'supplier' | 'label';
interface Party { kind: PartyKind; id: number }

const idOf = (v: string | null) => (v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : null);

/** The party the page shows: a supplier or label user's own, else the one in the URL. */
function useParty(): { party: Party | null; own: boolean; loading: boolean } {
  const principal = useAtomValue(principalAtom);
  const [params] = useSearchParams();
  const own = principal.scopes.includes('user:supplier') || principal.scopes.includes('user:label');
  const me = useQuery({ queryKey: ['me', 'party'], queryFn: () => fetchData(meEndpoints.get, {}), enabled: own });
  if (own) {
    if (me.isPending) return { party: null, own, loading: true };
    const m = (me.data ?? {}) as { supplier_id?: number | null; label_id?: number | null };
    const label = idOf(params.get('label'));
    // A supplier may open one of its labels' statements (the label's record page links here).
    if (principal.scopes.includes('user:supplier') && m.supplier_id) return { party: label ? { kind: 'label', id: label } : { kind: 'supplier', id: m.supplier_id }, own, loading: false };
    if (principal.scopes.includes('user:label') && m.label_id) return { party: { kind: 'label', id: m.label_id }, own, loading: false };
    return { party: null, own, loading: false };
  }
  const supplier = idOf(params.get('supplier'));
  const label = idOf(params.get('label'));
  return { party: supplier ? { kind: 'supplier', id: supplier } : label ? { kind: 'label', id: label } : null, own, loading: false };
}

/** Staff pick whose statements to show: a supplier or a label, by id. */
function PartyPicker({ party }: { party: Party | null }) {
  const [, setParams] = useSearchParams();
  const [kind, setKind] = useState<PartyKind>(party?.kind ?? 'supplier');
  const [id, setId] = useState<number | null>(party?.id ?? null);
  const show = () => id && setParams({ [kind]: String(id) });
  return (
    <Card className="statements-picker">
      <Space wrap>
        <Segmented<PartyKind> aria-label="Whose statements" value={kind} onChange={setKind}
          options={[{ label: 'Supplier', value: 'supplier' }, { label: 'Label', value: 'label' }]} />
        <InputNumber aria-label={kind === 'supplier' ? 'Supplier ID' : 'Label ID'} placeholder="ID" min={1} max={999_999_999} precision={0}
          value={id} onChange={(v) => setId(v)} onPressEnter={show} data-testid="statements-party-id" />
        <Button type="primary" onClick={show} disabled={!id} data-testid="statements-show">Show statements</Button>
      </Space>
    </Card>
  );
}

const money = (s: Statement, v: string) => formatAmount(v, s.currency);

function StatementLines({ s }: { s: Statement }) {
  return (
    <Table<StatementLine>
      size="small" rowKey="position" pagination={false} dataSource={s.lines} className="statements-lines"
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'description', title: 'Line', dataIndex: 'description' },
        { key: 'quantity', title: 'Quantity', align: 'right', render: (_, l) => (l.quantity === null ? '' : l.quantity.toLocaleString('en-US')) },
        { key: 'amount', title: 'Amount', align: 'right', render: (_, l) => money(s, l.amount) },
      ]}
    />
  );
}

/** What was paid to date in each currency ($0.00 when nothing yet). */
function PaidToDate({ statements }: { statements: Statement[] }) {
  const paid = new Map<string, number>();
  for (const s of statements) paid.set(s.currency, (paid.get(s.currency) ?? 0) + Math.round(Number(s.paid) * 100));
  const parts = [...paid].map(([c, cents]) => formatAmount(cents / 100, c));
  return <Typography.Text data-testid="statements-paid-total">Paid to date: {parts.length ? parts.join(' · ') : formatAmount(null)}</Typography.Text>;
}

export default function StatementsPage() {
  const principal = useAtomValue(principalAtom);
  const { party, own, loading } = useParty();
  const endpoint = party?.kind === 'label' ? statementEndpoints.label : statementEndpoints.supplierMusic;
  const q = useQuery({
    queryKey: ['statements', party?.kind, party?.id, principal.brand],
    queryFn: () => fetchData(endpoint, { params: { id: party!.id } }),
    enabled: party !== null,
  });
  const supplierId = party?.kind === 'supplier' ? party.id : null;

  return (
    <div className="page statements-page" data-testid="statements-page">
      <PageHeader
        title="Statements"
        subtitle={party ? `${party.kind === 'supplier' ? 'Supplier' : 'Label'} ${party.id} · ${brandName(principal.brand)}` : undefined}
        extra={supplierId !== null && q.data && q.data.results.length > 0 && (
          <ExportButton label="Download all as CSV" start={() => bridge.exportSupplierStatements({ supplierId })} />
        )}
      />
      <Alert
        type="info" showIcon className="statements-rules" data-testid="statements-rules"
        title={`Balances under ${STATEMENT_PAYMENT_THRESHOLD.toFixed(2)} (in the statement's currency) are not paid but carried forward to the next statement.`}
        description={`Statements are issued quarterly until Q2 2018 and monthly after. US tax is withheld at ${US_TAX_WITHHOLDING_RATE * 100}% of the net of sales in the United States and remitted within ${US_TAX_REMIT_DAYS} days of issue.`}
      />
      {!own && <PartyPicker key={`${party?.kind}:${party?.id}`} party={party} />}
      {loading || (party && q.isPending) ? <Loading /> : !party ? (
        <Empty description={own ? 'Your account has no supplier or label to show statements for.' : 'Choose a supplier or a label to see its statements.'} />
      ) : q.isError ? (
        <Alert type="error" showIcon title={friendlyErrorText(q.error)} description={errorText(q.error)} />
      ) : (
        <Card>
          <PaidToDate statements={q.data!.results} />
          <Table<Statement>
            className="statements-table" rowKey="id" dataSource={q.data!.results} pagination={{ pageSize: 24, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }} locale={{ emptyText: 'No statements yet.' }} data-testid="statements-table"
            expandable={{ columnTitle: <span className="sr-only">Lines</span>, expandedRowRender: (s) => <StatementLines s={s} />, rowExpandable: (s) => s.lines.length > 0 }}
            columns={[
              { key: 'period', title: 'Period', render: (_, s) => periodLabel({ start: s.period_start, end: s.period_end }) },
              { key: 'currency', title: 'Currency', dataIndex: 'currency' },
              { key: 'opening', title: 'Carried in', align: 'right', render: (_, s) => money(s, s.opening_balance) },
              { key: 'sales', title: 'Sales', align: 'right', render: (_, s) => money(s, s.sales) },
              { key: 'corrections', title: 'Corrections', align: 'right', render: (_, s) => money(s, s.corrections) },
              { key: 'tax', title: 'US tax withheld', align: 'right', render: (_, s) => money(s, s.tax_withheld) },
              { key: 'balance', title: 'Balance', align: 'right', render: (_, s) => money(s, s.balance) },
              { key: 'paid', title: 'Paid', align: 'right', render: (_, s) => money(s, s.paid) },
              {
                key: 'status', title: 'Status',
                render: (_, s) => (s.carried_forward ? <Tag color="gold">Carried forward</Tag> : <Tag color="green">Paid</Tag>),
              },
              { key: 'remit', title: 'Tax remitted by', render: (_, s) => (Number(s.tax_withheld) !== 0 ? s.tax_remit_by : '') },
              ...(supplierId !== null ? [{
                key: 'csv', title: 'CSV',
                render: (_: unknown, s: Statement) => (
                  <ExportButton label="Download CSV" start={() => bridge.exportSupplierStatements({ supplierId, statementId: s.id })} />
                ),
              }] : []),
            ]}
          />
        </Card>
      )}
    </div>
  );
}
