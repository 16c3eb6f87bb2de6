/**
 * The sales charts (@ant-design/charts): net sales over time as lines (one per currency)
 * and bars by store, sale type and genre. Loaded lazily with the screens that draw them,
 * never in the first chunk.
 */
import { Column, Line } from '@ant-design/charts';
import { Card, Col, Row } from 'antd';
import type { SalesFigure } from '../../../shared/api/endpoints/jobs';

const points = (figures: SalesFigure[]) => figures.map((f) => ({ key: f.key, currency: f.currency, net: Number(f.net) }));

export function SalesLine({ figures, title }: { figures: SalesFigure[]; title: string }) {
  return (
    <Card title={title} size="small" data-testid="sales-chart-time">
      <div className="chart-box"><Line data={points(figures)} xField="key" yField="net" colorField="currency" height={260} autoFit /></div>
    </Card>
  );
}

export function SalesBars({ figures, title, testId }: { figures: SalesFigure[]; title: string; testId: string }) {
  return (
    <Card title={title} size="small" data-testid={testId}>
      <div className="chart-box"><Column data={points(figures)} xField="key" yField="net" colorField="currency" stack height={240} autoFit /></div>
    </Card>
  );
}

export default function SalesCharts({ overTime, byStore, bySaleType, byGenre }: {
  overTime: SalesFigure[]; byStore: SalesFigure[]; bySaleType: SalesFigure[]; byGenre: SalesFigure[];
}) {
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}><SalesLine figures={overTime} title="Net sales by month" /></Col>
      <Col xs={24} lg={8}><SalesBars figures={byStore} title="By store" testId="sales-chart-store" /></Col>
      <Col xs={24} lg={8}><SalesBars figures={bySaleType} title="By sale type" testId="sales-chart-sale-type" /></Col>
      <Col xs={24} lg={8}><SalesBars figures={byGenre} title="By genre" testId="sales-chart-genre" /></Col>
    </Row>
  );
}
