/**
 * /deliveries (spec §7 delivery inspector; admin, content ops, label management): the
 * deliveries of the active brand's catalogue, most recent first, a page at a time by
 * cursor ("Load more"), their statuses refreshed every POLL_INTERVAL_MS without a reload;
 * /deliveries/:id is one delivery (DeliveryPage), as the legacy search's record route
 * (/old-deliveries/deliveries/:id) is.
 */
import { Button, Table } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { deliveryEndpoints as ep, type Delivery } from '../../../shared/api/endpoints';
import { POLL_INTERVAL_MS } from '../../../shared/constants';
import { fetchData } from '../../lib/api';
import { principalAtom } from '../../lib/store';
import { ListEmpty, ListError, ListSkeleton } from '../../ui/ListState';
import { PageHeader } from '../../ui/PageHeader';
import { NotFoundPage } from '../../ui/pages';
import DeliveryPage from './DeliveryPage';
import { ReleaseStatus, deliveryKeys, when } from './delivery-parts';
import './deliveries.css';

function DeliveryList() {
  const brand = useAtomValue(principalAtom).brand.replace(/^brand:/, '') as 'dance' | 'dj';
  const q = useInfiniteQuery({
    queryKey: deliveryKeys.list(brand),
    queryFn: ({ pageParam }) => fetchData(ep.list, { query: { brand, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: POLL_INTERVAL_MS,
  });
  const rows = q.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <div className="page deliveries-page" data-testid="deliveries-page">
      <PageHeader title="Deliveries" subtitle="Each supplier delivery, its status kept up to date as it is ingested and encoded." />
      {q.isPending ? (
        <ListSkeleton />
      ) : q.isError ? (
        <ListError error={q.error} onRetry={q.refetch} />
      ) : (
        <>
          <Table<Delivery>
            className="deliveries-table"
            rowKey="id"
            size="small"
            tableLayout="fixed"
            pagination={false}
            dataSource={rows}
            data-testid="deliveries"
            locale={{ emptyText: <ListEmpty description="No deliveries yet: a supplier's delivery shows here once it is received." /> }}
            columns={[
              // On a phone (below 768 px) the artist and supplier are a line under the release, and the action is left to the delivery's page.
              {
                title: 'Release',
                dataIndex: 'title',
                render: (v: string, d) => (
                  <>
                    <Link to={`/deliveries/${d.id}`} data-testid="delivery-link">
                      {v}
                    </Link>
                    <div className="deliveries-sub">{[d.artist, d.supplier.name].filter(Boolean).join(' · ')}</div>
                  </>
                ),
              },
              { title: 'Artist', dataIndex: 'artist', responsive: ['md'] },
              { title: 'Supplier', key: 'supplier', render: (_: unknown, d) => d.supplier.name, responsive: ['md'] },
              {
                title: 'Status',
                dataIndex: 'release_status',
                render: (v: string, d) => (
                  <>
                    <ReleaseStatus status={v} />
                    {d.status_message && <div className="deliveries-message">{d.status_message}</div>}
                  </>
                ),
              },
              { title: 'Action', dataIndex: 'album_action', responsive: ['md'] },
              { title: 'Updated', dataIndex: 'updated_at', render: (v: string) => when(v) },
            ]}
          />
          {q.hasNextPage && (
            <Button
              className="deliveries-more"
              onClick={() => void q.fetchNextPage()}
              loading={q.isFetchingNextPage}
              data-testid="deliveries-more"
            >
              Load more
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function DeliveryById() {
  const { id } = useParams();
  const n = Number(id);
  if (!/^\d{1,9}$/.test(id ?? '') || n < 1) return <NotFoundPage />;
  return <DeliveryPage key={n} id={n} />;
}

export default function DeliveriesPage() {
  return (
    <Routes>
      <Route index element={<DeliveryList />} />
      <Route path=":id" element={<DeliveryById />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
