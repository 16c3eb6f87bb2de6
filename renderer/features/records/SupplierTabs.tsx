/**
 * A supplier's other tabs (spec §3, §7 Suppliers): the ingester key (generated or
 * rotated by who runs ingestion, the key shown once), banking details over the banking
 * API (BANKING_RULE; §9 lengths checked with its schema), and its labels and
 * subscribers (read-only lists).
 */
import { useState } from 'react';
import { Alert, App, Button, Col, Descriptions, Empty, Form, Input, Row, Table } from 'antd';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BANKING_RULE, FIELD_RULES, can } from '../../../shared/access';
import {
  BANKING_FIELDS,
  bankingEndpoints,
  bankingPatch,
  supplierEndpoints,
  type Banking,
  type IngesterKey,
} from '../../../shared/api/endpoints';
import { recordRoute } from '../../../shared/records';
import { call, fetchData } from '../../lib/api';
import { saveFailedText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { confirm } from '../../ui/confirm';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys, recordQueries } from './api';
import { LoadError, ShownOnce, TAB_TABLE, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';
import { formatDateTime } from '../../../shared/format';

export function IngesterKeyTab({ id, row }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const mayRotate = useMayWrite('suppliers') && can(principal, FIELD_RULES.ingestion);
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<IngesterKey | null>(null);
  const generate = useMutation({
    mutationFn: () => fetchData(supplierEndpoints.ingesterKey, { params: { id } }),
    onSuccess: (k) => {
      setShown(k);
      void queryClient.invalidateQueries({ queryKey: recordKeys.one('suppliers', id) });
    },
  });
  const hint = shown?.ingester_key_hint ?? (row.ingester_key_hint as string | null);
  const at = shown?.ingester_key_created_at ?? (row.ingester_key_created_at as string | null);
  const ask = async () => {
    if (!hint || (await confirm({ message: 'The current key stops working at once. Generate a new ingester key?', theme: 'proceed' })))
      generate.mutate();
  };
  return (
    <div data-testid="supplier-ingestion">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'key', label: 'Ingester Key', children: hint ? <span data-testid="ingester-key-hint">ends in {hint}</span> : 'None' },
          { key: 'at', label: 'Generated', children: at ? formatDateTime(at) : '—' },
        ]}
      />
      <ShownOnce
        what="key"
        value={shown?.ingester_key ?? null}
        testId="ingester-key"
        error={generate.error}
        action={mayRotate ? (hint ? 'Rotate key' : 'Generate key') : null}
        pending={generate.isPending}
        onGenerate={() => void ask()}
      />
    </div>
  );
}

const BANK_LABELS: Record<(typeof BANKING_FIELDS)[number], string> = {
  bank_name: 'Bank Name',
  name_on_account: 'Name on Account',
  routing_number: 'Routing Number',
  account_number: 'Account Number',
  sort_code: 'Sort Code',
  swift: 'SWIFT',
  iban: 'IBAN',
  paypal_email: 'PayPal Email',
  tax_id: 'Tax ID',
};

export function BankingTab({ id, onDirty }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const mayWrite = can(principal, BANKING_RULE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = [...recordKeys.one('suppliers', id), 'banking'];
  const q = useQuery({ queryKey: key, queryFn: () => call(bankingEndpoints.get, { params: { id } }) });
  const [draft, setDraft] = useState<Partial<Record<(typeof BANKING_FIELDS)[number], string>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: Record<string, string | null>) =>
      call(bankingEndpoints.patch, { params: { id }, body, ifMatch: q.data?.etag ?? '' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      setDraft({});
      onDirty?.(false);
      void message.success('Saved banking details');
    },
  });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  const stored: Banking = q.data.data;
  const submit = () => {
    const r = bankingPatch.safeParse(draft);
    if (!r.success) return setErrors(Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    save.mutate(draft);
  };
  return (
    <Form layout="vertical" component="div" data-testid="supplier-banking" disabled={!mayWrite || save.isPending}>
      {save.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={saveFailedText('supplier', save.error)} />}
      <Row gutter={[16, 0]}>
        {BANKING_FIELDS.map((f) => (
          <Col key={f} xs={24} md={12} xl={8}>
            <Form.Item label={BANK_LABELS[f]} htmlFor={`bank-${f}`} validateStatus={errors[f] ? 'error' : undefined} help={errors[f]}>
              <Input
                id={`bank-${f}`}
                value={draft[f] ?? stored[f] ?? ''}
                onChange={(e) => {
                  setDraft({ ...draft, [f]: e.target.value });
                  onDirty?.(true);
                }}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {mayWrite && (
        <Button type="primary" onClick={submit} loading={save.isPending} disabled={Object.keys(draft).length === 0}>
          Save banking details
        </Button>
      )}
    </Form>
  );
}

export function SupplierLabelsTab({ id }: RecordTabProps) {
  const q = useQuery(recordQueries.supplierLabels(id));
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  if (!q.data.results.length) return <Empty description="No labels yet" />;
  return (
    <Table
      {...TAB_TABLE}
      data-testid="supplier-labels"
      dataSource={q.data.results}
      columns={[
        { key: 'name', title: 'Label', render: (_, l) => <Link to={recordRoute('labels', l.id) ?? '#'}>{l.name}</Link> },
        { key: 'enabled', title: 'Enabled', render: (_, l) => (l.enabled ? 'Yes' : 'No') },
      ]}
    />
  );
}

export function SubscribersTab({ id }: RecordTabProps) {
  const q = useQuery({
    queryKey: recordKeys.supplierSubscribers(id),
    queryFn: () => fetchData(supplierEndpoints.subscribers, { params: { id } }),
  });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  if (!q.data.results.length) return <Empty description="No subscribers yet" />;
  return (
    <Table
      {...TAB_TABLE}
      data-testid="supplier-subscribers"
      dataSource={q.data.results}
      columns={[
        { key: 'username', title: 'Username', render: (_, u) => u.username },
        { key: 'email', title: 'Email', render: (_, u) => u.email },
        { key: 'enabled', title: 'Enabled', render: (_, u) => (u.enabled ? 'Yes' : 'No') },
      ]}
    />
  );
}
