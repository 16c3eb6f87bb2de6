/**
 * The Tracks tab of a chart and of a curated playlist (spec §3 Chart tracks, §4
 * renumbering, §7 GET/PUT …/charts/{id}/tracks/, GET …/playlists/{id}/tracks/ and PUT
 * tracks/bulk/): its tracks in order; a writer (admin, content ops, curation) adds tracks found by
 * search, removes them, and reorders them by dragging the handle (mouse, touch or
 * keyboard, as the release's Tracks tab: the moved track takes its new position, the
 * others are renumbered); the whole order is saved in one PUT.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Empty, Form, Space, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { chartEndpoints, playlistEndpoints, type ChartTrack } from '../../../shared/api/endpoints';
import { moveTrack, recordRoute } from '../../../shared/records';
import { fetchData } from '../../lib/api';
import { saveFailedText } from '../../lib/http-errors';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from './api';
import { ReferenceSelect } from './ReferenceInput';
import { DragHandle, SortableRow, SortableTracks } from './ReleaseTracksTab';
import { LoadError, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

type Row = Pick<ChartTrack, 'id' | 'title' | 'mix_name' | 'artist_names'>;

/** The types with ordered tracks: their calls and the noun the tab's words use. */
const ORDERED = {
  charts: { endpoints: chartEndpoints, noun: 'chart', Noun: 'Chart' },
  playlists: { endpoints: playlistEndpoints, noun: 'playlist', Noun: 'Playlist' },
} as const;

export default function ChartTracksTab(props: RecordTabProps) {
  return <OrderedTracksTab {...props} type="charts" />;
}

export function PlaylistTracksTab(props: RecordTabProps) {
  return <OrderedTracksTab {...props} type="playlists" />;
}

function OrderedTracksTab({ id, onDirty, type }: RecordTabProps & { type: keyof typeof ORDERED }) {
  const { endpoints, noun, Noun } = ORDERED[type];
  const mayWrite = useMayWrite(type);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = [...recordKeys.one(type, id), 'tracks'];
  const q = useQuery({ queryKey: key, queryFn: () => fetchData(endpoints.tracks, { params: { id } }) });
  const loaded: Row[] = useMemo(() => q.data?.results ?? [], [q.data]);
  const [edited, setEdited] = useState<Row[] | null>(null);
  const rows = edited ?? loaded;
  const ids = rows.map((r) => r.id);
  const dirty = edited !== null && JSON.stringify(ids) !== JSON.stringify(loaded.map((r) => r.id));
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  const save = useMutation({
    mutationFn: (trackIds: number[]) => fetchData(endpoints.putTracks, { params: { id }, body: { track_ids: trackIds } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll(type, id) });
      void queryClient.invalidateQueries({ queryKey: recordKeys.one(type, id) });
      setEdited(null);
      void message.success(`${Noun} tracks saved`);
    },
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;

  const byId = new Map(rows.map((r) => [r.id, r]));
  const titleOf = (tid: unknown) => byId.get(Number(tid))?.title ?? String(tid);
  const onMove = (moved: number, position: number) => setEdited(moveTrack(ids, moved, position).map((p) => byId.get(p.id)!));
  const shown = rows.map((r, i) => ({ ...r, shownPosition: i + 1 }));

  const table =
    shown.length === 0 ? (
      <Empty description={`This ${noun} has no tracks yet`} />
    ) : (
      <Table<(typeof shown)[number]>
        data-testid={`${noun}-tracks`}
        size="middle"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={shown}
        components={mayWrite ? { body: { row: SortableRow } } : undefined}
        columns={[
          ...(mayWrite
            ? [
                {
                  key: 'sort',
                  width: 48,
                  title: <span className="sr-only">Reorder</span>,
                  render: (_: unknown, r: (typeof shown)[number]) => <DragHandle title={r.title} />,
                },
              ]
            : []),
          { key: 'position', title: '#', width: 56, render: (_, r) => <span data-testid="track-position">{r.shownPosition}</span> },
          {
            key: 'title',
            title: 'Title',
            render: (_, r) => (
              <Link to={recordRoute('tracks', r.id) ?? '#'} data-testid="track-title">
                {r.title}
              </Link>
            ),
          },
          { key: 'mix', title: 'Mix Name', render: (_, r) => r.mix_name ?? '' },
          { key: 'artists', title: 'Artists', render: (_, r) => r.artist_names ?? '' },
          ...(mayWrite
            ? [
                {
                  key: 'remove',
                  width: 56,
                  title: <span className="sr-only">Remove</span>,
                  render: (_: unknown, r: (typeof shown)[number]) => (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={`Remove ${r.title}`}
                      onClick={() => setEdited(rows.filter((x) => x.id !== r.id))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    );

  return (
    <div className="chart-tracks">
      {mayWrite && shown.length > 0 ? (
        <SortableTracks ids={ids} titleOf={titleOf} onMove={onMove}>
          {table}
        </SortableTracks>
      ) : (
        table
      )}
      {mayWrite && (
        <div className="record-save-bar">
          <Form layout="vertical" component="div">
            <Form.Item label="Add a track" htmlFor={`${noun}-add-track`}>
              <ReferenceSelect
                id={`${noun}-add-track`}
                type="tracks"
                value={null}
                onChange={(t) => {
                  if (t && !byId.has(t.id)) setEdited([...rows, { id: t.id, title: t.name, mix_name: null, artist_names: null }]);
                }}
              />
            </Form.Item>
          </Form>
          {save.isError && (
            <Alert
              type="error"
              showIcon
              className="record-save-bar__error"
              title={saveFailedText(noun, save.error)}
              data-testid="order-error"
            />
          )}
          <Space wrap>
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate(ids)} data-testid="save-order">
              Save {noun} tracks
            </Button>
            <Button disabled={!dirty || save.isPending} onClick={() => setEdited(null)}>
              Undo changes
            </Button>
          </Space>
        </div>
      )}
    </div>
  );
}
