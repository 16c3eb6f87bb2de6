/** Picks audio folders or files, runs main's scan with progress and cancel, lists every file found. */
import { FolderOpenOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import type { ScanEntry, ScanProgress } from '../../../shared/packaging/model';
import { bridge, onBridgeEvent } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';
import { FolderBrowser } from '../../ui/files/FolderBrowser';
import { DROP_NEEDS_APP, droppedPath, pickNative } from '../../ui/files/pick';
import { formatNumber, formatSeconds } from '../../../shared/format';

export function formatSummary(e: ScanEntry): string {
  const f = e.format;
  if (!f) return '';
  return `${f.container} · ${formatNumber(f.sampleRate / 1000, 1)} kHz · ${f.bitsPerSample}-bit · ${f.channels === 2 ? 'stereo' : `${f.channels} ch`} · ${formatSeconds(f.duration, 2)}`;
}

export function ScanPanel({ entries, onScanned }: { entries: ScanEntry[]; onScanned: (sources: string[], entries: ScanEntry[]) => void }) {
  const [scanId, setScanId] = useState<string | null>(null);
  const [progress, setProgress] = useState<ScanProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [browsing, setBrowsing] = useState<'folder' | 'file' | null>(null);

  useEffect(
    () =>
      scanId
        ? onBridgeEvent('packagingScanProgress', (p) => {
            if (p.scanId === scanId) setProgress(p);
          })
        : undefined,
    [scanId],
  );

  const run = (paths: string[]) => {
    if (!paths.length || scanId) return;
    const id = crypto.randomUUID();
    setScanId(id);
    setProgress(null);
    setError(null);
    bridge
      .packagingScan({ scanId: id, paths })
      .then(
        (r) => onScanned(paths, r.entries),
        (e: unknown) => setError(errorText(e)),
      )
      .finally(() => setScanId(null));
  };

  const pick = async (mode: 'folder' | 'file') => {
    const paths = await pickNative(mode === 'folder' ? 'audioFolder' : 'audioFiles');
    if (paths === null) setBrowsing(mode);
    else run(paths);
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    noClick: true,
    noKeyboard: true,
    onDrop: (files) => {
      const paths = files.map(droppedPath).filter((p): p is string => !!p);
      if (paths.length) run(paths);
      else if (files.length) setError(DROP_NEEDS_APP);
    },
  });
  const pct = progress && progress.bytesTotal ? Math.floor((progress.bytesDone / progress.bytesTotal) * 100) : 0;
  const problems = entries.filter((e) => e.status !== 'ok' || e.issues.length);

  return (
    <div {...getRootProps()} className={`packaging-drop${isDragActive ? ' packaging-drop--active' : ''}`}>
      <input {...getInputProps()} />
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Button icon={<FolderOpenOutlined />} onClick={() => void pick('folder')} disabled={!!scanId}>
            Add audio folder…
          </Button>
          <Button onClick={() => void pick('file')} disabled={!!scanId}>
            Add audio file…
          </Button>
          <Typography.Text type="secondary">or drop WAV, FLAC or AIFF files here</Typography.Text>
        </Space>
        {scanId && (
          <Space style={{ width: '100%' }} data-testid="scan-progress">
            <Progress percent={pct} style={{ width: 320 }} />
            <Typography.Text>{progress ? `${progress.filesDone} of ${progress.filesTotal} files` : 'Listing files…'}</Typography.Text>
            <Button size="small" onClick={() => void bridge.packagingCancel({ id: scanId })}>
              Cancel scan
            </Button>
          </Space>
        )}
        {error && <Alert type="error" showIcon message={error} />}
        {problems.length > 0 && (
          <Table
            size="small"
            rowKey="path"
            pagination={false}
            data-testid="scan-problems"
            dataSource={problems}
            columns={[
              { title: 'File', dataIndex: 'name' },
              { title: 'Format', render: (_: unknown, e: ScanEntry) => formatSummary(e) },
              {
                title: 'Result',
                render: (_: unknown, e: ScanEntry) =>
                  e.status !== 'ok' ? (
                    <Space>
                      <Tag color="red">{e.status}</Tag>
                      {e.reason}
                    </Space>
                  ) : (
                    <Space direction="vertical" size={0}>
                      {e.issues.map((i) => (
                        <span key={i.code}>
                          <Tag color={i.level === 'error' ? 'red' : 'orange'}>{i.level}</Tag>
                          {i.message}
                        </span>
                      ))}
                    </Space>
                  ),
              },
            ]}
          />
        )}
      </Space>
      <FolderBrowser
        open={browsing !== null}
        title={browsing === 'file' ? 'Choose an audio file' : 'Choose an audio folder'}
        mode={browsing ?? 'folder'}
        show="audio"
        kind={browsing === 'file' ? 'audioFiles' : 'audioFolder'}
        onCancel={() => setBrowsing(null)}
        onPick={(p) => {
          setBrowsing(null);
          run([p]);
        }}
      />
    </div>
  );
}
