/**
 * "Deliver to the store" (issue 15), under a built package on the Finish step: main
 * sends the package over SFTP as the supplier's SFTP user with the supplier's delivery
 * key (kept in the keychain by main: this screen sees its public half only). Progress,
 * cancel, a clear error with "Deliver again" (which resumes: files already at the store
 * are skipped), and the batch named when it is done. A key the store has not added yet
 * is shown with a copy button, to give the store.
 */
import { CloudUploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Progress, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { DeliverResult, DeliveryKeyInfo } from '../../../shared/bridge/channels/packaging';
import { SftpUsername } from '../../../shared/bridge/channels/packaging';
import type { BridgeEventPayload } from '../../../shared/bridge/events';
import { PKG_MSG } from '../../../shared/packaging/messages';
import { BridgeError, bridge, onBridgeEvent } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';
import { packagingKeys } from './queries';

type Progressing = BridgeEventPayload<'packagingDeliverProgress'>;

export function DeliverPanel({ folder, supplierId, onDelivered }: { folder: string; supplierId: number | null; onDelivered?: () => void }) {
  const key = useQuery({
    queryKey: packagingKeys.deliveryKey(supplierId),
    queryFn: () => bridge.packagingDeliveryKey(supplierId ? { supplierId } : {}),
    retry: false,
  });
  const [username, setUsername] = useState<string | null>(null);
  const [deliveryId, setDeliveryId] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [error, setError] = useState<{ message: string; refusedKey: DeliveryKeyInfo | null } | null>(null);
  const [done, setDone] = useState<DeliverResult | null>(null);
  const [showKey, setShowKey] = useState(false);
  useEffect(
    () =>
      deliveryId
        ? onBridgeEvent('packagingDeliverProgress', (p) => {
            if (p.deliveryId === deliveryId) setProgress(p);
          })
        : undefined,
    [deliveryId],
  );

  const name = username ?? key.data?.username ?? '';
  const nameCheck = SftpUsername.safeParse(name);
  const noServer = key.data && !key.data.server;

  const deliver = () => {
    if (!nameCheck.success) return;
    const id = crypto.randomUUID();
    setDeliveryId(id);
    setProgress(null);
    setError(null);
    bridge
      .packagingDeliver({ deliveryId: id, folder, supplierId: supplierId ?? undefined, username: nameCheck.data })
      .then(
        (r) => {
          setDone(r);
          onDelivered?.();
        },
        (e: unknown) => {
          const refused = e instanceof BridgeError && e.code === 'delivery_key_refused' ? (e.detail as DeliveryKeyInfo) : null;
          setError({ message: errorText(e), refusedKey: refused });
          if (refused) setShowKey(true);
        },
      )
      .finally(() => setDeliveryId(null));
  };

  const publicKey = error?.refusedKey ?? key.data;
  return (
    <Card title="Deliver to the store" size="small" data-testid="deliver" style={{ textAlign: 'left' }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {key.error && <Alert type="error" showIcon title={errorText(key.error)} />}
        {noServer && <Alert type="warning" showIcon title={PKG_MSG.deliverNoServer} />}
        {done ? (
          <Alert
            type="success"
            showIcon
            data-testid="deliver-done"
            title={`Delivered to the store: batch ${done.batch}`}
            description={`${done.uploaded.length} files sent${done.skipped.length ? `, ${done.skipped.length} already at the store` : ''}. The store ingests it now.`}
          />
        ) : (
          <>
            <Form layout="vertical" onFinish={deliver} disabled={!!deliveryId}>
              <Form.Item
                label="SFTP user name"
                htmlFor="deliver-username"
                help={name && !nameCheck.success ? nameCheck.error.issues[0].message : 'The SFTP user the store gave you for deliveries'}
                validateStatus={name && !nameCheck.success ? 'error' : undefined}
              >
                <Input
                  id="deliver-username"
                  data-testid="deliver-username"
                  value={name}
                  onChange={(e) => setUsername(e.target.value)}
                  autoComplete="username"
                  style={{ maxWidth: 320 }}
                />
              </Form.Item>
              <Space wrap>
                <Button
                  type="primary"
                  htmlType="submit"
                  icon={<CloudUploadOutlined />}
                  data-testid="deliver-button"
                  disabled={!!deliveryId || !nameCheck.success || !key.data || !!noServer}
                >
                  {error ? 'Deliver again' : 'Deliver to the store'}
                </Button>
                {deliveryId && (
                  <Button onClick={() => void bridge.packagingCancel({ id: deliveryId })} data-testid="deliver-cancel" disabled={false}>
                    Cancel
                  </Button>
                )}
              </Space>
            </Form>
            {deliveryId && (
              <div data-testid="deliver-progress">
                <Progress percent={progress && progress.bytesTotal ? Math.floor((progress.bytesDone / progress.bytesTotal) * 100) : 0} />
                <Typography.Text type="secondary">
                  {progress
                    ? progress.file
                      ? `Sending ${progress.file} (file ${progress.filesDone + 1} of ${progress.filesTotal})`
                      : 'Finishing'
                    : 'Connecting to the store…'}
                </Typography.Text>
              </div>
            )}
            {error && <Alert type="error" showIcon title={error.message} data-testid="deliver-error" />}
          </>
        )}
        {publicKey && (
          <div>
            <Button
              type="link"
              style={{ padding: 0 }}
              onClick={() => setShowKey((v) => !v)}
              aria-expanded={showKey}
              data-testid="deliver-show-key"
            >
              {showKey ? "Hide this console's delivery key" : "Show this console's delivery key"}
            </Button>
            {showKey && (
              <div data-testid="deliver-key">
                <Typography.Paragraph style={{ marginBottom: 4 }}>
                  Give this key to the store: they add it to your SFTP user, and this console delivers with it (its private half never
                  leaves this computer).
                </Typography.Paragraph>
                <Typography.Paragraph
                  code
                  copyable={{ text: publicKey.publicKey }}
                  style={{ wordBreak: 'break-all' }}
                  data-testid="deliver-public-key"
                >
                  {publicKey.publicKey}
                </Typography.Paragraph>
                <Typography.Text type="secondary">Fingerprint {publicKey.fingerprint}</Typography.Text>
              </div>
            )}
          </div>
        )}
      </Space>
    </Card>
  );
}
