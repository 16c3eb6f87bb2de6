/**
 * /hype (spec §2): hype offers (list, create, edit) and hype purchases (list, detail) on
 * the search machinery of /support, limited to the hype types, and the hype subscriptions
 * (GET /v4/hype-subscriptions/). One rule, HYPE_RULE (dance-music brand only), for the
 * area and for the hype types of /support alike; a record opens at its /support route.
 */
import { Suspense, lazy, useState } from 'react';
import { Button, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link, Route, Routes } from 'react-router-dom';
import { DEFAULT_PER_PAGE, parsePage } from '../../../shared/api';
import { hypeEndpoints, type HypeSubscription } from '../../../shared/api/endpoints';
import { mayCreate, recordRoute } from '../../../shared/records';
import { displayDate } from '../../../shared/search/format';
import { hypeTag } from '../../../shared/search/status';
import { endpointQuery } from '../../lib/api';
import { principalAtom } from '../../lib/store';
import { Loading } from '../../ui/Loading';
import { ListEmpty, ListSkeleton } from '../../ui/ListState';
import { PageHeader } from '../../ui/PageHeader';
import { TONE_COLOR } from '../../ui/tones';
import { LoadError } from '../records/tab-parts';
import { SearchScreen } from '../search/SearchScreen';

const RecordRoute = lazy(() => import('../records/RecordRoute'));

/** The hype search types of /support that /hype shows. */
export const HYPE_TYPES = ['hype_offers', 'hype_purchases'] as const;

function HypeSearch() {
  const principal = useAtomValue(principalAtom);
  return (
    <SearchScreen
      area="/support"
      only={HYPE_TYPES}
      title="Hype"
      extra={
        <>
          <Link to="/hype/subscriptions" data-testid="hype-subscriptions-link">
            Subscriptions
          </Link>
          {mayCreate(principal, 'hype_offers') && (
            <Link to="/create?type=hype_offers" data-testid="new-hype-offer">
              <Button type="primary">New hype offer</Button>
            </Link>
          )}
        </>
      }
    />
  );
}

export function HypeSubscriptions() {
  const [page, setPage] = useState(1);
  const q = useQuery(endpointQuery(hypeEndpoints.subscriptions, { query: { page: String(page), per_page: String(DEFAULT_PER_PAGE) } }));
  const link = (type: string, id: number, text: string) => {
    const to = recordRoute(type, id);
    return to ? <Link to={to}>{text}</Link> : text;
  };
  return (
    <div className="page" data-testid="hype-subscriptions">
      <PageHeader
        title="Hype Subscriptions"
        subtitle="One per user and label: the latest hype purchase that is not voided."
        extra={<Link to="/hype">Offers and purchases</Link>}
      />
      {q.isPending ? (
        <ListSkeleton />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={q.refetch} />
      ) : (
        <Table<HypeSubscription>
          rowKey="purchase_id"
          size="small"
          scroll={{ x: 'max-content' }}
          dataSource={q.data.results}
          pagination={{
            current: parsePage(q.data.page).current,
            pageSize: q.data.per_page,
            total: q.data.count,
            showSizeChanger: false,
            onChange: setPage,
          }}
          locale={{ emptyText: <ListEmpty description="No hype subscriptions yet: one shows here when a user buys hype for a label." /> }}
          columns={[
            { key: 'user', title: 'User', render: (_, s) => link('users', s.user.id, s.user.name) },
            { key: 'label', title: 'Label', render: (_, s) => s.label.name },
            { key: 'offer', title: 'Hype Offer', render: (_, s) => (s.offer ? link('hype_offers', s.offer.id, s.offer.name) : '') },
            { key: 'dates', title: 'Hype Start – End', render: (_, s) => `${displayDate(s.start_date)} – ${displayDate(s.end_date)}` },
            { key: 'purchase', title: 'Purchase', render: (_, s) => link('hype_purchases', s.purchase_id, `#${s.purchase_id}`) },
            {
              key: 'active',
              title: 'Status',
              render: (_, s) => {
                const tag = hypeTag(true, s.active);
                return <Tag color={TONE_COLOR[tag.tone]}>{tag.text}</Tag>;
              },
            },
          ]}
        />
      )}
    </div>
  );
}

export default function HypeArea() {
  return (
    <Routes>
      <Route index element={<HypeSearch />} />
      <Route path="subscriptions" element={<HypeSubscriptions />} />
      <Route
        path=":segment/:id"
        element={
          <Suspense fallback={<Loading />}>
            <RecordRoute area="/support" />
          </Suspense>
        }
      />
      <Route path="*" element={<HypeSearch />} />
    </Routes>
  );
}
