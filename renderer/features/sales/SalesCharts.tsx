/**
 * The sales charts (@ant-design/charts): net sales over time as lines (one per currency)
 * and bars by store, sale type and genre. Loaded lazily with the screens that draw them,
 * never in the first chunk.
 */
import { Column, Line } from '@ant-design/charts';
import { Card, Col, Row } from 'antd';
import type { SalesFigure } from '../../../shared/api/endpoints/jobs';
import { formatMonth } from '../../../shared/format';
import type { MonthPoint } from './sales-months';

const points = (figures: SalesFigure[]) => figures.map((f) => ({ key: f.key, currency: f.currency, net: Number(f.net) }));

/** A month's label on the axis: "July 2018". */
const monthLabel = (month: string) => formatMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));

export function SalesLine({ points: series, title }: { points: MonthPoint[]; title: string }) {
  const data = series.map((p) => ({ month: monthLabel(p.month), currency: p.currency, net: p.net }));
  return (
    <Card title={title} size="small" data-testid="sales-chart-time">
      <div className="chart-box">
        <Line data={data} xField="month" yField="net" colorField="currency" height={260} autoFit />
      </div>
    </Card>
  );
}

export function SalesBars({ figures, title, testId }: { figures: SalesFigure[]; title: string; testId: string }) {
  return (
    <Card title={title} size="small" data-testid={testId}>
      <div className="chart-box">
        <Column data={points(figures)} xField="key" yField="net" colorField="currency" stack height={240} autoFit />
      </div>
    </Card>
  );
}

export default function SalesCharts({
  overTime,
  byStore,
  bySaleType,
  byGenre,
}: {
  overTime: MonthPoint[];
  byStore: SalesFigure[];
  bySaleType: SalesFigure[];
  byGenre: SalesFigure[];
}) {
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <SalesLine points={overTime} title="Net sales by month" />
      </Col>
      <Col xs={24} lg={8}>
        <SalesBars figures={byStore} title="By store" testId="sales-chart-store" />
      </Col>
      <Col xs={24} lg={8}>
        <SalesBars figures={bySaleType} title="By sale type" testId="sales-chart-sale-type" />
      </Col>
      <Col xs={24} lg={8}>
        <SalesBars figures={byGenre} title="By genre" testId="sales-chart-genre" />
      </Col>
    </Row>
  );
}
