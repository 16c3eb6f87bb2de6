/**
 * A user's Sign-in & Billing tab (spec §2 "User detail: … password reset link, billing
 * disable", the user page's identities; §7 Accounts identities GET, billing GET/PATCH):
 * - the sign-in identities linked to the user (readers of users);
 * - a one-time password reset link issued by the identity provider, copied to the
 *   clipboard (admin and support: USER_ACCOUNT_WRITE);
 * - the billing switch (same rule), saved with the user's ETag; the answer is handed to
 *   the page's form so Details stays on the user's latest version.
 */
import { Alert, App, Button, Card, Space, Switch, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { USER_ACCOUNT_WRITE, can } from '../../../shared/access';
import { userEndpoints, type UserIdentity } from '../../../shared/api/endpoints';
import { IDENTITY_PROVIDER_LABELS } from '../../../shared/vocabularies';
import { call, fetchData } from '../../lib/api';
import { bodyErrorText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from '../records/api';
import { LoadError } from '../records/tab-parts';
import type { RecordTabProps } from '../records/tabs';
import '../../ui/order-table.css';
import { formatDateTime } from '../../../shared/format';

const identitiesKey = (id: number) => ['users', id, 'identities'] as const;
const billingKey = (id: number) => ['users', id, 'billing'] as const;
const when = (v: string | null) => (v ? formatDateTime(v) : '—');

export const USER_ACCOUNT_TEXT = {
  noIdentities: 'No sign-in identity is linked to this user.',
  copied: 'Password reset link copied. It works once, until',
  billingOn: 'Billing enabled',
  billingOff: 'Billing disabled',
} as const;

export default function UserAccountTab({ id, row, onRecord }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const mayWrite = can(principal, USER_ACCOUNT_WRITE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const identities = useQuery({ queryKey: identitiesKey(id), queryFn: () => fetchData(userEndpoints.identities, { params: { id } }) });
  const billing = useQuery({ queryKey: billingKey(id), queryFn: () => call(userEndpoints.billing, { params: { id } }) });

  const reset = useMutation({
    mutationFn: () => fetchData(userEndpoints.passwordResetLink, { params: { id } }),
    onSuccess: async (link) => {
      const until = formatDateTime(link.expires_at);
      try {
        await navigator.clipboard.writeText(link.url);
        void message.success(`${USER_ACCOUNT_TEXT.copied} ${until}.`);
      } catch {
        void message.info({ content: `Password reset link (works once, until ${until}): ${link.url}`, duration: 30 });
      }
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('users', id) });
    },
    onError: (e) => void message.error(bodyErrorText(e)),
  });

  const setBilling = useMutation({
    mutationFn: (disabled: boolean) =>
      call(userEndpoints.patchBilling, { params: { id }, body: { billing_disabled: disabled }, ifMatch: billing.data?.etag ?? '' }),
    onSuccess: (res) => {
      queryClient.setQueryData(billingKey(id), res);
      onRecord?.({ row: { ...row, billing_disabled: res.data.billing_disabled, version: res.data.version }, etag: res.etag });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('users', id) });
      void message.success(res.data.billing_disabled ? USER_ACCOUNT_TEXT.billingOff : USER_ACCOUNT_TEXT.billingOn);
    },
    onError: (e) => {
      void message.error(bodyErrorText(e));
      void queryClient.invalidateQueries({ queryKey: billingKey(id) });
    },
  });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="user-account">
      <Card size="small" title="Sign-in identities">
        {identities.isPending ? (
          <ListSkeleton />
        ) : identities.isError ? (
          <LoadError error={identities.error} onRetry={identities.refetch} />
        ) : identities.data.results.length === 0 ? (
          <Alert type="info" showIcon title={USER_ACCOUNT_TEXT.noIdentities} />
        ) : (
          <div className="order-table" role="region" aria-label="Sign-in identities" tabIndex={0}>
            <Table<UserIdentity>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={identities.data.results}
              data-testid="user-identities"
              columns={[
                { title: 'Provider', render: (_, i) => IDENTITY_PROVIDER_LABELS[i.provider] },
                { title: 'Subject', dataIndex: 'subject' },
                { title: 'Email', render: (_, i) => i.email ?? '—' },
                { title: 'Linked', render: (_, i) => when(i.linked_at) },
                { title: 'Last used', render: (_, i) => when(i.last_used_at) },
              ]}
            />
          </div>
        )}
      </Card>

      <Card size="small" title="Password">
        {mayWrite ? (
          <Space direction="vertical">
            <Typography.Text>
              The identity provider issues a link the user opens to choose a new password. It works once and expires.
            </Typography.Text>
            <Button onClick={() => reset.mutate()} loading={reset.isPending} data-testid="copy-reset-link">
              Copy password reset link
            </Button>
          </Space>
        ) : (
          <Alert type="info" showIcon title="Password reset links are issued by admin and support staff." />
        )}
      </Card>

      <Card size="small" title="Billing">
        {billing.isPending ? (
          <ListSkeleton />
        ) : billing.isError ? (
          <LoadError error={billing.error} onRetry={billing.refetch} />
        ) : (
          <Space>
            <Switch
              id="billing-disabled"
              checked={billing.data.data.billing_disabled}
              disabled={!mayWrite}
              loading={setBilling.isPending}
              onChange={(v) => setBilling.mutate(v)}
              data-testid="billing-disabled"
            />
            <label htmlFor="billing-disabled">Billing disabled</label>
          </Space>
        )}
      </Card>
    </Space>
  );
}
