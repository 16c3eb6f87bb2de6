/**
 * A supplier's service agreement acceptances (staff, on the supplier page): who accepted
 * which version, when and from which IP address, and whether the version in force is among them.
 */
import { Alert, Empty, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { serviceAgreementEndpoints } from '../../../shared/api/endpoints';
import { SERVICE_AGREEMENT } from '../../../shared/constants';
import { fetchData } from '../../lib/api';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from './api';
import { LoadError, TAB_TABLE } from './tab-parts';
import type { RecordTabProps } from './tabs';
import { formatDateTime } from '../../../shared/format';

export default function SupplierAgreementTab({ id }: RecordTabProps) {
  const q = useQuery({
    queryKey: recordKeys.supplierAgreement(id),
    queryFn: () => fetchData(serviceAgreementEndpoints.acceptances, { params: { id } }),
  });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  const current = q.data.some((a) => a.version === SERVICE_AGREEMENT.version);
  return (
    <div data-testid="supplier-agreement">
      <Alert
        type={current ? 'success' : 'warning'}
        showIcon
        style={{ marginBottom: 12 }}
        title={
          current
            ? `Accepted the current version (${SERVICE_AGREEMENT.version}).`
            : `Has not accepted the current version (${SERVICE_AGREEMENT.version}) yet.`
        }
      />
      {q.data.length === 0 ? (
        <Empty description="No acceptances yet" />
      ) : (
        // Four short columns fit a phone wrapped: no scroll box (which axe would want focusable).
        <Table
          {...TAB_TABLE}
          scroll={undefined}
          data-testid="supplier-agreement-acceptances"
          dataSource={q.data}
          columns={[
            {
              key: 'version',
              title: 'Version',
              render: (_, a) => (
                <>
                  {a.version}
                  {a.version === SERVICE_AGREEMENT.version && (
                    <Tag color="green" style={{ marginLeft: 8 }}>
                      Current
                    </Tag>
                  )}
                </>
              ),
            },
            {
              key: 'user',
              title: 'Accepted By',
              render: (_, a) => (a.user.display_name ? `${a.user.display_name} (${a.user.username})` : a.user.username),
            },
            { key: 'at', title: 'Accepted At', render: (_, a) => formatDateTime(a.accepted_at) },
            { key: 'ip', title: 'IP Address', render: (_, a) => a.ip },
          ]}
        />
      )}
    </div>
  );
}
