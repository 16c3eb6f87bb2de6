/**
 * A user's Credits tab (spec §2 "User detail: credits", §3 Credit, §5 "Currency and reason
 * required to add credits"): the credits, newest first, and for admin and support
 * (CREDIT_WRITE) a form to add one, checked with the API's own schema before it is sent,
 * with an Idempotency-Key per submitted credit (a retried request never credits twice).
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Space, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { CREDIT_WRITE, can } from '../../../shared/access';
import { CreditBody, creditEndpoints, type Credit } from '../../../shared/api/endpoints';
import { CREDIT_ITEMS } from '../../../shared/records';
import { formatMoney } from '../../../shared/search/format';
import { call, fetchData } from '../../lib/api';
import { bodyErrorText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { ListEmpty, ListSkeleton } from '../../ui/ListState';
import { FieldInput } from '../records/FieldInput';
import { LoadError } from '../records/tab-parts';
import type { RecordTabProps } from '../records/tabs';
import '../../ui/order-table.css';
import { formatDateTime } from '../../../shared/format';

const creditsKey = (id: number) => ['users', id, 'credits'] as const;

export interface Draft {
  amount?: number | null;
  currency?: string;
  reason_id?: number;
}

/** The credit to send, or each field's first problem (the API's messages). */
export function creditFromDraft(draft: Draft): { body: CreditBody } | { errors: Record<string, string> } {
  const r = CreditBody.safeParse({ amount: draft.amount ?? undefined, currency: draft.currency, reason_id: draft.reason_id });
  if (r.success) return { body: r.data };
  const errors: Record<string, string> = {};
  for (const i of r.error.issues) errors[String(i.path[0])] ??= i.message;
  return { errors };
}

/** Amount, currency and reason of a credit (§3), with each field's problem under it; ids credit-amount, credit-currency, credit-reason. */
export function CreditDraftFields({
  draft,
  errors,
  onChange,
}: {
  draft: Draft;
  errors: Record<string, string>;
  onChange: (d: Draft) => void;
}) {
  const input = (name: keyof Draft, id: string) => (
    <Form.Item label={CREDIT_ITEMS.fields[name].label} htmlFor={id} validateStatus={errors[name] ? 'error' : undefined} help={errors[name]}>
      <FieldInput
        id={id}
        field={CREDIT_ITEMS.fields[name]}
        className={name === 'amount' ? undefined : 'credit-select'}
        value={draft[name]}
        values={{ ...draft }}
        invalid={Boolean(errors[name])}
        onChange={(v) => onChange({ ...draft, [name]: v ?? undefined })}
      />
    </Form.Item>
  );
  return (
    <Space wrap align="start">
      {input('amount', 'credit-amount')}
      {input('currency', 'credit-currency')}
      {input('reason_id', 'credit-reason')}
    </Space>
  );
}

export default function UserCreditsTab({ id }: RecordTabProps) {
  const mayWrite = can(useAtomValue(principalAtom), CREDIT_WRITE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: creditsKey(id), queryFn: () => fetchData(creditEndpoints.list, { params: { id } }) });
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: (body: CreditBody) => call(creditEndpoints.add, { params: { id }, body, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: creditsKey(id) });
      setDraft({});
      void message.success('Credit added');
    },
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  const submit = () => {
    const r = creditFromDraft(draft);
    if ('errors' in r) return setErrors(r.errors);
    setErrors({});
    add.mutate(r.body);
  };

  return (
    <div data-testid="user-credits">
      {mayWrite && (
        <Form layout="vertical" component="div" disabled={add.isPending} data-testid="add-credit">
          <CreditDraftFields draft={draft} errors={errors} onChange={setDraft} />
          {add.isError && <Alert type="error" showIcon message={bodyErrorText(add.error)} />}
          <Button type="primary" onClick={submit} data-testid="add-credit-submit">
            Add credit
          </Button>
        </Form>
      )}
      <div className="order-table" role="region" aria-label="Credits" tabIndex={0}>
        <Table<Credit>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={q.data.results}
          data-testid="credits"
          locale={{
            emptyText: (
              <ListEmpty
                description={mayWrite ? 'This user has no credits yet. Add one with the form above.' : 'This user has no credits yet.'}
              />
            ),
          }}
          columns={[
            { title: 'Date', render: (_, c) => formatDateTime(c.created_at) },
            { title: 'Amount', render: (_, c) => formatMoney(c.amount, c.currency) },
            { title: 'Currency', dataIndex: 'currency' },
            { title: 'Reason', render: (_, c) => c.reason.name },
          ]}
        />
      </div>
    </div>
  );
}
