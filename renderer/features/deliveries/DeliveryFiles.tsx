/**
 * A delivery's files as delivered (spec §7 delivery inspector, "a cloud storage link opens a
 * delivery"; issue 27), each with Open and Save…. The bytes come through main (the bridge's
 * deliveryFileOpen / deliveryFileSave: main fetches the file with the session's token, which
 * never reaches the page, and writes it whole or not at all). Open runs the system's app for
 * the file, so it is offered in the desktop app only; the browser host saves to Downloads.
 */
import { useState } from 'react';
import { Alert, App, Button, Space } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { DeliveryDetail } from '../../../shared/api/endpoints';
import { MSG } from '../../../shared/messages';
import { bridge } from '../../lib/bridge';
import { bodyErrorText } from '../../lib/http-errors';
import { systemQueries } from '../../lib/system-queries';
import { formatFileSize } from '../../../shared/format';

export function DeliveryFiles({ id, files }: { id: number; files: DeliveryDetail['files'] }) {
  const { message } = App.useApp();
  const { data: info } = useQuery(systemQueries.info());
  const mayOpen = info?.transport === 'electron';
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ path: string; text: string } | null>(null);

  const run = async (path: string, action: 'open' | 'save') => {
    setBusy(`${action}:${path}`);
    setFailed(null);
    try {
      if (action === 'save') {
        const r = await bridge.deliveryFileSave({ deliveryId: id, path });
        if (r.saved) void message.success(`Saved ${r.fileName}`);
      } else {
        await bridge.deliveryFileOpen({ deliveryId: id, path });
      }
    } catch (e) {
      setFailed({ path, text: bodyErrorText(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ul className="delivery-files" data-testid="delivery-files">
        {files.map((f) => (
          <li key={f.path} data-testid="delivery-file">
            <code>{f.path}</code> ({formatFileSize(f.size)}){' '}
            <Space size={4}>
              {mayOpen && (
                <Button
                  size="small"
                  icon={<ExportOutlined />}
                  loading={busy === `open:${f.path}`}
                  disabled={busy !== null}
                  onClick={() => void run(f.path, 'open')}
                  aria-label={`Open ${f.path}`}
                >
                  Open
                </Button>
              )}
              <Button
                size="small"
                icon={<DownloadOutlined />}
                loading={busy === `save:${f.path}`}
                disabled={busy !== null}
                onClick={() => void run(f.path, 'save')}
                aria-label={`Save ${f.path}`}
              >
                Save…
              </Button>
            </Space>
          </li>
        ))}
      </ul>
      {failed && (
        <Alert
          type="error"
          showIcon
          className="delivery-file-error"
          data-testid="delivery-file-error"
          title={MSG.download}
          description={`${failed.path}: ${failed.text}`}
          closable
          onClose={() => setFailed(null)}
        />
      )}
    </>
  );
}
