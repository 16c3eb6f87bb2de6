/**
 * A page's Slots tab (spec §9): the header, left and right slots, each with the modules
 * placed in it (GET …/page-modules/?page_id=…), and how many items a module in that slot
 * shows at each viewport class (SLOT_ITEMS_SHOWN: header 10, left 4-9, right 4-6).
 */
import { Card, Empty, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { listEndpoints } from '../../../shared/api/endpoints';
import { MAX_PER_PAGE } from '../../../shared/api/envelope';
import { SLOT_ITEMS_SHOWN, VIEWPORTS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { PAGE_SLOTS, PAGE_SLOT_LABELS, recordRoute } from '../../../shared/records';
import { fetchData } from '../../lib/api';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from '../records/api';
import { LoadError, TAB_TABLE } from '../records/tab-parts';
import type { RecordTabProps } from '../records/tabs';

interface ModuleRow {
  id: number;
  name: string;
  slot: string;
  enabled: boolean;
  item_count: number;
  module_type: { id: number; name: string } | null;
  start_date: string | null;
  end_date: string | null;
}

export const pageModulesQuery = (pageId: number) => ({
  queryKey: recordKeys.pageModules(pageId),
  queryFn: () =>
    fetchData(listEndpoints('page_modules').list, { query: { page_id: String(pageId), per_page: String(MAX_PER_PAGE), order_by: 'id' } }),
});

export default function PageSlotsTab({ id }: RecordTabProps) {
  const q = useQuery(pageModulesQuery(id));
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  const modules = q.data.results as unknown as ModuleRow[];
  return (
    <div className="page-slots" data-testid="page-slots" style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {PAGE_SLOTS.map((slot) => {
        const placed = modules.filter((m) => m.slot === slot);
        return (
          <Card key={slot} title={`${PAGE_SLOT_LABELS[slot]} slot`} size="small" className="page-slots__slot" data-testid={`slot-${slot}`}>
            <p className="muted" data-testid={`slot-${slot}-shows`}>
              Items shown per module: {VIEWPORTS.map((v) => `${v.label} ${SLOT_ITEMS_SHOWN[slot][v.name]}`).join(', ')}
            </p>
            {placed.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No modules in this slot" />
            ) : (
              <Table<ModuleRow>
                {...TAB_TABLE}
                dataSource={placed}
                columns={[
                  {
                    title: 'Module',
                    dataIndex: 'name',
                    render: (name: string, m) => <Link to={recordRoute('page_modules', m.id) ?? '#'}>{name}</Link>,
                  },
                  { title: 'Module Type', dataIndex: 'module_type', render: (t: ModuleRow['module_type']) => t?.name ?? '' },
                  { title: 'Items', dataIndex: 'item_count' },
                  {
                    title: 'Enabled',
                    dataIndex: 'enabled',
                    render: (on: boolean) => <Tag color={on ? 'green' : undefined}>{on ? 'Enabled' : 'Disabled'}</Tag>,
                  },
                  { title: 'Start Date', dataIndex: 'start_date', render: (d: string | null) => formatDate(d) },
                  { title: 'End Date', dataIndex: 'end_date', render: (d: string | null) => formatDate(d) },
                ]}
              />
            )}
          </Card>
        );
      })}
    </div>
  );
}
