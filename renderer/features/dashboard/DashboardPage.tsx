/**
 * /dashboard (spec §2): sales since the start of the month per brand and currency against
 * the same days of last month (for who reads sales), followers, the month's top releases and tracks,
 * and deliveries needing attention (for who reads deliveries). Suppliers and labels see
 * their own, staff their active brand, artist and DJ users no followers (the API decides).
 * Every link goes only where the user may go (links.ts). The chart loads with the screen.
 */
import { lazy, Suspense } from 'react';
import { Alert, Card, Col, List, Row, Spin, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import type { Principal } from '../../../shared/access';
import { dashboardEndpoints, type DashboardView } from '../../../shared/api/endpoints/dashboard';
import { formatCount, formatDate, formatMoney, formatNumber } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { endpointQuery } from '../../lib/api';
import { brandName } from '../../lib/brands';
import { errorText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { PageHeader } from '../../ui/PageHeader';
import { PartBoundary } from '../../ui/PartBoundary';
import { dashboardRecordLink, mayOpen } from './links';

const DashboardChart = lazy(() => import('./DashboardChart'));

function TopCard({ title, items }: { title: string; items: { id: number; name: string; quantity: number }[] }) {
  return (
    <Col xs={24} md={12}>
      <Card title={title} size="small">
        <List
          size="small"
          dataSource={items}
          renderItem={(r) => (
            <List.Item>
              {r.name} · {formatCount(r.quantity, 'sale')}
            </List.Item>
          )}
        />
      </Card>
    </Col>
  );
}

function FollowersCard({ followers, principal }: { followers: NonNullable<DashboardView['followers']>; principal: Principal }) {
  return (
    <Col xs={24} md={12}>
      <Card title="Followers" size="small" data-testid="dashboard-followers">
        <Statistic title="Followers" value={formatNumber(followers.total)} />
        <p className="muted">
          {formatNumber(followers.gained)} new this month (same days last month: {formatNumber(followers.previous_gained)})
        </p>
        <List
          size="small"
          header="Most followed"
          dataSource={followers.top}
          locale={{ emptyText: 'No followers yet.' }}
          renderItem={(f) => {
            const to = dashboardRecordLink(principal, f.kind === 'artist' ? 'artists' : 'labels', f.id);
            const name = `${f.name} (${f.kind === 'artist' ? 'artist' : 'label'})`;
            return (
              <List.Item>
                {to ? <Link to={to}>{name}</Link> : name} · {formatCount(f.followers, 'follower')}
              </List.Item>
            );
          }}
        />
      </Card>
    </Col>
  );
}

export default function DashboardPage() {
  const principal = useAtomValue(principalAtom);
  const q = useQuery(endpointQuery(dashboardEndpoints.view, {}));
  const d = q.data;
  return (
    <div data-testid="dashboard">
      <PageHeader title="Dashboard" subtitle={d ? `Since ${formatDate(d.month_start)}, against the same days of last month.` : undefined} />
      {q.isPending && <Spin />}
      {q.error && <Alert type="error" showIcon message={errorText(q.error)} />}
      {d && (
        <Row gutter={[16, 16]}>
          {d.sales && (
            <Col span={24}>
              <Card title="Sales this month" size="small" data-testid="dashboard-sales">
                {d.sales.length === 0 ? (
                  'No sales yet this month.'
                ) : (
                  <>
                    <Row gutter={[16, 16]}>
                      {d.sales.map((s) => (
                        <Col key={`${s.brand}-${s.currency}`} xs={24} md={8}>
                          <Statistic
                            title={`${brandName(s.brand)}, ${s.currency}`}
                            value={formatMoney(s.net, s.currency)}
                            suffix={<span className="muted">(last month {formatMoney(s.previous_net, s.currency)})</span>}
                          />
                        </Col>
                      ))}
                    </Row>
                    <PartBoundary
                      fallback={
                        <p className="muted" data-testid="dashboard-chart-failed">
                          {MSG.chartFailed}
                        </p>
                      }
                    >
                      <Suspense fallback={<Spin />}>
                        <DashboardChart sales={d.sales} />
                      </Suspense>
                    </PartBoundary>
                  </>
                )}
              </Card>
            </Col>
          )}
          {d.followers && <FollowersCard followers={d.followers} principal={principal} />}
          {d.top_releases && <TopCard title="Top releases this month" items={d.top_releases} />}
          {d.top_tracks && <TopCard title="Top tracks this month" items={d.top_tracks} />}
          {d.deliveries_needing_attention !== null && (
            <Col xs={24} md={12}>
              <Card title="Deliveries needing attention" size="small" data-testid="dashboard-deliveries">
                <Statistic value={formatNumber(d.deliveries_needing_attention)} />
                {mayOpen(principal, '/old-deliveries') && <Link to="/old-deliveries">Open deliveries</Link>}
              </Card>
            </Col>
          )}
        </Row>
      )}
    </div>
  );
}
