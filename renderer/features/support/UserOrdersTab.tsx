/**
 * A user's Orders tab (spec §2 "User detail", issue: the user page's orders): the orders
 * search filtered to this user (user_id), newest first, each linking to its order page,
 * and the user's order items as CSV (§7 order-items-csv/download), saved to disk by main.
 * Orders are read by admin and support (§6 orders row); other readers of users are told so.
 */
import { useState } from 'react';
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { can, searchType } from '../../../shared/access';
import { DEFAULT_PER_PAGE, parsePage } from '../../../shared/api';
import { shownColumns } from '../../../shared/search';
import { bridge } from '../../lib/bridge';
import { principalAtom } from '../../lib/store';
import { LoadError } from '../records/tab-parts';
import type { RecordTabProps } from '../records/tabs';
import { searchListOptions } from '../../lib/search-queries';
import { ExportButton } from '../search/ExportButton';
import { ResultsTable } from '../search/ResultsTable';
import { ListEmpty } from '../../ui/ListState';

export const USER_ORDERS_TEXT = { notAllowed: 'Orders are shown to admin and support staff.' } as const;

export default function UserOrdersTab({ id }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const allowed = can(principal, searchType('orders')!.rule);
  const [page, setPage] = useState({ page: 1, perPage: DEFAULT_PER_PAGE });
  const [orderBy, setOrderBy] = useState<string | null>('-created_at');
  const request = { type: 'orders', page: page.page, perPage: page.perPage, orderBy, filters: { user_id: String(id) } };
  const q = useQuery({ ...searchListOptions(principal, request), enabled: allowed });
  if (!allowed) return <Alert type="info" showIcon title={USER_ORDERS_TEXT.notAllowed} />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  return (
    <div data-testid="user-orders">
      <div style={{ marginBottom: 16 }}>
        <ExportButton label="Download order items CSV" start={() => bridge.exportStart({ kind: 'userOrderItems', userId: id })} />
      </div>
      <ResultsTable
        type="orders"
        columns={shownColumns('orders', null)}
        rows={q.data?.results ?? []}
        loading={q.isFetching}
        firstLoad={q.isPending}
        empty={<ListEmpty description="This user has no orders yet." />}
        orderBy={orderBy}
        onSort={setOrderBy}
        page={q.data ? parsePage(q.data.page).current : page.page}
        perPage={page.perPage}
        total={q.data?.count ?? 0}
        onPage={(p, perPage) => setPage({ page: p, perPage })}
        selected={[]}
        onSelect={() => undefined}
      />
    </div>
  );
}
