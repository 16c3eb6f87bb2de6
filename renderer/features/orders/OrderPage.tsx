/**
 * The order page (spec §2 "Order details", §3 Order): totals, taxes, refunds, IP address,
 * transactions and the items with their download availability in §4's words. Support and
 * admin (ORDER_WRITE in shared/access) refund the selected items through the confirm
 * dialog (each item once; an Idempotency-Key per confirmed refund, so a retried request
 * never refunds twice), dissociate and reassociate them, disable and re-enable downloads.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { ORDER_WRITE, can } from '../../../shared/access';
import { orderEndpoints, type OrderDetail, type OrderItem } from '../../../shared/api/endpoints';
import { MSG } from '../../../shared/messages';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { DOWNLOAD_AVAILABILITY } from '../../../shared/vocabularies';
import { call, fetchData } from '../../lib/api';
import { bridge } from '../../lib/bridge';
import { statusOf } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { confirm } from '../../ui/confirm';
import { ExportButton } from '../search/ExportButton';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { TONE_COLOR } from '../../ui/tones';
import '../../ui/order-table.css';

const orderKey = (id: number) => ['orders', 'detail', id] as const;

/** The text of a failed refund: §8's "You can only refund items once" for a repeat, else the general one. */
export function refundErrorText(error: unknown): string {
  return statusOf(error) === 409 ? MSG.refundOnce : MSG.refundItems;
}

function Availability({ value }: { value: OrderItem['availability'] }) {
  const a = DOWNLOAD_AVAILABILITY.find((x) => x.value === value)!;
  return <Tag color={TONE_COLOR[a.tone]}>{a.label}</Tag>;
}

type DownloadChange = { availability?: 1 | 2; downloads_enabled?: boolean };

export default function OrderPage({ id }: { id: number }) {
  const principal = useAtomValue(principalAtom);
  const mayWrite = can(principal, ORDER_WRITE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const q = useQuery({ queryKey: orderKey(id), queryFn: () => fetchData(orderEndpoints.detail, { params: { id } }) });
  const done = (data?: OrderDetail) => {
    if (data) queryClient.setQueryData(orderKey(id), data);
    void queryClient.invalidateQueries({ queryKey: orderKey(id) });
    setSelected([]);
  };

  const refund = useMutation({
    mutationFn: ({ item_ids, key }: { item_ids: number[]; key: string }) =>
      call(orderEndpoints.refund, { params: { id }, body: { item_ids }, idempotencyKey: key }),
    onSuccess: (r) => {
      done();
      void message.success(`Refunded ${formatCount(r.data.refunds.length, 'item')}`);
    },
    onError: (e) => setError(refundErrorText(e)),
  });
  const downloads = useMutation({
    mutationFn: (change: DownloadChange & { item_ids: number[] }) => call(orderEndpoints.downloads, { params: { id }, body: change }),
    onSuccess: () => {
      done();
      void message.success('Order items updated');
    },
    onError: () => setError(MSG.actionNotPerformed),
  });

  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <>
        <PageHeader title={`Order ${id}`} />
        <Alert type="error" showIcon message={MSG.loadOrderItems} data-testid="order-load-error" />
      </>
    );
  }
  const o = q.data;
  const money = (v: string | number) => formatMoney(v, o.currency);

  const askRefund = async () => {
    setError(null);
    const items = o.items.filter((i) => selected.includes(i.id));
    const total = items.reduce((s, i) => s + Number(i.price), 0);
    const ok = await confirm({
      title: 'Refund order items',
      message: `Refund ${formatCount(items.length, 'item')} of order ${o.id} for ${money(total)}?`,
      theme: 'proceed',
    });
    if (ok) refund.mutate({ item_ids: items.map((i) => i.id), key: crypto.randomUUID() });
  };
  const change = (c: DownloadChange) => {
    setError(null);
    downloads.mutate({ ...c, item_ids: selected });
  };
  const busy = refund.isPending || downloads.isPending;
  const none = selected.length === 0 || busy;

  return (
    <div data-testid="order-page">
      <PageHeader title={`Order ${o.id}`} subtitle={o.user.name} extra={<Tag>{o.current_status}</Tag>} />
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="order-summary">
        <Descriptions.Item label="Date">{formatDateTime(o.created_at)}</Descriptions.Item>
        <Descriptions.Item label="Customer">{o.user.name}</Descriptions.Item>
        <Descriptions.Item label="Store">{o.store}</Descriptions.Item>
        <Descriptions.Item label="IP Address">{o.purchaser_ip ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Subtotal">{money(o.subtotal)}</Descriptions.Item>
        <Descriptions.Item label="Taxes">{money(o.tax)}</Descriptions.Item>
        <Descriptions.Item label="Total">{money(o.total)}</Descriptions.Item>
        <Descriptions.Item label="Refunds">{money(o.refunded)}</Descriptions.Item>
        <Descriptions.Item label="Voided">{o.voided ? 'Voided' : 'No'}</Descriptions.Item>
      </Descriptions>

      <Space className="order-actions" wrap>
        <Typography.Title level={2} className="order-page__heading">
          Items
        </Typography.Title>
        <ExportButton label="Download items CSV" start={() => bridge.exportStart({ kind: 'orderItems', orderId: o.id })} />
      </Space>
      {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} data-testid="order-error" />}
      {mayWrite && (
        <Space wrap className="order-actions">
          <Button type="primary" disabled={none} onClick={() => void askRefund()} data-testid="refund-selected">
            Refund selected
          </Button>
          <Button disabled={none} onClick={() => change({ availability: 2 })}>
            Dissociate
          </Button>
          <Button disabled={none} onClick={() => change({ availability: 1 })}>
            Reassociate
          </Button>
          <Button disabled={none} onClick={() => change({ downloads_enabled: false })}>
            Disable downloads
          </Button>
          <Button disabled={none} onClick={() => change({ downloads_enabled: true })}>
            Enable downloads
          </Button>
        </Space>
      )}
      <div className="order-table" role="region" aria-label="Order items" tabIndex={0}>
        <Table<OrderItem>
          size="middle"
          rowKey="id"
          pagination={false}
          dataSource={o.items}
          data-testid="order-items"
          // A text title, no select-all box: antd repeats the selection column's title in an aria-hidden measure row, where a checkbox is focusable (axe aria-hidden-focus).
          rowSelection={
            mayWrite
              ? {
                  columnTitle: <span className="sr-only">Select</span>,
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                }
              : undefined
          }
          columns={[
            { title: 'ID', dataIndex: 'id' },
            { title: 'Track', render: (_, i) => i.track?.name ?? '—' },
            { title: 'Release', render: (_, i) => i.release?.name ?? '—' },
            { title: 'Price', render: (_, i) => money(i.price) },
            { title: 'Download Availability', render: (_, i) => <Availability value={i.availability} /> },
            { title: 'Downloads', render: (_, i) => (i.downloads_enabled ? 'Enabled' : 'Disabled') },
            {
              title: 'Refund',
              render: (_, i) => (i.refund ? `${money(i.refund.amount)} on ${formatDate(new Date(i.refund.created_at))}` : '—'),
            },
          ]}
        />
      </div>

      <Typography.Title level={2} className="order-page__heading">
        Transactions
      </Typography.Title>
      <div className="order-table" role="region" aria-label="Transactions" tabIndex={0}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={o.transactions}
          data-testid="order-transactions"
          columns={[
            { title: 'Date', render: (_, t) => formatDateTime(t.created_at) },
            { title: 'Kind', dataIndex: 'kind' },
            { title: 'Amount', render: (_, t) => money(t.amount) },
          ]}
        />
      </div>
    </div>
  );
}
