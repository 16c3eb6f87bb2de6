/**
 * The packages this user built with this console, as main remembers them (across
 * navigation and restarts): each can be delivered from here, so a package is never lost
 * by leaving /packaging, e.g. after the store refused the delivery key.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { bridge } from '../../lib/bridge';
import { DeliverPanel } from './DeliverPanel';
import { packagingKeys } from './queries';
import { formatDateTime } from '../../../shared/format';

export function BuiltPackages() {
  const built = useQuery({ queryKey: packagingKeys.built(), queryFn: () => bridge.packagingBuilt({}) });
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const packages = built.data?.packages ?? [];
  if (!packages.length) return null;
  return (
    <Card title="Packages you built" size="small" data-testid="built-packages" style={{ marginTop: 24 }}>
      <List
        size="small"
        dataSource={packages}
        renderItem={(p) => (
          <List.Item key={p.folder} data-testid="built-package" style={{ display: 'block' }}>
            <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
              <Space wrap size={[8, 2]}>
                <Typography.Text strong>{p.title || `UPC ${p.upc}`}</Typography.Text>
                <Typography.Text type="secondary">
                  UPC {p.upc} · batch {p.batch} · built {formatDateTime(p.builtAt)}
                </Typography.Text>
                {p.deliveredAt ? <Tag color="green">Delivered {formatDateTime(p.deliveredAt)}</Tag> : <Tag>Not delivered</Tag>}
              </Space>
              <Button onClick={() => setOpen(open === p.folder ? null : p.folder)} aria-expanded={open === p.folder}>
                {open === p.folder ? 'Close' : p.deliveredAt ? 'Deliver again…' : 'Deliver…'}
              </Button>
            </Space>
            <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
              {p.folder}
            </Typography.Text>
            {open === p.folder && (
              <div style={{ marginTop: 8 }}>
                <DeliverPanel
                  folder={p.folder}
                  supplierId={p.supplierId}
                  onDelivered={() => void queryClient.invalidateQueries({ queryKey: packagingKeys.built() })}
                />
              </div>
            )}
          </List.Item>
        )}
      />
    </Card>
  );
}
