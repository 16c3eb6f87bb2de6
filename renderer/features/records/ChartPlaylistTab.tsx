/**
 * A chart's mapped curated playlist and a playlist's mapped charts (spec §3 "mapped
 * curated playlist", §7 …/charts/{id}/playlist-mappings/ GET/POST/PATCH and
 * …/playlists/{id}/chart-mapping/). On the chart, a writer (admin, content ops,
 * curation) picks a curated playlist of the brand found by search and saves (POST the
 * first time, PATCH after), or unmaps it (PATCH null); the server refuses a playlist
 * that is not curated. On the playlist, the charts mapped to it, each a link.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Form, Space, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { chartMappingEndpoints as ep } from '../../../shared/api/endpoints';
import { recordRoute } from '../../../shared/records';
import { fetchData } from '../../lib/api';
import { saveFailedText } from '../../lib/http-errors';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from './api';
import { ReferenceSelect } from './ReferenceInput';
import { LoadError, TAB_TABLE, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

type Choice = { id: number; name: string } | null;

export default function ChartPlaylistTab({ id }: RecordTabProps) {
  const mayWrite = useMayWrite('charts');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = [...recordKeys.one('charts', id), 'playlist-mappings'];
  const q = useQuery({ queryKey: key, queryFn: () => fetchData(ep.list, { params: { id } }) });
  const [choice, setChoice] = useState<Choice>(null);
  const current = q.data?.results[0] ?? null;

  const save = useMutation({
    mutationFn: (playlistId: number | null) =>
      current
        ? fetchData(ep.patch, { params: { id, item: current.id }, body: { playlist_id: playlistId } })
        : fetchData(ep.create, { params: { id }, body: { playlist_id: playlistId! } }),
    onSuccess: async (_r, playlistId) => {
      await queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: recordKeys.one('charts', id) });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('charts', id) });
      setChoice(null);
      void message.success(playlistId === null ? 'Curated playlist unmapped' : 'Curated playlist mapped');
    },
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;

  return (
    <div className="chart-playlist">
      {current ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            {
              key: 'playlist',
              label: 'Mapped Curated Playlist',
              children: (
                <Link to={recordRoute('playlists', current.playlist.id) ?? '#'} data-testid="mapped-playlist">
                  {current.playlist.name}
                </Link>
              ),
            },
          ]}
        />
      ) : (
        <Empty description="This chart has no mapped curated playlist" />
      )}
      {mayWrite && (
        <div className="record-save-bar">
          <Form layout="vertical" component="div">
            <Form.Item label={current ? 'Map to another curated playlist' : 'Map to a curated playlist'} htmlFor="chart-playlist-choice">
              <ReferenceSelect id="chart-playlist-choice" type="playlists" value={choice} onChange={setChoice} allowClear />
            </Form.Item>
          </Form>
          {save.isError && (
            <Alert
              type="error"
              showIcon
              className="record-save-bar__error"
              title={saveFailedText('chart', save.error)}
              data-testid="mapping-error"
            />
          )}
          <Space wrap>
            <Button
              type="primary"
              disabled={!choice || choice.id === current?.id}
              loading={save.isPending}
              onClick={() => save.mutate(choice!.id)}
              data-testid="save-mapping"
            >
              Save mapping
            </Button>
            {current && (
              <Button danger disabled={save.isPending} onClick={() => save.mutate(null)} data-testid="unmap-playlist">
                Unmap playlist
              </Button>
            )}
          </Space>
        </div>
      )}
    </div>
  );
}

export function PlaylistChartsTab({ id }: RecordTabProps) {
  const q = useQuery({ queryKey: recordKeys.playlistCharts(id), queryFn: () => fetchData(ep.playlistCharts, { params: { id } }) });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  if (q.data.results.length === 0) return <Empty description="No chart is mapped to this playlist" />;
  return (
    <Table
      {...TAB_TABLE}
      data-testid="mapped-charts"
      dataSource={q.data.results}
      columns={[
        { key: 'title', title: 'Chart', render: (_, r) => <Link to={recordRoute('charts', r.id) ?? '#'}>{r.title}</Link> },
        { key: 'enabled', title: 'Enabled', render: (_, r) => (r.enabled ? 'Yes' : 'No') },
      ]}
    />
  );
}
