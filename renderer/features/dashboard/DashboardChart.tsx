/** The dashboard's chart (@ant-design/charts, loaded lazily with the dashboard): this month against the same days of last month. */
import { Column } from '@ant-design/charts';
import type { DashboardView } from '../../../shared/api/endpoints/dashboard';
import { brandName } from '../../lib/brands';

export default function DashboardChart({ sales }: { sales: NonNullable<DashboardView['sales']> }) {
  const data = sales.flatMap((s) => [
    { key: `${brandName(s.brand)}, ${s.currency}`, period: 'This month', net: Number(s.net) },
    { key: `${brandName(s.brand)}, ${s.currency}`, period: 'Same days last month', net: Number(s.previous_net) },
  ]);
  return (
    <div data-testid="dashboard-chart" className="chart-box">
      <Column data={data} xField="key" yField="net" colorField="period" group height={260} autoFit />
    </div>
  );
}
