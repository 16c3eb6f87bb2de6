/**
 * /statements (spec §2, §7, §9): a supplier's music statements and a label's statements in
 * the active brand, one row per period and currency (quarters until Q2 2018, months after),
 * with their lines, amounts in their currency with thousands separators (empty as $0.00),
 * what was paid or carried forward under the threshold, US tax withheld and the day it is
 * remitted by. A supplier's statements download as CSV through main (one statement, or all).
 *
 * Whose: a supplier or label user sees its own; admin and finance pick a supplier or a label
 * by name with the reference picker (issue 29), kept in the address as `?supplier=ID` or
 * `?label=ID` (which the supplier and label record pages link to). The title names the party:
 * "Statements — <name>".
 */
import { useState } from 'react';
import { Alert, Card, Empty, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { STATEMENT_PAYMENT_THRESHOLD, US_TAX_REMIT_DAYS, US_TAX_WITHHOLDING_RATE } from '../../../shared/constants';
import { listEndpoints, meEndpoints, statementEndpoints, type Statement, type StatementLine } from '../../../shared/api/endpoints';
import { formatAmount, periodLabel } from '../../../shared/statements';
import { endpointQueryWhen } from '../../lib/api';
import { bridge } from '../../lib/bridge';
import { brandName } from '../../lib/brands';
import { principalAtom } from '../../lib/store';
import { ListError, ListSkeleton } from '../../ui/ListState';
import { PageHeader } from '../../ui/PageHeader';
import { ExportButton } from '../search/ExportButton';
import { ReferenceSelect } from '../records/ReferenceInput';
import './statements.css';
import { formatNumber } from '../../../shared/format';

type PartyKind = 'supplier' | 'label';
interface Party {
  kind: PartyKind;
  id: number;
}

const idOf = (v: string | null) => (v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : null);

/** The party the page shows: a supplier or label user's own, else the one in the URL. */
function useParty(): { party: Party | null; own: boolean; loading: boolean } {
  const principal = useAtomValue(principalAtom);
  const [params] = useSearchParams();
  const own = principal.scopes.includes('user:supplier') || principal.scopes.includes('user:label');
  const me = useQuery(endpointQueryWhen(meEndpoints.get, own ? {} : null));
  if (own) {
    if (me.isPending) return { party: null, own, loading: true };
    const m = (me.data ?? {}) as { supplier_id?: number | null; label_id?: number | null };
    const label = idOf(params.get('label'));
    // A supplier may open one of its labels' statements (the label's record page links here).
    if (principal.scopes.includes('user:supplier') && m.supplier_id)
      return { party: label ? { kind: 'label', id: label } : { kind: 'supplier', id: m.supplier_id }, own, loading: false };
    if (principal.scopes.includes('user:label') && m.label_id) return { party: { kind: 'label', id: m.label_id }, own, loading: false };
    return { party: null, own, loading: false };
  }
  const supplier = idOf(params.get('supplier'));
  const label = idOf(params.get('label'));
  return { party: supplier ? { kind: 'supplier', id: supplier } : label ? { kind: 'label', id: label } : null, own, loading: false };
}

/** The party's name: a supplier or label user's own from /my/, else its record (staff). */
function usePartyName(party: Party | null, own: boolean): string | null {
  const ownSupplier = own && party?.kind === 'supplier';
  const ownLabel = own && party?.kind === 'label';
  const supplier = useQuery(endpointQueryWhen(meEndpoints.mySupplier, ownSupplier ? {} : null));
  const labels = useQuery(endpointQueryWhen(meEndpoints.myLabels, ownLabel ? {} : null));
  const type = party?.kind === 'label' ? 'labels' : 'suppliers';
  const record = useQuery({
    ...endpointQueryWhen(listEndpoints(type).get, party && !own ? { params: { id: party.id } } : null),
    retry: false,
  });
  if (!party) return null;
  if (ownSupplier) return supplier.data?.id === party.id ? supplier.data.name : null;
  if (ownLabel) return labels.data?.results.find((l) => l.id === party.id)?.name ?? null;
  const name = (record.data as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : null;
}

/** Staff pick whose statements to show: a supplier or a label, by name (or ID, or vendor code). */
function PartyPicker({ party, name }: { party: Party | null; name: string | null }) {
  const [, setParams] = useSearchParams();
  const [kind, setKind] = useState<PartyKind>(party?.kind ?? 'supplier');
  const chosen = party && party.kind === kind ? { id: party.id, name: name ?? '…' } : null;
  const noun = kind === 'supplier' ? 'Supplier' : 'Label';
  return (
    <Card className="statements-picker">
      <Space wrap>
        <Segmented<PartyKind>
          aria-label="Whose statements"
          value={kind}
          onChange={setKind}
          options={[
            { label: 'Supplier', value: 'supplier' },
            { label: 'Label', value: 'label' },
          ]}
        />
        <div className="statements-picker__party" data-testid="statements-party">
          <ReferenceSelect
            key={kind}
            id="statements-party"
            type={kind === 'supplier' ? 'suppliers' : 'labels'}
            ariaLabel={noun}
            placeholder={`${noun}: type a name or ID`}
            value={chosen}
            onChange={(r) => r && setParams({ [kind]: String(r.id) })}
          />
        </div>
      </Space>
    </Card>
  );
}

const money = (s: Statement, v: string) => formatAmount(v, s.currency);

function StatementLines({ s }: { s: Statement }) {
  return (
    <Table<StatementLine>
      size="small"
      rowKey="position"
      pagination={false}
      dataSource={s.lines}
      className="statements-lines"
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'description', title: 'Line', dataIndex: 'description' },
        { key: 'quantity', title: 'Quantity', align: 'right', render: (_, l) => formatNumber(l.quantity) },
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
  return (
    <Typography.Text data-testid="statements-paid-total">
      Paid to date: {parts.length ? parts.join(' · ') : formatAmount(null)}
    </Typography.Text>
  );
}

export default function StatementsPage() {
  const principal = useAtomValue(principalAtom);
  const { party, own, loading } = useParty();
  const endpoint = party?.kind === 'label' ? statementEndpoints.label : statementEndpoints.supplierMusic;
  const q = useQuery(endpointQueryWhen(endpoint, party ? { params: { id: party.id } } : null));
  const supplierId = party?.kind === 'supplier' ? party.id : null;
  const name = usePartyName(party, own);
  const noun = party?.kind === 'label' ? 'Label' : 'Supplier';

  return (
    <div className="page statements-page" data-testid="statements-page">
      <PageHeader
        title={party && name ? `Statements — ${name}` : 'Statements'}
        subtitle={party ? `${noun} · ID ${party.id} · ${brandName(principal.brand)}` : undefined}
        extra={
          supplierId !== null &&
          q.data &&
          q.data.results.length > 0 && (
            <ExportButton label="Download all as CSV" start={() => bridge.exportStart({ kind: 'supplierStatements', supplierId })} />
          )
        }
      />
      <Alert
        type="info"
        showIcon
        className="statements-rules"
        data-testid="statements-rules"
        title={`Balances under ${formatNumber(STATEMENT_PAYMENT_THRESHOLD, 2)} (in the statement's currency) are not paid but carried forward to the next statement.`}
        description={`Statements are issued quarterly until Q2 2018 and monthly after. US tax is withheld at ${US_TAX_WITHHOLDING_RATE * 100}% of the net of sales in the United States and remitted within ${US_TAX_REMIT_DAYS} days of issue.`}
      />
      {!own && <PartyPicker key={`${party?.kind}:${party?.id}`} party={party} name={name} />}
      {loading || (party && q.isPending) ? (
        <ListSkeleton />
      ) : !party ? (
        <Empty
          description={
            own ? 'Your account has no supplier or label to show statements for.' : 'Choose a supplier or a label to see its statements.'
          }
        />
      ) : q.isError ? (
        <ListError error={q.error} onRetry={q.refetch} />
      ) : (
        <Card>
          <PaidToDate statements={q.data!.results} />
          <Table<Statement>
            className="statements-table"
            rowKey="id"
            dataSource={q.data!.results}
            pagination={{ pageSize: 24, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No statements yet.' }}
            data-testid="statements-table"
            expandable={{
              columnTitle: <span className="sr-only">Lines</span>,
              expandedRowRender: (s) => <StatementLines s={s} />,
              rowExpandable: (s) => s.lines.length > 0,
            }}
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
                key: 'status',
                title: 'Status',
                render: (_, s) => (s.carried_forward ? <Tag color="gold">Carried forward</Tag> : <Tag color="green">Paid</Tag>),
              },
              { key: 'remit', title: 'Tax remitted by', render: (_, s) => (Number(s.tax_withheld) !== 0 ? s.tax_remit_by : '') },
              ...(supplierId !== null
                ? [
                    {
                      key: 'csv',
                      title: 'CSV',
                      render: (_: unknown, s: Statement) => (
                        <ExportButton
                          label="Download CSV"
                          start={() => bridge.exportStart({ kind: 'supplierStatements', supplierId, statementId: s.id })}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      )}
    </div>
  );
}
