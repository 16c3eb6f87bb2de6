/**
 * /sales (spec §2, §4, §6, §7): the sales summary and detail. Filters (dates, brand,
 * store of §6's store options for the brand, genre, currency; sale type and label only on
 * Control (§6 restricted filters), label and supplier for those who may search them — a
 * supplier or label user is held to its own lines), then a `sales` job waited for through
 * main's job poller with its progress and a cancel; charts over time and by
 * store, sale type and genre (lazy), and the newest lines. "Export CSV" runs a
 * sales-export job and main saves its CSV (exportStart, kind salesJob).
 */
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Select, Space, Spin, Table, Typography } from 'antd';
import { ListEmpty } from '../../ui/ListState';
import type { Dayjs } from 'dayjs';
import { useAtomValue } from 'jotai';
import { SEARCH_RULES, brandsOf, can, salesFilterAllowed, storeOptions } from '../../../shared/access';
import { SalesSummaryResult, type SalesFilters, type SalesLine } from '../../../shared/api/endpoints/jobs';
import { CURRENCY_CODES } from '../../../shared/records/values';
import { formatCount, formatDate, formatMoney, formatNumber } from '../../../shared/format';
import { bridge } from '../../lib/bridge';
import { brandName } from '../../lib/brands';
import { principalAtom } from '../../lib/store';
import { PageHeader } from '../../ui/PageHeader';
import { ExportButton } from '../search/ExportButton';
import { referenceOptions } from '../../lib/search-queries';
import { ReferenceSelect } from '../records/ReferenceInput';
import type { RefValue } from '../records/form-model';
import { useSalesJob } from './sales-job';
import { defaultSalesRange, monthSeries } from './sales-months';

const SalesCharts = lazy(() => import('./SalesCharts'));
const DATE_WIRE = 'YYYY-MM-DD';

const COLUMNS = [
  { title: 'Date', dataIndex: 'sale_date', render: (d: string) => formatDate(d) },
  { title: 'Brand', dataIndex: 'brand', render: (b: string) => brandName(b) },
  { title: 'Store', dataIndex: 'store' },
  { title: 'Sale type', dataIndex: 'sale_type' },
  { title: 'Label', dataIndex: 'label' },
  { title: 'Track', dataIndex: 'track' },
  { title: 'Genre', dataIndex: 'genre' },
  { title: 'Qty', dataIndex: 'quantity', align: 'right' as const, render: (q: number) => formatNumber(q) },
  { title: 'Net', dataIndex: 'net', align: 'right' as const, render: (n: string, l: SalesLine) => formatMoney(n, l.currency) },
];

export default function SalesPage() {
  const principal = useAtomValue(principalAtom);
  const brands = brandsOf(principal.scopes);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultSalesRange());
  // The range the shown result was run for (the chart's months).
  const [ranFor, setRanFor] = useState<[Dayjs, Dayjs]>(range);
  const [brand, setBrand] = useState<string>(principal.brand || brands[0] || '');
  const [store, setStore] = useState<string | undefined>();
  const [currency, setCurrency] = useState<string | undefined>();
  const [saleType, setSaleType] = useState<number | undefined>();
  const [genre, setGenre] = useState<number | undefined>();
  const [label, setLabel] = useState<RefValue | null>(null);
  const [supplier, setSupplier] = useState<RefValue | null>(null);
  const saleTypes = useQuery(referenceOptions('sale-types'));
  const genres = useQuery(referenceOptions('genres'));
  // §6: sale type and label are control-only filters (the API refuses them too), supplier brand-scoped;
  // label and supplier are picked from their search lists, so also only for who may search those.
  const mayPickSaleType = salesFilterAllowed(principal, 'sale_type_id');
  const mayPickLabel = can(principal, SEARCH_RULES.labels) && salesFilterAllowed(principal, 'label_id');
  const mayPickSupplier = can(principal, SEARCH_RULES.suppliers) && salesFilterAllowed(principal, 'supplier_id');
  const summary = useSalesJob('sales');
  const exporter = useSalesJob('sales-export');

  const filters = (): SalesFilters => ({
    start_date: range[0].format(DATE_WIRE),
    end_date: range[1].format(DATE_WIRE),
    ...(brand ? { brand: brand as SalesFilters['brand'] } : {}),
    ...(store ? { store } : {}),
    ...(currency ? { currency: currency as SalesFilters['currency'] } : {}),
    ...(saleType && mayPickSaleType ? { sale_type_id: saleType } : {}),
    ...(genre ? { genre_id: genre } : {}),
    ...(label && mayPickLabel ? { label_id: label.id } : {}),
    ...(supplier && mayPickSupplier ? { supplier_id: supplier.id } : {}),
  });
  const result = summary.status.state === 'done' ? SalesSummaryResult.safeParse(summary.status.outcome.result).data : undefined;

  const exportCsv = async () => {
    const outcome = await exporter.run(filters());
    if (!outcome) return { started: false as const };
    return bridge.exportStart({ kind: 'salesJob', jobId: Number(outcome.id) });
  };

  const running = (s: typeof summary) =>
    s.status.state === 'running' && (
      <Space data-testid="sales-job-progress">
        <Spin size="small" />
        <span>{s.status.step}</span>
        <Button size="small" onClick={s.cancel}>
          Cancel
        </Button>
      </Space>
    );

  return (
    <div data-testid="sales-page">
      <PageHeader title="Sales" subtitle="Sales summary and detail lines over the filters." />
      <Form layout="inline" component="div" style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item label="Dates" htmlFor="sales-range">
          <DatePicker.RangePicker
            id={{ start: 'sales-range', end: 'sales-range-end' }}
            value={range}
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            format="MM/DD/YYYY"
          />
        </Form.Item>
        <Form.Item label="Brand" htmlFor="sales-brand">
          <Select
            id="sales-brand"
            style={{ minWidth: 160 }}
            value={brand}
            onChange={(b) => {
              setBrand(b);
              setStore(undefined);
            }}
            options={brands.map((b) => ({ value: b, label: brandName(b) }))}
          />
        </Form.Item>
        <Form.Item label="Store" htmlFor="sales-store">
          <Select
            id="sales-store"
            style={{ minWidth: 130 }}
            allowClear
            placeholder="All stores"
            value={store}
            onChange={setStore}
            options={storeOptions(brand).map((s) => ({ value: s, label: s }))}
          />
        </Form.Item>
        <Form.Item label="Currency" htmlFor="sales-currency">
          <Select
            id="sales-currency"
            style={{ minWidth: 110 }}
            allowClear
            placeholder="All"
            value={currency}
            onChange={setCurrency}
            options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        {mayPickSaleType && (
          <Form.Item label="Sale type" htmlFor="sales-sale-type">
            <Select
              id="sales-sale-type"
              style={{ minWidth: 130 }}
              allowClear
              placeholder="All"
              value={saleType}
              onChange={setSaleType}
              options={(saleTypes.data ?? []).map((t) => ({ value: Number(t.id), label: t.name }))}
            />
          </Form.Item>
        )}
        <Form.Item label="Genre" htmlFor="sales-genre">
          <Select
            id="sales-genre"
            style={{ minWidth: 180 }}
            virtual={false}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="All genres"
            value={genre}
            onChange={setGenre}
            options={(genres.data ?? []).map((g) => ({ value: Number(g.id), label: g.name }))}
          />
        </Form.Item>
        {mayPickLabel && (
          <Form.Item label="Label" htmlFor="sales-label">
            <div style={{ minWidth: 200 }}>
              <ReferenceSelect id="sales-label" type="labels" value={label} onChange={setLabel} allowClear placeholder="All labels" />
            </div>
          </Form.Item>
        )}
        {mayPickSupplier && (
          <Form.Item label="Supplier" htmlFor="sales-supplier">
            <div style={{ minWidth: 200 }}>
              <ReferenceSelect
                id="sales-supplier"
                type="suppliers"
                value={supplier}
                onChange={setSupplier}
                allowClear
                placeholder="All suppliers"
              />
            </div>
          </Form.Item>
        )}
        <Button
          type="primary"
          onClick={() => {
            setRanFor(range);
            void summary.run(filters());
          }}
          disabled={summary.status.state === 'running'}
          data-testid="sales-run"
        >
          Show sales
        </Button>
      </Form>
      {running(summary)}
      {summary.status.state === 'error' && <Alert type="error" showIcon message={summary.status.message} data-testid="sales-error" />}
      {result && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Suspense fallback={<Spin />}>
            <SalesCharts
              overTime={monthSeries(result.over_time, ranFor[0], ranFor[1])}
              byStore={result.by_store}
              bySaleType={result.by_sale_type}
              byGenre={result.by_genre}
            />
          </Suspense>
          <Space wrap>
            <Typography.Text data-testid="sales-line-count">
              {formatCount(result.line_count, 'sales line')}
              {result.line_count > result.lines.length ? ` (newest ${formatNumber(result.lines.length)} shown)` : ''}
            </Typography.Text>
            <ExportButton label="Export CSV" start={exportCsv} />
            {running(exporter)}
            {exporter.status.state === 'error' && <Alert type="error" showIcon message={exporter.status.message} />}
          </Space>
          <div tabIndex={0} style={{ overflowX: 'auto' }} aria-label="Sales lines">
            <Table<SalesLine>
              rowKey="id"
              size="small"
              columns={COLUMNS}
              dataSource={result.lines}
              pagination={{ pageSize: 50 }}
              data-testid="sales-lines"
              locale={{
                emptyText: (
                  <ListEmpty description="No sales match these filters. Widen the dates or clear a filter and run the report again." />
                ),
              }}
            />
          </div>
        </Space>
      )}
    </div>
  );
}
