/**
 * A track's Support Downloads tab: the track's audio files in storage that staff may
 * download (GET …/support-downloads/, SUPPORT_DOWNLOADS_RULE), each with its §9 format
 * name, file name and size. A download is a media URL of main's (the token stays in
 * main), asked for when the user clicks, which the page then opens as a download.
 * Suppliers and labels stream the preview but do not download the files here: they see
 * why instead of a refusal.
 */
import { Alert, App, Button, Empty, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { can, SUPPORT_DOWNLOADS_RULE } from '../../../shared/access';
import type { SupportDownload } from '../../../shared/api/endpoints';
import { MSG } from '../../../shared/messages';
import { formatFileSize } from '../../../shared/search/format';
import { UI_TEXT } from '../../../shared/ui-texts';
import { bridge } from '../../lib/bridge';
import { principalAtom } from '../../lib/store';
import { ListSkeleton } from '../../ui/ListState';
import { recordQueries } from './api';
import { LoadError, TAB_TABLE } from './tab-parts';
import { audioFormatLabel } from './TrackAudioFilesTab';
import type { RecordTabProps } from './tabs';

/** Opens a media URL as a download with this file name (an anchor the page clicks once). */
function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

function Downloads({ id }: { id: number }) {
  const { message } = App.useApp();
  const q = useQuery(recordQueries.supportDownloads(id));
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  if (q.data.results.length === 0) return <Empty description="This track has no files in storage to download" />;
  const start = (d: SupportDownload) => {
    bridge.mediaUrl({ target: { kind: 'supportDownload', trackId: id, format: d.format } }).then(
      ({ url }) => download(url, d.file_name),
      () => void message.error(MSG.download),
    );
  };
  return (
    <Table<SupportDownload>
      data-testid="support-downloads"
      {...TAB_TABLE}
      rowKey="format"
      dataSource={q.data.results}
      columns={[
        { key: 'format', title: 'Format', render: (_, d) => audioFormatLabel(d.format) },
        { key: 'file', title: 'File Name', render: (_, d) => <span data-testid="support-download-name">{d.file_name}</span> },
        { key: 'size', title: 'Size', align: 'right', render: (_, d) => formatFileSize(d.size_bytes) },
        {
          key: 'download',
          title: <span className="sr-only">Download</span>,
          render: (_, d) => (
            <Button size="small" icon={<DownloadOutlined />} onClick={() => start(d)} aria-label={`Download ${d.file_name}`}>
              Download
            </Button>
          ),
        },
      ]}
    />
  );
}

export default function TrackSupportDownloadsTab({ id }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  if (!can(principal, SUPPORT_DOWNLOADS_RULE)) return <Alert type="info" showIcon title={UI_TEXT.supportDownloadsStaffOnly} />;
  return <Downloads id={id} />;
}
