/**
 * Exports every result of the current filters to a CSV file, with progress and cancel;
 * the finished notice names the saved file and its folder and offers "Show in folder"
 * (main shows it in the file manager; a browser cannot, so the host answers the path and the notice shows it).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Progress, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useSetAtom } from 'jotai';
import type { BridgeEventPayload } from '../../../shared/bridge';
import type { FilterValues } from '../../../shared/search';
import { MSG } from '../../../shared/messages';
import { bridge, onBridgeEvent } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';
import { askNotificationPermission, useShowInFolder } from '../../lib/exports-live';
import { listExportAtom } from './list-export';
import { formatCount } from '../../../shared/format';

type Progress = BridgeEventPayload<'exportProgress'>;

type Start = () => ReturnType<typeof bridge.exportStart>;

interface SearchExport {
  type: string;
  filters: FilterValues;
  orderBy: string | null;
  columns: string[];
  total: number | undefined;
}
/** Another CSV main saves the same way (an order's items): how to start it, and the button's text. */
interface OtherExport {
  start: Start;
  label: string;
  total?: undefined;
}
type Props = SearchExport | OtherExport;

export function ExportButton(props: Props) {
  const { total } = props;
  const { message, notification } = App.useApp();
  const [job, setJob] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const jobRef = useRef<string | null>(null);
  // Events can arrive before exportStart's answer (a small export ends at once): keep them until then.
  const early = useRef(new Map<string, Progress>());
  // Where each started export's file goes (exportStart's answer).
  const folders = useRef(new Map<string, string>());

  const showInFolder = useShowInFolder();

  const handle = useCallback(
    (p: Progress) => {
      if (p.exportId !== jobRef.current) {
        early.current.set(p.exportId, p);
        return;
      }
      setProgress(p);
      if (p.state === 'running') return;
      jobRef.current = null;
      setJob(null);
      if (p.state === 'done') {
        const folder = folders.current.get(p.exportId);
        notification.success({
          key: `export-${p.exportId}`,
          message: `Exported ${formatCount(p.rows, 'row')} to ${p.fileName}`,
          description: (
            <div data-testid="export-done">
              {folder && <div className="export-done__folder">Saved in {folder}</div>}
              <Button
                size="small"
                style={{ marginTop: 8 }}
                onClick={() => void showInFolder(p.exportId)}
                data-testid="export-show-in-folder"
              >
                Show in folder
              </Button>
            </div>
          ),
          duration: 12,
          // Not over the header: the Downloads button and the account menu stay reachable while it shows.
          placement: 'bottomRight',
        });
      } else if (p.state === 'failed') message.error(`${MSG.download}${p.error ? `: ${p.error}` : ''}`);
      else message.info('Export cancelled');
    },
    [message, notification, showInFolder],
  );
  useEffect(() => onBridgeEvent('exportProgress', handle), [handle]);

  const start = async () => {
    try {
      early.current.clear();
      askNotificationPermission();
      const res =
        'start' in props
          ? await props.start()
          : await bridge.exportStart({
              kind: 'search',
              type: props.type,
              filters: props.filters,
              orderBy: props.orderBy,
              columns: props.columns,
            });
      if (!res.started) return;
      jobRef.current = res.exportId;
      folders.current.set(res.exportId, res.folder);
      setProgress(null);
      setJob(res.exportId);
      const seen = early.current.get(res.exportId);
      early.current.clear();
      if (seen) handle(seen);
    } catch (err) {
      message.error(`${MSG.download}: ${errorText(err)}`);
    }
  };

  // A search list's export, offered by the command palette while the button could start it.
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });
  const setListExport = useSetAtom(listExportAtom);
  const isList = !('start' in props);
  const ready = isList && !job && total !== 0;
  useEffect(() => {
    if (!ready) return;
    const entry = { run: () => void startRef.current() };
    setListExport(entry);
    return () => setListExport((current) => (current === entry ? null : current));
  }, [ready, setListExport]);

  if (job) {
    const of = progress?.total ?? total ?? 0;
    const pct = of > 0 && progress ? Math.min(99, Math.floor((progress.rows / of) * 100)) : 0;
    return (
      <Space data-testid="export-progress">
        <Progress type="line" percent={pct} size="small" style={{ width: 140 }} />
        <span className="muted">{formatCount(progress?.rows ?? 0, 'row')}</span>
        <Button size="small" onClick={() => void bridge.exportCancel({ exportId: job })}>
          Cancel
        </Button>
      </Space>
    );
  }
  return (
    <Button icon={<DownloadOutlined />} onClick={() => void start()} disabled={total === 0} data-testid="export-button">
      {'label' in props ? props.label : 'Export CSV'}
    </Button>
  );
}
